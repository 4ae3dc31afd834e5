import fs from 'fs';
import path from 'path';
import { minimalProject } from '../support/configs';
import { ensureBuiltCli, runAppgen, STACK_TRACE } from '../support/runCli';
import { makeProject, removeTempProjects, snapshotTree } from '../support/tempProject';

beforeAll(ensureBuiltCli);
afterAll(removeTempProjects);

describe('appgen generate on a good project', () => {
  it('exits 0, lists what it created and prints a summary', () => {
    const root = makeProject(minimalProject());
    const result = runAppgen(['generate', '--cwd', root]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const created = result.stdout.split('\n').filter((line) => line.startsWith('  create '));
    expect(created).toEqual(
      expect.arrayContaining([
        '  create src/app/api/users/[id]/route.ts',
        '  create src/app/login/page.tsx',
        '  create prisma/schema.prisma',
      ]),
    );
    expect(result.stdout.split('\n').slice(-2)).toEqual([
      `appgen: ${created.length} created, 0 updated, 0 deleted, 0 unchanged`,
      '',
    ]);
    expect(fs.existsSync(path.join(root, 'prisma/schema.prisma'))).toBe(true);
  });

  it("stores every input's stats after a run that rendered: the next run, a hit, has nothing to store again", () => {
    const root = makeProject(minimalProject());
    runAppgen(['generate', '--cwd', root]);
    const cache = path.join(root, '.appgen/cache/generate.json');
    // Every file looks older than the cache, as it is a moment after a run (none is racy).
    const future = new Date(Date.now() + 60_000);
    fs.utimesSync(cache, future, future);
    const stored = fs.readFileSync(cache, 'utf8');
    // appgen's own code and schemas were hashed once in that process, but their stats stored too.
    const inputs = (
      JSON.parse(stored.slice(stored.indexOf('\n') + 1)) as { inputs: string[][] }
    ).inputs.map(([file]) => file);
    expect(inputs.some((file) => file.endsWith(`${path.sep}model.schema.json`))).toBe(true);
    expect(inputs.some((file) => file.endsWith(`${path.sep}appgen.js`))).toBe(true);
    expect(runAppgen(['generate', '--cwd', root]).stdout).toMatch(/everything up to date/);
    expect(fs.readFileSync(cache, 'utf8')).toBe(stored);
  });

  it('says everything is up to date on a second run', () => {
    const root = makeProject(minimalProject());
    // src/proxy.ts, src/instrumentation.ts, the Dockerfile and .dockerignore are scaffolded (the
    // user's once written), so they are not counted as generated.
    const scaffolded = [
      'src/proxy.ts',
      'src/instrumentation.ts',
      'Dockerfile',
      '.dockerignore',
    ].map((file) => `  create ${file}`);
    const created = runAppgen(['generate', '--cwd', root])
      .stdout.split('\n')
      .filter((line) => line.startsWith('  create ') && !scaffolded.includes(line)).length;
    const result = runAppgen(['generate', '--cwd', root]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`appgen: everything up to date (${created} generated files)\n`);
  });

  it('runs in the current folder without --cwd', () => {
    const root = makeProject(minimalProject());
    const result = runAppgen(['generate'], { cwd: root });
    expect(result.status).toBe(0);
    expect(fs.existsSync(path.join(root, 'src/app/login/page.tsx'))).toBe(true);
  });

  it('writes nothing with --dry-run', () => {
    const root = makeProject(minimalProject());
    const before = snapshotTree(root);
    const result = runAppgen(['generate', '--dry-run', '--cwd', root]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('  would create src/app/login/page.tsx\n');
    expect(result.stdout).toMatch(
      /^appgen: would create \d+, update 0 and delete 0 files \(0 unchanged\)$/m,
    );
    expect(snapshotTree(root)).toEqual(before);
  });

  it('exits 1 naming a hand-written file in the way, without a stack trace', () => {
    const root = makeProject(minimalProject({ 'src/app/login/page.tsx': 'mine\n' }));
    const result = runAppgen(['generate', '--cwd', root]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'error: appgen would overwrite a file it did not generate:\n  src/app/login/page.tsx',
    );
    expect(result.stderr).toContain('  fix: move or delete them');
    expect(result.stderr).not.toMatch(STACK_TRACE);
  });
});

describe('appgen usage errors', () => {
  it('--cwd on a folder without config/ gives a clear error and exit 1', () => {
    const root = makeProject({ 'README.md': 'not a project' });
    const result = runAppgen(['generate', '--cwd', root]);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      `error: no config/ folder in ${root}\n  fix: run appgen in a project created by create-appgen, or pass --cwd <project folder>.\n`,
    );
    expect(result.stdout).toBe('');
  });

  it('an unknown command prints the help and exits 1', () => {
    const result = runAppgen(['generat']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('appgen generate');
    expect(result.stderr).toContain('Commands:');
    expect(result.stderr).toMatch(/error: Unknown argument: generat/);
  });

  it('no command prints the help and exits 1', () => {
    const result = runAppgen([]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Commands:');
    expect(result.stderr).toContain('error: Name a command');
  });

  it('--help exits 0 with the commands', () => {
    const result = runAppgen(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('appgen generate');
  });
});
