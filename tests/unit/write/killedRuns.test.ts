import fs from 'fs';
import { buildProjectFiles } from '../../../src/generate/generateProject';
import type { FileMap } from '../../../src/render/fileMap';
import { writeProjectFiles } from '../../../src/write/writeProjectFiles';
import { LOGIN_VIEW, minimalProject, USER_ROUTES } from '../support/configs';
import { generate, generateCommand } from '../support/generate';
import { SQLITE_OPTIONS } from '../support/generateOptions';
import { seededRandom } from '../support/mutateConfig';
import { makeProject, makeTempDir, removeTempProjects, writeFiles } from '../support/tempProject';
import { expectedTree, outputTree } from './support/expectedTree';
import {
  Operation,
  OperationCounts,
  writeStageRunner,
  WriteStageRunner,
} from './support/killedRun';

/**
 * `generate` killed (SIGKILL) before its k-th write, rename or delete, for every k of a seeded
 * sample bounded in time, on a first run and on a run that creates, updates and deletes: the
 * next normal run yields exactly the tree the config produces, with no temporary file, no
 * journal and the right manifest. Kills before the journal exists leave the old files as they
 * were; `--check` fails after every kill. Some runs are killed twice (the second time while the
 * next run finishes the first). APPGEN_KILL_SEED and APPGEN_KILL_BUDGET_MS change the sample.
 */
const SEED = Number(process.env.APPGEN_KILL_SEED ?? 15);
const BUDGET_MS = Number(process.env.APPGEN_KILL_BUDGET_MS ?? 8_000);

afterAll(removeTempProjects);

const filesOf = (root: string): FileMap =>
  buildProjectFiles({ root, ...SQLITE_OPTIONS, warn: () => undefined });
const userFiles = (files: FileMap) =>
  new Map([...files].filter(([, f]) => f.owner === 'user').map(([p, f]) => [p, f.content]));
const withoutTemps = (tree: Map<string, string>) =>
  new Map([...tree].filter(([p]) => !p.endsWith('.appgen-tmp')));

interface Scenario {
  name: string;
  /** The project as the killed run finds it: config already changed, files of the last run. */
  before: string;
  files: FileMap;
  kept: Map<string, string>;
}

const FUNCTION_ROUTE = {
  routes: [
    { method: 'GET', path: '/api/report', function: 'buildReport', voter: 'canRead', auth: true },
  ],
};

function firstRun(): Scenario {
  const before = makeProject(minimalProject());
  return { name: 'first run', before, files: filesOf(before), kept: new Map() };
}

/** Deletes two route files, updates pages, the layout and the schema, creates a route, a scaffold and a model's type. */
function changingRun(): Scenario {
  const before = makeProject(minimalProject({ 'config/routes/report.json': FUNCTION_ROUTE }));
  const { files: old } = generate(before);
  writeFiles(before, {
    'config/routes/users.json': { routes: USER_ROUTES.routes.slice(0, 2) },
    'config/routes/report.json': {
      routes: [{ method: 'GET', path: '/api/summary', function: 'buildSummary' }],
    },
    'config/views/login.json': { ...LOGIN_VIEW, title: 'Sign in' },
    'config/models/Post.json': { name: 'Post', fields: { id: 'uuid', title: 'string' } },
  });
  return { name: 'changing run', before, files: filesOf(before), kept: userFiles(old) };
}

function copyOf(dir: string): string {
  const copy = makeTempDir();
  fs.cpSync(dir, copy, { recursive: true });
  return copy;
}

type KillPoint = { operation: Operation; at: number };

/** Every (operation, k): the edges (first and last of each operation) first, then the rest in seeded order. */
function killPoints(
  counts: OperationCounts,
  next: () => number,
): { points: KillPoint[]; edges: number } {
  const all = (Object.keys(counts) as Operation[]).flatMap((operation) =>
    Array.from({ length: counts[operation] }, (_, i) => ({ operation, at: i + 1 })),
  );
  const isEdge = (p: KillPoint) => p.at === 1 || p.at === counts[p.operation];
  const rest = all.filter((p) => !isEdge(p));
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [rest[i], rest[j]] = [rest[j], rest[i]];
  }
  const edges = all.filter(isEdge);
  return { points: [...edges, ...rest], edges: edges.length };
}

describe('generate killed part-way', () => {
  let runner: WriteStageRunner;

  beforeAll(() => {
    runner = writeStageRunner();
  });

  it.each([
    ['first run', firstRun],
    ['changing run', changingRun],
  ])(
    '%s: the next run completes it, whatever operation the kill came before',
    (_, make) => {
      const scenario = make();
      const next = seededRandom(SEED);
      const expected = expectedTree(scenario.files, scenario.kept);
      const beforeTree = outputTree(scenario.before);

      const uninterrupted = copyOf(scenario.before);
      const counts = runner.complete(uninterrupted, scenario.files);
      expect(outputTree(uninterrupted)).toEqual(expected);
      // Writes and renames of each file plus the journal; deletes of stale files plus the journal.
      expect(counts.write).toBeGreaterThan(3);
      expect(counts.rename).toBe(counts.write);
      if (scenario.name === 'changing run') expect(counts.delete).toBe(3);

      const { points, edges } = killPoints(counts, next);
      const started = Date.now();
      let tried = 0;
      for (const { operation, at } of points) {
        // The edges always; the rest while the time budget lasts.
        if (tried >= edges && Date.now() - started > BUDGET_MS) break;
        tried += 1;
        const where = `${scenario.name}, seed ${SEED}, killed before ${operation} #${at}`;
        const root = copyOf(scenario.before);
        expect({ where, killed: runner.killBefore(root, scenario.files, operation, at) }).toEqual({
          where,
          killed: true,
        });

        // Before the journal is in place (the last write, then the first rename), no file has changed.
        if (operation === 'write' || (operation === 'rename' && at === 1))
          expect({ where, tree: withoutTemps(outputTree(root)) }).toEqual({
            where,
            tree: beforeTree,
          });
        // (The whole pipeline behind --check costs a quarter of a second: at the edges only.)
        if (tried <= edges)
          expect({
            where,
            check: generateCommand(root, { check: true, quiet: true }).exitCode,
          }).toEqual({ where, check: 1 });

        // Now and then the run that finishes it is killed too.
        if (next() < 0.25)
          runner.killBefore(
            root,
            scenario.files,
            (['write', 'rename', 'delete'] as const)[Math.floor(next() * 3)],
            1 + Math.floor(next() * 3),
          );

        // The normal run: the write stage of `generate` with the same FileMap, in this process.
        writeProjectFiles(root, scenario.files);
        expect({ where, tree: outputTree(root) }).toEqual({ where, tree: expected });
      }
      expect(tried).toBeGreaterThanOrEqual(edges);
    },
    120_000,
  );
});
