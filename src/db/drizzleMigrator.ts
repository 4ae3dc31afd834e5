import { type DatabaseProvider, sqliteFilePath } from '../project/databaseUrl';
import { createProjectRequire, resolveFromProject } from '../project/projectModules';
import { ensureSqliteFolder } from './sqliteFolder';

/**
 * The project's database as `appgen migrate deploy` needs it with Drizzle: what drizzle-orm's
 * migrator recorded, whether the app has tables, and the migrator itself
 * (drizzle-orm/better-sqlite3/migrator, drizzle-orm/node-postgres/migrator), all loaded from the
 * project's node_modules like the app's own queries. The migrator keeps its log where
 * drizzle-kit looks for it: `__drizzle_migrations` (SQLite) and `drizzle.__drizzle_migrations`
 * (PostgreSQL), one row per applied migration with the `when` of its journal entry.
 */
export interface DrizzleMigrator {
  /** The `when` of the last migration applied, or null when none was. */
  lastApplied(): Promise<number | null>;
  /** The tables of the database other than the migrator's own. */
  appTables(): Promise<string[]>;
  /**
   * Waits until no other `appgen migrate deploy` works on this database, and keeps the others
   * waiting until close() (PostgreSQL: a session advisory lock, as `prisma migrate deploy` takes;
   * SQLite: nothing, one file has one machine's deploys).
   */
  lock(): Promise<void>;
  /** Applies every migration later than lastApplied(), all in one transaction. */
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
}

const SQLITE_LOG = '__drizzle_migrations';
/** The advisory lock key of `appgen migrate deploy` with Drizzle on PostgreSQL. */
const DEPLOY_LOCK = "hashtext('appgen migrate deploy')";

export function openDrizzleMigrator(opts: {
  projectDir: string;
  url: string;
  provider: DatabaseProvider;
}): DrizzleMigrator {
  const { projectDir, url } = opts;
  const req = createProjectRequire(projectDir);
  const load = (specifier: string) => req(resolveFromProject(req, specifier, projectDir));
  if (opts.provider === 'sqlite') {
    const file = sqliteFilePath(url, projectDir);
    ensureSqliteFolder(file);
    const Database = load('better-sqlite3');
    const client = new Database(file, { timeout: 5000 });
    const names = (): string[] =>
      (
        client
          .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
          )
          .all() as Array<{ name: string }>
      ).map((row) => row.name);
    return {
      async lastApplied() {
        if (!names().includes(SQLITE_LOG)) return null;
        const row = client.prepare(`SELECT max(created_at) AS last FROM "${SQLITE_LOG}"`).get();
        return row.last === null ? null : Number(row.last);
      },
      appTables: async () => names().filter((name) => name !== SQLITE_LOG),
      lock: async () => undefined,
      async migrate(migrationsFolder) {
        const { drizzle } = load('drizzle-orm/better-sqlite3');
        load('drizzle-orm/better-sqlite3/migrator').migrate(drizzle(client), { migrationsFolder });
      },
      async close() {
        client.close();
      },
    };
  }
  const pg = load('pg');
  // One connection, never closed while idle: the advisory lock belongs to its session.
  const pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 0 });
  const rows = async <T>(text: string): Promise<T[]> => (await pool.query(text)).rows as T[];
  return {
    async lastApplied() {
      const [{ log }] = await rows<{ log: string | null }>(
        `SELECT to_regclass('drizzle.__drizzle_migrations')::text AS log`,
      );
      if (log === null) return null;
      const [{ last }] = await rows<{ last: string | null }>(
        'SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations',
      );
      return last === null ? null : Number(last);
    },
    async lock() {
      await rows(`SELECT pg_advisory_lock(${DEPLOY_LOCK})`);
    },
    async appTables() {
      return (
        await rows<{ name: string }>(
          `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
        )
      ).map((row) => row.name);
    },
    async migrate(migrationsFolder) {
      const { drizzle } = load('drizzle-orm/node-postgres');
      await load('drizzle-orm/node-postgres/migrator').migrate(drizzle(pool), { migrationsFolder });
    },
    close: () => pool.end(),
  };
}
