import fs from 'fs';
import path from 'path';
import { createRequire } from 'module';
import { dockerImageCheck } from './dockerImage';
import { request } from './http';
import { defaultDatabaseFile, type Orm } from './orms';
import { psql } from './postgres';
import { freePort, runBuiltAppUntilExit, startServer, type RunningServer } from './server';
import type { TestProject } from './testProject';
import { TEST_SESSION_SECRET } from './tokens';

// The deployment path (issue 37, part 4), run on a suite's own build (starter-app.test.ts: one
// per ORM × database): the standalone output (`node server.js` from .next/standalone, as the
// Dockerfile's runtime stage runs it) answers a route and GET /api/health; readiness answers 503
// "Migrations pending" for a table that is missing (named in the log only) and 200 again once it
// is back; a production `next start` whose DATABASE_URL cannot work exits 1 naming the variable
// (never its password) before it answers anything. The Docker image is built only where a Docker daemon answers.

const PASSWORD = 'n0t-to-be-printed';

/** The standalone server.js: under .next/standalone, at the project's path from the tracing root. */
function standaloneServer(projectDir: string): string {
  const root = path.join(projectDir, '.next', 'standalone');
  const find = (dir: string): string | undefined => {
    if (fs.existsSync(path.join(dir, 'server.js'))) return path.join(dir, 'server.js');
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== '.next') {
        const found = find(path.join(dir, entry.name));
        if (found) return found;
      }
    return undefined;
  };
  const server = find(root);
  if (!server) throw new Error(`no server.js under ${root}`);
  return server;
}

/** Starts the standalone output as Next.js' docs say: .next/static copied beside server.js. */
async function startStandalone(projectDir: string, env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const server = standaloneServer(projectDir);
  fs.cpSync(
    path.join(projectDir, '.next', 'static'),
    path.join(path.dirname(server), '.next', 'static'),
    { recursive: true },
  );
  const port = await freePort();
  return startServer(process.execPath, [server], {
    cwd: path.dirname(server),
    env: { ...env, NODE_ENV: 'production', PORT: String(port), HOSTNAME: '127.0.0.1' },
    port,
    readyPath: '/api/health/live',
  });
}

/** Asks GET /api/health until it answers `status` (its answer is reused for 1.5 s). */
async function healthUntil(base: string, status: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await request(base, 'GET', '/api/health');
    if (answer.status === status || Date.now() > deadline) return answer;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The deployment cases, inside a suite's describe whose beforeAll built `project()` (with a
 * `User` table, as the starter has) on `database`.
 */
export function describeDeployment(
  orm: Orm,
  database: 'sqlite' | 'postgresql',
  project: () => TestProject,
): void {
  describe('deploying: the standalone output and the start-up checks (issue 37)', () => {
    let server: RunningServer | undefined;
    /** Renames a table, in the variant's database. */
    let renameTable: (from: string, to: string) => Promise<void>;

    beforeAll(async () => {
      const { dir, env } = project();
      let databaseUrl: string;
      if (database === 'postgresql') {
        databaseUrl = env.DATABASE_URL as string;
        renameTable = async (from, to) =>
          void (await psql(`alter table "${from}" rename to "${to}"`, databaseUrl));
      } else {
        // An absolute path: the standalone server runs in .next/standalone, not in the project.
        databaseUrl = `file:${defaultDatabaseFile(dir, orm)}`;
        const Database = createRequire(path.join(dir, 'package.json'))('better-sqlite3');
        renameTable = async (from, to) => {
          const connection = new Database(defaultDatabaseFile(dir, orm));
          connection.exec(`alter table "${from}" rename to "${to}"`);
          connection.close();
        };
      }
      // The secret a deployment sets in its environment (the project's .env stays behind).
      server = await startStandalone(dir, {
        ...env,
        DATABASE_URL: databaseUrl,
        APPGEN_SESSION_SECRET: TEST_SESSION_SECRET,
      });
    });

    afterAll(async () => {
      await server?.stop();
    });

    it('the standalone server answers a route, liveness and readiness', async () => {
      const base = (server as RunningServer).url;
      // The suite's own records, read from the same database.
      const users = await request(base, 'GET', '/api/users');
      expect([users.status, Array.isArray(users.body)]).toEqual([200, true]);
      expect(await request(base, 'GET', '/api/health/live')).toMatchObject({
        status: 200,
        body: { status: 'ok' },
      });
      const health = await request(base, 'GET', '/api/health');
      expect([health.status, health.body]).toEqual([
        200,
        { status: 'ok', checks: { database: 'ok', tables: expect.any(Number) } },
      ]);
      expect(health.headers.get('cache-control')).toBe('no-store');
    });

    it('readiness answers 503 "Migrations pending" for a missing table (named in the log), and 200 once it is back', async () => {
      const base = (server as RunningServer).url;
      await renameTable('User', 'User_away');
      try {
        const missing = await healthUntil(base, 503);
        // Which table is missing goes to the log only (issue 49): anyone may ask for readiness.
        expect([missing.status, missing.body]).toEqual([503, { error: 'Migrations pending' }]);
        const logged = (server as RunningServer).output();
        expect(logged).toContain(
          '[appgen] health: the database lacks tables or columns this build uses (User): apply the migrations',
        );
        // Liveness does not read the database: the process still serves.
        expect((await request(base, 'GET', '/api/health/live')).status).toBe(200);
      } finally {
        await renameTable('User_away', 'User');
      }
      expect((await healthUntil(base, 200)).status).toBe(200);
    });

    // The same build, started by `next start` in production with a DATABASE_URL that cannot work.
    let closedPort = 0;
    const unusable: Array<[string, () => string | undefined, RegExp]> =
      database === 'postgresql'
        ? [
            [
              'unset',
              () => undefined,
              /DATABASE_URL is not set: this app was generated for PostgreSQL/,
            ],
            [
              'pointing at a closed port',
              () => `postgresql://postgres:${PASSWORD}@127.0.0.1:${closedPort}/nothing`,
              /DATABASE_URL: cannot use the database at 127\.0\.0\.1:\d+\/nothing \(.+\)/,
            ],
          ]
        : [
            [
              'naming a folder that does not exist',
              () => `file:${path.join(project().dir, 'no-such-folder', 'app.db')}`,
              /DATABASE_URL: cannot use the database at file:.*no-such-folder/,
            ],
          ];

    it.each(unusable)(
      'a production next start with DATABASE_URL %s exits 1 naming it, answering nothing',
      async (_, url, message) => {
        closedPort = await freePort();
        const env: NodeJS.ProcessEnv = { ...project().env, NODE_ENV: 'production' };
        delete env.DATABASE_URL;
        const value = url();
        if (value !== undefined) env.DATABASE_URL = value;
        const answered: number[] = [];
        const result = await runBuiltAppUntilExit(project().dir, env, {
          whileRunning: async (base) => {
            for (let i = 0; i < 15; i++) {
              const status = await fetch(`${base}/api/users`).then(
                (r) => r.status,
                () => 0,
              );
              if (status !== 0) answered.push(status);
              await new Promise((r) => setTimeout(r, 100));
            }
          },
        });
        expect(result.code).toBe(1);
        expect(result.output).toContain('[appgen] the server cannot start');
        expect(result.output).toMatch(message);
        expect(result.output).not.toContain(PASSWORD);
        expect(answered).toEqual([]);
      },
    );

    if (orm === 'prisma' && database === 'sqlite')
      it('the Docker image builds and serves (when a Docker daemon answers)', async () => {
        const outcome = await dockerImageCheck(project().dir);
        if (outcome.skipped !== null) {
          console.log(`Docker image case skipped: ${outcome.skipped}`);
          return;
        }
        expect(outcome.live).toBe(200);
        // No migrations in this project: readiness says what to do.
        expect(outcome.health).toBe(503);
      });
  });
}
