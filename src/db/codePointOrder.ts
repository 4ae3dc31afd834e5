import { createRequire } from 'node:module';
import type { CommandContext } from '../project/commandContext';
import { createProjectRequire, resolveFromProject } from '../project/projectModules';

/** The text columns of the app's tables (not Prisma's migration log) that are not "C" yet. */
const PENDING_COLUMNS = `FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.data_type = 'text'
       AND c.collation_name IS DISTINCT FROM 'C' AND c.table_name <> '_prisma_migrations'`;

/**
 * Text sorts by code point on every database. SQLite compares text byte by byte (its BINARY
 * collation: "Banana" before "apple"); PostgreSQL sorts by the database's collation, which is
 * often a language's (en_US: "apple" before "Banana", and "_x" before "10"), so `?sort=name` gave
 * another order there. Each text column of the app's tables gets PostgreSQL's "C" collation,
 * which compares the same bytes the same way. Neither Prisma nor drizzle-kit diffs a column's
 * collation, so it stays through later syncs; a column added since gets it at the next one.
 *
 * The statement is idempotent (only columns not yet "C"). It runs after `db push`, `dev` and
 * `build` sync the schema, and after `appgen migrate deploy` (not in the migration files: the
 * offline schema engine splits a script at each `;`, which a DO block has inside).
 */
const CODE_POINT_ORDER_SQL = `DO $$
DECLARE col record;
BEGIN
  FOR col IN
    SELECT c.table_name, c.column_name ${PENDING_COLUMNS}
     ORDER BY c.table_name, c.column_name
  LOOP
    EXECUTE format('ALTER TABLE %I ALTER COLUMN %I TYPE text COLLATE "C"', col.table_name, col.column_name);
  END LOOP;
END $$;
`;

interface PgClient {
  connect(): Promise<void>;
  query(text: string): Promise<{ rows: Array<Record<string, unknown>> }>;
  end(): Promise<void>;
}

/** pg as the project has it: Drizzle's own dependency, or the one @prisma/adapter-pg uses. */
function projectPg(context: CommandContext): new (config: object) => PgClient {
  const req = createProjectRequire(context.root);
  const from =
    context.orm === 'prisma'
      ? createRequire(resolveFromProject(req, '@prisma/adapter-pg', context.root))
      : req;
  return (
    from(context.orm === 'prisma' ? 'pg' : resolveFromProject(req, 'pg', context.root)) as {
      Client: new (config: object) => PgClient;
    }
  ).Client;
}

/**
 * After a schema sync on PostgreSQL: gives every text column of the app's tables the "C"
 * collation (CODE_POINT_ORDER_SQL). Returns how many columns changed; 0 on SQLite.
 */
export async function useCodePointOrder(context: CommandContext): Promise<number> {
  if (context.database.provider !== 'postgresql') return 0;
  const Client = projectPg(context);
  const client = new Client({ connectionString: context.database.url });
  await client.connect();
  try {
    const pending = Number(
      (await client.query(`SELECT count(*) AS n ${PENDING_COLUMNS}`)).rows[0].n,
    );
    if (pending > 0) await client.query(CODE_POINT_ORDER_SQL);
    return pending;
  } finally {
    await client.end();
  }
}
