import { migrationWarnings, warningsComment } from '../../../src/db/drizzleMigrationWarnings';
import {
  type DrizzleSnapshot,
  type SnapshotColumn,
  withoutRemoved,
} from '../../../src/db/drizzleSnapshotDiff';

const column = (name: string, type = 'text', notNull = true): SnapshotColumn => ({
  name,
  type,
  notNull,
});

function snapshot(tables: DrizzleSnapshot['tables'], extra: object = {}): DrizzleSnapshot {
  return { id: 'x', prevId: 'y', version: '6', dialect: 'sqlite', tables, ...extra };
}

const user = (columns: SnapshotColumn[], indexes: object = {}) => ({
  name: 'User',
  columns: Object.fromEntries(columns.map((c) => [c.name, c])),
  indexes,
  foreignKeys: {},
});

describe('withoutRemoved', () => {
  const previous = snapshot(
    {
      User: user([column('id'), column('old'), column('age', 'text')], {
        User_old_idx: { name: 'User_old_idx', columns: ['old'], isUnique: false },
      }),
      Note: { name: 'Note', columns: { id: column('id') } },
    },
    { views: { v: {} } },
  );
  const current = snapshot(
    { User: user([column('id'), column('age', 'integer'), column('new')]) },
    { views: {} },
  );

  it('keeps what both have, with the values of the first: tables, columns, indexes, views', () => {
    const dropped = withoutRemoved(previous, current);
    expect(Object.keys(dropped.tables)).toEqual(['User']);
    expect(dropped.tables.User.columns).toEqual({
      id: column('id'),
      age: column('age', 'text'),
    });
    expect(dropped.tables.User.indexes).toEqual({});
    expect(dropped.views).toEqual({});
    expect(dropped.id).toBe(previous.id);
  });

  it('the other way round is the current schema without what it adds', () => {
    const altered = withoutRemoved(current, previous);
    expect(altered.tables.User.columns).toEqual({
      id: column('id'),
      age: column('age', 'integer'),
    });
  });

  it('leaves its arguments alone', () => {
    const before = JSON.stringify(previous);
    withoutRemoved(previous, current);
    expect(JSON.stringify(previous)).toBe(before);
  });
});

describe('migrationWarnings', () => {
  it('is empty for additions that need nothing from the rows', () => {
    const previous = snapshot({ User: user([column('id')]) });
    const current = snapshot({
      User: user([column('id'), column('bio', 'text', false)]),
      Note: { name: 'Note', columns: { id: column('id') } },
    });
    expect(migrationWarnings('sqlite', previous, current)).toEqual([]);
  });

  it("says in Prisma's words what may lose data or fail on the rows", () => {
    const previous = snapshot({
      User: user([column('id'), column('old'), column('age'), column('nick', 'text', false)]),
      Note: { name: 'Note', columns: { id: column('id') } },
    });
    const current = snapshot({
      User: user(
        [
          column('id'),
          column('age', 'integer'),
          column('nick'),
          column('required'),
          { ...column('withDefault'), default: "'x'" },
        ],
        { User_id_key: { name: 'User_id_key', columns: ['id'], isUnique: true } },
      ),
    });
    expect(migrationWarnings('sqlite', previous, current)).toEqual([
      'You are about to drop the column `old` on the `User` table. All the data in the column will be lost.',
      'You are about to alter the column `age` on the `User` table. The data in that column will be cast from `text` to `integer`. This cast may fail. Please make sure the data in the column can be cast.',
      'Made the column `nick` on table `User` required. This step will fail if there are existing NULL values in that column.',
      'Added the required column `required` to the `User` table without a default value. This is not possible if the table is not empty.',
      'A unique constraint covering the columns `[id]` on the table `User` will be added. If there are existing duplicate values, this will fail.',
      'You are about to drop the `Note` table. If the table is not empty, all the data it contains will be lost.',
    ]);
  });

  it('takes timestamp(3) for timestamp, and json for jsonb on PostgreSQL (converted in place)', () => {
    const previous = snapshot({ User: user([column('at', 'timestamp'), column('doc', 'jsonb')]) });
    const current = snapshot({ User: user([column('at', 'timestamp(3)'), column('doc', 'json')]) });
    expect(migrationWarnings('postgresql', previous, current)).toEqual([]);
  });

  it("heads the file with Prisma's comment block, or nothing", () => {
    expect(warningsComment([])).toBe('');
    expect(warningsComment(['one', 'two'])).toBe('/*\n  Warnings:\n\n  - one\n  - two\n\n*/\n');
  });
});
