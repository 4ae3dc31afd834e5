import type { DbColumn, SchemaColumn } from '../../../src/db/drizzleKit';
import { sameType, schemaChanges } from '../../../src/db/drizzleSchemaChanges';

/**
 * appgen's own reading of a Drizzle schema change (drizzle-kit would prompt): the database as it
 * is, the schema as generated, and row counts; the e2e data-loss suite runs it for real.
 */
const col = (name: string, type = 'text', notNull = true): DbColumn => ({ name, type, notNull });
const want = (
  name: string,
  type = 'text',
  notNull = true,
  hasDatabaseDefault = false,
): SchemaColumn => ({ name, type, notNull, hasDatabaseDefault });

/** Every table has `rows` rows; every column has `rows` values except those listed as empty. */
const counter =
  (rows: number, empty: string[] = []) =>
  async (_table: string, column?: { name: string; isNull: boolean }) =>
    column === undefined ? rows : empty.includes(column.name) === column.isNull ? rows : 0;

const users = (columns: DbColumn[]) => new Map([['User', columns]]);

describe('schemaChanges', () => {
  it('names a dropped column with data, and hints at a rename when a column of the same type is added', async () => {
    const changes = await schemaChanges(
      'sqlite',
      users([col('id'), col('name')]),
      [{ name: 'User', columns: [want('id'), want('fullName', 'text', false)] }],
      counter(2),
    );
    expect(changes.warnings).toEqual([
      'You are about to drop the column `name` on the `User` table, which still contains 2 non-null values.',
    ]);
    expect(changes.renameHints).toEqual([
      expect.stringContaining('If you renamed User.name to fullName'),
    ]);
    // drizzle-kit would ask "rename or new column?": appgen drops first once the user agreed.
    expect(changes.dropsFirst).toEqual([{ table: 'User', column: 'name' }]);
    expect(changes.unexecutable).toEqual([]);
  });

  it('names a dropped table with rows; nothing to drop first when no table is added', async () => {
    const current = new Map([
      ['User', [col('id')]],
      ['Note', [col('id')]],
    ]);
    const changes = await schemaChanges(
      'postgresql',
      current,
      [{ name: 'User', columns: [want('id')] }],
      counter(3),
    );
    expect(changes.warnings).toEqual([
      'You are about to drop the `Note` table, which is not empty (3 rows).',
    ]);
    expect(changes.dropsFirst).toEqual([]);
  });

  it('refuses a required column without a database default on a table with rows, not one with a default or an empty table', async () => {
    const target = [
      {
        name: 'User',
        columns: [want('id'), want('score', 'integer'), want('level', 'text', true, true)],
      },
    ];
    expect(
      (await schemaChanges('sqlite', users([col('id')]), target, counter(2))).unexecutable,
    ).toEqual([
      'Added the required column `score` to the `User` table without a default value. There are 2 rows in this table, it is not possible to execute this step.',
    ]);
    expect(
      (await schemaChanges('sqlite', users([col('id')]), target, counter(0))).unexecutable,
    ).toEqual([]);
  });

  it('refuses making a column required while rows have no value', async () => {
    const changes = await schemaChanges(
      'sqlite',
      users([col('id'), col('nick', 'text', false)]),
      [{ name: 'User', columns: [want('id'), want('nick')] }],
      counter(2, ['nick']),
    );
    expect(changes.unexecutable).toEqual([
      'Made the column `nick` on table `User` required, but there are 2 existing NULL values.',
    ]);
  });

  it('type changes: SQLite casts (a warning); PostgreSQL replaces the column, which a required column with data forbids', async () => {
    const current = users([col('id'), col('age', 'TEXT')]);
    const sqlite = await schemaChanges(
      'sqlite',
      current,
      [{ name: 'User', columns: [want('id'), want('age', 'integer')] }],
      counter(2),
    );
    expect(sqlite.warnings).toEqual([expect.stringContaining('cast from `text` to `integer`')]);
    const required = await schemaChanges(
      'postgresql',
      current,
      [{ name: 'User', columns: [want('id'), want('age', 'integer')] }],
      counter(2),
    );
    expect(required.unexecutable).toEqual([
      expect.stringMatching(/^Changed the type of `age` on the `User` table\. No cast exists/),
    ]);
    const optional = await schemaChanges(
      'postgresql',
      current,
      [{ name: 'User', columns: [want('id'), want('age', 'integer', false)] }],
      counter(2),
    );
    expect(optional.warnings).toEqual([
      'The `age` column on the `User` table would be dropped and recreated. This will lead to data loss.',
    ]);
    expect(optional.dropsFirst).toEqual([{ table: 'User', column: 'age' }]);
  });

  it('PostgreSQL converts jsonb to json in place (an earlier version made jsonb): nothing lost, nothing dropped', async () => {
    for (const notNull of [true, false]) {
      const changes = await schemaChanges(
        'postgresql',
        users([col('id'), col('meta', 'jsonb', notNull)]),
        [{ name: 'User', columns: [want('id'), want('meta', 'json', notNull)] }],
        counter(2),
      );
      expect(changes).toEqual({ warnings: [], unexecutable: [], renameHints: [], dropsFirst: [] });
    }
  });

  it('sees the same type behind different spellings', () => {
    expect(sameType('timestamp(3)', 'timestamp without time zone')).toBe(true);
    expect(sameType('TEXT', 'text')).toBe(true);
    expect(sameType('text', 'integer')).toBe(false);
  });
});
