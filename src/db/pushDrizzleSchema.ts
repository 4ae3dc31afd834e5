import fs from 'node:fs';
import * as path from 'node:path';
import { UserError } from '../diagnostics/diagnostic';
import { providerOf } from '../project/databaseUrl';
import { DRIZZLE_SCHEMA_PATH, openDrizzleSession, type DrizzleSession } from './drizzleKit';
import { schemaChanges } from './drizzleSchemaChanges';
import { DataLossError, type PushOptions, type PushResult } from './pushSchema';

/**
 * `drizzle-kit push` without prompts or network: bring the database in line with
 * src/appgen/schema.ts. Same contract as pushSchema (the Prisma variant): a change that loses
 * data is refused with a DataLossError unless acceptDataLoss; one the rows make impossible is
 * always refused; the database is unchanged when refused.
 */
export async function pushDrizzleSchema(opts: PushOptions): Promise<PushResult> {
  const projectDir = path.resolve(opts.projectDir);
  const provider = providerOf(opts.databaseUrl);
  const schema = opts.schema ?? fs.readFileSync(path.join(projectDir, DRIZZLE_SCHEMA_PATH), 'utf8');
  assertSchemaDialect(schema, provider);
  const session = await openDrizzleSession({ projectDir, url: opts.databaseUrl, provider, schema });
  try {
    return await push(session, opts.acceptDataLoss === true);
  } finally {
    await session.close();
  }
}

async function push(session: DrizzleSession, acceptDataLoss: boolean): Promise<PushResult> {
  const changes = await schemaChanges(
    session.provider,
    await session.databaseTables(),
    session.schemaTables,
    (table, column) => session.count(table, column),
  );
  if (changes.unexecutable.length > 0 || (changes.warnings.length > 0 && !acceptDataLoss)) {
    throw new DataLossError(changes.warnings, changes.unexecutable, changes.renameHints);
  }
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  // Agreed (or nothing to lose): drop first what drizzle-kit would otherwise ask about.
  const drops = changes.dropsFirst.map(({ table, column }) =>
    column
      ? `ALTER TABLE ${quote(table)} DROP COLUMN ${quote(column)}`
      : `DROP TABLE ${quote(table)}`,
  );
  if (drops.length > 0) await session.execute(drops);
  const plan = await session.plan();
  // drizzle-kit empties a table (DELETE FROM / TRUNCATE) before adding a required column to it,
  // and takes a falsy default (0, false, "") for none. appgen refuses a required column without
  // a default on a table with rows (above), so those statements are never needed: never run them.
  // Nor the drops of a search's index or FTS5 tables, which drizzle-kit takes for strays: appgen
  // makes and drops them after the push (src/db/searchIndexes.ts).
  const statements = plan.statementsToExecute.filter(
    (statement) => !EMPTIES_TABLE.test(statement) && !DROPS_SEARCH.test(statement),
  );
  // A loss appgen's own check did not foresee: refuse with drizzle-kit's words.
  const unforeseen = plan.warnings.filter(
    (warning) => !ADDS_REQUIRED_COLUMN.test(warning) && !SEARCH_WARNING.test(warning),
  );
  if (
    plan.hasDataLoss &&
    unforeseen.length > 0 &&
    !acceptDataLoss &&
    changes.warnings.length === 0
  ) {
    throw new DataLossError(unforeseen, []);
  }
  if (statements.length > 0) await session.execute(statements);
  return {
    executedSteps: drops.length + statements.length,
    warnings: changes.warnings,
    unexecutable: [],
  };
}

const DROPS_SEARCH = /^\s*DROP (TABLE|INDEX)\b[^;]*?["`][A-Z][A-Za-z0-9]*_search(_[a-z0-9]+)?["`]/i;
const SEARCH_WARNING = /\b[A-Z][A-Za-z0-9]*_search(_[a-z0-9]+)?\b/;
const EMPTIES_TABLE = /^\s*(delete\s+from|truncate(\s+table)?)\s/i;
const ADDS_REQUIRED_COLUMN = /add not-null \S+ column without default value/;

/** src/appgen/schema.ts is rendered for one dialect from DATABASE_URL at generation time. */
function assertSchemaDialect(schema: string, provider: string): void {
  const declared = schema.includes('"drizzle-orm/pg-core"')
    ? 'postgresql'
    : schema.includes('"drizzle-orm/sqlite-core"')
      ? 'sqlite'
      : undefined;
  if (declared !== undefined && declared !== provider) {
    throw new UserError(
      `${DRIZZLE_SCHEMA_PATH} is written for ${declared} but DATABASE_URL is a ${provider} URL`,
      'regenerate the app with the DATABASE_URL it will use (appgen generate).',
    );
  }
}
