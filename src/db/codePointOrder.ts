import type { CommandContext } from '../project/commandContext';
import { projectPg } from './projectDatabase';

/**
 * Text sorts by code point on every database. SQLite compares text byte by byte (its BINARY
 * collation: "Banana" before "apple"); PostgreSQL sorts by the database's collation, which is
 * often a language's (en_US: "apple" before "Banana", and "_x" before "10"), so `?sort=name` gave
 * another order there. Each text column of the app's tables gets PostgreSQL's "C" collation,
 * which compares the same bytes the same way. Neither Prisma nor drizzle-kit diffs a column's
 * collation, so it stays through later syncs; a column added since gets it at the next one.
 *
 * This query writes the statement for each text column of the app's tables (not Prisma's
 * migration log) that is not "C" yet, so running them again changes nothing. They run after
 * `db push`, `dev` and `build` sync the schema, and after `appgen migrate deploy`.
 */
const PENDING_CHANGES = `SELECT format('ALTER TABLE %I ALTER COLUMN %I TYPE text COLLATE "C"', c.table_name, c.column_name) AS statement
  FROM information_schema.columns c
  JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
 WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.data_type = 'text'
   AND c.collation_name IS DISTINCT FROM 'C' AND c.table_name <> '_prisma_migrations'
 ORDER BY c.table_name, c.column_name`;

/**
 * After a schema sync on PostgreSQL: gives every text column of the app's tables the "C"
 * collation, all in one transaction. Returns how many columns changed; 0 on SQLite.
 */
export async function useCodePointOrder(context: CommandContext): Promise<number> {
  if (context.database.provider !== 'postgresql') return 0;
  const Client = projectPg(context);
  const client = new Client({ connectionString: context.database.url });
  await client.connect();
  try {
    const statements = (await client.query(PENDING_CHANGES)).rows.map((row) => row.statement);
    // Several statements in one query run as one transaction: all of them, or none.
    if (statements.length > 0) await client.query(statements.join(';\n'));
    return statements.length;
  } finally {
    await client.end();
  }
}

/** A quoted SQL identifier: `"name"`, with `""` for a quote inside. */
const IDENTIFIER = '"((?:[^"]|"")+)"';

/**
 * The statements that give the "C" collation to each text column a migration's SQL creates
 * (`CREATE TABLE`, `ADD COLUMN`) or turns into text (`SET DATA TYPE TEXT`, which would reset the
 * collation), so that a database migrated by Prisma's or Drizzle's own migrator sorts text as
 * `appgen migrate deploy` makes it sort. Reads the SQL of either ORM (Prisma writes `TEXT`,
 * drizzle-kit `text`). Each statement ends with `;`, one per column.
 */
export function textCollationStatements(sql: string): string[] {
  const columns: Array<[table: string, column: string]> = [];
  for (const created of sql.matchAll(
    new RegExp(`CREATE TABLE ${IDENTIFIER} \\(([\\s\\S]*?)\\n\\);`, 'g'),
  ))
    for (const line of created[2].split('\n')) {
      const text = new RegExp(`^\\s*${IDENTIFIER} TEXT\\b`, 'i').exec(line);
      if (text) columns.push([created[1], text[1]]);
    }
  for (const altered of sql.matchAll(new RegExp(`ALTER TABLE ${IDENTIFIER} ([^;]*);`, 'g')))
    for (const change of altered[2].matchAll(
      new RegExp(
        `ADD COLUMN\\s+${IDENTIFIER} TEXT\\b|ALTER COLUMN ${IDENTIFIER} SET DATA TYPE TEXT\\b`,
        'gi',
      ),
    ))
      columns.push([altered[1], change[1] ?? change[2]]);
  return columns.map(
    ([table, column]) => `ALTER TABLE "${table}" ALTER COLUMN "${column}" TYPE text COLLATE "C";`,
  );
}

/** Why a migration file ends with textCollationStatements, as the comment above them. */
export const CODE_POINT_ORDER_COMMENT =
  '-- Text sorts by code point, as on SQLite (appgen: src/db/codePointOrder.ts)';

/**
 * The end of a Prisma migration file on PostgreSQL: textCollationStatements, one per line (the
 * schema engine splits a script at `;`). Empty when there is none.
 */
export function codePointOrderStatements(sql: string): string {
  const statements = textCollationStatements(sql);
  if (statements.length === 0) return '';
  return `\n${CODE_POINT_ORDER_COMMENT}\n${statements.join('\n')}\n`;
}
