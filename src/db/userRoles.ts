import type { ProjectDatabase } from './projectDatabase';

/** Where the role is kept: the accounts model's table (its name, in both ORMs), its identity and role columns. */
export interface RoleColumns {
  table: string;
  identity: string[];
  roleField: string;
}

export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The statement that finds the users whose identity field (any of `identity`) is `value`. */
export function findUsersBy(
  table: string,
  identity: readonly string[],
  value: string,
  columns: string,
): [string, unknown[]] {
  const where = identity.map((name, i) => `${quoted(name)} = $${i + 1}`).join(' OR ');
  return [`SELECT ${columns} FROM ${quoted(table)} WHERE ${where}`, identity.map(() => value)];
}

/**
 * `appgen users role`: sets the role of the users whose identity field (any of `identity`) is
 * `identity`, in plain SQL on the accounts model's table, whatever the ORM and database. Returns
 * the ids changed and their roles before; nothing is changed when more than one user matches.
 */
export async function setUserRole(
  db: ProjectDatabase,
  columns: RoleColumns,
  identity: string,
  role: string,
): Promise<{ matched: Array<{ id: string; role: string | null }>; changed: boolean }> {
  const table = quoted(columns.table);
  const column = quoted(columns.roleField);
  const rows = await db.query(
    ...findUsersBy(columns.table, columns.identity, identity, `"id", ${column} AS "role"`),
  );
  const matched = rows.map((row) => ({
    id: String(row.id),
    role: row.role === null || row.role === undefined ? null : String(row.role),
  }));
  if (matched.length !== 1) return { matched, changed: false };
  await db.query(`UPDATE ${table} SET ${column} = $1 WHERE "id" = $2`, [role, matched[0].id]);
  return { matched, changed: true };
}
