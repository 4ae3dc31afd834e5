// EXPLAIN of the statements a generated app sent, with their own parameters, for the plan check
// of `npm run bench -- data` (lib/planCheck.js). Each explainer: `explain({ sql, params })` →
// `{ plan, bigScans }` (no plan when the logged parameters were unreadable), and `close()`.
const planCheck = require('./planCheck');

const UNREADABLE = { plan: null, bigScans: [], note: 'parameters not readable: not explained' };

/** PostgreSQL: EXPLAIN (FORMAT JSON) through node-postgres (`pg`, the app's own). */
async function postgresExplainer(pg, url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    `select c.relname, c.reltuples::bigint as n from pg_class c join pg_namespace s on s.oid = c.relnamespace where s.nspname = 'public' and c.relkind = 'r'`,
  );
  const tableRows = Object.fromEntries(rows.map((r) => [r.relname, Number(r.n)]));
  return {
    tableRows,
    async explain({ sql, params }) {
      if (params === null) return UNREADABLE;
      const { rows: answer } = await client.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      const plan = answer[0]['QUERY PLAN'];
      return { plan, bigScans: planCheck.pgBigScans(plan, tableRows) };
    },
    close: () => client.end(),
  };
}

/** The tables a statement names under another name (`"Article" AS "t1"`): alias → table. */
function sqliteAliases(sql) {
  const aliases = {};
  const pattern = /(?:"main"\.)?"?(\w+)"?\s+(?:AS\s+)?"?(\w+)"?/gi;
  for (const [, table, alias] of sql.matchAll(pattern)) aliases[alias] ??= table;
  return aliases;
}

/** SQLite: EXPLAIN QUERY PLAN through better-sqlite3 (the app's own), read-only. */
function sqliteExplainer(Database, file) {
  const db = new Database(file, { readonly: true });
  const tables = db
    .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`)
    .all()
    .map((row) => row.name);
  const tableRows = Object.fromEntries(
    tables.map((name) => [name, db.prepare(`select count(*) as n from "${name}"`).get().n]),
  );
  const bind = (value) => (typeof value === 'boolean' ? Number(value) : value);
  return {
    tableRows,
    async explain({ sql, params }) {
      if (params === null) return UNREADABLE;
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params.map(bind));
      const aliases = Object.fromEntries(
        Object.entries(sqliteAliases(sql)).filter(
          ([alias, table]) => table in tableRows && !(alias in tableRows),
        ),
      );
      return { plan, bigScans: planCheck.sqliteBigScans(plan, tableRows, undefined, aliases) };
    },
    close: async () => db.close(),
  };
}

module.exports = { postgresExplainer, sqliteExplainer };
