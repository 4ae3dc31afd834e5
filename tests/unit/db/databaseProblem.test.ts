import { reportError } from '../../../src/cli/reportError';
import { databaseProblem, isMissingRight } from '../../../src/db/databaseProblem';
import { UserError } from '../../../src/diagnostics/diagnostic';

/** An error as a driver throws it: a message, and pg's SQLSTATE or Node's errno as `code`. */
const driverError = (message: string, code?: string): Error =>
  Object.assign(new Error(message), code ? { code } : {});

/** What the user reads for `error`, and the exit code. */
function reported(error: unknown): { code: number; text: string } {
  let text = '';
  const code = reportError(error, (t) => (text += t));
  return { code, text };
}

// The messages are the ones appgen's commands met (issue 55 §4): pg's, Prisma's schema engine's
// (with the WASM trace after them), better-sqlite3's.
describe('databaseProblem: a database the user must fix is an error with a fix, never a crash', () => {
  it.each([
    [
      'a PostgreSQL database that does not exist (schema engine)',
      driverError('Database `blog` does not exist'),
      /The PostgreSQL database "blog" does not exist/,
      /createdb blog/,
    ],
    [
      'a PostgreSQL database that does not exist (pg)',
      driverError('database "blog" does not exist', '3D000'),
      /The PostgreSQL database "blog" does not exist/,
      /createdb blog/,
    ],
    [
      'an unreachable server (schema engine)',
      driverError(
        "Can't reach database server at `127.0.0.1:5499`\n\nPlease make sure your database server is running at `127.0.0.1:5499`.",
      ),
      /Cannot reach the database server at 127\.0\.0\.1:5499/,
      /start the database server, or correct the host and port in DATABASE_URL/,
    ],
    [
      'an unreachable server (pg)',
      driverError('connect ECONNREFUSED 127.0.0.1:5499', 'ECONNREFUSED'),
      /Cannot reach the database server at 127\.0\.0\.1:5499/,
      /DATABASE_URL/,
    ],
    [
      'a role that does not exist (pg)',
      driverError('role "nobody" does not exist', '28000'),
      /refused the user "nobody" \(no such role\)/,
      /correct the user and password in DATABASE_URL/,
    ],
    [
      'a role that does not exist (schema engine)',
      driverError('User was denied access on the database `(not available)`'),
      /refused the user/,
      /correct the user and password in DATABASE_URL/,
    ],
    [
      'a user without rights on the schema (schema engine, with its WASM trace)',
      driverError(
        'ERROR: permission denied for schema public\n   0: sql_schema_connector::apply_migration::migration_step\n   1: schema_engine_wasm::wasm::engine::SchemaPush',
      ),
      /lacks the rights this command needs \(permission denied for schema public\)/,
      /owns the database and its schema/,
    ],
    [
      'a user that may not create the shadow database of migrate create',
      driverError(
        'Failed to connect to the shadow database\nError querying the database: ERROR: permission denied to create database\n   0: schema_engine_wasm::wasm::engine::Diff',
      ),
      /temporary \(shadow\) database, and the database user may not create databases/,
      /CREATEDB/,
    ],
    [
      'an SQLite file that cannot be opened',
      driverError('unable to open database file', 'SQLITE_CANTOPEN'),
      /Cannot open the SQLite database file/,
      /folder that exists/,
    ],
    [
      'a read-only SQLite file',
      driverError('attempt to write a readonly database', 'SQLITE_READONLY'),
      /read-only/,
      /writable/,
    ],
  ])('%s', (_name, error, message, fix) => {
    const problem = databaseProblem(error);
    expect(problem).toBeInstanceOf(UserError);
    expect(problem?.message).toMatch(message);
    expect(problem?.hint).toMatch(fix);
    const { code, text } = reported(error);
    expect(code).toBe(1);
    expect(text).not.toMatch(/crashed|\n\s+at |schema_engine_wasm/);
  });

  it('finds the problem in a cause, and by its code alone', () => {
    const wrapped = new Error('Failed query', { cause: driverError('whatever', '42501') });
    expect(databaseProblem(wrapped)?.message).toBe(
      'The database user lacks the rights this command needs: whatever',
    );
    expect(isMissingRight(wrapped)).toBe(true);
    expect(databaseProblem(driverError('timeout', 'ETIMEDOUT'))?.hint).toMatch(/host and port/);
  });

  it('leaves every other error alone: a bug in appgen is still reported as one', () => {
    expect(databaseProblem(new TypeError('x is not a function'))).toBeUndefined();
    expect(databaseProblem(new UserError('already told'))).toBeUndefined();
    expect(isMissingRight(new Error('duplicate key value'))).toBe(false);
    expect(reported(new TypeError('x is not a function')).code).toBe(2);
  });
});
