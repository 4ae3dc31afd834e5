/**
 * What both ORMs' migrations (src/db/migrations.ts for Prisma, src/db/drizzleMigrations.ts for
 * Drizzle) share: the error a user fixes, the migration name rule, and the refusal of a database
 * that `db push` manages.
 */

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly fix: string,
  ) {
    super(message);
    this.name = 'MigrationError';
  }
}

/** The name a user gives `appgen migrate create`, in snake case: `addUserBio` → `add_user_bio`. */
export function migrationSlug(name: string): string {
  const slug = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (slug === '')
    throw new MigrationError(
      `"${name}" is not a usable migration name.`,
      'name the change with letters and digits, e.g. appgen migrate create add_user_bio',
    );
  return slug;
}

/** `appgen migrate deploy` on a database whose tables no migration created. */
export function pushedDatabaseError(): MigrationError {
  return new MigrationError(
    'The database already has tables that no migration created (it was synced with appgen db push), so appgen does not apply migrations to it.',
    'deploy migrations to a database managed only by migrations (e.g. a fresh one); keep appgen db push for development databases.',
  );
}

/** `appgen migrate deploy` without a migration to apply. */
export function noMigrationsError(folder: string): MigrationError {
  return new MigrationError(
    `There are no migrations in ${folder}.`,
    'create one with appgen migrate create <name>.',
  );
}
