import { onTotp, TOTP_CODE_FIELD } from '../domain/accounts';
import type { MethodContext } from './contexts';

/** Paths of function routes that take a new password (sign-up, registration, a password change). */
const NEW_PASSWORD_PATH = /(sign-?up|register|join|password)(\/|$)/i;

/**
 * The `autocomplete` of a password input, so browsers and password managers offer the saved
 * password or a new one: "new-password" when the form stores what is typed (its route writes a
 * model without a function, e.g. a sign-up form on POST /api/users, or a function route named like
 * sign-up, register or password) or the field's id says so (newPassword, confirmPassword);
 * "current-password" otherwise (a log-in form, bound to an `account: "logIn"` route or a function
 * route, or an unbound form).
 */
export function passwordAutocomplete(
  method: MethodContext | null,
  inputId: string,
): 'new-password' | 'current-password' {
  if (/new|confirm|repeat/i.test(inputId)) return 'new-password';
  if (!method || method.method === 'GET' || method.method === 'DELETE') return 'current-password';
  // A log-in (`account: "logIn"`) compares the password: the saved one is what to offer.
  if (method.operation === 'logIn') return 'current-password';
  if (method.function === null && method.model !== null) return 'new-password';
  return NEW_PASSWORD_PATH.test(method.urlPath) ? 'new-password' : 'current-password';
}

/**
 * Whether an input takes a one-time code (`autocomplete="one-time-code"`, so phones offer a code
 * they received and password managers fill the one they compute): the `code` of a log-in in a
 * project with a second factor, or of a confirmation or a disabling of one.
 */
export function oneTimeCodeInput(method: MethodContext | null, inputId: string | null): boolean {
  if (method === null || inputId !== TOTP_CODE_FIELD) return false;
  return (
    (method.operation === 'logIn' && method.account?.asksSecondFactor === true) ||
    onTotp(method.account?.action)
  );
}
