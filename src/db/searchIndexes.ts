import type { CommandContext } from '../project/commandContext';
import {
  createSearchIndexSql,
  createSearchTableSql,
  SEARCH_INDEX,
  SEARCH_SHADOW_SUFFIXES,
  SEARCH_TABLE,
  searchIndexName,
  searchIndexesOf,
  searchTableName,
  searchTriggersSql,
  type SearchIndex,
} from '../config/searchIndex';
import fs from 'node:fs';
import path from 'node:path';
import { DRIZZLE_SCHEMA_PATH } from './drizzleKit';
import { openProjectDatabase, type ProjectDatabase } from './projectDatabase';
import { SCHEMA_PATH } from './pushSchema';

/**
 * After a schema sync (`db push`, `dev`, `build`) and `migrate deploy`: makes the full-text index
 * of each search the generated schema declares (`query.search`, read from its `// appgen:search`
 * lines), and drops those of searches no route declares any more. Neither ORM can declare them:
 * PostgreSQL gets a GIN index on the records' `to_tsvector` (the queries repeat its expression),
 * SQLite an FTS5 table over the model's table, kept in step by triggers. Idempotent: what is
 * there already is left alone. Returns how many objects changed.
 */
export async function useSearchIndexes(context: CommandContext, schema: string): Promise<number> {
  const indexes = searchIndexesOf(schema);
  const db = await openProjectDatabase(context);
  try {
    return context.database.provider === 'postgresql'
      ? await postgresIndexes(db, indexes)
      : await sqliteTables(db, indexes);
  } finally {
    await db.close();
  }
}

async function existingNames(db: ProjectDatabase, postgres: boolean): Promise<string[]> {
  const rows = postgres
    ? await db.query(
        "SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE '%\\_search\\_%'",
      )
    : await db.query("SELECT name FROM sqlite_master WHERE name LIKE '%\\_search%' ESCAPE '\\'");
  return rows
    .map((row) => String(row.name))
    .filter((name) => (postgres ? SEARCH_INDEX : SEARCH_TABLE).test(name));
}

/** PostgreSQL: each search's GIN index (its name holds a hash of its expression); others dropped. */
async function postgresIndexes(db: ProjectDatabase, indexes: SearchIndex[]): Promise<number> {
  const wanted = new Set(indexes.map(searchIndexName));
  const existing = await existingNames(db, true);
  let changed = 0;
  for (const name of existing.filter((name) => !wanted.has(name))) {
    await db.query(`DROP INDEX IF EXISTS "${name}"`);
    changed++;
  }
  for (const index of indexes.filter((index) => !existing.includes(searchIndexName(index)))) {
    await db.query(createSearchIndexSql(index));
    changed++;
  }
  return changed;
}

/**
 * SQLite: each search's FTS5 table and its three triggers, made anew when missing or different.
 * A push that redefines a model's table (a new table, rows copied, the old one dropped, as both
 * ORMs do on SQLite) drops its triggers and may number its rows anew: a missing trigger means the
 * FTS5 table is rebuilt from the model's rows.
 */
async function sqliteTables(db: ProjectDatabase, indexes: SearchIndex[]): Promise<number> {
  const rows = await db.query(
    "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'trigger')",
  );
  const sqlOf = new Map(rows.map((row) => [String(row.name), String(row.sql)]));
  const wanted = new Set(indexes.map((index) => searchTableName(index.table)));
  let changed = 0;
  for (const [name, sql] of sqlOf) {
    const fts = SEARCH_TABLE.test(name) && !SEARCH_SHADOW_SUFFIXES.some((s) => name.endsWith(s));
    if (fts && sql.startsWith('CREATE VIRTUAL TABLE') && !wanted.has(name)) {
      // Its triggers first: left behind, they would fail every write of the model's table.
      for (const event of ['insert', 'delete', 'update'])
        await db.query(`DROP TRIGGER IF EXISTS "${name}_${event}"`);
      await db.query(`DROP TABLE IF EXISTS "${name}"`);
      changed++;
    }
  }
  for (const index of indexes) {
    const table = searchTableName(index.table);
    let rebuild = false;
    if (sqlOf.get(table) !== createSearchTableSql(index)) {
      await db.query(`DROP TABLE IF EXISTS "${table}"`);
      await db.query(createSearchTableSql(index));
      rebuild = true;
    }
    for (const [name, sql] of Object.entries(searchTriggersSql(index))) {
      if (sqlOf.get(name) === sql) continue;
      await db.query(`DROP TRIGGER IF EXISTS "${name}"`);
      await db.query(sql);
      rebuild = true;
    }
    if (rebuild) {
      await db.query(`INSERT INTO "${table}"("${table}") VALUES ('rebuild')`);
      changed++;
    }
  }
  return changed;
}

/**
 * SQLite, before Prisma's push: the FTS5 tables in the database and their shadow tables, which
 * the schema engine is told are not its own (`externalTables`): it would drop them otherwise.
 */
export async function searchTablesIn(context: CommandContext): Promise<string[]> {
  if (context.database.provider !== 'sqlite') return [];
  const db = await openProjectDatabase(context).catch(() => null);
  if (!db) return [];
  try {
    return await existingNames(db, false);
  } finally {
    await db.close();
  }
}

/** useSearchIndexes with the project's written schema (after `appgen migrate deploy`). */
export async function useWrittenSearchIndexes(context: CommandContext): Promise<number> {
  const file = path.join(
    context.root,
    context.orm === 'drizzle' ? DRIZZLE_SCHEMA_PATH : SCHEMA_PATH,
  );
  return fs.existsSync(file) ? useSearchIndexes(context, fs.readFileSync(file, 'utf8')) : 0;
}
