import {
  createMigration,
  deployMigrations,
  MigrationError,
  MIGRATIONS_DIR,
} from '../../db/migrations';
import { createDrizzleMigration, deployDrizzleMigrations } from '../../db/drizzleMigrations';
import { DRIZZLE_MIGRATIONS_DIR } from '../../db/drizzleMigrationFolder';
import { useWriteAheadLog } from '../../db/sqliteJournal';
import { useCodePointOrder } from '../../db/codePointOrder';
import { useWrittenSearchIndexes } from '../../db/searchIndexes';
import { UserError } from '../../diagnostics/diagnostic';
import { commandContext } from '../../project/commandContext';
import { assertOrmInstalled } from '../../project/ormPackages';
import { runGenerate } from '../../generate/runGenerate';

async function asUserError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MigrationError) throw new UserError(error.message, error.fix);
    throw error;
  }
}

/** The project, its ORM's migrations (Prisma's or drizzle-kit's format) and their folder. */
function migrationContext(cwd: string) {
  const context = commandContext(cwd);
  const { orm } = context;
  if (orm === 'none') {
    throw new UserError(
      'This project has no database (orm "none" in appgen.config.json): there is nothing to migrate.',
      'set "orm": "prisma" or "drizzle" to use a database.',
    );
  }
  assertOrmInstalled(context.root, orm);
  return orm === 'drizzle'
    ? {
        context,
        folder: DRIZZLE_MIGRATIONS_DIR,
        create: createDrizzleMigration,
        deploy: deployDrizzleMigrations,
      }
    : { context, folder: MIGRATIONS_DIR, create: createMigration, deploy: deployMigrations };
}

/** `appgen migrate create <name>`: generate, then write the SQL migration from the existing migrations to the models. */
export async function runMigrateCreate(options: { cwd: string; name: string }): Promise<number> {
  const { context, folder, create } = migrationContext(options.cwd);
  runGenerate(context, { quiet: true });
  const created = await asUserError(() =>
    create({ projectDir: context.root, databaseUrl: context.database.url, name: options.name }),
  );
  if (!created) {
    context.log(
      `appgen: the migrations in ${folder} already match the models; no migration written`,
    );
    return 0;
  }
  context.log(`  create ${created.file}`);
  if (created.warnings.length > 0) {
    context.log(
      `appgen: this migration may lose data or fail on the rows a database holds (also at the top of the file):\n${created.warnings.map((line) => `  - ${line}`).join('\n')}`,
    );
  }
  context.log(
    `appgen: migration ${created.name} written; review it, commit it, and apply it with appgen migrate deploy`,
  );
  return 0;
}

/** `appgen migrate deploy`: apply the migrations the database has not recorded yet. */
export async function runMigrateDeploy(options: { cwd: string }): Promise<number> {
  const { context, deploy } = migrationContext(options.cwd);
  const applied = await asUserError(() =>
    deploy({ projectDir: context.root, databaseUrl: context.database.url }),
  );
  // A SQLite database runs in write-ahead-log mode, as after a push (src/db/sqliteJournal.ts);
  // PostgreSQL sorts text by code point, also with migrations written before appgen said so.
  useWriteAheadLog(context);
  await useCodePointOrder(context);
  // The full-text indexes of searches, which no migration holds (src/db/searchIndexes.ts).
  await useWrittenSearchIndexes(context);
  for (const name of applied) context.log(`  apply ${name}`);
  context.log(
    applied.length > 0
      ? `appgen: ${applied.length} migration${applied.length === 1 ? '' : 's'} applied`
      : 'appgen: no pending migrations; the database is up to date',
  );
  return 0;
}
