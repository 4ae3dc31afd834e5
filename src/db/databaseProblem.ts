import { UserError } from '../diagnostics/diagnostic';

/**
 * A database the user must fix, told as such: missing, unreachable, refusing the user, without
 * the rights a command needs, or an SQLite file that cannot be opened. Every command that touches
 * the database (dev, build, db push, migrate, events) fails through here instead of "appgen
 * crashed" with a driver's or the schema engine's stack.
 *
 * The errors come from three places, each with its own wording: pg (PostgreSQL's message, its
 * SQLSTATE as `code`, Node's socket errors such as ECONNREFUSED), Prisma's schema engine (its
 * own sentences, e.g. "Database `x` does not exist", with a WASM trace after them) and
 * better-sqlite3 (SQLITE_* codes). Only the first line that names the problem is kept.
 */

interface Problem {
  /** Matched against the error's code and message, and those of its causes. */
  codes?: string[];
  pattern: RegExp;
  /** What went wrong, when only the code matched (the driver's first line follows it). */
  title: string;
  message: (match: RegExpExecArray) => string;
  fix: (match: RegExpExecArray) => string;
}

/** The fix for a role that may not create the shadow database of `appgen migrate create`. */
const SHADOW_DATABASE_FIX =
  'give the user CREATEDB on a development server (ALTER ROLE <user> CREATEDB), or run appgen migrate create with the DATABASE_URL of a development database whose user has it; production needs only appgen migrate deploy (see docs/deploy.md).';

const RIGHTS_FIX =
  'use a DATABASE_URL whose user owns the database and its schema (ALTER DATABASE <db> OWNER TO <user>; ALTER SCHEMA public OWNER TO <user>), or grant it (GRANT CREATE, USAGE ON SCHEMA public TO <user>); see docs/deploy.md.';

const PROBLEMS: Problem[] = [
  {
    title: 'The database user may not create databases',
    pattern: /permission denied to create database/i,
    message: () =>
      'appgen migrate create replays the migrations on a temporary (shadow) database, and the database user may not create databases (permission denied to create database).',
    fix: () => SHADOW_DATABASE_FIX,
  },
  {
    codes: ['3D000'],
    title: 'The PostgreSQL database does not exist',
    pattern: /database [`"]([^`"]+)[`"] does not exist/i,
    message: (m) => `The PostgreSQL database "${m[1]}" does not exist.`,
    fix: (m) =>
      `create it (createdb ${m[1] ?? '<name>'}, or CREATE DATABASE "${m[1] ?? '<name>'}" in psql), or correct the database name in DATABASE_URL.`,
  },
  {
    codes: ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'EAI_AGAIN'],
    title: 'Cannot reach the database server',
    pattern:
      /Can't reach database server at `([^`]+)`|(?:connect|getaddrinfo) (?:ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|EAI_AGAIN) (\S+)/,
    message: (m) => `Cannot reach the database server at ${m[1] ?? m[2]}.`,
    fix: () =>
      'start the database server, or correct the host and port in DATABASE_URL (in .env or the environment).',
  },
  {
    codes: ['28000', '28P01'],
    title: 'The database server refused the user',
    pattern:
      /role "([^"]+)" does not exist|password authentication failed for user "([^"]+)"|User was denied access on the database|Authentication failed against database server/i,
    message: (m) =>
      `The database server refused the user${(m[1] ?? m[2]) ? ` "${m[1] ?? m[2]}"` : ''} (${m[1] ? 'no such role' : m[2] ? 'wrong password' : 'no such role, wrong password or no access to the database'}).`,
    fix: () =>
      'correct the user and password in DATABASE_URL, or create the role (CREATE ROLE <user> LOGIN PASSWORD ...) with access to the database.',
  },
  {
    codes: ['42501'],
    title: 'The database user lacks the rights this command needs',
    pattern:
      /permission denied for (?:schema|database|table|relation|sequence) "?([^"\s]+)"?|must be owner of [^\n]+/i,
    message: (m) => `The database user lacks the rights this command needs (${m[0]}).`,
    fix: () => RIGHTS_FIX,
  },
  {
    codes: ['SQLITE_CANTOPEN'],
    title: 'Cannot open the SQLite database file',
    pattern:
      /unable to open database file|Cannot open database because the directory does not exist/i,
    message: () => 'Cannot open the SQLite database file (unable to open database file).',
    fix: () =>
      'check that the file in DATABASE_URL (e.g. file:./prisma/dev.db) is in a folder that exists and this user may write to.',
  },
  {
    codes: ['SQLITE_READONLY'],
    title: 'The SQLite database file is read-only',
    pattern: /attempt to write a readonly database/i,
    message: () => 'The SQLite database file is read-only (attempt to write a readonly database).',
    fix: () =>
      'make the file and its folder writable for this user, or point DATABASE_URL to another file.',
  },
];

/** The error, its `cause` chain, and what each says (code and message). */
function layers(error: unknown): Array<{ code: string; message: string }> {
  const found: Array<{ code: string; message: string }> = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth += 1) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    found.push({
      code: typeof code === 'string' ? code : '',
      message: typeof message === 'string' ? message : String(current),
    });
    current = cause;
  }
  return found;
}

/** The database problem `error` reports, as the user's error to fix; undefined for anything else. */
export function databaseProblem(error: unknown): UserError | undefined {
  if (error instanceof UserError) return undefined;
  for (const layer of layers(error)) {
    for (const problem of PROBLEMS) {
      const match = problem.pattern.exec(layer.message);
      if (match) return new UserError(problem.message(match), problem.fix(match));
    }
  }
  for (const layer of layers(error)) {
    const problem = PROBLEMS.find((candidate) => candidate.codes?.includes(layer.code));
    if (problem) {
      const firstLine = layer.message.split('\n')[0];
      const match = Object.assign([firstLine], { index: 0, input: firstLine }) as RegExpExecArray;
      return new UserError(`${problem.title}: ${firstLine}`, problem.fix(match));
    }
  }
  return undefined;
}

/** Whether `error` says the database user lacks a right (not that a migration is wrong). */
export function isMissingRight(error: unknown): boolean {
  return layers(error).some(
    (layer) => layer.code === '42501' || /permission denied|must be owner of/i.test(layer.message),
  );
}
