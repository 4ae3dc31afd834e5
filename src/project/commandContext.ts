import path from 'path';
import type { OrmName } from '../config/configTypes';
import { defaultDatabaseUrl, resolveDatabaseUrl, DatabaseProvider } from './databaseUrl';
import { ConfigError, UserError } from '../diagnostics/diagnostic';
import { projectEnv } from './loadEnvFile';
import { loadSettings, type LoadedSettings } from '../load/loadSettings';
import { checkProjectLayout } from '../load/projectLayout';
import { checkSettings, type CheckedSettings } from '../validate/checkSettings';

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
   * appgen.config.json, read and checked once per command: generate takes it from here (and
   * reports its mistakes with the config's), other steps act on `orm`.
   */
  settings: { loaded: LoadedSettings; checked: CheckedSettings };
  /** The settings' ORM (`prisma` while the file has mistakes: generate stops on them first). */
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
  // A folder where a file belongs (or the reverse) is a mistake to report, not a crash.
  const layout = checkProjectLayout(root);
  if (layout.length > 0) throw new ConfigError(layout);
  const env = projectEnv(root);
  const loaded = loadSettings(root);
  const checked = checkSettings(loaded.document);
  const { orm } = checked;
  return {
    root,
    env,
    settings: { loaded, checked },
    orm,
    database: projectDatabase(env, orm),
    log,
  };
}
