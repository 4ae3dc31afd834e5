import type { RouteConfig } from '../config/configTypes';
import { mailRouteBody, MAIL_TOKEN_FIELD, type MailAction } from '../domain/accounts';
import { bodyFieldOptions } from '../domain/bodyFields';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import type { AccountRoute } from './checkAccountRoutes';
import type { CheckedAccounts } from './checkAccountsSettings';
import { childPointer, diagnosticAt } from './locate';

/** The mail routes as messages name them. */
export const MAIL_ROUTE_NAMES: Record<MailAction, string> = {
  requestReset: 'a request for a password reset',
  resetPassword: 'a password reset',
  verifyEmail: 'an e-mail verification',
  resendVerification: 'a request for another verification mail',
};

/**
 * A mail route (password reset, e-mail verification): on the accounts model, which has the field
 * mail goes to (and, for a reset, the password field); it answers 204, so no `response` or `model`;
 * its body is exactly the fields appgen reads (mailRouteBody), each required.
 */
export function checkMailRoute(route: AccountRoute, action: MailAction): Diagnostic[] {
  const { document, pointer, config, accounts } = route;
  const at = childPointer(pointer, 'account');
  const problem = (message: string, fix: string, where = at, on: 'key' | 'value' = 'value') => [
    diagnosticAt(document, where, message, fix, on),
  ];
  const name = MAIL_ROUTE_NAMES[action];
  if (!accounts.model)
    return problem(
      `${name} needs the model of the app's users`,
      'name it in appgen.config.json: "accounts": { "model": "User" }.',
    );
  const extra = (['response', 'model', 'status'] as const).find((key) => config[key] !== undefined);
  if (extra)
    return problem(
      `${name} answers 204 with no body, whatever the address`,
      `remove "${extra}".`,
      childPointer(pointer, extra),
      'key',
    );
  // A mistake in `accounts.emailField` is reported there.
  if (accounts.emailFieldProblem) return [];
  if (!accounts.emailField)
    return problem(
      `${name} mails the account's address, and ${accounts.model} has no unique "email" field`,
      `add "email": { "type": "string", "unique": true } to ${accounts.model}, or name the field in appgen.config.json: "accounts": { "emailField": "<unique field>" }.`,
    );
  if (action === 'resetPassword' && !accounts.passwordField)
    return problem(
      `${name} sets the password field of ${accounts.model}, and it has none or several`,
      `give ${accounts.model} exactly one field of type "password".`,
    );
  return checkMailBody(document, pointer, config, accounts, action);
}

function checkMailBody(
  document: ConfigDocument,
  pointer: string,
  config: RouteConfig,
  accounts: CheckedAccounts,
  action: MailAction,
): Diagnostic[] {
  const expected = mailRouteBody(action, {
    emailField: accounts.emailField ?? 'email',
    passwordField: accounts.passwordField ?? 'password',
  });
  const names = expected.map((field) => field.name);
  const bodyAt = childPointer(pointer, 'body');
  const body = config.body ?? {};
  const problems: Diagnostic[] = [];
  const add = (where: string, message: string, fix: string, on: 'key' | 'value' = 'key') =>
    problems.push(diagnosticAt(document, where, message, fix, on));
  const reads = names.map((n) => `"${n}"`).join(' and ');
  for (const name of Object.keys(body))
    if (!names.includes(name))
      add(
        childPointer(bodyAt, name),
        `${MAIL_ROUTE_NAMES[action]} reads ${reads}, not "${name}"`,
        suggest(name, names, 'a field:') || `remove "${name}".`,
      );
  const missing = expected.filter((field) => !Object.hasOwn(body, field.name));
  if (missing.length)
    add(
      config.body ? bodyAt : pointer,
      `the body of ${MAIL_ROUTE_NAMES[action]} needs ${missing.map((f) => `"${f.name}"`).join(' and ')}`,
      `add ${missing.map((f) => `"${f.name}": { "type": "${f.type}", "required": true }`).join(', ')} to "body".`,
    );
  for (const field of expected.filter((f) => Object.hasOwn(body, f.name))) {
    const options = bodyFieldOptions(body[field.name]);
    const where = childPointer(bodyAt, field.name);
    if (options.type !== field.type)
      add(
        where,
        `"${field.name}" of ${MAIL_ROUTE_NAMES[action]} is ${field.name === MAIL_TOKEN_FIELD ? 'the token a mail carried' : field.type === 'password' ? 'the new password' : 'the address'}, of type "${field.type}", not "${options.type}"`,
        `set "type": "${field.type}".`,
        'value',
      );
    else if (!options.required)
      add(
        where,
        `${MAIL_ROUTE_NAMES[action]} cannot go without "${field.name}"`,
        `add "required": true to "${field.name}".`,
        'value',
      );
  }
  return problems;
}

/**
 * `accounts.requireVerified` refuses log-ins until an address is verified: the project needs a
 * route that verifies one (`"account": "verifyEmail"`), else no one could sign in.
 */
export function checkRequireVerified(
  accounts: CheckedAccounts,
  routes: readonly { account?: unknown }[],
  settings: ConfigDocument | undefined,
): Diagnostic[] {
  if (!accounts.requireVerified || !settings) return [];
  if (routes.some((route) => route?.account === 'verifyEmail')) return [];
  return [
    diagnosticAt(
      settings,
      '/accounts/requireVerified',
      'log-ins wait for a verified address, and no route verifies one',
      'add a route { "method": "POST", "path": "/api/verify-email", "account": "verifyEmail", "body": { "token": { "type": "string", "required": true } } }, or remove "requireVerified".',
    ),
  ];
}
