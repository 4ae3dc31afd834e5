import type { ModelConfig, OrmName, RouteConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { closestMatch } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import { parseVoter, voterWithRoles } from '../domain/voters';
import type { CheckedAccounts } from './checkAccountsSettings';
import { childPointer, diagnosticAt } from './locate';

/**
 * A voter's roles ("role:admin", "owner:authorId|role:admin,editor"): roles of `accounts.roles`,
 * on a route with `"auth": true` (a signed-out caller gets 401 before the role is read).
 */
export function checkRoleVoter(
  document: ConfigDocument,
  pointer: string,
  route: RouteConfig,
  accounts: CheckedAccounts,
  orm: OrmName,
): Diagnostic[] {
  if (!route.voter) return [];
  const voter = parseVoter(route.voter);
  if (voter.kind === 'custom' || voter.roles.length === 0) return [];
  const at = childPointer(pointer, 'voter');
  if (accounts.roles === null)
    return accounts.unchecked
      ? []
      : [
          diagnosticAt(
            document,
            at,
            `"${route.voter}" requires a role, and the users have none`,
            'name the roles in appgen.config.json: "accounts": { "roles": ["member", "admin"] }.',
          ),
        ];
  if (orm === 'none')
    return [
      diagnosticAt(
        document,
        at,
        `"${route.voter}" reads the caller's role from the database, and this project has none ("orm": "none")`,
        'set "orm": "prisma" or "drizzle" in appgen.config.json, or write your own voter.',
      ),
    ];
  const known = accounts.roles.values;
  const unknown = voter.roles.find((role) => !known.includes(role));
  if (unknown !== undefined) {
    const match = closestMatch(unknown, known);
    const fixed = voter.roles.map((role) => (role === unknown && match ? match : role));
    return [
      diagnosticAt(
        document,
        at,
        `"${unknown}" is not one of the roles (${known.join(', ')})`,
        match
          ? `did you mean "${voterWithRoles(route.voter, fixed)}"?`
          : `name roles of "accounts.roles" in appgen.config.json, or add "${unknown}" there.`,
      ),
    ];
  }
  if (route.auth !== true)
    return [
      diagnosticAt(
        document,
        at,
        `"${route.voter}" reads the signed-in user's role, and ${route.method} ${route.path} does not require a sign-in`,
        'add "auth": true (a caller who is not signed in then gets 401).',
      ),
    ];
  return [];
}

/**
 * The role field in a body: a user must never choose their own role. A sign-up cannot take it
 * (the new account gets `defaultRole`); any other route of the accounts model only with a voter
 * of roles alone (`"voter": "role:admin"`), not one that also lets the user themselves through.
 */
export function checkRoleField(
  document: ConfigDocument,
  pointer: string,
  route: RouteConfig,
  model: ModelConfig | undefined,
  accounts: CheckedAccounts,
): Diagnostic[] {
  const roles = accounts.roles;
  if (!roles || !model || model.name !== accounts.model || !route.body) return [];
  if (!Object.hasOwn(route.body, roles.field)) return [];
  const at = childPointer(childPointer(pointer, 'body'), roles.field);
  if (route.account === 'signUp')
    return [
      diagnosticAt(
        document,
        at,
        `a sign-up cannot choose the new account's role`,
        `remove "${roles.field}": every new account gets "${roles.defaultRole}" ("accounts.defaultRole"); an admin changes it later (appgen users role, or a route with "voter": "role:admin").`,
      ),
    ];
  const voter = route.voter ? parseVoter(route.voter) : null;
  if (voter?.kind === 'role') return [];
  return [
    diagnosticAt(
      document,
      at,
      `${route.method} ${route.path} lets ${voter ? `whoever "${route.voter}" lets through` : 'its caller'} choose a role, their own included`,
      `let only admins change roles: "voter": "role:${roles.values.at(-1)}" with "auth": true; or remove "${roles.field}" from the body.`,
    ),
  ];
}
