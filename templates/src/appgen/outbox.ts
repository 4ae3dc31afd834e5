import { dueJobRows, OUTBOX_HANDLERS, type OutboxHandler } from "./outboxHandlers";
import { outboxStore } from "./outboxStore";

/**
 * The outbox's worker: each server process runs one (started by startServer,
 * src/appgen/startup.ts). Routes record their events as rows of `AppgenEvent` in the transaction of
 * their write; the worker claims due rows one at a time across every instance, runs their handlers
 * and records the outcome. Delivery is at least once: a handler may run again after a failure, or
 * when the instance running it stopped before it finished (its claim's lease, `lockedUntil`,
 * expired).
 */

/** A row as the worker reads it. */
export interface OutboxRow {
  id: string;
  /** "event" or "job". */
  kind: string;
  name: string;
  payload: unknown;
  /** Attempts started so far. */
  attempts: number;
  maxAttempts: number;
}

/**
 * A job's row, added only when no row has its id (scheduled runs: one per run across instances).
 */
export interface NewOutboxRow {
  id: string;
  kind: "event" | "job";
  name: string;
  payload: { [key: string]: unknown };
  maxAttempts: number;
  runAt: Date;
}

/** The outbox's queries, in the project's ORM (src/appgen/outboxStore.ts). */
export interface OutboxStore {
  /**
   * Up to `limit` rows to run now: pending, due, not claimed or with an expired claim; oldest
   * first.
   */
  due(now: Date, limit: number): Promise<OutboxRow[]>;
  /**
   * Claims a row read by due() when no one else did meanwhile (its attempts unchanged): true when
   * this process got it.
   */
  claim(row: OutboxRow, lockedUntil: Date): Promise<boolean>;
  /** The claimed attempt (`attempts`) succeeded. */
  done(id: string, attempts: number, now: Date): Promise<void>;
  /** The claimed attempt failed: run again at `runAt`. */
  retryAt(id: string, attempts: number, runAt: Date, error: string): Promise<void>;
  /** The row will not run again (`attempts` is the attempt read, or the one claimed). */
  fail(id: string, attempts: number, now: Date, error: string): Promise<void>;
  /** Gives a claim back unfinished (shutdown): not claimed, its attempt not counted. */
  release(id: string, attempts: number): Promise<void>;
  /** Deletes done rows finished before `before`; returns how many. */
  purgeDone(before: Date): Promise<number>;
  /** Adds a row unless one with its id exists: true when added. */
  insertIfAbsent(row: NewOutboxRow): Promise<boolean>;
}

/** Handlers one process runs at once. */
const CONCURRENCY = 4;
/** The wait between two looks at the outbox when nothing woke the worker, ±25%. */
const POLL_MS = 1000;
/** The longest wait before a retry, however many attempts failed. */
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
/** Done rows are deleted this long after they finished; failed rows are kept. */
const KEEP_DONE_MS = 7 * 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;
/**
 * On SIGTERM or SIGINT, how long running handlers may finish before their claims are given back.
 */
const SHUTDOWN_WAIT_MS = 10_000;
/** What lastError keeps of an error (its message and stack). */
const MAX_ERROR_LENGTH = 2000;

/**
 * The wait before attempt `attempt + 1` after attempt `attempt` failed: the event's delay, doubled
 * each time, at most an hour.
 */
export function retryDelayMs(attempt: number, retryDelaySeconds: number): number {
  return Math.min(retryDelaySeconds * 1000 * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);
}

/** An error as lastError keeps it: its stack (which starts with the message), cut to a length. */
export function errorText(error: unknown): string {
  const text =
    error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

/** The handler of a row: an event's by its name, a job's by its name. */
function handlerOf(row: OutboxRow): OutboxHandler | undefined {
  const handlers: Record<string, OutboxHandler> | undefined =
    row.kind === "event" || row.kind === "job" ? OUTBOX_HANDLERS[row.kind] : undefined;
  return handlers && Object.hasOwn(handlers, row.name) ? handlers[row.name] : undefined;
}

export class OutboxWorker {
  private readonly running = new Map<string, { attempts: number; finished: Promise<void> }>();
  private timer: NodeJS.Timeout | undefined;
  private looking = false;
  private lookAgain = false;
  private stopped = false;
  private lastPurge = 0;
  private lastProblem = "";

  /**
   * The end of the last window of scheduled runs added: runs due before the worker started are
   * skipped, as cron does.
   */
  private scheduledUpTo = new Date();

  constructor(
    private readonly store: OutboxStore = outboxStore,
    private readonly jobRows: (after: Date, upTo: Date) => NewOutboxRow[] = dueJobRows,
  ) {}

  start(): void {
    this.schedule(0);
  }

  /** Looks at the outbox now (rows were just committed) rather than at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.looking) this.lookAgain = true;
    else this.schedule(0);
  }

  /**
   * Stops claiming, waits up to `waitMs` for the running handlers, then gives back the claims of
   * those still running (another instance runs them again).
   */
  async stop(waitMs = SHUTDOWN_WAIT_MS): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    await Promise.race([
      Promise.all([...this.running.values()].map((run) => run.finished)),
      waited,
    ]);
    clearTimeout(timer);
    const unfinished = [...this.running.entries()];
    await Promise.all(
      unfinished.map(([id, run]) =>
        this.store
          .release(id, run.attempts)
          .catch((error) => this.problem("could not give back a claim", error)),
      ),
    );
    if (unfinished.length > 0)
      console.warn(
        `[appgen] outbox: gave back ${unfinished.length} unfinished event(s) at shutdown; ` +
          "another instance runs them",
      );
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.look(), delayMs);
    this.timer.unref();
  }

  /** Claims and starts due rows while this process has room, then waits for the next poll. */
  private async look(): Promise<void> {
    if (this.stopped) return;
    this.looking = true;
    try {
      await this.scheduleJobs();
      do {
        this.lookAgain = false;
        await this.claimDue();
      } while (this.lookAgain && !this.stopped);
      await this.purge();
      this.lastProblem = "";
    } catch (error) {
      this.problem("could not read the outbox", error);
    } finally {
      this.looking = false;
      if (!this.stopped) this.schedule(POLL_MS * (0.75 + Math.random() / 2));
    }
  }

  /**
   * Adds the rows of the jobs' runs due since the last look, each unless a row of its id exists
   * (another instance added it): one row, so one run, per scheduled time across instances. The
   * window moves on only when every row is in; after a failure the next look adds them.
   */
  private async scheduleJobs(): Promise<void> {
    const upTo = new Date();
    for (const row of this.jobRows(this.scheduledUpTo, upTo)) await this.store.insertIfAbsent(row);
    this.scheduledUpTo = upTo;
  }

  private async claimDue(): Promise<void> {
    const room = CONCURRENCY - this.running.size;
    if (room <= 0) return;
    const now = new Date();
    // A few more than there is room for: other instances may claim some first.
    for (const row of await this.store.due(now, room * 2)) {
      if (this.stopped || this.running.size >= CONCURRENCY) return;
      if (this.running.has(row.id)) continue;
      if (row.attempts >= row.maxAttempts) {
        // Claimed for its last attempt by an instance that stopped before it finished.
        await this.store.fail(
          row.id,
          row.attempts,
          now,
          "the instance running its last attempt stopped before it finished",
        );
        continue;
      }
      const handler = handlerOf(row);
      if (!handler) {
        await this.store.fail(
          row.id,
          row.attempts,
          now,
          `no handler for ${row.kind} "${row.name}" (removed from config?)`,
        );
        continue;
      }
      const lease = new Date(now.getTime() + handler.timeoutSeconds * 1000);
      if (await this.store.claim(row, lease)) this.run(row, handler);
    }
  }

  private run(row: OutboxRow, handler: OutboxHandler): void {
    const attempt = row.attempts + 1;
    const finished = this.attempt(row, handler, attempt).finally(() => {
      this.running.delete(row.id);
      // A slot is free: there may be more due rows.
      this.wake();
    });
    this.running.set(row.id, { attempts: attempt, finished });
  }

  private async attempt(row: OutboxRow, handler: OutboxHandler, attempt: number): Promise<void> {
    let failure: unknown;
    try {
      await handler.run({ id: row.id, name: row.name, payload: row.payload, attempt });
    } catch (error) {
      failure = error ?? new Error("the handler threw nothing");
    }
    // Each outcome is recorded only while the claim is this attempt's (the row's attempts
    // unchanged): after a shutdown gave it back, or another instance took over an expired claim, it
    // is not.
    try {
      const now = new Date();
      if (failure === undefined) await this.store.done(row.id, attempt, now);
      else if (attempt >= row.maxAttempts) {
        console.error(
          `[appgen] ${row.kind} ${row.name} (${row.id}) ` +
            `failed for good after ${attempt} attempt(s):`,
          failure,
        );
        await this.store.fail(row.id, attempt, now, errorText(failure));
      } else {
        console.error(
          `[appgen] ${row.kind} ${row.name} (${row.id}) failed ` +
            `(attempt ${attempt} of ${row.maxAttempts}); it runs again later:`,
          failure,
        );
        await this.store.retryAt(
          row.id,
          attempt,
          new Date(now.getTime() + retryDelayMs(attempt, handler.retryDelaySeconds)),
          errorText(failure),
        );
      }
    } catch (error) {
      // The outcome is not recorded: the claim expires and the row runs again (at least once).
      this.problem(`could not record the outcome of ${row.kind} ${row.name} (${row.id})`, error);
    }
  }

  private async purge(): Promise<void> {
    if (Date.now() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = Date.now();
    await this.store.purgeDone(new Date(Date.now() - KEEP_DONE_MS));
  }

  /**
   * Logs a problem of the outbox itself (e.g. the database is down) once until it changes or
   * clears.
   */
  private problem(what: string, error: unknown): void {
    const text = `${what}: ${error instanceof Error ? error.message : String(error)}`;
    if (text === this.lastProblem) return;
    this.lastProblem = text;
    console.error(`[appgen] outbox: ${text}`);
  }
}

type OutboxGlobal = { appgenOutboxWorker?: OutboxWorker; appgenWakeOutbox?: () => void };

/**
 * Starts this process's worker, once per process (`next dev` may load this module again), and
 * stops it on SIGTERM and SIGINT: it stops claiming, lets running handlers finish for a while and
 * gives back the claims of the others before the process exits (see holdExit).
 */
export function startOutboxWorker(): OutboxWorker {
  const global = globalThis as OutboxGlobal;
  if (global.appgenOutboxWorker) return global.appgenOutboxWorker;
  const worker = new OutboxWorker();
  global.appgenOutboxWorker = worker;
  global.appgenWakeOutbox = () => worker.wake();
  worker.start();
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= worker.stop();
    holdExit(stopping);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  return worker;
}

/**
 * Next.js' own SIGTERM and SIGINT handler (next start, the standalone server) closes the server
 * and then calls process.exit at once, which would cut the worker's shutdown short: until the
 * worker has stopped, process.exit waits for it. (With NEXT_MANUAL_SIG_HANDLE set, Next.js
 * leaves the signals to the app: then the app's own handler decides when to exit.)
 */
function holdExit(until: Promise<void>): void {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => {
    void until.finally(() => exit(code));
  }) as typeof process.exit;
}
