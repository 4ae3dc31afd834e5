import path from 'path';
import { openAppDatabase, type AppDatabase } from './appDatabase';
import { request } from './http';
import { readJsonLines } from './jsonLines';
import type { Orm } from './orms';
import { APPGEN, REPO_ROOT } from './paths';
import { runOk, type RunResult } from './run';
import { RunningServer, startBuiltApp } from './server';

// The outbox (issue 37, part 1) on one ORM x database: events recorded in the write's
// transaction, run by the worker of the server process with retries, failures kept and retried
// with `appgen events`, claims given back on SIGTERM. outbox.test.ts runs it on SQLite (a build of
// the outbox fixture per ORM), production.test.ts on PostgreSQL (on its own builds, whose fixture
// adds the outbox fixture's models, routes, events and handlers).
export const OUTBOX_FIXTURE = path.join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'outbox');

/**
 * A built project whose config includes the outbox fixture's, and the environment its instance
 * runs with (DATABASE_URL: a database of its own, already in line with the models, or none for
 * the embedded SQLite file). `release` (optional) runs after the instance stopped, e.g. to drop
 * the database.
 */
export interface OutboxApp {
  dir: string;
  env: NodeJS.ProcessEnv;
  release?: () => Promise<void>;
}

interface LogLine {
  event: string;
  id: string;
  attempt: number;
  operation: string;
  name: string | null;
  recordId: string | null;
  userId: string | null;
  count?: number | null;
}

interface OutboxRow {
  id: string;
  name: string;
  status: string;
  attempts: number;
  maxAttempts: number;
  lockedUntil: unknown;
  lastError: string | null;
  payload: unknown;
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The outbox's cases on one instance of `prepare()`'s build, which nothing else uses meanwhile
 * (its last case stops the instance with SIGTERM).
 */
export function describeOutbox(
  orm: Orm,
  database: 'sqlite' | 'postgresql',
  prepare: () => Promise<OutboxApp>,
): void {
  describe(`the outbox (orm ${orm}, ${database})`, () => outboxCases(orm, database, prepare));
}

function outboxCases(
  orm: Orm,
  database: 'sqlite' | 'postgresql',
  prepare: () => Promise<OutboxApp>,
): void {
  let app: OutboxApp;
  let server: RunningServer;
  let base: string;
  let db: AppDatabase;

  const log = () => readJsonLines<LogLine>(path.join(app.dir, 'outbox.log'));
  const linesOf = (event: string, name: string) =>
    log().filter((line) => line.event === event && line.name === name);
  // The events' rows, not the runs of scheduled jobs (ids `job:<name>:<time>`), which the
  // production fixture's minute job adds to the same table whatever the requests do.
  const rows = async (where = 'true', params: unknown[] = []) =>
    (await db.rows(
      `select "id", "name", "status", "attempts", "maxAttempts", "lockedUntil", "lastError", "payload" from "AppgenEvent" where "id" not like 'job:%' and (${where}) order by "createdAt", "id"`,
      params,
    )) as unknown as OutboxRow[];
  const appgen = (args: string[]): Promise<RunResult> =>
    runOk(process.execPath, [APPGEN, ...args], { cwd: app.dir, env: app.env, timeoutMs: 600_000 });
  /** The rows of the events of the record named `name` (SQLite gives the payload as JSON text). */
  const rowsFor = async (name: string) =>
    (await rows()).filter((row) => {
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      return (payload as { record: { name?: string } }).record?.name === name;
    });
  const create = async (name: string) => {
    const created = await request(base, 'POST', '/api/items', { name });
    expect(created.status).toBe(201);
    return created.body as { id: string; name: string; count: number };
  };

  beforeAll(async () => {
    app = await prepare();
    server = await startBuiltApp(app.dir, app.env);
    base = server.url;
    db = await openAppDatabase(app.dir, orm, app.env.DATABASE_URL);
  });

  afterAll(async () => {
    await server?.stop();
    await db?.close();
    await app?.release?.();
  });

  it('runs an inRequest event before the answer, and a worker event soon after, once, with its row id and the record as JSON', async () => {
    const item = await create('plain');
    // inRequest: already run when the answer came.
    expect(linesOf('noted', 'plain')).toEqual([
      expect.objectContaining({ attempt: 1, operation: 'create', recordId: item.id }),
    ]);
    const [logged] = await until('itemLogged of plain', async () => {
      const lines = linesOf('itemLogged', 'plain');
      return lines.length > 0 ? lines : undefined;
    });
    const [row] = (await rowsFor('plain')).filter((r) => r.name === 'itemLogged');
    expect(logged).toEqual({
      event: 'itemLogged',
      id: row.id,
      attempt: 1,
      operation: 'create',
      name: 'plain',
      recordId: item.id,
      userId: null,
      count: 0,
    });
    await until('itemLogged of plain done', async () =>
      (await rowsFor('plain')).find((r) => r.name === 'itemLogged')?.status === 'done'
        ? true
        : undefined,
    );
    // Only worker events have rows: itemLogged, flaky, broken, slow (not noted).
    expect((await rowsFor('plain')).map((r) => r.name).sort()).toEqual([
      'broken',
      'flaky',
      'itemLogged',
      'slow',
    ]);
    expect(linesOf('itemLogged', 'plain')).toHaveLength(1);
  });

  it('records the events of updates, deletes and function routes', async () => {
    const item = await create('changing');
    expect(
      (await request(base, 'PATCH', `/api/items/${item.id}`, { count: 7 })).body,
    ).toMatchObject({ count: 7 });
    expect((await request(base, 'DELETE', `/api/items/${item.id}`)).status).toBe(200);
    const imported = await request(base, 'POST', '/api/items/import', { name: 'imported' });
    expect(imported.status).toBe(200);
    await until('the events of changing and imported', async () =>
      linesOf('itemLogged', 'changing').length === 3 &&
      linesOf('itemLogged', 'imported').length === 1
        ? true
        : undefined,
    );
    expect(
      linesOf('itemLogged', 'changing')
        .map((line) => `${line.operation} ${line.count}`)
        .sort(),
    ).toEqual(['create 0', 'delete 7', 'update 7']);
    expect(linesOf('itemLogged', 'imported')[0]).toMatchObject({
      operation: 'create',
      recordId: (imported.body as { id: string }).id,
    });
  });

  it('records nothing for a write that fails or is refused', async () => {
    await create('taken');
    const before = (await rows()).length;
    expect((await request(base, 'POST', '/api/items', { name: 'taken' })).status).toBe(409);
    expect(
      (
        await request(base, 'PATCH', '/api/items/00000000-0000-4000-8000-000000000000', {
          count: 1,
        })
      ).status,
    ).toBe(404);
    expect((await request(base, 'POST', '/api/items', { name: 42 })).status).toBe(400);
    expect((await rows()).length).toBe(before);
  });

  it('retries a failing event: the second attempt, with the same id, succeeds once', async () => {
    await create('flaky-1');
    const [first, second] = await until('two attempts of flaky', async () => {
      const lines = linesOf('flaky', 'flaky-1');
      return lines.length >= 2 ? lines : undefined;
    });
    expect([first.attempt, second.attempt]).toEqual([1, 2]);
    expect(second.id).toBe(first.id);
    const row = await until('flaky done', async () => {
      const [found] = await rows(`"id" = $1 and "status" = 'done'`, [first.id]);
      return found;
    });
    expect(row).toMatchObject({ attempts: 2, lockedUntil: null });
    expect(row.lastError).toContain('flaky fails its first attempt');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(linesOf('flaky', 'flaky-1')).toHaveLength(2);
  });

  it('keeps an event that fails every attempt as failed; appgen events failed lists it, retry runs it again', async () => {
    await create('broken-1');
    const row = await until('broken failed', async () => {
      const found = (await rowsFor('broken-1')).find((r) => r.name === 'broken');
      return found?.status === 'failed' ? found : undefined;
    });
    expect(row).toMatchObject({ attempts: 2, maxAttempts: 2, lockedUntil: null });
    expect(row.lastError).toMatch(/^Error: broken refuses broken-1\nsecond line\n\s+at /);
    expect(linesOf('broken', 'broken-1').map((line) => line.attempt)).toEqual([1, 2]);

    const failed = await appgen(['events', 'failed']);
    const listed = failed.stdout.split('\n').find((line) => line.startsWith(row.id));
    expect(listed).toMatch(
      new RegExp(
        `^${row.id} {2}broken {2}attempts 2 {2}\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z {2}Error: broken refuses broken-1$`,
      ),
    );

    const retried = await appgen(['events', 'retry', row.id]);
    expect(retried.stdout).toContain(`retry ${row.id}`);
    await until('broken failed again', async () =>
      linesOf('broken', 'broken-1').length === 4 &&
      (await rows(`"id" = $1 and "status" = 'failed'`, [row.id])).length === 1
        ? true
        : undefined,
    );
    expect(linesOf('broken', 'broken-1').map((line) => line.attempt)).toEqual([1, 2, 1, 2]);
    // --all-failed: every failed event, this one too.
    const again = await appgen(['events', 'retry', '--all-failed']);
    expect(again.stdout).toContain(`retry ${row.id}`);
    await until('broken failed a third time', async () =>
      linesOf('broken', 'broken-1').length === 6 &&
      (await rows(`"id" = $1 and "status" = 'failed'`, [row.id])).length === 1
        ? true
        : undefined,
    );
  });

  // Last: it stops the server.
  it('gives back the claim of an event still running when the server gets SIGTERM', async () => {
    await create('slow-1');
    await until('slow started', async () =>
      linesOf('slow', 'slow-1').length === 1 ? true : undefined,
    );
    const [claimed] = (await rowsFor('slow-1')).filter((r) => r.name === 'slow');
    expect(claimed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(claimed.lockedUntil).not.toBeNull();
    const child = server.child;
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const started = Date.now();
    process.kill(-(child.pid as number), 'SIGTERM');
    const code = await exited;
    const took = Date.now() - started;
    // Next.js exits with 143 after SIGTERM; the worker held it until the claim was given back.
    expect(code).toBe(143);
    expect(took).toBeGreaterThanOrEqual(9_000);
    expect(server.output()).toContain('gave back 1 unfinished event(s) at shutdown');
    const [released] = await rows(`"id" = $1`, [claimed.id]);
    expect(released).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    process.stdout.write(`[outbox ${orm} ${database}] SIGTERM to exit: ${took} ms\n`);
  });
}
