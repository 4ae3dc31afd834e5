/**
 * A drizzle-kit snapshot (meta/NNNN_snapshot.json), read as far as appgen needs it: the same shape
 * on SQLite (tables keyed by name) and PostgreSQL (keyed by "public.Name").
 */
export interface DrizzleSnapshot {
  id: string;
  prevId: string;
  version: string;
  dialect: string;
  tables: Record<string, SnapshotTable>;
  [key: string]: unknown;
}

export interface SnapshotColumn {
  name: string;
  type: string;
  notNull: boolean;
  default?: unknown;
  [key: string]: unknown;
}

export interface SnapshotTable {
  name: string;
  columns: Record<string, SnapshotColumn>;
  [key: string]: unknown;
}

type Records = Record<string, unknown>;

const isRecord = (value: unknown): value is Records =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The entries of `before` whose keys `after` has too, with `before`'s values. */
function kept(before: Records, after: Records): Records {
  return Object.fromEntries(Object.entries(before).filter(([key]) => key in after));
}

/** What a snapshot holds beside its tables: each a record keyed by name. */
const COLLECTIONS = ['views', 'enums', 'schemas', 'sequences', 'roles', 'policies'];

/**
 * `previous` without what `current` no longer has: its tables, and in each remaining table its
 * columns, indexes, keys and constraints. drizzle-kit's programmatic generate asks on the
 * terminal whether a dropped table or column and a new one are a rename; it asks only when one
 * diff has both. Diffing previous → this → current splits the change into one diff that only
 * drops and one that only adds or alters, so it never asks (a rename becomes drop + add, which
 * the migration's warnings say). `withoutRemoved(current, previous)` is the reverse: `current`
 * without what it adds to `previous`.
 */
export function withoutRemoved(
  previous: DrizzleSnapshot,
  current: DrizzleSnapshot,
): DrizzleSnapshot {
  const tables: Records = {};
  for (const [key, table] of Object.entries(previous.tables)) {
    const next = current.tables[key];
    if (next === undefined) continue;
    const trimmed: Records = { ...table };
    for (const [part, value] of Object.entries(table))
      if (isRecord(value) && isRecord(next[part])) trimmed[part] = kept(value, next[part]);
    tables[key] = trimmed;
  }
  const rest: Records = {};
  for (const name of COLLECTIONS) {
    const before = previous[name];
    const after = current[name];
    if (isRecord(before) && isRecord(after)) rest[name] = kept(before, after);
  }
  return { ...previous, ...rest, tables: tables as DrizzleSnapshot['tables'] };
}
