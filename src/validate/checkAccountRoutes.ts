import type { ModelConfig, RouteConfig } from '../config/configTypes';
import {
  ACCOUNT_METHODS,
  onApiKeys,
  onMail,
  onRevoke,
  onSessions,
  onOidc,
  onTotp,
  REVOKED_ID_PARAM,
  TOTP_CODE_FIELD,
  type RevokeAction,
  type SessionAction,
} from '../domain/accounts';
import { bodyFieldOptions } from '../domain/bodyFields';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import type { CheckedAccounts } from './checkAccountsSettings';
import { childPointer, diagnosticAt } from './locate';
import { API_KEY_ROUTE_NAMES, checkApiKeyRoute } from './checkApiKeyRoutes';
import { checkMailRoute, MAIL_ROUTE_NAMES } from './checkMailRoutes';
import { checkTotpRoute, TOTP_ROUTE_NAMES } from './checkTotpRoutes';
import { checkOidcRoute, OIDC_ROUTE_NAMES } from './checkOidcRoutes';

export interface AccountRoute {
  document: ConfigDocument;
  pointer: string;
  config: RouteConfig;
  /** The route's model, when it has one that passed its checks. */
  model: ModelConfig | undefined;
  accounts: CheckedAccounts;
  orm: string;
  /** The project has a log-in route. */
  logIn: boolean;
  /** The project's first second-factor route, as messages name it, or null (ProjectAccountRoutes). */
  secondFactor: string | null;
  /** The paths of the project's OpenID Connect sign-in and callback routes. */
  oidcSignIns: string[];
  oidcCallbacks: string[];
}

/** The account routes on sessions rather than on an account's record, as messages name them. */
const SESSION_ROUTE_NAMES: Record<SessionAction, string> = {
  logOut: 'a log-out',
  endSessions: 'a "sign out everywhere"',
  listSessions: 'a list of sessions',
  revokeSession: 'a revocation of a session',
};

/** Options an account route does itself, or that make no sense on one. */
const NOT_WITH_ACCOUNT = [
  'function',
  'link',
  'record',
  'set',
  'query',
  'include',
  'voter',
  'redirect',
  'partial',
  'values',
  'collection',
] as const;

/**
 * `account` routes: POST only, on the accounts model (log-out on none), with no option that would
 * change what they do. A log-in's body is the password and one or more identity fields, nothing else.
 */
export function checkAccountRoute(route: AccountRoute): Diagnostic[] {
  const { document, pointer, config, model, accounts } = route;
  const action = config.account;
  if (action === undefined || accounts.unchecked) return [];
  const at = childPointer(pointer, 'account');
  const problem = (message: string, fix: string, where = at, on: 'key' | 'value' = 'value') => [
    diagnosticAt(document, where, message, fix, on),
  ];
  if (route.orm === 'none')
    return problem(
      `"account": "${action}" needs a database, and this project has orm "none"`,
      'set "orm": "prisma" (or "drizzle") in appgen.config.json, or remove "account".',
    );
  const method = accountMethodProblem(document, pointer, config);
  if (method) return [method];
  // A revocation names what it ends in its path (checkRevokedId), a sign-in with a provider the
  // provider (checkOidcRoute).
  if (onRevoke(action)) {
    const revoked = checkRevokedId(route, action);
    if (revoked.length > 0) return revoked;
  } else if (action === 'oidcSignIn' || action === 'oidcCallback') {
    // checked by checkOidcRoute
  } else if (config.params && Object.keys(config.params).length > 0)
    return problem(
      'an account route names no record in its path',
      'remove the path parameters (e.g. "/api/users/login").',
      childPointer(pointer, 'params'),
      'key',
    );
  if (config.auth !== undefined && config.auth !== false)
    return problem(
      'an account route is for callers who are not signed in (or signing out)',
      'remove "auth".',
      childPointer(pointer, 'auth'),
      'key',
    );
  if (onSessions(action) && (config.body || config.response || config.model))
    return problem(
      `${SESSION_ROUTE_NAMES[action]} takes no body and answers no model`,
      'remove "body", "response" and "model".',
    );
  if (action === 'logOut') return [];
  if (onApiKeys(action)) return checkApiKeyRoute(route, action);
  if (onTotp(action)) return checkTotpRoute(route, action);
  if (onOidc(action)) return checkOidcRoute(route, action);
  if (onSessions(action))
    return accounts.model
      ? []
      : problem(
          `"account": "${action}" works on the stored sessions of the accounts model's users, and this project has none`,
          'name it in appgen.config.json: "accounts": { "model": "User" }.',
        );
  if (onMail(action)) return checkMailRoute(route, action);
  if (!accounts.model)
    return problem(
      `"account": "${action}" needs the model of the app's users`,
      'name it in appgen.config.json: "accounts": { "model": "User" }.',
    );
  if (model && model.name !== accounts.model)
    return problem(
      `an account route works on ${accounts.model} (the accounts model), and this one on ${model.name}`,
      `answer "${accounts.model}".`,
    );
  if (!accounts.passwordField)
    return problem(
      `"account": "${action}" needs the password field of ${accounts.model}, and it has ${model ? 'none or several' : 'none'}`,
      `give ${accounts.model} exactly one field of type "password".`,
    );
  if (action === 'signUp')
    return Object.hasOwn(config.body ?? {}, accounts.passwordField)
      ? []
      : problem(
          `a sign-up sets the password, and the body has no "${accounts.passwordField}"`,
          `add "${accounts.passwordField}": { "type": "password", "required": true } to "body".`,
        );
  return checkLogInBody(route, accounts.passwordField);
}

/**
 * A revocation (of a session, of an API key) names what it ends by its id, the last segment of its
 * path: `"/api/keys/:id"` with `"params": { "id": "uuid" }`, and no other parameter.
 */
function checkRevokedId(route: AccountRoute, action: RevokeAction): Diagnostic[] {
  const { document, pointer, config } = route;
  const params = config.params ?? {};
  const names = Object.keys(params);
  const id = REVOKED_ID_PARAM;
  if (names.length === 1 && params[id] === 'uuid' && config.path.endsWith(`/:${id}`)) return [];
  const what = { revokeSession: 'session', revokeApiKey: 'key', unlinkIdentity: 'provider' }[
    action
  ];
  const example = {
    revokeSession: '/api/sessions',
    revokeApiKey: '/api/keys',
    unlinkIdentity: '/api/identities',
  }[action];
  const named = {
    revokeSession: 'a revocation of a session',
    revokeApiKey: 'a revocation of an API key',
    unlinkIdentity: 'an unlinking of a provider',
  }[action];
  return [
    diagnosticAt(
      document,
      childPointer(pointer, names.length > 0 ? 'params' : 'path'),
      `${named} names the ${what} by its id, the last segment of its path`,
      `use a path ending in "/:${id}" (e.g. "${example}/:${id}") with "params": { "${id}": "uuid" }.`,
    ),
  ];
}

/** An account route on another method than POST: reported alone (its other checks would follow from it). */
export function accountMethodProblem(
  document: ConfigDocument,
  pointer: string,
  config: RouteConfig,
): Diagnostic | null {
  if (config.account === undefined) return null;
  const method = ACCOUNT_METHODS[config.account];
  if (config.method === method) return null;
  return diagnosticAt(
    document,
    childPointer(pointer, 'account'),
    `"account": "${config.account}" is a ${method} route, not ${config.method}`,
    `use "method": "${method}".`,
  );
}

/**
 * An option that would change what an account route does (`fields`, `function`, `voter`...).
 * Reported alone, before the route's other checks: those would judge the option as if the route
 * were an ordinary one (a log-in "does not answer records"), which is not the mistake.
 */
export function accountOptionProblem(
  document: ConfigDocument,
  pointer: string,
  config: RouteConfig,
): Diagnostic | null {
  if (config.account === undefined) return null;
  const other = NOT_WITH_ACCOUNT.find((key) => config[key] !== undefined);
  if (!other) return null;
  return diagnosticAt(
    document,
    childPointer(pointer, other),
    `"${other}" does not apply to an account route: appgen writes its whole work`,
    `remove "${other}" (or "account" and handle the route yourself).`,
    'key',
  );
}

function checkLogInBody(route: AccountRoute, password: string): Diagnostic[] {
  const { document, pointer, config, accounts } = route;
  const bodyAt = childPointer(pointer, 'body');
  const body = config.body ?? {};
  const problems: Diagnostic[] = [];
  const add = (where: string, message: string, fix: string, on: 'key' | 'value' = 'key') =>
    problems.push(diagnosticAt(document, where, message, fix, on));
  if (accounts.identity.length === 0) {
    add(
      childPointer(pointer, 'account'),
      `a log-in names the account by a unique field, and ${accounts.model} has no unique email or username`,
      'name it in appgen.config.json: "accounts": { "identity": ["<unique field>"] }.',
      'value',
    );
    return problems;
  }
  // A mistake in `accounts.identity` is reported there: checking bodies against it would repeat it.
  if (accounts.identityProblems) return problems;
  const code = TOTP_CODE_FIELD;
  const allowed = [...accounts.identity, password, ...(route.secondFactor ? [code] : [])];
  for (const name of Object.keys(body)) {
    if (name === code && !route.secondFactor)
      add(
        childPointer(bodyAt, name),
        `a log-in reads "${code}" (a one-time code) only in a project with a second factor, and this one has no route with "account": "confirmTotp"`,
        `remove "${code}", or add the second-factor routes ("enrolTotp", "confirmTotp", "disableTotp").`,
      );
    else if (!allowed.includes(name))
      add(
        childPointer(bodyAt, name),
        `a log-in reads the password and ${accounts.identity.map((n) => `"${n}"`).join(' or ')}${route.secondFactor ? ` and "${code}"` : ''}, not "${name}"`,
        suggest(name, allowed, 'a field:') || `remove "${name}".`,
      );
  }
  problems.push(...checkLogInCode(route));
  const identities = accounts.identity.filter((name) => Object.hasOwn(body, name));
  const missing = [
    ...(Object.hasOwn(body, password) ? [] : [password]),
    ...(identities.length ? [] : [accounts.identity[0]]),
  ];
  if (missing.length)
    add(
      config.body ? bodyAt : pointer,
      `a log-in's body needs ${missing.map((n) => `"${n}"`).join(' and ')}`,
      `add ${missing.map((n) => `"${n}": { "type": "${n === password ? 'password' : 'string'}", "required": true }`).join(', ')} to "body".`,
    );
  // One identity field must be sent; with several, any one of them is enough.
  const mustBeRequired = [password, ...(identities.length === 1 ? identities : [])];
  for (const name of mustBeRequired.filter((n) => Object.hasOwn(body, n)))
    if (!bodyFieldOptions(body[name]).required)
      add(
        childPointer(bodyAt, name),
        `a log-in cannot go without "${name}"`,
        `add "required": true to "${name}".`,
        'value',
      );
  return problems;
}

/**
 * In a project with a second factor, a log-in reads the one-time code of accounts that set one
 * up: its body declares `code`, optional (accounts without a second factor send none), text.
 */
function checkLogInCode(route: AccountRoute): Diagnostic[] {
  const { document, pointer, config, secondFactor } = route;
  if (secondFactor === null) return [];
  const code = TOTP_CODE_FIELD;
  const bodyAt = childPointer(pointer, 'body');
  const declared = config.body?.[code];
  const problem = (where: string, message: string, fix: string, on: 'key' | 'value') => [
    diagnosticAt(document, where, message, fix, on),
  ];
  if (declared === undefined)
    return problem(
      config.body ? bodyAt : pointer,
      `this project has a second factor (${secondFactor}), so a log-in reads a one-time code, and its body has no "${code}"`,
      `add "${code}": { "type": "string" } to "body" (optional: accounts without a second factor send none).`,
      'key',
    );
  const options = bodyFieldOptions(declared);
  if (options.type !== 'string')
    return problem(
      childPointer(bodyAt, code),
      `"${code}" of a log-in is a one-time code, of type "string", not "${options.type}"`,
      'set "type": "string".',
      'value',
    );
  if (options.required)
    return problem(
      childPointer(bodyAt, code),
      `"${code}" of a log-in is sent only by accounts with a second factor`,
      `remove "required" from "${code}".`,
      'value',
    );
  return [];
}

/**
 * `token`: a session token in the answers of the signed-in user's own record (`record:
 * "currentUser"`), as a log-in answers it. Refused where there is no session to give: on other
 * routes, on account routes (sign-up and log-in answer one already, log-out ends it), on a DELETE
 * of the caller's record, on an answer without the record, and without a database.
 */
export function checkTokenOption(route: AccountRoute): Diagnostic[] {
  const { document, pointer, config } = route;
  if (config.token !== true) return [];
  const at = childPointer(pointer, 'token');
  const problem = (message: string, fix: string) => [
    diagnosticAt(document, at, message, fix, 'key'),
  ];
  if (config.account)
    return problem(
      onSessions(config.account)
        ? `${SESSION_ROUTE_NAMES[config.account]} starts no session: it has no token to give`
        : onMail(config.account)
          ? `${MAIL_ROUTE_NAMES[config.account]} starts no session: it has no token to give`
          : onApiKeys(config.account)
            ? `${API_KEY_ROUTE_NAMES[config.account]} starts no session: it has no token to give`
            : onTotp(config.account)
              ? `${TOTP_ROUTE_NAMES[config.account]} starts no session: it has no token to give`
              : onOidc(config.account)
                ? `${OIDC_ROUTE_NAMES[config.account]} answers no token: the session rides in its cookie`
                : `a ${config.account === 'signUp' ? 'sign-up' : 'log-in'} answers its session token by itself`,
      'remove "token".',
    );
  if (config.record !== 'currentUser')
    return problem(
      `"token" gives the session token in the answers of the signed-in user's own record, and ${config.method} ${config.path} has no "record": "currentUser"`,
      'add "record": "currentUser" and "auth": true (GET, PUT or PATCH on the accounts model), or remove "token".',
    );
  // A POST, a list or a function route is reported at "record" (checkAccountUse).
  if (config.function || config.method === 'POST' || config.response?.endsWith('[]')) return [];
  if (config.method === 'DELETE')
    return problem(
      `DELETE ${config.path} removes the signed-in user's account: it has no session to give`,
      'remove "token"; it applies to GET, PUT and PATCH.',
    );
  if (route.orm === 'none')
    return problem(
      '"token" needs a database, and this project has orm "none"',
      'set "orm": "prisma" (or "drizzle") in appgen.config.json, or remove "token".',
    );
  if (!config.response || config.redirect || config.status === 204)
    return problem(
      `${config.method} ${config.path} answers no record for the token to go with (${config.redirect ? 'it redirects' : config.status === 204 ? '204 has no body' : 'no "response"'})`,
      `answer the record ("response": "${route.accounts.model ?? 'User'}", without "redirect" or "status": 204), or remove "token".`,
    );
  return [];
}
