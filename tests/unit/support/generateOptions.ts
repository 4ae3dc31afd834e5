import fs from 'fs';
import path from 'path';

/**
 * Generator options for tests that call the pipeline directly: SQLite with the embedded
 * database, as a project without DATABASE_URL gets. Spelled out so golden output does not move
 * when the CLI's default changes.
 */
export const SQLITE_OPTIONS = {
  provider: 'sqlite',
  defaultDatabaseUrl: 'file:./prisma/dev.db',
} as const;

/** The options of a golden case: SQLite, unless its golden.json names another provider; the ORM's own default file. */
export function goldenOptions(caseDir: string): {
  provider: 'sqlite' | 'postgresql';
  defaultDatabaseUrl: string;
} {
  const read = (file: string) =>
    fs.existsSync(path.join(caseDir, file))
      ? JSON.parse(fs.readFileSync(path.join(caseDir, file), 'utf8'))
      : {};
  const orm: string = read('appgen.config.json').orm ?? 'prisma';
  return {
    provider: read('golden.json').provider ?? 'sqlite',
    defaultDatabaseUrl:
      orm === 'drizzle' ? 'file:./drizzle/dev.db' : SQLITE_OPTIONS.defaultDatabaseUrl,
  };
}
