import type { AccountAction, ModelConfig } from '../config/configTypes';
import { fieldOptions } from './fields';
import { isUniqueField } from './routeParams';

/** Failed log-ins allowed before 429, counted in the database (src/appgen/throttle.ts of an app). */
export interface SignInLimits {
  perIdentity: number;
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perIdentity: 5,
  perAddress: 20,
  windowSeconds: 900,
};

/** The scheme of `Authorization: <scheme> <token>` when the settings name none. */
export const DEFAULT_TOKEN_SCHEME = 'Bearer';

/** The identity fields a log-in uses when the settings name none: a unique email, else a unique username. */
export function defaultIdentity(model: ModelConfig): string[] {
  for (const name of ['email', 'username']) {
    if (Object.hasOwn(model.fields, name) && isUniqueField(model, name)) return [name];
  }
  return [];
}

/** The accounts model's password fields (a log-in checks the only one). */
export function passwordFields(model: ModelConfig): string[] {
  return Object.entries(model.fields)
    .filter(([, field]) => fieldOptions(field).type === 'password')
    .map(([name]) => name);
}

/**
 * Account routes on sessions rather than on an account's record: a log-out (the request's
 * session), "sign out everywhere" (`endSessions`, which runs as a log-out of every session of the
 * caller) and the list of the caller's sessions (`listSessions`). They read no password.
 */
export const SESSION_ACTIONS = ['logOut', 'endSessions', 'listSessions'] as const;
export type SessionAction = (typeof SESSION_ACTIONS)[number];

export function onSessions(action: AccountAction | undefined): action is SessionAction {
  return (SESSION_ACTIONS as readonly (AccountAction | undefined)[]).includes(action);
}

/** Account routes that start a stored session: a sign-up, a log-in, "sign out everywhere" (which needs them stored). */
export function storesSessionsFor(action: AccountAction | undefined): boolean {
  return action !== undefined && action !== 'logOut';
}
