import { execFileSync } from 'child_process';
import path from 'path';
import { layoutChain, layoutMemberChain } from '../../../src/render/layoutChain';
import { REPO_ROOT } from '../support/paths';

const PRETTIER = path.join(REPO_ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs');

/** What prettier (defaults, printWidth 100) makes of a TypeScript module. */
function prettier(source: string): string {
  return execFileSync(
    process.execPath,
    [PRETTIER, '--no-config', '--print-width', '100', '--stdin-filepath', 'chains.ts'],
    { input: source, encoding: 'utf8' },
  );
}

const long = 'a'.repeat(40);

// The `chain` helper (Drizzle's column and key definitions in src/appgen/schema.ts): a call chain
// written on one line, laid out as prettier lays out a member chain.
const COLUMNS = [
  'text("name").notNull()',
  'text("id").primaryKey().$defaultFn(() => uuidv7())',
  'boolean("done").notNull().default(false)',
  'text("status", { enum: ["draft", "published"] }).notNull().default("draft")',
  'timestamp("createdAt", { precision: 3, mode: "date" }).notNull().$defaultFn(writeTime)',
  `timestamp("${long}", { precision: 3, mode: "date" }).notNull().$defaultFn(writeTime)`,
];
const KEYS = [
  'foreignKey({ name: "T_a_fkey", columns: [table.a], foreignColumns: [user.id] }).onDelete("cascade").onUpdate("cascade")',
  `foreignKey({ name: "${long}_fkey", columns: [table.${long}], foreignColumns: [user.id] }).onDelete("cascade").onUpdate("cascade")`,
];

it('lays out call chains as prettier does', () => {
  const source = [
    'export const columns = {',
    ...COLUMNS.map((column, i) => layoutChain(column, 2, `c${i}: `, ',')),
    '};',
    'export const keys = [',
    ...KEYS.map((key) => layoutChain(key, 2, '', ',')),
    '];',
    '',
  ].join('\n');
  expect(source).toBe(prettier(source));
});

describe('layoutMemberChain', () => {
  it('keeps a chain that fits, its arguments simple, on its line', () => {
    const chain = 'db.select(columns.tag).from(tables.tag).where(eq(tables.tag.id, id)).limit(1)';
    expect(layoutMemberChain(chain, 4, 'const [x] = await ', ';')).toBe(
      `    const [x] = await ${chain};`,
    );
  });

  it('breaks a longer one after its object, one call a line, a call that does not fit hugged', () => {
    const chain =
      'db.select({ ...columns.article, author: joined.article.author.columns }).from(tables.article).where(where).orderBy(...listOrder(tables.article, query.sort))';
    expect(layoutMemberChain(chain, 4, 'const records = await ', ';')).toBe(
      [
        '    const records = await db',
        '      .select({ ...columns.article, author: joined.article.author.columns })',
        '      .from(tables.article)',
        '      .where(where)',
        '      .orderBy(...listOrder(tables.article, query.sort));',
      ].join('\n'),
    );
  });

  /** Statements laid out at 4 spaces, as a module prettier reads: in an `if` in a function. */
  const inFunction = (...statements: string[]): string =>
    ['async function f() {', '  if (x) {', ...statements, '  }', '}', ''].join('\n');

  it('breaks a chain of three calls whose arguments prettier does not count as simple', () => {
    const statement = (chain: string) => layoutMemberChain(chain, 4, '', ';', true);
    const source = inFunction(
      statement('tx.insert(tables.appgenEvent).values(events.slice(start, start + 500)).run()'),
      statement('tx.delete(tables._Post_tags).where(matching(tables._Post_tags, { A: id })).run()'),
      statement('tx.insert(tables._Post_tags).values(links).run()'),
      statement('tx.insert(tables.appgenEvent).values(events.slice(start)).run()'),
      layoutMemberChain(
        `db.insert(tables.${long}).values({ A: current.id, B: userId })`,
        4,
        'const [x] = await ',
        ';',
      ),
    );
    expect(source).toBe(prettier(source));
  });

  // A function's outbox rows on Drizzle (orm/drizzle/recordEvents): two calls whose chain would
  // break an object over lines are kept on the line, the last call's arguments broken, as prettier
  // leaves it (a chain broken after `db` prettier itself rewrites so); two calls whose chain breaks
  // nothing stay a chain (a link route's delete).
  it('breaks the last of two calls instead of the chain when the chain would break an argument', () => {
    const record =
      'eventRows([["postChanged", 5]], { model: "Post", operation: "create", record: asRecord(result), userId })';
    const source = inFunction(
      layoutMemberChain(`db.insert(tables.appgenEvent).values(${record})`, 4, 'await ', ';'),
      layoutMemberChain(`db.insert(tables.appgenEvent).values(${record}).run()`, 4, '', ';', true),
      layoutMemberChain(
        'db.delete(tables._Post_watchers).where(matching(tables._Post_watchers, { A: current.id, B: userId }))',
        4,
        'await ',
        ';',
      ),
    );
    expect(source).toBe(prettier(source));
    expect(source).toContain('    await db.insert(tables.appgenEvent).values(\n');
    expect(source).toContain('    await db\n      .delete(tables._Post_watchers)\n');
  });

  it('lays out a single call as layoutLiteral does', () => {
    expect(
      layoutMemberChain(
        'db.article.findUnique({ where: { slug: params.slug }, include: articleAnswer.include(userId) })',
        4,
        'const record = await ',
        ';',
      ),
    ).toBe(
      [
        '    const record = await db.article.findUnique({',
        '      where: { slug: params.slug },',
        '      include: articleAnswer.include(userId),',
        '    });',
      ].join('\n'),
    );
  });
});
