import type { ProjectDatabase } from './projectDatabase';
import { findUsersBy } from './userRoles';

/**
 * `appgen users sign-out`: ends every stored session (table AppgenSession) of the user whose
 * identity field (any of `identity`) is `identity`, in plain SQL whatever the ORM and database.
 * Returns the ids found and how many sessions ended; nothing ends when more than one user matches.
 */
export async function endUserSessions(
  db: ProjectDatabase,
  accounts: { table: string; identity: string[] },
  identity: string,
): Promise<{ matched: string[]; ended: number | null }> {
  const rows = await db.query(...findUsersBy(accounts.table, accounts.identity, identity, '"id"'));
  const matched = rows.map((row) => String(row.id));
  if (matched.length !== 1) return { matched, ended: null };
  const ended = await db.query('DELETE FROM "AppgenSession" WHERE "userId" = $1 RETURNING "id"', [
    matched[0],
  ]);
  return { matched, ended: ended.length };
}
