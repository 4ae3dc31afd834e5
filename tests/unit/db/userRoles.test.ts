import type { ProjectDatabase } from '../../../src/db/projectDatabase';
import { setUserRole } from '../../../src/db/userRoles';
import { endUserSessions } from '../../../src/db/userSessions';

/** A database that answers the SELECT with `rows` and records every statement. */
function fakeDatabase(rows: Array<Record<string, unknown>>) {
  const statements: Array<[string, unknown[]]> = [];
  const db: ProjectDatabase = {
    query: async (sql, params = []) => {
      statements.push([sql, params]);
      return sql.startsWith('SELECT') ? rows : [];
    },
    close: async () => undefined,
  };
  return { db, statements };
}

const COLUMNS = { table: 'User', identity: ['email', 'username'], roleField: 'role' };

describe('setUserRole (appgen users role)', () => {
  it('finds the user by any identity field and sets the role by their id', async () => {
    const { db, statements } = fakeDatabase([{ id: 'u1', role: 'member' }]);
    await expect(setUserRole(db, COLUMNS, 'ada@example.com', 'admin')).resolves.toEqual({
      matched: [{ id: 'u1', role: 'member' }],
      changed: true,
    });
    expect(statements).toEqual([
      [
        'SELECT "id", "role" AS "role" FROM "User" WHERE "email" = $1 OR "username" = $2',
        ['ada@example.com', 'ada@example.com'],
      ],
      ['UPDATE "User" SET "role" = $1 WHERE "id" = $2', ['admin', 'u1']],
    ]);
  });

  it('changes nothing when no user or several users match', async () => {
    for (const rows of [
      [],
      [
        { id: 'u1', role: null },
        { id: 'u2', role: 'member' },
      ],
    ]) {
      const { db, statements } = fakeDatabase(rows);
      const result = await setUserRole(db, COLUMNS, 'ada', 'admin');
      expect(result.changed).toBe(false);
      expect(result.matched).toHaveLength(rows.length);
      expect(statements).toHaveLength(1);
    }
  });
});

describe('endUserSessions (appgen users sign-out)', () => {
  it("finds the user by any identity field and deletes their sessions' rows by their id", async () => {
    const statements: Array<[string, unknown[]]> = [];
    const db: ProjectDatabase = {
      query: async (sql, params = []) => {
        statements.push([sql, params]);
        return sql.startsWith('SELECT') ? [{ id: 'u1' }] : [{ id: 's1' }, { id: 's2' }];
      },
      close: async () => undefined,
    };
    const accounts = { table: 'User', identity: ['email', 'username'] };
    await expect(endUserSessions(db, accounts, 'ada@example.com')).resolves.toEqual({
      matched: ['u1'],
      ended: 2,
    });
    expect(statements).toEqual([
      [
        'SELECT "id" FROM "User" WHERE "email" = $1 OR "username" = $2',
        ['ada@example.com', 'ada@example.com'],
      ],
      ['DELETE FROM "AppgenSession" WHERE "userId" = $1 RETURNING "id"', ['u1']],
    ]);
  });

  it('ends nothing when no user or several users match', async () => {
    for (const rows of [[], [{ id: 'u1' }, { id: 'u2' }]]) {
      const { db, statements } = fakeDatabase(rows);
      const result = await endUserSessions(db, { table: 'User', identity: ['email'] }, 'ada');
      expect(result).toEqual({ matched: rows.map((row) => row.id), ended: null });
      expect(statements).toHaveLength(1);
    }
  });
});
