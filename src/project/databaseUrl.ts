import * as path from 'node:path';

/**
 * Which database a generated app talks to, decided by one environment variable.
 *
 * The generator renders `datasource db { provider = ... }` from this same function, and
 * pushSchema picks its driver adapter from it, so the two cannot disagree about the scheme.
 */

import type { DatabaseProvider } from '../config/database';

export type { DatabaseProvider };

export interface ResolvedDatabaseUrl {
  url: string;
  provider: DatabaseProvider;
}

/** Embedded SQLite needs no server, so a fresh machine works with no configuration at all. */
export const DEFAULT_DATABASE_URL = 'file:./prisma/dev.db';

/**
 * The embedded SQLite file of each ORM. Drizzle's is a file of its own: its tables store dates
 * differently from Prisma's, so switching ORMs starts a new file rather than reinterpreting
 * (or dropping) the old one, which stays where it is.
 */
export const DRIZZLE_DEFAULT_DATABASE_URL = 'file:./drizzle/dev.db';

export function defaultDatabaseUrl(orm: string): string {
  return orm === 'drizzle' ? DRIZZLE_DEFAULT_DATABASE_URL : DEFAULT_DATABASE_URL;
}

const SUPPORTED = 'supported: file: (SQLite), postgres:// / postgresql://';

export function resolveDatabaseUrl(
  env: NodeJS.ProcessEnv,
  fallback: string = DEFAULT_DATABASE_URL,
): ResolvedDatabaseUrl {
  const raw = env.DATABASE_URL?.trim();
  const url = raw ? raw : fallback;
  return { url, provider: providerOf(url) };
}

/** The provider for a URL; throws for schemes the generated app has no driver adapter for. */
export function providerOf(url: string): DatabaseProvider {
  if (url.startsWith('file:')) return 'sqlite';
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgresql';
  // Only the scheme goes into the message: the rest of a URL may hold a password.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  const shown = scheme ? `"${scheme}:"` : 'a value without a scheme';
  throw new Error(`DATABASE_URL has an unsupported scheme (${shown}); ${SUPPORTED}`);
}

/**
 * Absolute path of the database file behind a SQLite `file:` URL.
 *
 * A relative path is taken relative to the project directory, because the generated app runs
 * with cwd = project directory and PrismaBetterSqlite3 simply strips `file:` and hands the rest
 * to better-sqlite3 (which resolves it against the cwd).
 */
export function sqliteFilePath(url: string, projectDir: string): string {
  if (!url.startsWith('file:')) throw new Error(`Not a SQLite file: URL: ${url}`);
  let file = url.slice('file:'.length);
  // `file:///abs/x.db` (URL form) means the absolute path /abs/x.db.
  if (file.startsWith('//')) file = file.slice(2);
  if (file === '' || file === ':memory:') {
    throw new Error('A SQLite DATABASE_URL must name a file, e.g. file:./prisma/dev.db');
  }
  return path.resolve(projectDir, file);
}
