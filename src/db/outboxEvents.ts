import type { ProjectDatabase } from './projectDatabase';

/**
 * The outbox table as `appgen events` reads and changes it: plain SQL on the table both ORMs make
 * from src/map/internalModels.ts (`AppgenEvent`), so it works whatever ORM and database the
 * project uses. Dates are compared only with dates the app wrote itself (each ORM stores them its
 * own way on SQLite), never with one made here.
 */

export const OUTBOX_TABLE = 'AppgenEvent';

export interface FailedEvent {
  id: string;
  kind: string;
  name: string;
  attempts: number;
  /** The first line of the last error (its message). */
  error: string;
  createdAt: Date;
}

/** A date as either ORM stores it: a Date (PostgreSQL), milliseconds (Drizzle on SQLite) or ISO text (Prisma on SQLite). */
function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(value as string | number);
}

/** The events the worker gave up on, oldest first. */
export async function failedEvents(db: ProjectDatabase): Promise<FailedEvent[]> {
  const rows = await db.query(
    `SELECT "id", "kind", "name", "attempts", "lastError", "createdAt" FROM "${OUTBOX_TABLE}" WHERE "status" = 'failed' ORDER BY "createdAt", "id"`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    kind: String(row.kind),
    name: String(row.name),
    attempts: Number(row.attempts),
    error: String(row.lastError ?? '').split('\n')[0],
    createdAt: toDate(row.createdAt),
  }));
}

/**
 * Makes failed events pending again, as new: no attempts yet, due at once (their runAt set to
 * their createdAt, a time the app wrote and that has passed). `ids`: those events (failed ones
 * only); `all`: every failed event. Returns the ids changed.
 */
export async function retryEvents(
  db: ProjectDatabase,
  which: { ids: string[] } | { all: true },
): Promise<string[]> {
  const ids = 'ids' in which ? which.ids : [];
  if ('ids' in which && ids.length === 0) return [];
  const only = 'ids' in which ? ` AND "id" IN (${ids.map((_, i) => `$${i + 1}`).join(', ')})` : '';
  const rows = await db.query(
    `UPDATE "${OUTBOX_TABLE}" SET "status" = 'pending', "attempts" = 0, "runAt" = "createdAt", "lockedUntil" = NULL, "finishedAt" = NULL WHERE "status" = 'failed'${only} RETURNING "id"`,
    ids,
  );
  return rows.map((row) => String(row.id));
}
