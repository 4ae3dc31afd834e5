import crypto from 'crypto';
import { run } from './run';

const ADMIN_URL = process.env.APPGEN_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** Runs SQL with psql (in the server's admin database unless a URL is given); returns its rows, `|`-separated. */
export async function psql(sql: string, url = ADMIN_URL): Promise<string> {
  const result = await run('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], {
    timeoutMs: 30_000,
  });
  if (result.code !== 0) throw new Error(`psql failed: ${result.stderr}`);
  return result.stdout.trim();
}

/** Whether the loopback PostgreSQL server the project's machines run is reachable. */
export async function postgresAvailable(): Promise<boolean> {
  try {
    await psql('select 1');
    return true;
  } catch {
    return false;
  }
}

/**
 * A fresh database of its own for one test run, so runs never see each other's data. It sorts
 * text in English (ICU's en-US), as many servers do (e.g. the official image's en_US.utf8), not
 * by code point as this machine's default C.UTF-8 would: appgen must give the order SQLite gives
 * either way (src/db/codePointOrder.ts). `copyOf`: the URL of another test database to copy
 * (tables, rows, locale), which no one may be connected to.
 */
export async function createTestDatabase(
  copyOf?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `appgen_e2e_${crypto.randomBytes(4).toString('hex')}`;
  await psql(
    copyOf
      ? `create database ${name} template ${databaseName(copyOf)}`
      : `create database ${name} template template0 locale_provider icu icu_locale 'en-US' locale 'C.UTF-8'`,
  );
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  return {
    url,
    drop: async () => void (await psql(`drop database if exists ${name} with (force)`)),
  };
}

/** The database a URL names (its path). */
function databaseName(url: string): string {
  return new URL(url).pathname.slice(1);
}

/**
 * The environment of a test variant's database: for PostgreSQL a fresh database (its URL as
 * DATABASE_URL, and how to drop it), after checking the server is up; nothing for SQLite (the
 * embedded file).
 */
export async function variantDatabase(
  database: 'sqlite' | 'postgresql',
): Promise<{ env: NodeJS.ProcessEnv; drop?: () => Promise<void> }> {
  if (database === 'sqlite') return { env: {} };
  if (!(await postgresAvailable()))
    throw new Error('PostgreSQL at 127.0.0.1:5432 is not reachable; .ci/run starts it');
  const created = await createTestDatabase();
  return { env: { DATABASE_URL: created.url }, drop: created.drop };
}
