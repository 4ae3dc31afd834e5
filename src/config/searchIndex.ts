import { createHash } from 'node:crypto';

/**
 * A model's full-text search (a list route's `query.search`): its table and the text fields it
 * reads, in the order declared. One per model: every route of the model searches these fields.
 * Its SQL is said here once, for the schema sync that makes the index (src/db/searchIndexes.ts)
 * and the generated queries that read it (src/map), so the two cannot drift apart.
 */
export interface SearchIndex {
  table: string;
  fields: string[];
}

/**
 * Decided: PostgreSQL's `simple` configuration and SQLite's `unicode61` tokenizer without removing
 * diacritics. Neither stems nor drops stop words, so a word finds the same records on both (a
 * word's start: `dragon` finds `dragons`, never `dragonfly`'s stem rules). See docs/config.md.
 */
export const SEARCH_CONFIGURATION = 'simple';
export const SEARCH_TOKENIZER = 'unicode61 remove_diacritics 0';

const quoted = (name: string) => `"${name}"`;

/** PostgreSQL: the searched text of a record, its fields joined by spaces (an empty field is ''). */
export function searchDocumentSql(index: SearchIndex, prefix = ''): string {
  return index.fields.map((field) => `coalesce(${prefix}${quoted(field)}, '')`).join(" || ' ' || ");
}

/** PostgreSQL: the indexed expression, which the generated queries repeat word for word. */
export function searchVectorSql(index: SearchIndex, prefix = ''): string {
  return `to_tsvector('${SEARCH_CONFIGURATION}', ${searchDocumentSql(index, prefix)})`;
}

/** PostgreSQL: the GIN index's name, `Post_search_<8 hex>` of its expression (a change makes a new one). */
export function searchIndexName(index: SearchIndex): string {
  return `${index.table}_search_${createHash('sha256').update(searchVectorSql(index)).digest('hex').slice(0, 8)}`;
}

/** PostgreSQL: the statement that makes the index (when it is missing). */
export function createSearchIndexSql(index: SearchIndex): string {
  return `CREATE INDEX IF NOT EXISTS ${quoted(searchIndexName(index))} ON ${quoted(index.table)} USING gin (${searchVectorSql(index)})`;
}

/** SQLite: the FTS5 table of a model, `Post_search`, with the content of the model's table. */
export function searchTableName(table: string): string {
  return `${table}_search`;
}

/** SQLite: the FTS5 table as sqlite_master keeps its statement (compared to find a changed one). */
export function createSearchTableSql(index: SearchIndex): string {
  const columns = index.fields.map(quoted).join(', ');
  return `CREATE VIRTUAL TABLE ${quoted(searchTableName(index.table))} USING fts5(${columns}, content='${index.table}', content_rowid='rowid', tokenize='${SEARCH_TOKENIZER}')`;
}

/** The shadow tables FTS5 keeps for a table of an external content (Prisma's push leaves them alone). */
export const SEARCH_SHADOW_SUFFIXES = ['_data', '_idx', '_docsize', '_config'];

/**
 * SQLite: the triggers that keep the FTS5 table in step with the model's table, by name, as
 * sqlite_master keeps them: the record's words added on insert, removed on delete, both on update.
 */
export function searchTriggersSql(index: SearchIndex): Record<string, string> {
  const fts = quoted(searchTableName(index.table));
  const table = quoted(index.table);
  const columns = index.fields.map(quoted).join(', ');
  const values = (row: string) => index.fields.map((field) => `${row}.${quoted(field)}`).join(', ');
  const add = `INSERT INTO ${fts}(rowid, ${columns}) VALUES (new.rowid, ${values('new')});`;
  const remove = `INSERT INTO ${fts}(${fts}, rowid, ${columns}) VALUES ('delete', old.rowid, ${values('old')});`;
  const name = (event: string) => `${searchTableName(index.table)}_${event}`;
  return {
    [name('insert')]:
      `CREATE TRIGGER ${quoted(name('insert'))} AFTER INSERT ON ${table} BEGIN ${add} END`,
    [name('delete')]:
      `CREATE TRIGGER ${quoted(name('delete'))} AFTER DELETE ON ${table} BEGIN ${remove} END`,
    [name('update')]:
      `CREATE TRIGGER ${quoted(name('update'))} AFTER UPDATE ON ${table} BEGIN ${remove} ${add} END`,
  };
}

/** The line of a generated schema that names one search (read back by the schema sync). */
const MARK = '// appgen:search ';

/** A search as a line of the generated Prisma or Drizzle schema. */
export function searchIndexLine(index: SearchIndex): string {
  return `${MARK}${JSON.stringify(index)}`;
}

/** The searches a generated schema declares (searchIndexLine), in order. */
export function searchIndexesOf(schema: string): SearchIndex[] {
  return schema
    .split('\n')
    .filter((line) => line.startsWith(MARK))
    .map((line) => JSON.parse(line.slice(MARK.length)) as SearchIndex);
}

/** SQLite: a search's FTS5 table or one of its shadow tables (no model's table has `_` in its name). */
export const SEARCH_TABLE = /^[A-Z][A-Za-z0-9]*_search(_data|_idx|_docsize|_config)?$/;

/** PostgreSQL: a search's GIN index (searchIndexName). */
export const SEARCH_INDEX = /^[A-Z][A-Za-z0-9]*_search_[0-9a-f]{8}$/;
