// The databases the benchmarks run apps against: the embedded SQLite file, or a throwaway
// database on the loopback PostgreSQL server (load.js, outboxCost.js, data.js).
const crypto = require('crypto');
const { spawnSync } = require('child_process');

/** The loopback PostgreSQL server of the project's machines (trust auth), as the e2e tests use it. */
const PG_ADMIN_URL =
  process.env.APPGEN_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** Runs SQL with psql, in the server's admin database unless a database URL is given. */
function psql(sql, url = PG_ADMIN_URL) {
  const result = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], {
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(
      `psql failed (is PostgreSQL up at 127.0.0.1:5432?): ${result.stderr || result.error}`,
    );
}

const SESSION_SECRET = crypto.randomBytes(32).toString('base64');

/** A throwaway database for a PostgreSQL variant; its URL and how to drop it. */
function createDatabase() {
  const name = `appgen_bench_${crypto.randomBytes(4).toString('hex')}`;
  psql(`create database ${name}`);
  return {
    url: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    drop: () => psql(`drop database if exists ${name} with (force)`),
  };
}

/**
 * The environment of a built app under `next start`: a production server refuses the
 * development secret of the project's .env, so each bench run gets a random one of its own.
 */
function appEnv(databaseUrl) {
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    APPGEN_SESSION_SECRET: SESSION_SECRET,
  };
  delete env.NODE_ENV; // next start sets production itself
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL; // the embedded SQLite file of the project
  return env;
}

module.exports = { appEnv, createDatabase, psql };
