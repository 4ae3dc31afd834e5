import {
  createMigration,
  deployMigrations,
  MigrationError,
  MIGRATIONS_DIR,
} from '../../db/migrations';
import { useWriteAheadLog } from '../../db/sqliteJournal';
import { useCodePointOrder } from '../../db/codePointOrder';
import { UserError } from '../../diagnostics/diagnostic';
import { commandContext, type CommandContext } from '../../project/commandContext';
import { runGenerate } from '../../generate/runGenerate';

async function asUserError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MigrationError) throw new UserError(error.message, error.fix);
    throw error;
  }
}

function prismaContext(cwd: string): CommandContext {
  const context = commandContext(cwd);
  if (context.orm === 'none') {
    throw new UserError(
      'This project has no database (orm "none" in appgen.config.json): there is nothing to migrate.',
      'set "orm": "prisma" to use a database.',
    );
  }
  if (context.orm === 'drizzle') {
    throw new UserError(
      'appgen migrate is not available for orm "drizzle" yet.',
      'use appgen db push (appgen dev and appgen build run it too): it refuses any change that would lose data unless --accept-data-loss.',
    );
  }
  return context;
}

/** `appgen migrate create <name>`: generate, then write the SQL migration from the existing migrations to the models. */
export async function runMigrateCreate(options: { cwd: string; name: string }): Promise<number> {
  const context = prismaContext(options.cwd);
  runGenerate(context, { quiet: true });
  const created = await asUserError(() =>
    createMigration({
      projectDir: context.root,
      databaseUrl: context.database.url,
      name: options.name,
    }),
  );
  if (!created) {
    context.log(
      `appgen: the migrations in ${MIGRATIONS_DIR} already match the models; no migration written`,
    );
    return 0;
  }
  context.log(`  create ${created.file}`);
  context.log(
    `appgen: migration ${created.name} written; review it, commit it, and apply it with appgen migrate deploy`,
  );
  return 0;
}

/** `appgen migrate deploy`: apply the migrations the database has not recorded yet. */
export async function runMigrateDeploy(options: { cwd: string }): Promise<number> {
  const context = prismaContext(options.cwd);
  const applied = await asUserError(() =>
    deployMigrations({ projectDir: context.root, databaseUrl: context.database.url }),
  );
  // A SQLite database runs in write-ahead-log mode, as after a push (src/db/sqliteJournal.ts);
  // PostgreSQL sorts text by code point, also with migrations written before appgen said so.
  useWriteAheadLog(context);
  await useCodePointOrder(context);
  for (const name of applied) context.log(`  apply ${name}`);
  context.log(
    applied.length > 0
      ? `appgen: ${applied.length} migration${applied.length === 1 ? '' : 's'} applied`
      : 'appgen: no pending migrations; the database is up to date',
  );
  return 0;
}
