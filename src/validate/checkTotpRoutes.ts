import { TOTP_CODE_BODY, type TotpAction } from '../domain/accounts';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import type { CheckedAccounts } from './checkAccountsSettings';
import type { AccountRoute } from './checkAccountRoutes';
import { checkFixedBody } from './checkFixedBody';
import { childPointer, diagnosticAt } from './locate';
import { ownWorkProblems } from './ownWorkProblems';

/** The second-factor routes as messages name them. */
export const TOTP_ROUTE_NAMES: Record<TotpAction, string> = {
  enrolTotp: 'an enrolment in one-time codes',
  confirmTotp: 'a confirmation of one-time codes',
  disableTotp: 'a disabling of one-time codes',
};

/** What each second-factor route answers, as an error about `response` says it. */
const ANSWERS: Record<TotpAction, string> = {
  enrolTotp: 'the secret, its otpauth:// URI and QR code',
  confirmTotp: 'the recovery codes',
  disableTotp: '204',
};

/**
 * A second-factor route: on the accounts model's users, in a project with a log-in (which then
 * asks for the code); it answers what appgen writes (no `response`, `model` or `status`); an
 * enrolment takes no body, a confirmation and a disabling the code (checkFixedBody).
 */
export function checkTotpRoute(route: AccountRoute, action: TotpAction): Diagnostic[] {
  const { document, pointer, config } = route;
  const name = TOTP_ROUTE_NAMES[action];
  const first = ownWorkProblems(route, {
    noModel: `${name} belongs to one of the app's users, and this project has no accounts model`,
    answers: `${name} answers what appgen writes for it (${ANSWERS[action]})`,
    noBody: action === 'enrolTotp' ? `${name} takes no body: appgen makes the secret` : undefined,
  });
  if (first) return first;
  if (!route.logIn)
    return [
      diagnosticAt(
        document,
        childPointer(pointer, 'account'),
        `${name} protects a log-in with a second factor, and this project has no log-in route`,
        'add a route with "account": "logIn" (its body with "code": { "type": "string" }), or remove this one.',
      ),
    ];
  if (action === 'enrolTotp') return [];
  return checkFixedBody(document, pointer, config, name, TOTP_CODE_BODY);
}

/**
 * `accounts.requireTotpFor` makes users of those roles act with the default role until their
 * one-time codes are confirmed: the project needs the route that confirms them, else no one
 * could act with those roles.
 */
export function checkRequireTotp(
  accounts: CheckedAccounts,
  routes: readonly { account?: unknown }[],
  settings: ConfigDocument | undefined,
): Diagnostic[] {
  if (!accounts.roles?.requireTotpFor.length || !settings) return [];
  if (routes.some((route) => route?.account === 'confirmTotp')) return [];
  return [
    diagnosticAt(
      settings,
      '/accounts/requireTotpFor',
      'these roles wait for one-time codes, and no route sets them up',
      'add the routes { "method": "POST", "path": "/api/totp/enrol", "account": "enrolTotp" } and { "method": "POST", "path": "/api/totp/confirm", "account": "confirmTotp", "body": { "code": { "type": "string", "required": true } } } (and a "code" in the log-in\'s body), or remove "requireTotpFor".',
    ),
  ];
}
