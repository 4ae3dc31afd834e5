import { createRequire } from 'module';
import path from 'path';
import { defaultDatabaseFile, type Orm } from './orms';

/** Reads a generated app's database directly (SQLite file or PostgreSQL), for what no route shows. */
export interface AppDatabase {
  rows(sql: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
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
      close: () => client.end(),
    };
  }
  const Database = load('better-sqlite3');
  const db = new Database(defaultDatabaseFile(projectDir, orm), { readonly: true });
  return {
    rows: async (sql, params = []) => db.prepare(sql.replace(/\$\d+/g, '?')).all(...params),
    close: async () => db.close(),
  };
}
