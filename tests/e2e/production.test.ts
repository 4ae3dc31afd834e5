import fs from 'fs';
import path from 'path';
import { request } from './support/http';
import { readJsonLines } from './support/jsonLines';
import { ltsNode } from './support/ltsNode';
import { describeOutbox, OUTBOX_FIXTURE } from './support/outbox';
import { APPGEN, REPO_ROOT } from './support/paths';
import { createTestDatabase, postgresAvailable, psql } from './support/postgres';
import { startRoundRobinProxy, type RoundRobinProxy } from './support/roundRobinProxy';
import { runOk } from './support/run';
import {
  freePort,
  runBuiltAppUntilExit,
  startBuiltApp,
  startServer,
  type RunningServer,
} from './support/server';
import { copyFixtureSources, createTestProject, type TestProject } from './support/testProject';
import { dotenvSecret } from './support/tokens';
import { ORMS, type Orm } from './support/orms';
import { LTS_NODE_MAJOR } from '../../src/project/nodeRuntime';

jest.setTimeout(600_000);

const FIXTURE = path.join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'production');
const INSTANCES = 3;

interface EventRun {
  id: string;
  recordId: string;
  attempt: number;
  pid: number;
}

/** Sends `count` requests made by `send`, `concurrency` at a time; their statuses in order. */
async function load<T>(
  count: number,
  concurrency: number,
  send: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await send(index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

interface ProductionBuild {
  project: TestProject;
  /** The database the build pushed to, the three instances' (the production cases drop it). */
  database: { url: string; drop(): Promise<void> };
}

const builds = new Map<Orm, Promise<ProductionBuild>>();

/**
 * The ORM's build of the production fixture, made once for both suites of this file: the
 * production cases run three instances of it, then the outbox's PostgreSQL cases one more on a
 * database of their own. Its config and sources add the outbox fixture's (models, routes,
 * events, handlers) to the production fixture's.
 */
function productionBuild(orm: Orm): Promise<ProductionBuild> {
  let build = builds.get(orm);
  if (!build) {
    build = buildProduction(orm);
    builds.set(orm, build);
  }
  return build;
}

async function buildProduction(orm: Orm): Promise<ProductionBuild> {
  if (!(await postgresAvailable()))
    throw new Error('PostgreSQL at 127.0.0.1:5432 is not reachable; .ci/run starts it');
  const database = await createTestDatabase();
  try {
    const project = await createTestProject(`production-${orm}`, {
      orm,
      configFrom: FIXTURE,
      // One proxy in front, as the deployment guide says to declare.
      env: { DATABASE_URL: database.url, APPGEN_TRUST_PROXY: '1' },
    });
    fs.cpSync(path.join(OUTBOX_FIXTURE, 'config'), path.join(project.dir, 'config'), {
      recursive: true,
    });
    copyFixtureSources(OUTBOX_FIXTURE, project.dir, orm);
    fs.cpSync(path.join(FIXTURE, 'src'), path.join(project.dir, 'src'), { recursive: true });
    await project.appgen(['build']);
    return { project, database };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/** Waits until `done()` holds, checking every 250 ms; fails with `describe()` after `ms`. */
async function eventually(done: () => boolean, ms: number, describe: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not reached within ${ms} ms: ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// Issue 37: one build run as three `next start` instances on one PostgreSQL database behind a
// round-robin balancer, as a deployment runs it. The log-in throttle counts across instances;
// events are recorded in the write's transaction and run by the instances' workers with retries;
// an instance killed with SIGKILL under load loses no committed write and no event; a scheduled
// job runs once per minute across the instances; a production start without the session secret
// exits and writes nothing. Per ORM, one build each, which the outbox's PostgreSQL cases reuse.
describe.each(ORMS)('production: three instances on PostgreSQL (orm %s)', (orm) => {
  let project: TestProject;
  let database: { url: string; drop(): Promise<void> };
  let instances: RunningServer[] = [];
  let proxy: RoundRobinProxy;
  const sql = (text: string) => psql(text, database.url);
  const runs = () => readJsonLines<EventRun>(path.join(project.dir, 'events.log'));
  // A request whose connection is cut (its instance killed mid-answer) counts as status 0: the
  // client never learnt whether the write committed.
  const createNote = async (title: string) => {
    try {
      const answer = await fetch(`${proxy.url}/api/notes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title }),
        signal: AbortSignal.timeout(30_000),
      });
      const body = (await answer.json()) as { id?: string };
      return { status: answer.status, id: answer.ok ? (body.id ?? null) : null };
    } catch {
      return { status: 0, id: null };
    }
  };
  const storedNotes = async (prefix: string): Promise<string[]> =>
    (await sql(`select id from "Note" where title like '${prefix}%' order by id`))
      .split('\n')
      .filter(Boolean);

  beforeAll(async () => {
    ({ project, database } = await productionBuild(orm));
    instances = await Promise.all(
      Array.from({ length: INSTANCES }, () => startBuiltApp(project.dir, project.env)),
    );
    proxy = await startRoundRobinProxy(instances.map((instance) => instance.url));
  });

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.drop();
  });

  it('counts failed log-ins across the instances: of 15 wrong passwords for one identity, at least 10 answer 429', async () => {
    const email = 'ada@example.com';
    const signUp = await request(proxy.url, 'POST', '/api/signup', {
      name: 'Ada',
      email,
      password: 'correct horse 9',
    });
    expect(signUp.status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++)
      statuses.push(
        (await request(proxy.url, 'POST', '/api/login', { email, password: `wrong ${i}` })).status,
      );
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
    // Spread over every instance by the balancer.
    expect(proxy.sent.every((count) => count >= 5)).toBe(true);
  });

  it('runs the event of each of 200 creates once, on its second attempt (the first fails on purpose)', async () => {
    const answers = await load(200, 8, (i) => createNote(`retry ${i}`));
    expect(answers.filter((answer) => answer.status !== 201)).toEqual([]);
    const created = new Set(answers.map((answer) => answer.id as string));
    const succeeded = () => runs().filter((run) => created.has(run.recordId));
    await eventually(
      () => new Set(succeeded().map((run) => run.recordId)).size === created.size,
      60_000,
      () => `${new Set(succeeded().map((run) => run.recordId)).size} of ${created.size} events ran`,
    );
    const mine = succeeded();
    // Once each: one successful run per record, on attempt 2, one event id per record.
    expect(mine.length).toBe(200);
    expect(new Set(mine.map((run) => run.id)).size).toBe(200);
    expect(mine.filter((run) => run.attempt !== 2)).toEqual([]);
    // The instances share the work.
    expect(new Set(mine.map((run) => run.pid)).size).toBeGreaterThan(1);
    expect(
      await sql(`select status, count(*) from "AppgenEvent" where status <> 'done' group by 1`),
    ).toBe('');
  });

  it('loses no committed write and no event when an instance is killed with SIGKILL during 400 creates', async () => {
    const victim = instances[1];
    let killed = false;
    const answers = await load(400, 8, async (i) => {
      if (i === 150 && victim.child.pid !== undefined) {
        process.kill(-victim.child.pid, 'SIGKILL');
        killed = true;
      }
      return createNote(`kill ${i}`);
    });
    expect(killed).toBe(true);
    const acknowledged = answers.filter((answer) => answer.status === 201).map((a) => a.id);
    // The balancer keeps sending a third of the requests to the dead instance: 502.
    expect(answers.filter((a) => a.status !== 201 && a.status !== 502 && a.status !== 0)).toEqual(
      [],
    );
    expect(acknowledged.length).toBeGreaterThan(200);
    const stored = await storedNotes('kill ');
    // Every write answered 2xx is stored (some stored ones may have lost their answer).
    expect(acknowledged.filter((id) => !stored.includes(id as string))).toEqual([]);
    // Every stored record's event runs, also those the dead instance had claimed or not yet run.
    const ran = () => new Set(runs().map((run) => run.recordId));
    await eventually(
      () => stored.every((id) => ran().has(id)),
      90_000,
      () => `${stored.filter((id) => !ran().has(id)).length} of ${stored.length} events not run`,
    );
  });

  it('runs each minute of a scheduled job once across the three instances', async () => {
    const ticks = () =>
      readJsonLines<{ id: string; scheduledAt: string }>(path.join(project.dir, 'jobs.log'));
    await eventually(
      () => ticks().length > 0,
      70_000,
      () => 'no run of minuteTick',
    );
    const minutes = ticks().map((tick) => tick.scheduledAt);
    expect(minutes.every((at) => new Date(at).getUTCSeconds() === 0)).toBe(true);
    // Once each: no scheduled minute ran twice, however many instances looked.
    expect(new Set(minutes).size).toBe(minutes.length);
    expect(ticks().every((tick) => tick.id === `job:minuteTick:${tick.scheduledAt}`)).toBe(true);
  });

  // Issue 49, item 2: `next build` copies .env into .next/standalone, whose server.js would load
  // it; `appgen build` takes it out again, so the development secret ships nowhere.
  it('the standalone output holds no .env file and nowhere the secret of .env', () => {
    const standalone = path.join(project.dir, '.next', 'standalone');
    const files = fs
      .readdirSync(standalone, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
    expect(files.some((file) => path.basename(file) === 'server.js')).toBe(true);
    expect(files.filter((file) => /^\.env/.test(path.basename(file)))).toEqual([]);
    const secret = Buffer.from(dotenvSecret(project.dir));
    expect(files.filter((file) => fs.readFileSync(file).includes(secret))).toEqual([]);
  });

  // Issue 49, items 2 and 6: settings a production server refuses at start, before it serves.
  it.each<[string, NodeJS.ProcessEnv, RegExp]>([
    [
      'the development secret of .env',
      { APPGEN_SESSION_SECRET: undefined },
      /APPGEN_SESSION_SECRET is the development secret from \.env \(it starts with "appgen-dev-"\)/,
    ],
    [
      'APPGEN_TRUST_PROXY=99',
      { APPGEN_TRUST_PROXY: '99' },
      /APPGEN_TRUST_PROXY is "99", not a number of proxies from 0 to 10/,
    ],
    [
      'APPGEN_TRUSTED_ORIGINS with a path',
      { APPGEN_TRUSTED_ORIGINS: 'https://admin.example/' },
      /APPGEN_TRUSTED_ORIGINS: "https:\/\/admin\.example\/" is not an origin as browsers send it .*did you mean https:\/\/admin\.example\?/,
    ],
  ])('a production start with %s exits 1 saying what to fix', async (_, change, message) => {
    const env: NodeJS.ProcessEnv = { ...project.env, NODE_ENV: 'production', ...change };
    for (const name of Object.keys(change)) if (change[name] === undefined) delete env[name];
    const result = await runBuiltAppUntilExit(project.dir, env, { timeoutMs: 30_000 });
    expect(result.code).toBe(1);
    expect(result.output).toContain('[appgen] the server cannot start');
    expect(result.output).toMatch(message);
  });

  it('a production start without the session secret exits non-zero and writes nothing', async () => {
    const before = await sql(`select count(*) from "User"`);
    const statuses: number[] = [];
    const result = await runBuiltAppUntilExit(
      project.dir,
      { ...project.env, NODE_ENV: 'production', APPGEN_SESSION_SECRET: '' },
      {
        whileRunning: async (url) => {
          for (let i = 0; i < 10; i++) {
            statuses.push(
              await fetch(`${url}/api/signup`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', origin: url },
                body: JSON.stringify({
                  name: 'Eve',
                  email: `eve${i}@example.com`,
                  password: 'x',
                }),
              }).then(
                (answer) => answer.status,
                () => 0,
              ),
            );
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        },
      },
    );
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(result.output).toContain('APPGEN_SESSION_SECRET');
    expect(statuses.filter((status) => status !== 0)).toEqual([]);
    expect(await sql(`select count(*) from "User"`)).toBe(before);
  });
  // Issue 55 §1 and §5: the created project's `npm start` (`appgen start`) serves the standalone
  // output with its static files; run here by the Node.js of the LTS line the Dockerfile uses,
  // from the npm registry when the machine's own is older: appgen, then server.js, run on it.
  it(`appgen start on Node.js ${LTS_NODE_MAJOR} serves the standalone build, its static files and its database`, async () => {
    const node = await ltsNode();
    if (!node)
      return console.warn(
        `no Node.js ${LTS_NODE_MAJOR} for ${process.platform}-${process.arch}: skipped`,
      );
    expect((await runOk(node, ['--version'])).stdout).toMatch(new RegExp(`^v${LTS_NODE_MAJOR}\\.`));
    const port = await freePort();
    const server = await startServer(
      node,
      [APPGEN, 'start', '-p', String(port), '-H', '127.0.0.1'],
      {
        cwd: project.dir,
        env: project.env,
        port,
        readyPath: '/api/health/live',
      },
    );
    try {
      const health = await request(server.url, 'GET', '/api/health');
      expect([health.status, health.body]).toEqual([
        200,
        { status: 'ok', checks: { database: 'ok', tables: expect.any(Number) } },
      ]);
      const created = await request(server.url, 'POST', '/api/notes', { title: 'on the LTS' });
      expect(created.status).toBe(201);
      const id = (created.body as { id: string }).id;
      expect(await sql(`select title from "Note" where id = '${id}'`)).toBe('on the LTS');
      const read = await request(server.url, 'GET', `/api/notes/${id}`);
      expect([read.status, read.body]).toEqual([
        200,
        expect.objectContaining({ title: 'on the LTS' }),
      ]);
      // The static files Next.js leaves out of the standalone output, copied beside server.js.
      const chunks = path.join(project.dir, '.next', 'static', 'chunks');
      const chunk = fs.readdirSync(chunks).find((file) => file.endsWith('.js')) as string;
      const served = await fetch(`${server.url}/_next/static/chunks/${chunk}`);
      expect(served.status).toBe(200);
      expect(server.output()).not.toMatch(/does not work with "?output: standalone/);
    } finally {
      await server.stop();
    }
  });
});

// The outbox's cases (support/outbox.ts) on PostgreSQL, after the production cases: one more
// instance of each build, on a database of its own (pushed by `appgen db push`).
for (const orm of ORMS)
  describeOutbox(orm, 'postgresql', async () => {
    const { project } = await productionBuild(orm);
    const database = await createTestDatabase();
    const env = { ...project.env, DATABASE_URL: database.url };
    await runOk(process.execPath, [APPGEN, 'db', 'push'], { cwd: project.dir, env });
    return { dir: project.dir, env, release: database.drop };
  });
