import path from 'path';
import type { OrmName } from '../config/configTypes';
import { defaultDatabaseUrl, resolveDatabaseUrl, DatabaseProvider } from './databaseUrl';
import { UserError } from '../diagnostics/diagnostic';
import { projectEnv } from './loadEnvFile';
import { projectOrm } from './readSettings';

export type Log = (line: string) => void;

export const defaultLog: Log = (line) => process.stdout.write(`${line}\n`);

export interface ProjectDatabase {
  url: string;
  provider: DatabaseProvider;
  defaultUrl: string;
}

/** What every project command starts from: the root, its environment and its database. */
export interface CommandContext {
  root: string;
  env: NodeJS.ProcessEnv;
  /**
   * The ORM of appgen.config.json, read once per command (generate validates the file and reports
   * its mistakes; the commands that follow a generate act on this value).
   */
  orm: OrmName;
  database: ProjectDatabase;
  log: Log;
}

/**
 * Which database the app uses: DATABASE_URL (from the environment or the project's .env), else
 * the embedded SQLite file. An unsupported URL is the user's to fix, so it is a UserError.
 */
export function projectDatabase(env: NodeJS.ProcessEnv, orm = 'prisma'): ProjectDatabase {
  const defaultUrl = defaultDatabaseUrl(orm);
  try {
    const { url, provider } = resolveDatabaseUrl(env, defaultUrl);
    return { url, provider, defaultUrl };
  } catch (error) {
    throw new UserError(
      (error as Error).message,
      'set DATABASE_URL to file:./path/to.db or postgresql://user:password@host:5432/database, or unset it for the embedded SQLite database.',
    );
  }
}

export function commandContext(cwd: string, log: Log = defaultLog): CommandContext {
  const root = path.resolve(cwd);
  const env = projectEnv(root);
  const orm = projectOrm(root);
  return { root, env, orm, database: projectDatabase(env, orm), log };
}
