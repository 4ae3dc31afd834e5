import { createRequire } from 'module';
import path from 'path';
import { defaultDatabaseFile, type Orm } from './orms';

/** Reads a generated app's database directly (SQLite file or PostgreSQL), for what no route shows. */
export interface AppDatabase {
  rows(sql: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  /** A statement that changes data (UPDATE...), e.g. to give records known ids or equal times. */
  run(sql: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * The app's own database, with the drivers of its install (better-sqlite3, pg). SQL is written
 * with `$1`-style parameters for both (for SQLite, each is used once, in order).
 */
export async function openAppDatabase(
  projectDir: string,
  orm: Orm,
  postgresUrl?: string,
): Promise<AppDatabase> {
  const load = createRequire(path.join(projectDir, 'package.json'));
  if (postgresUrl) {
    const { Client } = load('pg');
    const client = new Client({ connectionString: postgresUrl });
    await client.connect();
    return {
      rows: async (sql, params = []) => (await client.query(sql, params)).rows,
      run: async (sql, params = []) => {
        await client.query(sql, params);
      },
      close: () => client.end(),
    };
  }
  const Database = load('better-sqlite3');
  const file = defaultDatabaseFile(projectDir, orm);
  const db = new Database(file, { readonly: true });
  return {
    rows: async (sql, params = []) => db.prepare(sql.replace(/\$\d+/g, '?')).all(...params),
    // Writes go through a connection of their own: reads stay on the read-only one.
    run: async (sql, params = []) => {
      const writer = new Database(file);
      try {
        writer.prepare(sql.replace(/\$\d+/g, '?')).run(...params);
      } finally {
        writer.close();
      }
    },
    close: async () => db.close(),
  };
}
