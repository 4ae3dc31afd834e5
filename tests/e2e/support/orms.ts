import path from 'path';

/**
 * The ORM variants of generated handlers. The spec promises the same observable behaviour, so
 * the HTTP suites run their assertions unchanged against each.
 */
export const ORMS = ['prisma', 'drizzle'] as const;
export type Orm = (typeof ORMS)[number];

/** The embedded SQLite file a project of this ORM uses when DATABASE_URL is unset. */
export function defaultDatabaseFile(projectDir: string, orm: Orm): string {
  return path.join(projectDir, orm, 'dev.db');
}
