// Run inside the shared install (its drizzle-orm and better-sqlite3): the in-process cost of the
// one-record read a generated Drizzle GET /api/users/:id makes, built on every call (the query
// builder, SQL compiled, better-sqlite3 statement prepared: the generated code before issue 20)
// and prepared once (preparedOnce of src/appgen/db.ts), on an in-memory copy of the starter's
// table with 50 rows. Prints one JSON line: microseconds per read for each, per round.
import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';

const user = sqliteTable('User', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  createdAt: text('createdAt').notNull(),
});
const db = drizzle({ connection: { source: ':memory:' }, schema: { user } });
db.run(
  sql`CREATE TABLE "User" (id TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE, createdAt TEXT NOT NULL)`,
);
const ids = Array.from({ length: 50 }, (_, i) => {
  const id = randomUUID();
  db.insert(user)
    .values({
      id,
      name: `User ${i}`,
      email: `user${i}@example.com`,
      createdAt: new Date().toISOString(),
    })
    .run();
  return id;
});
const columns = { id: user.id, name: user.name, email: user.email, createdAt: user.createdAt };
// matching() and the select of the generated code before, and the prepared select of now.
const matching = (table, values) =>
  and(...Object.entries(values).map(([name, value]) => eq(getTableColumns(table)[name], value)));
const built = (id) => db.select(columns).from(user).where(matching(user, { id })).limit(1);
const statement = db
  .select(columns)
  .from(user)
  .where(and(eq(user.id, sql.placeholder('id'))))
  .limit(1)
  .prepare();
const prepared = (id) => statement.execute({ id });

const reads = Number(process.argv[2] ?? 50000);
const rounds = Number(process.argv[3] ?? 5);
const result = { built: [], prepared: [] };
for (let round = 0; round < rounds; round++) {
  for (const [name, read] of [
    ['built', built],
    ['prepared', prepared],
  ]) {
    for (let i = 0; i < reads / 10; i++) await read(ids[i % 50]); // warm-up
    const start = process.hrtime.bigint();
    for (let i = 0; i < reads; i++) {
      const [row] = await read(ids[i % 50]);
      if (!row) throw new Error('a seeded row was not found');
    }
    result[name].push(Number(process.hrtime.bigint() - start) / reads / 1000);
  }
}
process.stdout.write(`${JSON.stringify(result)}\n`);
