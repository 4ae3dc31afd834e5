/**
 * Generator options for tests that call the pipeline directly: SQLite with the embedded
 * database, as a project without DATABASE_URL gets. Spelled out so golden output does not move
 * when the CLI's default changes.
 */
export const SQLITE_OPTIONS = { provider: 'sqlite', defaultDatabaseUrl: 'file:./prisma/dev.db' } as const;
