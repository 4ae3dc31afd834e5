import type { CommandContext } from '../project/commandContext';
import { sqliteFilePath } from '../project/databaseUrl';
import { createProjectRequire, resolveFromProject } from '../project/projectModules';

interface SqliteDatabase {
  pragma(source: string, options: { simple: true }): unknown;
  close(): void;
}

/**
 * Puts the project's SQLite database in write-ahead-log mode (`PRAGMA journal_mode = WAL`), after
 * every schema push or migration. The mode is stored in the database file, so every connection
 * the app opens uses it without a line in the generated db.ts. Why: the default rollback journal
 * syncs the file twice per write and blocks readers while a write commits; with WAL, writes
 * append to `<db>-wal` (one sync each, synchronous stays FULL: nothing committed is lost) and
 * readers go on. Measured (bench/README.md): POST /api/users 493–643 against 64–464 req/s;
 * raw better-sqlite3 inserts, one transaction each, ~8,900/s against ~120/s on this machine.
 * The `-wal` and `-shm` files beside the database belong to it: keep them with it (created
 * projects ignore them in git as they ignore the database). A no-op for PostgreSQL; returns
 * the mode the database is in afterwards (undefined for PostgreSQL, or when the file stayed
 * busy: the next push switches it).
 */
export function useWriteAheadLog(context: CommandContext): string | undefined {
  if (context.database.provider !== 'sqlite') return undefined;
  const req = createProjectRequire(context.root);
  const Database = req(resolveFromProject(req, 'better-sqlite3', context.root)) as new (
    file: string,
    options: { timeout: number },
  ) => SqliteDatabase;
  const db = new Database(sqliteFilePath(context.database.url, context.root), { timeout: 5000 });
  try {
    return String(db.pragma('journal_mode = WAL', { simple: true }));
  } catch (error) {
    // Another connection held the database for 5 s: the mode is switched at the next push.
    if (/^SQLITE_(BUSY|LOCKED)/.test(String((error as { code?: unknown }).code))) return undefined;
    throw error;
  } finally {
    db.close();
  }
}
