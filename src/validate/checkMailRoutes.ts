import { mailRouteBody, type MailAction } from '../domain/accounts';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import type { AccountRoute } from './checkAccountRoutes';
import type { CheckedAccounts } from './checkAccountsSettings';
import { checkFixedBody } from './checkFixedBody';
import { childPointer, diagnosticAt } from './locate';
import { ownWorkProblems } from './ownWorkProblems';

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
  const first = ownWorkProblems(route, {
    noModel: `${name} needs the model of the app's users`,
    answers: `${name} answers 204 with no body, whatever the address`,
  });
  if (first) return first;
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
  const expected = mailRouteBody(action, {
    emailField: accounts.emailField,
    passwordField: accounts.passwordField ?? 'password',
  });
  return checkFixedBody(document, pointer, config, name, expected);
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
