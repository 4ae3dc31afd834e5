import fs from 'fs';
import path from 'path';
import { reportError } from '../../../src/cli/reportError';
import { SQLITE_OPTIONS } from '../support/generateOptions';
import { generateProject } from '../../../src/generate/generateProject';
import { mutateConfigText, seededRandom } from '../support/mutateConfig';
import { REPO_ROOT } from '../support/paths';
import { ensureBuiltCli, runAppgen, STACK_TRACE } from '../support/runCli';
import { makeTempDir, removeTempProjects, snapshotTree } from '../support/tempProject';

// Fuzz (issue 15): configs mutated from the examples and golden cases (types, names, deletions,
// deep nesting, huge strings, odd unicode, broken text) never crash `generate` (exit 2) and
// never write partially: after a run the project is either unchanged or exactly the new output.
// Seeded and bounded in time; FUZZ_SEED and FUZZ_SECONDS explore further by hand.
const SEED = Number(process.env.FUZZ_SEED ?? 15);
const TIME_LIMIT_MS = Number(process.env.FUZZ_SECONDS ?? 20) * 1000;
jest.setTimeout(120_000 + TIME_LIMIT_MS);

const BASES = [
  'examples/minimal',
  'examples/blog',
  'examples/forum',
  'tests/golden/escaping',
  'tests/golden/links',
  'tests/golden/drizzle',
  'tests/golden/orm-none',
];

/** The config files of a base (settings and config/**), relative path → text. */
function baseFiles(base: string): Map<string, string> {
  const files = new Map<string, string>();
  const dir = path.join(REPO_ROOT, base);
  if (fs.existsSync(path.join(dir, 'appgen.config.json')))
    files.set('appgen.config.json', fs.readFileSync(path.join(dir, 'appgen.config.json'), 'utf8'));
  for (const folder of fs.readdirSync(path.join(dir, 'config'))) {
    for (const file of fs.readdirSync(path.join(dir, 'config', folder)))
      files.set(
        `config/${folder}/${file}`,
        fs.readFileSync(path.join(dir, 'config', folder, file), 'utf8'),
      );
  }
  return files;
}

/** A project generated from a base, to mutate copies of. */
function generatedBase(base: string): string {
  const root = makeTempDir('appgen-fuzz-');
  for (const [file, text] of baseFiles(base)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  generateProject({ root, ...SQLITE_OPTIONS });
  return root;
}

/** Writes 1-3 mutated config files into a copy of a generated base; returns the copy. */
function mutatedCopy(random: () => number, baseRoot: string, files: Map<string, string>): string {
  const root = makeTempDir('appgen-fuzz-');
  fs.cpSync(baseRoot, root, { recursive: true });
  const names = [...files.keys()];
  const count = 1 + Math.floor(random() * 3);
  for (let i = 0; i < count; i++) {
    const file = names[Math.floor(random() * names.length)];
    fs.writeFileSync(
      path.join(root, file),
      mutateConfigText(random, fs.readFileSync(path.join(root, file), 'utf8')),
    );
  }
  return root;
}

describe('fuzzed configs (seeded, time-bounded)', () => {
  beforeAll(ensureBuiltCli);
  afterAll(removeTempProjects);

  it('never crash generate and leave the project unchanged or exactly the new output', () => {
    const bases = BASES.map((base) => ({ files: baseFiles(base), root: generatedBase(base) }));
    const random = seededRandom(SEED);
    const deadline = Date.now() + TIME_LIMIT_MS;
    const outcomes = { generated: 0, refused: 0 };
    const refusedRoots: string[] = [];
    for (let run = 0; Date.now() < deadline; run++) {
      const base = bases[run % bases.length];
      const root = mutatedCopy(random, base.root, base.files);
      const before = snapshotTree(root);
      let output = '';
      let code = 0;
      try {
        generateProject({ root, ...SQLITE_OPTIONS, warn: () => undefined });
      } catch (error) {
        code = reportError(error, (text) => (output += text));
      }
      const context = `run ${run} (seed ${SEED}), ${root}:\n${output.slice(0, 2000)}`;
      // The run, seed, folder (kept) and output say what to reproduce.
      if (code !== 0 && code !== 1) throw new Error(`generate exited ${code} on ${context}`);
      if (code === 0) {
        outcomes.generated++;
        // Exactly the new output: generating again would change nothing, and no temp file is left.
        const again = generateProject({
          root,
          ...SQLITE_OPTIONS,
          dryRun: true,
          warn: () => undefined,
        }).plan;
        if (again.create.length + again.update.length + again.delete.length > 0)
          throw new Error(`a second generate would still change files after ${context}`);
        expect(snapshotTree(root).filter((entry) => entry.path.includes('appgen-tmp'))).toEqual([]);
      } else {
        outcomes.refused++;
        if (output.length > 50_000)
          throw new Error(`${output.length} characters of errors on ${context}`);
        if (JSON.stringify(snapshotTree(root)) !== JSON.stringify(before))
          throw new Error(`a refused run changed the project: ${context}`);
        if (refusedRoots.length < 3) refusedRoots.push(root);
        else fs.rmSync(root, { recursive: true, force: true });
      }
      if (code === 0) fs.rmSync(root, { recursive: true, force: true });
    }
    expect(outcomes.refused).toBeGreaterThan(5);

    // The real CLI on a few of them: exit 1, no stack trace, the tree untouched.
    for (const root of refusedRoots) {
      const before = snapshotTree(root);
      const result = runAppgen(['generate', '--cwd', root]);
      expect([root, result.status, STACK_TRACE.test(result.stderr)]).toEqual([root, 1, false]);
      expect(snapshotTree(root)).toEqual(before);
    }
  });
});
