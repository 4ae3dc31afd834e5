import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../diagnostics/diagnostic';

/**
 * Creates the folder of an SQLite database file (better-sqlite3 creates the file but not its
 * folder). A folder that cannot be made (a file in the way, no rights) is the user's to fix:
 * DATABASE_URL names the file.
 */
export function ensureSqliteFolder(file: string): void {
  const folder = path.dirname(file);
  try {
    fs.mkdirSync(folder, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new UserError(
      `Cannot create the folder of the SQLite database file ${file} (${code}: ${(error as Error).message.split(', ')[0].replace(/^\w+: /, '')}).`,
      'point DATABASE_URL to a file in a folder this user may create or write to (e.g. file:./prisma/dev.db).',
    );
  }
}
