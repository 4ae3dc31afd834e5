import fs from 'node:fs';
import * as path from 'node:path';
import { providerOf, type DatabaseProvider } from '../project/databaseUrl';
import { createProjectRequire, resolveFromProject } from '../project/projectModules';
import { CODE_POINT_ORDER_COMMENT, textCollationStatements } from './codePointOrder';
import { DRIZZLE_SCHEMA_PATH, loadSchema } from './drizzleKit';
import {
  DRIZZLE_MIGRATIONS_DIR,
  migrationsFolder,
  readJournal,
  readLastSnapshot,
  readMigrationSql,
  writeMigration,
} from './drizzleMigrationFolder';
import { migrationWarnings, warningsComment } from './drizzleMigrationWarnings';
import { databaseProblem, isMissingRight } from './databaseProblem';
import { openDrizzleMigrator } from './drizzleMigrator';
import { type DrizzleSnapshot, withoutRemoved } from './drizzleSnapshotDiff';
import type { CreatedMigration, MigrationOptions } from './migrations';
import {
  MigrationError,
  migrationSlug,
  noMigrationsError,
  pushedDatabaseError,
} from './migrationError';

/**
 * `appgen migrate create` / `deploy` for orm "drizzle", in drizzle-kit's own format
 * (src/db/drizzleMigrationFolder.ts). `create` needs no database: drizzle-kit diffs the snapshot of
 * the last migration against the one of src/appgen/schema.ts, through its programmatic API
 * (drizzle-kit/api), which runs offline. `deploy` runs drizzle-orm's own migrator.
 */

interface DrizzleKitApi {
  generateDrizzleJson(imports: object, prevId?: string): DrizzleSnapshot;
  generateMigration(prev: DrizzleSnapshot, cur: DrizzleSnapshot): Promise<string[]>;
  generateSQLiteDrizzleJson(imports: object, prevId?: string): Promise<DrizzleSnapshot>;
  generateSQLiteMigration(prev: DrizzleSnapshot, cur: DrizzleSnapshot): Promise<string[]>;
}

/** The snapshot of `imports` (the schema's exports), and the statements from `prev` to another. */
function dialect(api: DrizzleKitApi, provider: DatabaseProvider) {
  return provider === 'sqlite'
    ? { snapshot: api.generateSQLiteDrizzleJson, diff: api.generateSQLiteMigration }
    : {
        snapshot: async (imports: object, prevId?: string) =>
          api.generateDrizzleJson(imports, prevId),
        diff: api.generateMigration,
      };
}

/**
 * drizzle-kit's statements from `prev` to `cur` in three diffs: drops, then changes to what both
 * have, then additions. One diff never both drops and adds, so drizzle-kit never asks whether it
 * is a rename (see withoutRemoved); and on SQLite, where a changed column makes drizzle-kit copy
 * the table into a new one, the copy never selects a column the old table lacks (one diff that
 * alters and adds at once does, and fails).
 */
async function statementsBetween(
  diff: (prev: DrizzleSnapshot, cur: DrizzleSnapshot) => Promise<string[]>,
  prev: DrizzleSnapshot,
  cur: DrizzleSnapshot,
): Promise<string[]> {
  const dropped = withoutRemoved(prev, cur);
  const altered = withoutRemoved(cur, prev);
  return [
    ...(await diff(prev, dropped)),
    ...(await diff(dropped, altered)),
    ...(await diff(altered, cur)),
  ];
}

/**
 * Writes the migration from the last migration's snapshot to src/appgen/schema.ts. Returns null
 * (and writes nothing) when there is no change. A change that may lose data is written with
 * Prisma's warning block at the top of the file, and returned in `warnings`.
 */
export async function createDrizzleMigration(
  opts: MigrationOptions & { name: string; now?: Date },
): Promise<CreatedMigration | null> {
  const slug = migrationSlug(opts.name);
  const projectDir = path.resolve(opts.projectDir);
  const provider = providerOf(opts.databaseUrl);
  const journal = readJournal(projectDir, provider);
  const previous = journal === null ? null : readLastSnapshot(projectDir, journal);

  const req = createProjectRequire(projectDir);
  const api = req(resolveFromProject(req, 'drizzle-kit/api', projectDir)) as DrizzleKitApi;
  const { snapshot, diff } = dialect(api, provider);
  const source = fs.readFileSync(path.join(projectDir, DRIZZLE_SCHEMA_PATH), 'utf8');
  const current = await snapshot(loadSchema(req, projectDir, source), previous?.id);
  const from = previous ?? (await snapshot({}));
  const statements = await statementsBetween(diff, from, current);
  if (statements.length === 0) return null;

  const warnings = migrationWarnings(provider, from, current);
  // PostgreSQL: text sorts by code point, as after a push (src/db/codePointOrder.ts).
  const collations =
    provider === 'postgresql' ? textCollationStatements(statements.join('\n')) : [];
  const withCollations =
    collations.length === 0
      ? statements
      : [...statements, `${CODE_POINT_ORDER_COMMENT}\n${collations[0]}`, ...collations.slice(1)];
  withCollations[0] = warningsComment(warnings) + withCollations[0];

  const { tag, file } = writeMigration(projectDir, provider, journal, {
    slug,
    statements: withCollations,
    snapshot: current,
    when: (opts.now ?? new Date()).getTime(),
  });
  return { name: tag, file, sql: fs.readFileSync(path.join(projectDir, file), 'utf8'), warnings };
}

/**
 * Applies the migrations the database has not recorded yet with drizzle-orm's migrator, all in one
 * transaction (a failing statement leaves the database as it was); returns their tags, in order.
 */
export async function deployDrizzleMigrations(opts: MigrationOptions): Promise<string[]> {
  const projectDir = path.resolve(opts.projectDir);
  const provider = providerOf(opts.databaseUrl);
  const journal = readJournal(projectDir, provider);
  if (journal === null || journal.entries.length === 0)
    throw noMigrationsError(DRIZZLE_MIGRATIONS_DIR);
  const migrations = journal.entries.map((entry) => ({
    entry,
    ...readMigrationSql(projectDir, entry),
  }));
  const migrator = openDrizzleMigrator({ projectDir, url: opts.databaseUrl, provider });
  try {
    // Two deploys at once (two instances started with it) apply each migration once: the second
    // waits, then finds nothing pending.
    await migrator.lock();
    const last = await migrator.lastApplied();
    if (last === null && (await migrator.appTables()).length > 0) throw pushedDatabaseError();
    const pending = migrations.filter(({ entry }) => last === null || entry.when > last);
    if (pending.length === 0) return [];
    try {
      await migrator.migrate(migrationsFolder(projectDir));
    } catch (error) {
      throw failedMigration(error, pending);
    }
    return pending.map(({ entry }) => entry.tag);
  } finally {
    await migrator.close();
  }
}

/**
 * drizzle-orm's error for a failed statement: the database's error as its `cause`, the statement
 * as `query` (PostgreSQL's DrizzleQueryError) or in the message (SQLite's synchronous session:
 * "Failed to run the query '...'").
 */
interface QueryError {
  query?: unknown;
  cause?: unknown;
  message?: unknown;
}

const FAILED_QUERY = /^Failed to run the query '([\s\S]*)'$/;

/** Which pending migration failed, on which statement, and that nothing of the deploy stayed. */
function failedMigration(
  error: unknown,
  pending: Array<{ file: string; statements: string[] }>,
): MigrationError {
  const { cause, message } = (error ?? {}) as QueryError;
  const query = (error as QueryError)?.query ?? FAILED_QUERY.exec(String(message))?.[1];
  const reason = cause instanceof Error ? cause.message : String(message ?? error);
  const failed = pending.find(({ statements }) => statements.includes(String(query)));
  const statement = typeof query === 'string' ? `\n  statement: ${query.trim()}` : '';
  const where = failed ? `${failed.file} failed` : 'A pending migration failed';
  return new MigrationError(
    `${where}: ${reason}${statement}\nNone of the pending migrations was applied: they run in one transaction.`,
    // A statement the database user has no right to run: the user's rights are wrong, not the file.
    (isMissingRight(error) ? databaseProblem(error)?.hint : undefined) ??
      `correct ${failed ? failed.file : `the migration in ${DRIZZLE_MIGRATIONS_DIR}`} (or the rows that make it fail), then run appgen migrate deploy again.`,
  );
}
