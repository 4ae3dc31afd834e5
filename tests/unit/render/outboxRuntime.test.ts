import fs from 'fs';
import path from 'path';
import { GOLDEN_DIR } from '../support/paths';
import { evaluateModule } from '../support/typescriptSource';

// The generated worker (src/appgen/outbox.ts of the links golden case; it is the same for every
// project) run as it is over an in-memory outbox that keeps the store's contract: each claim and
// each outcome is a compare-and-set on the row's attempts. The ORMs' queries are run by the e2e
// tests (tests/e2e/outbox.test.ts) on both ORMs and both databases.
const SOURCE = fs.readFileSync(
  path.join(GOLDEN_DIR, 'links', 'expected', 'src', 'appgen', 'outbox.ts'),
  'utf8',
);

interface Row {
  id: string;
  kind: string;
  name: string;
  payload: unknown;
  status: 'pending' | 'done' | 'failed';
  attempts: number;
  maxAttempts: number;
  runAt: number;
  lockedUntil: number | null;
  lastError: string | null;
}

interface Handler {
  run(row: { id: string; name: string; payload: unknown; attempt: number }): unknown;
  retryDelaySeconds: number;
  timeoutSeconds: number;
}

/** The outbox table in memory, with the store's statements. */
function memoryOutbox(rows: Row[]) {
  const unchanged = (id: string, attempts: number) =>
    rows.find((r) => r.id === id && r.attempts === attempts && r.status === 'pending');
  const set = (id: string, attempts: number, change: Partial<Row>) => {
    const row = unchanged(id, attempts);
    if (row) Object.assign(row, change);
    return row !== undefined;
  };
  return {
    rows,
    store: {
      due: async (now: Date, limit: number) =>
        rows
          .filter(
            (r) =>
              r.status === 'pending' &&
              r.runAt <= now.getTime() &&
              (r.lockedUntil === null || r.lockedUntil < now.getTime()),
          )
          .slice(0, limit)
          .map((r) => ({ ...r })),
      claim: async (row: Row, lockedUntil: Date) =>
        set(row.id, row.attempts, {
          attempts: row.attempts + 1,
          lockedUntil: lockedUntil.getTime(),
        }),
      done: async (id: string, attempts: number) =>
        void set(id, attempts, { status: 'done', lockedUntil: null }),
      retryAt: async (id: string, attempts: number, runAt: Date, error: string) =>
        void set(id, attempts, { runAt: runAt.getTime(), lockedUntil: null, lastError: error }),
      fail: async (id: string, attempts: number, _now: Date, error: string) =>
        void set(id, attempts, { status: 'failed', lockedUntil: null, lastError: error }),
      release: async (id: string, attempts: number) =>
        void set(id, attempts, { attempts: attempts - 1, lockedUntil: null }),
      purgeDone: async () => 0,
      insertIfAbsent: async () => false,
    },
  };
}

const row = (id: string, name: string, change: Partial<Row> = {}): Row => ({
  id,
  kind: 'event',
  name,
  payload: { model: 'Note', operation: 'create', record: { id: `note-${id}` }, userId: null },
  status: 'pending',
  attempts: 0,
  maxAttempts: 3,
  runAt: 0,
  lockedUntil: null,
  lastError: null,
  ...change,
});

type Worker = { start(): void; wake(): void; stop(waitMs?: number): Promise<void> };

/** The worker module with these handlers, and workers over one outbox. */
function outboxOf(handlers: Record<string, Handler>, rows: Row[]) {
  const outbox = memoryOutbox(rows);
  const module = evaluateModule('outbox.ts', SOURCE, {
    './outboxHandlers': { OUTBOX_HANDLERS: { event: handlers, job: {} }, dueJobRows: () => [] },
    './outboxStore': { outboxStore: outbox.store },
  }) as {
    OutboxWorker: new (store: unknown) => Worker;
    retryDelayMs(attempt: number, seconds: number): number;
    errorText(error: unknown): string;
  };
  return { ...outbox, module, worker: () => new module.OutboxWorker(outbox.store) };
}

async function until(what: string, probe: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

jest.setTimeout(30_000);
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

describe('backoff and errors', () => {
  const { module } = outboxOf({}, []);

  it('waits the delay, doubled for each later attempt, at most an hour', () => {
    expect([1, 2, 3, 4].map((attempt) => module.retryDelayMs(attempt, 10))).toEqual([
      10_000, 20_000, 40_000, 80_000,
    ]);
    expect(module.retryDelayMs(20, 10)).toBe(3_600_000);
  });

  it('keeps the stack of an error, cut to 2000 characters', () => {
    const error = new Error('x'.repeat(5000));
    expect(module.errorText(error)).toHaveLength(2000);
    expect(module.errorText(new Error('boom'))).toMatch(/^Error: boom\n\s+at /);
    expect(module.errorText('plain')).toBe('plain');
  });
});

describe('the worker', () => {
  const handler = (run: Handler['run'], retryDelaySeconds = 0.05): Handler => ({
    run,
    retryDelaySeconds,
    timeoutSeconds: 60,
  });

  it('retries a failing event with the same id and the next attempt, then marks it done', async () => {
    const seen: Array<[string, number]> = [];
    const { rows, worker } = outboxOf(
      {
        flaky: handler(({ id, attempt }) => {
          seen.push([id, attempt]);
          if (attempt === 1) throw new Error('first attempt fails');
        }),
      },
      [row('e1', 'flaky')],
    );
    const w = worker();
    w.start();
    await until('done', () => rows[0].status === 'done');
    await w.stop(0);
    expect(seen).toEqual([
      ['e1', 1],
      ['e1', 2],
    ]);
    expect(rows[0]).toMatchObject({ attempts: 2, lockedUntil: null });
    expect(rows[0].lastError).toMatch(/^Error: first attempt fails/);
  });

  it('keeps an event that fails every attempt as failed, with its last error', async () => {
    let runs = 0;
    const { rows, worker } = outboxOf(
      {
        broken: handler(() => {
          runs += 1;
          throw new Error(`refused ${runs}`);
        }),
      },
      [row('e1', 'broken', { maxAttempts: 2 })],
    );
    const w = worker();
    w.start();
    await until('failed', () => rows[0].status === 'failed');
    await w.stop(0);
    expect(runs).toBe(2);
    expect(rows[0]).toMatchObject({ attempts: 2, lockedUntil: null });
    expect(rows[0].lastError).toMatch(/^Error: refused 2\n/);
  });

  it('runs each event once across workers that share the outbox (one claim each)', async () => {
    const runs: string[] = [];
    const rows = Array.from({ length: 30 }, (_, i) => row(`e${i}`, 'counted'));
    const shared = outboxOf(
      {
        counted: handler(async ({ id }) => {
          runs.push(id);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }),
      },
      rows,
    );
    const workers = [shared.worker(), shared.worker(), shared.worker()];
    for (const w of workers) w.start();
    await until('all done', () => rows.every((r) => r.status === 'done'));
    await Promise.all(workers.map((w) => w.stop(0)));
    expect(runs.sort()).toEqual(rows.map((r) => r.id).sort());
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });

  it('fails an event whose last attempt was claimed by an instance that stopped, and one without a handler', async () => {
    const { rows, worker } = outboxOf({ known: handler(() => {}) }, [
      row('e1', 'known', { attempts: 3, maxAttempts: 3, lockedUntil: 1 }),
      row('e2', 'removedFromConfig'),
    ]);
    const w = worker();
    w.start();
    await until('both failed', () => rows.every((r) => r.status === 'failed'));
    await w.stop(0);
    expect(rows[0].lastError).toBe(
      'the instance running its last attempt stopped before it finished',
    );
    expect(rows[1].lastError).toBe(
      'no handler for event "removedFromConfig" (removed from config?)',
    );
  });

  it('takes over an event whose claim expired, counting the attempt', async () => {
    const { rows, worker } = outboxOf({ known: handler(() => {}) }, [
      row('e1', 'known', { attempts: 1, lockedUntil: Date.now() - 1000 }),
    ]);
    const w = worker();
    w.start();
    await until('done', () => rows[0].status === 'done');
    await w.stop(0);
    expect(rows[0].attempts).toBe(2);
  });

  it('on stop, waits for running handlers, then gives back the claims of those still running', async () => {
    let finishQuick: () => void = () => {};
    const { rows, worker } = outboxOf(
      {
        quick: handler(() => new Promise<void>((resolve) => (finishQuick = resolve))),
        stuck: handler(() => new Promise(() => {})),
      },
      [row('e1', 'quick'), row('e2', 'stuck')],
    );
    const w = worker();
    w.start();
    await until('both claimed', () => rows.every((r) => r.attempts === 1));
    const stopped = w.stop(200);
    finishQuick();
    await stopped;
    expect(rows[0]).toMatchObject({ status: 'done', attempts: 1 });
    expect(rows[1]).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
  });
});
