import { SEARCH_TABLE } from '../config/searchIndex';
import fs from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import { UserError } from '../diagnostics/diagnostic';
import type { DatabaseProvider } from '../project/databaseUrl';
import { sqliteFilePath } from '../project/databaseUrl';
import {
  createProjectRequire,
  resolveFromProject,
  type ProjectRequire,
} from '../project/projectModules';
import { ensureSqliteFolder } from './sqliteFolder';

/**
 * Everything appgen takes from a Drizzle app's node_modules, in one place: drizzle-kit's
 * programmatic API (`drizzle-kit/api`: pushSQLiteSchema, pushSchema), the app's drizzle-orm and
 * drivers, and esbuild (a dependency of drizzle-kit) to load the generated TypeScript schema.
 * Verified with the versions of DRIZZLE_APP_DEPENDENCIES (src/project/appDependencies.ts); all
 * of it runs offline.
 */

export const DRIZZLE_SCHEMA_PATH = path.join('src', 'appgen', 'schema.ts');

export interface PushPlan {
  hasDataLoss: boolean;
  /** drizzle-kit's own lines ("· You're about to delete ..."), without the bullet. */
  warnings: string[];
  statementsToExecute: string[];
}

/** A column as the database has it. */
export interface DbColumn {
  name: string;
  type: string;
  notNull: boolean;
}

/** A column as the schema wants it. */
export interface SchemaColumn extends DbColumn {
  /** A default the database applies (not one the app computes, like `$defaultFn`). */
  hasDatabaseDefault: boolean;
}

export interface DrizzleSession {
  provider: DatabaseProvider;
  /** Tables of the generated schema, in schema order. */
  schemaTables: Array<{ name: string; columns: SchemaColumn[] }>;
  /** Tables in the database now (drizzle-kit's own bookkeeping tables left out). */
  databaseTables(): Promise<Map<string, DbColumn[]>>;
  /** Rows of a table, or rows where a column is (not) NULL. */
  count(table: string, column?: { name: string; isNull: boolean }): Promise<number>;
  /** drizzle-kit's diff of the database against the schema. Never prompts: see pushDrizzleSchema. */
  plan(): Promise<PushPlan>;
  /** Runs statements in one transaction. */
  execute(statements: string[]): Promise<void>;
  close(): Promise<void>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The SQL of DrizzleSession.count, the same for both dialects. */
function countSql(table: string, column?: { name: string; isNull: boolean }): string {
  const where = column ? ` WHERE ${quote(column.name)} IS ${column.isNull ? '' : 'NOT '}NULL` : '';
  return `SELECT count(*) AS n FROM ${quote(table)}${where}`;
}

/** Loads src/appgen/schema.ts (or its text) as the app would, with its imports resolved from the app. */
export function loadSchema(
  req: ProjectRequire,
  projectDir: string,
  source: string,
): Record<string, unknown> {
  const file = path.join(projectDir, DRIZZLE_SCHEMA_PATH);
  const esbuild = Module.createRequire(resolveFromProject(req, 'drizzle-kit/api', projectDir))(
    'esbuild',
  ) as {
    transformSync(source: string, options: object): { code: string };
  };
  const { code } = esbuild.transformSync(source, { loader: 'ts', format: 'cjs', target: 'node20' });
  const schemaModule = new Module(file) as Module & {
    _compile(code: string, file: string): void;
    paths: string[];
  };
  schemaModule.filename = file;
  schemaModule.paths = (
    Module as unknown as { _nodeModulePaths(dir: string): string[] }
  )._nodeModulePaths(path.dirname(file));
  schemaModule._compile(code, file);
  return schemaModule.exports as Record<string, unknown>;
}

/** drizzle-kit draws a spinner on stdout while it reads the database; appgen prints its own lines. */
async function quietly<T>(work: () => Promise<T>): Promise<T> {
  const write = process.stdout.write;
  process.stdout.write = (() => true) as typeof process.stdout.write;
  try {
    return await work();
  } finally {
    process.stdout.write = write;
  }
}

const bulletless = (lines: string[]) =>
  lines.map((line) =>
    line
      .replace(/^\W*·\s*/, '')
      .replace(/\u001b\[[0-9;]*m/g, '')
      .trim(),
  );

interface TableConfigColumn {
  name: string;
  notNull: boolean;
  default: unknown;
  getSQLType(): string;
}

/** `schema`: the text of src/appgen/schema.ts, read from the file when not given. */
export async function openDrizzleSession(opts: {
  projectDir: string;
  url: string;
  provider: DatabaseProvider;
  schema?: string;
}): Promise<DrizzleSession> {
  const { projectDir, url, provider } = opts;
  const req = createProjectRequire(projectDir);
  const api = req(resolveFromProject(req, 'drizzle-kit/api', projectDir));
  const schema = loadSchema(
    req,
    projectDir,
    opts.schema ?? fs.readFileSync(path.join(projectDir, DRIZZLE_SCHEMA_PATH), 'utf8'),
  );
  const core = req(
    resolveFromProject(
      req,
      provider === 'sqlite' ? 'drizzle-orm/sqlite-core' : 'drizzle-orm/pg-core',
      projectDir,
    ),
  );
  const { is } = req(resolveFromProject(req, 'drizzle-orm', projectDir));
  const TableClass = provider === 'sqlite' ? core.SQLiteTable : core.PgTable;
  const schemaTables = Object.values(schema)
    .filter((value) => is(value, TableClass))
    .map((table) => {
      const config = core.getTableConfig(table) as { name: string; columns: TableConfigColumn[] };
      return {
        name: config.name,
        columns: config.columns.map((c) => ({
          name: c.name,
          type: c.getSQLType(),
          notNull: c.notNull,
          hasDatabaseDefault: c.default !== undefined,
        })),
      };
    });

  if (provider === 'sqlite') {
    const file = sqliteFilePath(url, projectDir);
    ensureSqliteFolder(file);
    const Database = req(resolveFromProject(req, 'better-sqlite3', projectDir));
    const { drizzle } = req(resolveFromProject(req, 'drizzle-orm/better-sqlite3', projectDir));
    const client = new Database(file);
    const db = drizzle(client);
    return {
      provider,
      schemaTables,
      async databaseTables() {
        const names = client
          .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_\\_drizzle%' ESCAPE '\\'",
          )
          .all() as Array<{ name: string }>;
        const tables = new Map<string, DbColumn[]>();
        // A search's FTS5 tables are not the schema's (src/db/searchIndexes.ts makes them).
        for (const { name } of names.filter(({ name }) => !SEARCH_TABLE.test(name))) {
          const columns = client.prepare(`PRAGMA table_info(${quote(name)})`).all() as Array<{
            name: string;
            type: string;
            notnull: number;
            pk: number;
          }>;
          tables.set(
            name,
            columns.map((c) => ({
              name: c.name,
              type: c.type,
              notNull: c.notnull === 1 || c.pk === 1,
            })),
          );
        }
        return tables;
      },
      async count(table, column) {
        return (client.prepare(countSql(table, column)).get() as { n: number }).n;
      },
      plan: () =>
        quietly(async () => {
          const result = await api.pushSQLiteSchema(schema, db);
          return {
            hasDataLoss: result.hasDataLoss,
            warnings: bulletless(result.warnings),
            statementsToExecute: result.statementsToExecute,
          };
        }),
      async execute(statements) {
        // drizzle-kit's own apply() runs DDL with .all(), which better-sqlite3 refuses; exec() runs it.
        client.exec('BEGIN');
        try {
          for (const statement of statements) client.exec(statement);
          client.exec('COMMIT');
        } catch (error) {
          client.exec('ROLLBACK');
          throw error;
        }
      },
      async close() {
        client.close();
      },
    };
  }

  const pg = req(resolveFromProject(req, 'pg', projectDir));
  const { drizzle } = req(resolveFromProject(req, 'drizzle-orm/node-postgres', projectDir));
  const pool = new pg.Pool({ connectionString: url });
  const db = drizzle(pool);
  const query = async <T>(text: string, values: unknown[] = []): Promise<T[]> =>
    (await pool.query(text, values)).rows as T[];
  return {
    provider,
    schemaTables,
    async databaseTables() {
      const rows = await query<{
        table_name: string;
        column_name: string | null;
        data_type: string | null;
        is_nullable: string | null;
      }>(
        `SELECT t.table_name, c.column_name, c.data_type, c.is_nullable
           FROM information_schema.tables t
           LEFT JOIN information_schema.columns c ON c.table_schema = t.table_schema AND c.table_name = t.table_name
          WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          ORDER BY t.table_name, c.ordinal_position`,
      );
      const tables = new Map<string, DbColumn[]>();
      for (const row of rows) {
        const columns = tables.get(row.table_name) ?? [];
        tables.set(row.table_name, columns);
        if (row.column_name)
          columns.push({
            name: row.column_name,
            type: row.data_type ?? '',
            notNull: row.is_nullable === 'NO',
          });
      }
      return tables;
    },
    async count(table, column) {
      return Number((await query<{ n: string }>(countSql(table, column)))[0].n);
    },
    plan: () =>
      quietly(async () => {
        await refuseCompositeKeys(query);
        const result = await api.pushSchema(schema, db);
        return {
          hasDataLoss: result.hasDataLoss,
          warnings: bulletless(result.warnings),
          statementsToExecute: result.statementsToExecute,
        };
      }),
    async execute(statements) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        for (const statement of statements) await client.query(statement);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * drizzle-kit/api's PostgreSQL push cannot read a primary key of several columns back: it drops
 * the parameters of the query that names it (drizzle-team/drizzle-orm#5557) and the failure
 * escapes as an unhandled rejection. The Drizzle variant declares no such key, but Prisma makes its
 * manyToMany tables that way, so a database Prisma made has them: refused before drizzle-kit runs.
 */
async function refuseCompositeKeys(query: <T>(text: string) => Promise<T[]>): Promise<void> {
  const keys = await query<{ table: string; key: string }>(
    `SELECT rel.relname AS "table", con.conname AS "key" FROM pg_constraint con JOIN pg_class rel ON rel.oid = con.conrelid
      WHERE con.contype = 'p' AND array_length(con.conkey, 1) > 1 AND con.connamespace = 'public'::regnamespace ORDER BY 1`,
  );
  if (keys.length === 0) return;
  const fixes = keys.map(
    ({ table, key }) =>
      `ALTER TABLE "${table}" DROP CONSTRAINT "${key}"; CREATE UNIQUE INDEX "${table}_AB_unique" ON "${table}" ("A", "B");`,
  );
  throw new UserError(
    `drizzle-kit cannot read the primary key of ${keys.map((k) => `"${k.table}"`).join(', ')}: it has several columns (drizzle-kit bug drizzle-team/drizzle-orm#5557). Prisma makes the links of a manyToMany relation that way on PostgreSQL; the Drizzle variant uses a unique index instead.`,
    `replace the key with that index, then run the command again: ${fixes.join(' ')}`,
  );
}
