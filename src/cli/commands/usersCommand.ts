import { databaseProblem } from '../../db/databaseProblem';
import { setUserRole } from '../../db/userRoles';
import { endUserSessions } from '../../db/userSessions';
import { UserError } from '../../diagnostics/diagnostic';
import { suggest } from '../../diagnostics/didYouMean';
import { checkedProjectAt } from '../../generate/buildProjectFiles';
import { openCommandDatabase } from './openCommandDatabase';
import type { ProjectDatabase } from '../../db/projectDatabase';
import { commandContext } from '../../project/commandContext';

/**
 * `appgen users role <identity> <role>`: sets a user's role (settings `accounts.roles`) in the
 * project's database, e.g. the first admin of a production database. The user is found by an
 * identity field (`accounts.identity`, e.g. the e-mail); the app reads the role on each
 * request, so it counts from the user's next request, with no new log-in.
 */
export async function runUsersRole(options: {
  cwd: string;
  identity: string;
  role: string;
}): Promise<number> {
  const context = commandContext(options.cwd);
  const { accounts } = checkedProjectAt(context.root, context.settings);
  const roles = accounts.roles;
  if (accounts.model === null || roles === null)
    throw new UserError(
      'This project declares no roles ("accounts.roles" in appgen.config.json).',
      'name them, e.g. "accounts": { "roles": ["member", "admin"] }, then run appgen db push (or appgen migrate).',
    );
  if (context.orm === 'none')
    throw new UserError(
      'This project has no database (orm "none" in appgen.config.json), so no users to change.',
      'set "orm": "prisma" or "drizzle".',
    );
  if (!roles.values.includes(options.role))
    throw new UserError(
      `"${options.role}" is not one of the roles (${roles.values.join(', ')})`,
      suggest(options.role, roles.values, 'a role:') ||
        `name one of ${roles.values.join(', ')}, or add it to "accounts.roles".`,
    );
  const identity = accounts.identity.join(' or ');
  const table = accounts.model;
  const result = await withDatabase(
    context,
    (db) =>
      setUserRole(
        db,
        { table, identity: accounts.identity, roleField: roles.field },
        options.identity,
        options.role,
      ),
    /no such (table|column)|does not exist/i,
    (message) =>
      new UserError(
        `The database has no ${accounts.model}.${roles.field} yet: ${message}`,
        'run appgen db push (or appgen migrate deploy) to bring the database up to the config.',
      ),
  );
  requireOneUser(
    result.matched.map((match) => match.id),
    identity,
    options.identity,
  );
  const [user] = result.matched;
  context.log(
    user.role === options.role
      ? `appgen: ${options.identity} (${user.id}) already has the role ${options.role}`
      : `appgen: ${options.identity} (${user.id}) now has the role ${options.role} (was ${user.role ?? 'none'}); it counts from their next request`,
  );
  return 0;
}

/**
 * `appgen users sign-out <identity>`: ends every stored session of a user (table AppgenSession),
 * e.g. after a stolen device or to shut an account out at once; their tokens are refused from the
 * next request, on every instance. Found by an identity field, as `appgen users role` does.
 */
export async function runUsersSignOut(options: { cwd: string; identity: string }): Promise<number> {
  const context = commandContext(options.cwd);
  const { accounts } = checkedProjectAt(context.root, context.settings);
  if (accounts.model === null || context.orm === 'none')
    throw new UserError(
      context.orm === 'none'
        ? 'This project has no database (orm "none" in appgen.config.json), so no sessions to end.'
        : 'This project has no accounts model ("accounts.model" in appgen.config.json).',
      'stored sessions come with account routes that start them (sign-up, log-in): see "Stored sessions" in docs/config.md.',
    );
  const identity = accounts.identity.join(' or ');
  const table = accounts.model;
  const result = await withDatabase(
    context,
    (db) => endUserSessions(db, { table, identity: accounts.identity }, options.identity),
    /no such table|does not exist/i,
    (message) =>
      new UserError(
        `The database has no table of stored sessions: ${message}`,
        'sessions are stored where routes start them (sign-up, log-in, "token": true); with such a route, run appgen db push (or appgen migrate deploy).',
      ),
  );
  requireOneUser(result.matched, identity, options.identity);
  const ended = result.ended ?? 0;
  context.log(
    `appgen: ${options.identity} (${result.matched[0]}) is signed out everywhere: ${ended} session${ended === 1 ? '' : 's'} ended`,
  );
  return 0;
}

/**
 * Runs `work` on the project's database, closed after; an error whose message matches `missing`
 * (a table or column the database does not have yet) becomes `missingError`'s, with its fix.
 */
async function withDatabase<T>(
  context: ReturnType<typeof commandContext>,
  work: (db: ProjectDatabase) => Promise<T>,
  missing: RegExp,
  missingError: (message: string) => UserError,
): Promise<T> {
  const db = await openCommandDatabase(context);
  try {
    return await work(db);
  } catch (error) {
    const message = (error as Error).message;
    if (missing.test(message)) throw missingError(message);
    throw databaseProblem(error) ?? error;
  } finally {
    await db.close();
  }
}

/** The one user an identity names; none or several is the user's to fix. */
function requireOneUser(ids: readonly string[], identity: string, value: string): void {
  if (ids.length === 0)
    throw new UserError(
      `No user has the ${identity} "${value}".`,
      `name a user by their ${identity}, exactly as stored.`,
    );
  if (ids.length > 1)
    throw new UserError(
      `${ids.length} users have the ${identity} "${value}" (ids ${ids.join(', ')}).`,
      'name the user by another identity field, one only they have.',
    );
}
