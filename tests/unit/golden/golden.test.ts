import fs from 'fs';
import path from 'path';
import { buildProjectFiles } from '../../../src/generate/generateProject';
import { goldenOptions } from '../support/generateOptions';
import { GOLDEN_DIR, REPO_ROOT } from '../support/paths';
import { readTree } from '../support/tempProject';

/**
 * One folder per case under tests/golden/: its config (config/ and appgen.config.json) beside
 * `expected/`, the exact tree appgen generates from it (the FileMap; the manifest is not part of
 * it). `UPDATE_GOLDEN=1 npx jest tests/unit/golden` rewrites `expected/`.
 */
const cases = fs
  .readdirSync(GOLDEN_DIR)
  .filter((name) => fs.existsSync(path.join(GOLDEN_DIR, name, 'config')))
  .sort();

/** Cases that are copies of an example: the copy must not drift from it. */
const COPIES: Record<string, string> = {
  minimal: 'examples/minimal',
  blog: 'examples/blog',
  forum: 'examples/forum',
  publishing: 'examples/publishing',
};

/** Cases whose models and routes are another case's (with another ORM or database, and no views). */
const SAME_MODELS_AS: Record<string, string> = {
  'collection-drizzle': 'collection',
  'collection-drizzle-postgres': 'collection',
  'collection-postgres': 'collection',
  drizzle: 'blog',
  'drizzle-postgres': 'blog',
  'forum-drizzle': 'forum',
  'forum-drizzle-postgres': 'forum',
  'links-drizzle': 'links',
  'links-drizzle-postgres': 'links',
  'links-postgres': 'links',
  'publishing-drizzle': 'publishing',
  'publishing-drizzle-postgres': 'publishing',
  'publishing-postgres': 'publishing',
  'roles-drizzle-postgres': 'roles',
};

const configOf = (dir: string) =>
  readTree(dir, {
    exclude: (relative) =>
      !(
        relative === 'appgen.config.json' ||
        relative === 'config' ||
        relative.startsWith('config/')
      ),
  });

function writeExpected(dir: string, files: Map<string, { content: string }>): void {
  fs.rmSync(dir, { recursive: true, force: true });
  for (const [file, { content }] of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
}

it('has the golden cases the project relies on', () => {
  expect(cases).toEqual(
    expect.arrayContaining([
      'blog',
      'drizzle',
      'drizzle-postgres',
      'escaping',
      'forum',
      'forum-drizzle',
      'forum-drizzle-postgres',
      'minimal',
      'orm-none',
    ]),
  );
});

describe.each(cases)('golden case %s', (name) => {
  const caseDir = path.join(GOLDEN_DIR, name);
  const expectedDir = path.join(caseDir, 'expected');
  const actual = buildProjectFiles({ root: caseDir, ...goldenOptions(caseDir) });
  if (process.env.UPDATE_GOLDEN) writeExpected(expectedDir, actual);
  const expected = readTree(expectedDir);

  it('generates exactly the expected files', () => {
    expect([...actual.keys()]).toEqual([...expected.keys()]);
  });

  it.each([...expected.keys()])('%s', (file) => {
    expect(actual.get(file)?.content).toBe(expected.get(file));
  });

  if (SAME_MODELS_AS[name]) {
    it(`uses the models and routes of the ${SAME_MODELS_AS[name]} case`, () => {
      const modelsAndRoutes = (dir: string) =>
        Object.fromEntries(
          [...configOf(dir)].filter(([file]) => /^config\/(models|routes)\//.test(file)),
        );
      expect(modelsAndRoutes(caseDir)).toEqual(
        modelsAndRoutes(path.join(GOLDEN_DIR, SAME_MODELS_AS[name])),
      );
    });
  }

  if (COPIES[name]) {
    it(`uses the config of ${COPIES[name]}`, () => {
      expect(Object.fromEntries(configOf(caseDir))).toEqual(
        Object.fromEntries(configOf(path.join(REPO_ROOT, COPIES[name]))),
      );
    });
  }
});
