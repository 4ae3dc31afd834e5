import { createRequire } from 'node:module';
import type { CommandContext } from '../project/commandContext';
import { sqliteFilePath } from '../project/databaseUrl';
import { createProjectRequire, resolveFromProject } from '../project/projectModules';

export interface PgClient {
  connect(): Promise<void>;
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  end(): Promise<void>;
}

/** pg as the project has it: Drizzle's own dependency, or the one @prisma/adapter-pg uses. */
export function projectPg(context: CommandContext): new (config: object) => PgClient {
  const req = createProjectRequire(context.root);
  const pg = (
    context.orm === 'prisma'
      ? createRequire(resolveFromProject(req, '@prisma/adapter-pg', context.root))('pg')
      : req(resolveFromProject(req, 'pg', context.root))
  ) as { Client: new (config: object) => PgClient };
  return pg.Client;
}

interface SqliteStatement {
  reader: boolean;
  all(...params: unknown[]): Array<Record<string, unknown>>;
  run(...params: unknown[]): { changes: number };
}

interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  close(): void;
}

/** The app's database through the project's own driver (better-sqlite3 or pg), for plain SQL. */
export interface ProjectDatabase {
  /** Runs one statement with `$1`-style parameters (each used once, in order); its rows, or none. */
  query(sql: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

/** Opens the project's database (DATABASE_URL or the embedded SQLite file) with its own driver. */
export async function openProjectDatabase(context: CommandContext): Promise<ProjectDatabase> {
  if (context.database.provider === 'postgresql') {
    const Client = projectPg(context);
    const client = new Client({ connectionString: context.database.url });
    await client.connect();
    return {
      query: async (sql, params = []) => (await client.query(sql, params)).rows,
      close: () => client.end(),
    };
  }
  const req = createProjectRequire(context.root);
  const Database = req(resolveFromProject(req, 'better-sqlite3', context.root)) as new (
    file: string,
    options: { timeout: number; fileMustExist: boolean },
  ) => SqliteDatabase;
  const db = new Database(sqliteFilePath(context.database.url, context.root), {
    timeout: 5000,
    fileMustExist: true,
  });
  return {
    query: async (sql, params = []) => {
      const statement = db.prepare(sql.replace(/\$\d+/g, '?'));
      if (statement.reader) return statement.all(...params);
      statement.run(...params);
      return [];
    },
    close: async () => db.close(),
  };
}
