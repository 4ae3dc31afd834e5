import type { DatabaseProvider } from '../map/contexts';
import { UserError } from '../diagnostics/diagnostic';

/** The embedded database of a project when DATABASE_URL is not set. */
export const DEFAULT_DATABASE_URL = 'file:./prisma/dev.db';

export interface ProjectDatabase {
  url: string;
  provider: DatabaseProvider;
  defaultUrl: string;
}

/**
 * Which database the app uses: DATABASE_URL (from the environment or the project's .env), else
 * SQLite in prisma/dev.db. The provider decides the Prisma schema and the driver adapter.
 */
export function projectDatabase(env: NodeJS.ProcessEnv): ProjectDatabase {
  const url = env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
  if (url.startsWith('file:')) return { url, provider: 'sqlite', defaultUrl: DEFAULT_DATABASE_URL };
  if (/^postgres(ql)?:\/\//.test(url)) return { url, provider: 'postgresql', defaultUrl: DEFAULT_DATABASE_URL };
  throw new UserError(
    `DATABASE_URL "${url.replace(/\/\/[^@/]*@/, '//***@')}" is not a supported database`,
    'use file:./path/to.db (SQLite) or postgresql://user:password@host:5432/database, or unset it for the embedded SQLite database.',
  );
}
