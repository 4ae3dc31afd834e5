import fs from 'fs';
import os from 'os';
import path from 'path';
import { loadProject } from '../../../src/load/loadProject';
import { mapProject } from '../../../src/map/mapProject';
import { BUILTIN_TEMPLATES_DIR, PACKAGE_ROOT } from '../../../src/paths/packageRoot';
import { buildFileMap } from '../../../src/render/buildFileMap';
import {
  precompiledFile,
  precompiledIn,
  templateDigest,
  type PrecompiledLookup,
} from '../../../src/render/precompiledTemplates';
import { writePrecompiledTemplates } from '../../../src/render/writePrecompiledTemplates';
import { TemplateSet, templateText } from '../../../src/render/templateSet';
import { validateProject } from '../../../src/validate/validateProject';
import { goldenOptions } from '../support/generateOptions';
import { GOLDEN_DIR } from '../support/paths';

/**
 * `npm run build` compiles the built-in templates ahead of time (scripts/build-templates.js); a
 * run uses them instead of compiling. They must render exactly what compiling renders, on every
 * golden case, and be passed over whenever they were not made from the template's text now.
 */

let dir: string;

/** The modules scripts/build-templates.js writes, made from the sources under test into `dir`. */
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-precompiled-'));
  writePrecompiledTemplates(new TemplateSet(BUILTIN_TEMPLATES_DIR), dir);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The lookup of `dir`, counting what it answered. */
function countingLookup(): { lookup: PrecompiledLookup; used: Set<string>; missed: Set<string> } {
  const inner = precompiledIn(dir)!;
  const used = new Set<string>();
  const missed = new Set<string>();
  return {
    used,
    missed,
    lookup: (name, text) => {
      const spec = inner(name, text);
      (spec ? used : missed).add(name);
      return spec;
    },
  };
}

const cases = fs
  .readdirSync(GOLDEN_DIR)
  .filter((name) => fs.existsSync(path.join(GOLDEN_DIR, name, 'config')))
  .sort();

describe('precompiled built-in templates', () => {
  it.each(cases)('render golden case %s exactly as compiled templates do', (name) => {
    const caseDir = path.join(GOLDEN_DIR, name);
    const context = mapProject(validateProject(loadProject(caseDir)), goldenOptions(caseDir));
    const { lookup, used, missed } = countingLookup();
    const compiled = buildFileMap(context, new TemplateSet(BUILTIN_TEMPLATES_DIR));
    const precompiled = buildFileMap(
      context,
      new TemplateSet(BUILTIN_TEMPLATES_DIR, undefined, lookup),
    );
    expect(Object.fromEntries(precompiled)).toEqual(Object.fromEntries(compiled));
    // Every template and partial the case rendered came precompiled.
    expect([...missed]).toEqual([]);
    expect(used.size).toBeGreaterThan(10);
  });

  it('are passed over when the text, Handlebars or the rewrite differs from what they were made of', () => {
    const lookup = precompiledIn(dir)!;
    const source = new TemplateSet(BUILTIN_TEMPLATES_DIR)
      .list()
      .find((s) => s.name === 'src/appgen/http.ts.hbs')!;
    const text = templateText(source);
    expect(lookup(source.name, text)).toBeDefined();
    expect(lookup(source.name, `${text} `)).toBeUndefined();
    expect(lookup('src/appgen/no-such.ts.hbs', text)).toBeUndefined();
    // A name that would leave the folder is never loaded.
    expect(lookup('../../outside.hbs', text)).toBeUndefined();
    // A module of another digest (another Handlebars, another appgen) is not used.
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-precompiled-other-'));
    try {
      const file = precompiledFile(source.name, other);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `module.exports = { digest: "${'0'.repeat(64)}", spec: {} };\n`);
      expect(precompiledIn(other)!(source.name, text)).toBeUndefined();
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
    expect(templateDigest(text)).not.toBe(templateDigest(`${text}\n`));
  });

  it('are never used for a template of the project, which is compiled (and checked) itself', () => {
    const projectDir = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-project-templates-'));
    try {
      const name = 'src/appgen/securityHeaders.ts.hbs';
      fs.mkdirSync(path.dirname(path.join(projectDir, name)), { recursive: true });
      fs.writeFileSync(path.join(projectDir, name), "// the project's own\n");
      const asked: string[] = [];
      const templates = new TemplateSet(BUILTIN_TEMPLATES_DIR, projectDir, (n, text) => {
        asked.push(n);
        return precompiledIn(dir)!(n, text);
      });
      expect(templates.render(name, {})).toBe("// the project's own\n");
      expect(asked).toEqual([]);
    } finally {
      fs.rmSync(projectDir, { recursive: true, force: true });
    }
  });

  it('are no folder beside the sources (tests and ts-node compile at run time)', () => {
    expect(precompiledIn(path.join(PACKAGE_ROOT, 'src', 'render', 'precompiled'))).toBeUndefined();
  });
});
