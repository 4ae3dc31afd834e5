// Run by bench/rulesCost.js inside the shared install, beside the generated modules it compiled
// (schema.cjs, access.cjs, post.cjs): times the same list reads with and without the rules.
// Prints JSON: { rounds, reads, cases: [{ name, records, with: [µs...], without: [µs...] }] }.
const fs = require('fs');
const path = require('path');
const Database = require('better-sqlite3');
const { drizzle } = require('drizzle-orm/better-sqlite3');
const { and, count, desc, eq } = require('drizzle-orm');
const { getTableConfig } = require('drizzle-orm/sqlite-core');

const schema = require('./schema.cjs');
const sqlite = new Database(':memory:');
for (const table of [schema.user, schema.post]) {
  const config = getTableConfig(table);
  const columns = config.columns.map(
    (c) => `"${c.name}" ${c.getSQLType()}${c.notNull ? ' NOT NULL' : ''}`,
  );
  sqlite.exec(`CREATE TABLE "${config.name}" (${columns.join(', ')})`);
  for (const index of config.indexes) {
    const names = index.config.columns.map((c) => `"${c.name}"`).join(', ');
    sqlite.exec(`CREATE INDEX "${index.config.name}" ON "${config.name}" (${names})`);
  }
}
const db = drizzle(sqlite, { schema });
fs.writeFileSync(path.join(__dirname, 'db.cjs'), 'module.exports = global.__rulesBenchDb;\n');
global.__rulesBenchDb = { db, tables: schema };
const { postAccess } = require('./post.cjs');

const total = Number(process.argv[2] ?? 50000);
const rounds = Number(process.argv[3] ?? 3);
const users = Array.from({ length: 100 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `user ${i}`,
  role: i === 0 ? 'editor' : 'member',
}));
db.insert(schema.user).values(users).run();
const statuses = ['draft', 'published', 'archived'];
for (let start = 0; start < total; start += 1000) {
  const rows = Array.from({ length: Math.min(1000, total - start) }, (_, k) => {
    const i = start + k;
    return {
      id: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      authorId: users[i % users.length].id,
      title: `post ${i}`,
      status: statuses[i % 3],
      createdAt: new Date(1700000000000 + i * 1000),
    };
  });
  db.insert(schema.post).values(rows).run();
}

const callers = {
  'signed out': { id: null, role: null },
  member: { id: users[7].id, role: 'member' },
  editor: { id: users[0].id, role: 'editor' },
};
const post = schema.post;
const reads = 2000;
const time = (read) => {
  read();
  const start = process.hrtime.bigint();
  for (let i = 0; i < reads; i++) read();
  return Number(process.hrtime.bigint() - start) / 1000 / reads;
};
const cases = [];
for (const [who, caller] of Object.entries(callers)) {
  const page = (where) => () =>
    db.select().from(post).where(where).orderBy(desc(post.createdAt), post.id).limit(20).all();
  const counted = (where) => () => db.select({ n: count() }).from(post).where(where).all();
  const filter = eq(post.status, 'draft');
  const rule = postAccess.where('read', caller);
  for (const [name, make, without, withRules] of [
    [`page of 20, ${who}`, page, undefined, rule],
    [`page of 20 with ?status=draft, ${who}`, page, filter, and(filter, rule)],
    [`count, ${who}`, counted, undefined, rule],
  ]) {
    const result = { name, records: make(withRules)().length, with: [], without: [] };
    if (name.startsWith('count')) result.records = make(withRules)()[0].n;
    for (let r = 0; r < rounds; r++) {
      result.without.push(time(make(without)));
      result.with.push(time(make(withRules)));
    }
    cases.push(result);
  }
}
process.stdout.write(JSON.stringify({ rounds, reads, cases }));
