import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import { APPGEN, CREATE_APPGEN, REPO_ROOT } from './paths';
import { runOk, RunResult } from './run';
import { sharedInstallDir } from './sharedInstall';
import { TEST_SESSION_SECRET } from './tokens';

export interface TestProject {
  dir: string;
  env: NodeJS.ProcessEnv;
  appgen(args: string[]): Promise<RunResult>;
}

export function testEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    // A production server refuses the development secret of .env: the servers get their own.
    APPGEN_SESSION_SECRET: TEST_SESSION_SECRET,
    // Password hashes of scrypt N=2^10, not 2^17: the suites sign up and log in hundreds of
    // times, 0.4 s of CPU each at full cost (tests/unit/render/passwordRuntime.test.ts checks both).
    APPGEN_TEST_FAST_PASSWORD_HASHES: '1',
    ...extra,
  };
  // Jest sets NODE_ENV=test; Next.js warns about and misbehaves with a non-standard NODE_ENV.
  delete env.NODE_ENV;
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  return env;
}

/**
 * Creates a project with the real create-appgen (from this checkout, no install) inside the
 * shared install, so it runs with the shared node_modules.
 */
export async function createTestProject(
  name: string,
  options: {
    orm?: 'prisma' | 'drizzle' | 'none';
    env?: NodeJS.ProcessEnv;
    configFrom?: string;
  } = {},
): Promise<TestProject> {
  const base = path.join(sharedInstallDir(), 'projects');
  fs.mkdirSync(base, { recursive: true });
  const dir = path.join(base, `${name}-${crypto.randomBytes(3).toString('hex')}`);
  await runOk(process.execPath, [
    CREATE_APPGEN,
    dir,
    '--no-install',
    '--no-git',
    '--appgen',
    `file:${REPO_ROOT}`,
    '--orm',
    options.orm ?? 'prisma',
  ]);
  requireNoUnusedCode(dir);
  if (options.configFrom) {
    fs.rmSync(path.join(dir, 'config'), { recursive: true });
    fs.cpSync(path.join(options.configFrom, 'config'), path.join(dir, 'config'), {
      recursive: true,
    });
    // The fixture's settings over the created project's, which keep the ORM under test.
    const settings = path.join(options.configFrom, 'appgen.config.json');
    const created = path.join(dir, 'appgen.config.json');
    if (fs.existsSync(settings)) {
      const own = JSON.parse(fs.readFileSync(settings, 'utf8')) as Record<string, unknown>;
      const base = JSON.parse(fs.readFileSync(created, 'utf8')) as Record<string, unknown>;
      const orm = options.orm ? { orm: options.orm } : {};
      fs.writeFileSync(created, `${JSON.stringify({ ...base, ...own, ...orm }, null, 2)}\n`);
    }
  }
  return projectIn(dir, testEnv(options.env));
}

/** A project folder with the environment its commands and servers run with. */
function projectIn(dir: string, env: NodeJS.ProcessEnv): TestProject {
  return {
    dir,
    env,
    appgen: (args) =>
      runOk(process.execPath, [APPGEN, ...args], { cwd: dir, env, timeoutMs: 600_000 }),
  };
}

/**
 * A suite's project taken on for another database (`env`: its DATABASE_URL), in the same folder,
 * as a user moves an app from SQLite to PostgreSQL: its next `appgen build` generates the code
 * for the new database and `next build` starts from the first build's Turbopack cache
 * (.next/cache), which halves the build's CPU time (31 s to 15.5 s for the blog fixture, measured
 * 2026-11-29); a build in a new folder cannot use that cache. The suites build their SQLite
 * variant of an ORM first, then this one; the servers of the first are stopped by then.
 */
export function onOtherDatabase(project: TestProject, env: NodeJS.ProcessEnv): TestProject {
  return projectIn(project.dir, { ...project.env, ...env });
}

/**
 * Test projects compile stricter than a created one: `noUnusedLocals` and `noUnusedParameters`,
 * which many projects turn on, so every `appgen build` of the suites (`next build` type-checks
 * with the project's tsconfig) proves that generated code leaves no unused import, variable or
 * parameter behind.
 */
function requireNoUnusedCode(dir: string): void {
  const file = path.join(dir, 'tsconfig.json');
  const tsconfig = JSON.parse(fs.readFileSync(file, 'utf8'));
  Object.assign(tsconfig.compilerOptions, { noUnusedLocals: true, noUnusedParameters: true });
  fs.writeFileSync(file, `${JSON.stringify(tsconfig, null, 2)}\n`);
}

/**
 * Replaces the starter's routes with one list route, for tests about the database rather than
 * the pages: the starter's pages are bound to the routes it removes (its users and account
 * routes, which need a password and a unique email the test may change), so they go too.
 */
export function keepOnlyUserList(dir: string): void {
  fs.writeFileSync(
    path.join(dir, 'config', 'routes', 'users.json'),
    JSON.stringify({ routes: [{ method: 'GET', path: '/api/users', response: 'User[]' }] }),
  );
  fs.rmSync(path.join(dir, 'config', 'routes', 'account.json'), { force: true });
  // Every starter page binds a route of users.json or account.json.
  fs.rmSync(path.join(dir, 'config', 'views'), { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'config', 'views'));
}

/**
 * Copies a fixture's hand-written sources into a project: its `src/`, then `orm/<orm>/src/` over
 * it (the files that use the ORM's own API, e.g. functions that query the database).
 */
export function copyFixtureSources(fixture: string, dir: string, orm: string): void {
  const source = path.join(fixture, 'src');
  if (fs.existsSync(source)) fs.cpSync(source, path.join(dir, 'src'), { recursive: true });
  const ormSource = path.join(fixture, 'orm', orm, 'src');
  if (fs.existsSync(ormSource)) fs.cpSync(ormSource, path.join(dir, 'src'), { recursive: true });
}

/**
 * One project folder per ORM for a suite's database variants: the first variant of an ORM
 * creates it (`create`, with the variant's environment), a later one takes it on for its own
 * database (onOtherDatabase), so its build starts warm. A run that skips the first variant
 * (`-t`) creates the folder in the later one.
 */
export function folderPerOrm(): (
  orm: string,
  env: NodeJS.ProcessEnv,
  create: () => Promise<TestProject>,
) => Promise<TestProject> {
  const made = new Map<string, TestProject>();
  return async (orm, env, create) => {
    const earlier = made.get(orm);
    const project = earlier ? onOtherDatabase(earlier, env) : await create();
    made.set(orm, project);
    return project;
  };
}
