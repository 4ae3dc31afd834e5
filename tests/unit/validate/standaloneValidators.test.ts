import fs from 'fs';
import path from 'path';
import type { ConfigKind } from '../../../src/load/configDocument';
import {
  builtValidator,
  newAjv,
  SCHEMA_FILES,
  schemaText,
  standaloneValidator,
} from '../../../src/validate/schemaCompiler';
import { GOLDEN_DIR, REPO_ROOT } from '../support/paths';

/**
 * `npm run build` compiles the config schemas ahead of time (scripts/build-validators.js); a run
 * uses those validators instead of compiling. They must answer exactly as the compiled ones:
 * same verdict, same errors (appgen's messages are built from them), on every config file of the
 * golden cases and examples and on broken variants of each.
 */

const KINDS = Object.keys(SCHEMA_FILES) as ConfigKind[];
const FOLDERS: Record<string, ConfigKind> = {
  models: 'model',
  routes: 'routes',
  views: 'view',
  events: 'events',
  jobs: 'jobs',
};

/** Every config file of the golden cases and examples, by kind. */
function configFiles(): Map<ConfigKind, unknown[]> {
  const byKind = new Map<ConfigKind, unknown[]>(KINDS.map((kind) => [kind, []]));
  const projects = [
    ...fs.readdirSync(GOLDEN_DIR).map((name) => path.join(GOLDEN_DIR, name)),
    ...fs
      .readdirSync(path.join(REPO_ROOT, 'examples'))
      .map((name) => path.join(REPO_ROOT, 'examples', name)),
  ];
  const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  for (const project of projects) {
    // No golden case has events: these stand in (valid, and the kinds of mistakes).
    byKind
      .get('events')!
      .push(
        { events: [{ name: 'sendWelcome', model: 'User', on: ['create'] }] },
        { events: [{ name: 'audit', model: 'Post', on: ['create', 'update', 'delete'] }] },
        { events: [{ name: 'Bad-name', model: 'post', on: ['create', 'create', 'save'] }] },
      );
    byKind
      .get('jobs')!
      .push(
        { jobs: [{ name: 'sendDigest', schedule: '0 8 * * *', timezone: 'Europe/Berlin' }] },
        { jobs: [{ name: 'Bad-name', schedule: 8, attempts: 0, timeoutSeconds: 1.5, at: 1 }] },
      );
    const settings = path.join(project, 'appgen.config.json');
    if (fs.existsSync(settings)) byKind.get('settings')!.push(read(settings));
    for (const [folder, kind] of Object.entries(FOLDERS)) {
      const dir = path.join(project, 'config', folder);
      if (!fs.existsSync(dir)) continue;
      for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')))
        byKind.get(kind)!.push(read(path.join(dir, file)));
    }
  }
  return byKind;
}

/** The document and broken copies: each property (two levels deep) removed, retyped, or joined by an unknown one. */
function variants(document: unknown): unknown[] {
  const out: unknown[] = [document, null, [], 'text'];
  const visit = (value: unknown, depth: number, replace: (v: unknown) => unknown) => {
    if (value === null || typeof value !== 'object' || depth > 2) return;
    const entries = Object.entries(value as Record<string, unknown>);
    out.push(replace({ ...(value as object), unknownProperty: 1 }));
    for (const [key, child] of entries.slice(0, 6)) {
      const without = { ...(value as Record<string, unknown>) };
      delete without[key];
      out.push(replace(Array.isArray(value) ? Object.values(without) : without));
      for (const wrong of [42, 'x', null, true, [], {}])
        out.push(
          replace(
            Array.isArray(value)
              ? Object.assign([...value], { [key]: wrong })
              : { ...(value as object), [key]: wrong },
          ),
        );
      visit(child, depth + 1, (v) =>
        replace(
          Array.isArray(value)
            ? Object.assign([...value], { [key]: v })
            : { ...(value as object), [key]: v },
        ),
      );
    }
  };
  visit(document, 0, (v) => v);
  return out;
}

describe('validators built ahead of time', () => {
  const files = configFiles();
  // Inside the repository: the built code requires ajv's runtime helpers, found in node_modules.
  const dir = fs.mkdtempSync(path.join(REPO_ROOT, 'node_modules', '.appgen-validators-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const kind of KINDS)
    fs.writeFileSync(path.join(dir, `${kind}.js`), standaloneValidator(schemaText(kind)));

  it.each(KINDS)('%s: the same verdicts and errors as the schema compiled at run time', (kind) => {
    const compiled = newAjv().compile(JSON.parse(schemaText(kind)));
    const built = builtValidator(kind, schemaText(kind), dir);
    expect(built).toBeDefined();
    const documents = files.get(kind)!.flatMap(variants);
    expect(files.get(kind)!.length).toBeGreaterThan(0);
    let failing = 0;
    for (const document of documents) {
      const expected = { valid: compiled(document), errors: compiled.errors };
      const actual = { valid: built!(document), errors: built!.errors };
      expect(actual).toEqual(expected);
      if (!expected.valid) failing++;
    }
    // The variants reach the error paths (most of them are invalid).
    expect(failing).toBeGreaterThan(documents.length / 2);
  });

  it('are ignored when they were built from another schema text, or are missing', () => {
    const text = schemaText('settings');
    expect(builtValidator('settings', text, dir)).toBeDefined();
    expect(builtValidator('settings', `${text} `, dir)).toBeUndefined();
    expect(builtValidator('settings', text, path.join(dir, 'missing'))).toBeUndefined();
  });
});
