// The plan check of `npm run bench -- data` (issue 41): no statement of an endpoint may read a
// whole table of more than 10,000 rows, except the count the route asks for. Pure functions over
// what the app logged (APPGEN_LOG_SQL=params) and what EXPLAIN answered; tests/unit/bench.

/** Tables above this many rows must not be read whole (issue 41). */
const BIG_TABLE_ROWS = 10000;

const LOG_MARK = 'appgen:sql ';
const PARAMS_MARK = ' -- params: ';

/** The JSON array in `text`, or null. */
function jsonArray(text) {
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The statements in a generated app's output under APPGEN_LOG_SQL=params, in order: `sql` and
 * `params` (an array; null when the logged parameters are not JSON, e.g. Prisma's for a Date).
 */
function parseSqlLog(text) {
  const statements = [];
  for (const line of text.split('\n')) {
    const start = line.indexOf(LOG_MARK);
    if (start < 0) continue;
    const rest = line.slice(start + LOG_MARK.length);
    const cut = rest.lastIndexOf(PARAMS_MARK);
    if (cut < 0) {
      statements.push({ sql: rest.trim(), params: [] });
      continue;
    }
    const params = jsonArray(rest.slice(cut + PARAMS_MARK.length));
    statements.push({ sql: rest.slice(0, cut).trim(), params });
  }
  return statements;
}

/**
 * A statement that is the total count of a counted list: it selects a count(...) first, without
 * GROUP BY. Not a page that selects counts as subqueries of its columns (Drizzle's computed fields).
 */
function isTotalCount(sql) {
  return /^\s*\(?\s*select\s+count\s*\(/i.test(sql) && !/\bgroup\s+by\b/i.test(sql);
}

/** Whether a statement reads rows (and so has a plan worth checking). */
function isQuery(sql) {
  return /^\s*(\(\s*)?(select|with)\b/i.test(sql);
}

/**
 * The sequential scans of tables above `limit` rows in a PostgreSQL plan, the answer of EXPLAIN
 * (FORMAT JSON): `[{ Plan: {...} }]` or one plan node. `rows`: table name → rows (pg_class).
 */
function pgBigScans(explained, rows, limit = BIG_TABLE_ROWS) {
  const found = [];
  const walk = (node) => {
    if (!node || typeof node !== 'object') return;
    if (node['Node Type'] === 'Seq Scan') {
      const table = node['Relation Name'];
      if ((rows[table] ?? 0) > limit) found.push({ table, rows: rows[table], scan: 'Seq Scan' });
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  for (const entry of Array.isArray(explained) ? explained : [explained])
    walk(entry?.Plan ?? entry);
  return found;
}

/**
 * The whole-table reads of tables above `limit` rows in a SQLite plan, the rows of EXPLAIN QUERY
 * PLAN (`{ detail }`): `SCAN <table>` without an index, or `SCAN <table> USING COVERING INDEX`
 * (every entry of an index). A `SEARCH`, or a `SCAN ... USING INDEX` that walks an index in the
 * order asked (and stops at the LIMIT), is not one. A schema prefix (`main.`) is dropped; an
 * alias is resolved through `aliases`.
 */
function sqliteBigScans(planRows, rows, limit = BIG_TABLE_ROWS, aliases = {}) {
  const found = [];
  for (const { detail } of planRows) {
    const match =
      /^SCAN (?:TABLE )?(?:main\.)?("?)([^\s"]+)\1(?: AS \S+)?( USING COVERING INDEX \S+)?$/.exec(
        String(detail).trim(),
      );
    if (!match) continue;
    const table = aliases[match[2]] ?? match[2];
    if ((rows[table] ?? 0) > limit) found.push({ table, rows: rows[table], scan: detail });
  }
  return found;
}

/**
 * The verdict of one endpoint: `checked` statements, each `{ sql, bigScans }`; a big scan is
 * allowed in the total count of a route that asks for one (`counted`). Returns the violations.
 */
function violations(checked, { counted }) {
  return checked
    .filter((statement) => statement.bigScans.length > 0)
    .filter((statement) => !(counted && isTotalCount(statement.sql)));
}

module.exports = {
  BIG_TABLE_ROWS,
  isQuery,
  isTotalCount,
  parseSqlLog,
  pgBigScans,
  sqliteBigScans,
  violations,
};
