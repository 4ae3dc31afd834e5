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
 * caller), the list of the caller's sessions (`listSessions`) and the end of one of them, chosen
 * from that list by its id (`revokeSession`). They read no password.
 */
export const SESSION_ACTIONS = ['logOut', 'endSessions', 'listSessions', 'revokeSession'] as const;
export type SessionAction = (typeof SESSION_ACTIONS)[number];

export function onSessions(action: AccountAction | undefined): action is SessionAction {
  return (SESSION_ACTIONS as readonly (AccountAction | undefined)[]).includes(action);
}

/**
 * Account routes that need the sessions stored: a sign-up, a log-in (they start one), "sign out
 * everywhere" and a password reset (they end them), and the other mail routes (beside which a
 * reset is expected).
 */
export function storesSessionsFor(action: AccountAction | undefined): boolean {
  return action !== undefined && action !== 'logOut';
}

/**
 * Account routes that mail a link or take a mailed token (password reset and e-mail
 * verification): POST routes whose bodies appgen checks field by field, answering 204.
 */
export const MAIL_ACTIONS = [
  'requestReset',
  'resetPassword',
  'verifyEmail',
  'resendVerification',
] as const;
export type MailAction = (typeof MAIL_ACTIONS)[number];

export function onMail(action: AccountAction | undefined): action is MailAction {
  return (MAIL_ACTIONS as readonly (AccountAction | undefined)[]).includes(action);
}

/**
 * The outbox event a sign-up records in its own transaction when it mails a verification link
 * (src/appgen/accountMail.ts of an app names it the same): its worker queues the mail, so a
 * process that dies right after the commit still sends it. Tried as often as a mail is.
 */
export const SIGN_UP_VERIFICATION_EVENT = 'appgen.signUpVerification';
export const SIGN_UP_VERIFICATION_ATTEMPTS = 5;

/** Where mails link when the settings name nothing: the starter's pages. */
export const DEFAULT_RESET_LINK = '/reset-password';
export const DEFAULT_VERIFY_LINK = '/verify-email';

/** The field holding the token a mail carried, in the bodies of resetPassword and verifyEmail. */
export const MAIL_TOKEN_FIELD = 'token';

/** The accounts model's field mail goes to when the settings name none: a unique `email`. */
export function defaultEmailField(model: ModelConfig): string | null {
  return Object.hasOwn(model.fields, 'email') && isUniqueField(model, 'email') ? 'email' : null;
}

/**
 * The body a mail route reads, field by field: the address (a request for a reset or another
 * verification mail), the token and the new password (a reset), the token (a verification).
 */
export function mailRouteBody(
  action: MailAction,
  fields: { emailField: string; passwordField: string },
): FixedBodyField[] {
  switch (action) {
    case 'requestReset':
    case 'resendVerification':
      return [{ name: fields.emailField, type: 'string', required: true, role: 'the address' }];
    case 'resetPassword':
      return [
        {
          name: MAIL_TOKEN_FIELD,
          type: 'string',
          required: true,
          role: 'the token a mail carried',
        },
        { name: fields.passwordField, type: 'password', required: true, role: 'the new password' },
      ];
    case 'verifyEmail':
      return [
        {
          name: MAIL_TOKEN_FIELD,
          type: 'string',
          required: true,
          role: 'the token a mail carried',
        },
      ];
  }
}

/** A field of a body appgen reads itself (a mail route's, an API key's): declared, then checked. */
export interface FixedBodyField {
  name: string;
  type: 'string' | 'password' | 'boolean' | 'int' | 'string[]';
  /** Whether the route cannot go without it (then the declaration must say `"required": true`). */
  required: boolean;
  /** What the field is, as an error about its type says it ("the new password"). */
  role: string;
}

/**
 * API keys for scripts and other servers (src/appgen/apiKeys.ts of an app): a signed-in user
 * creates one (POST, the key answered once), lists theirs (GET) and revokes one (DELETE by id).
 * A key is sent as `Authorization: <tokenScheme> <key>` and signs its owner in, but never manages
 * keys or sessions: these routes want a session.
 */
export const API_KEY_ACTIONS = ['createApiKey', 'listApiKeys', 'revokeApiKey'] as const;
export type ApiKeyAction = (typeof API_KEY_ACTIONS)[number];

export function onApiKeys(action: AccountAction | undefined): action is ApiKeyAction {
  return (API_KEY_ACTIONS as readonly (AccountAction | undefined)[]).includes(action);
}

/**
 * The method of each account route: the lists of one's sessions and keys are reads, a session or
 * a key is revoked by DELETE, every other account route changes something with a POST.
 */
export const ACCOUNT_METHODS: Record<AccountAction, 'GET' | 'POST' | 'DELETE'> = {
  signUp: 'POST',
  logIn: 'POST',
  logOut: 'POST',
  endSessions: 'POST',
  listSessions: 'GET',
  revokeSession: 'DELETE',
  requestReset: 'POST',
  resetPassword: 'POST',
  verifyEmail: 'POST',
  resendVerification: 'POST',
  createApiKey: 'POST',
  listApiKeys: 'GET',
  revokeApiKey: 'DELETE',
  enrolTotp: 'POST',
  confirmTotp: 'POST',
  disableTotp: 'POST',
  oidcSignIn: 'GET',
  oidcCallback: 'GET',
  listIdentities: 'GET',
  unlinkIdentity: 'DELETE',
};

/**
 * The path parameter naming what a revocation ends (a session of `listSessions`, an API key of
 * `listApiKeys`): its `id`, the path's last segment.
 */
export const REVOKED_ID_PARAM = 'id';

/** Account routes that name what they end by `:id` in their path, on DELETE. */
export const REVOKE_ACTIONS = ['revokeSession', 'revokeApiKey', 'unlinkIdentity'] as const;
export type RevokeAction = (typeof REVOKE_ACTIONS)[number];

export function onRevoke(action: AccountAction | undefined): action is RevokeAction {
  return (REVOKE_ACTIONS as readonly (AccountAction | undefined)[]).includes(action);
}

/**
 * The body of a new API key: its name (the owner's label), whether it may only read, the routes
 * it may call (`"GET /api/posts"`, as the config declares them; all when left out), and the days
 * until it expires (never when left out).
 */
export const API_KEY_BODY: readonly FixedBodyField[] = [
  { name: 'name', type: 'string', required: true, role: "the key's name" },
  { name: 'readOnly', type: 'boolean', required: false, role: 'whether the key may only read' },
  {
    name: 'routes',
    type: 'string[]',
    required: false,
    role: 'the routes the key may call ("GET /api/posts")',
  },
  { name: 'expiresInDays', type: 'int', required: false, role: 'the days until the key expires' },
];

/**
 * A second factor: time-based one-time codes (src/appgen/totp.ts of an app). A signed-in user
 * starts an enrolment (a new secret, its otpauth:// URI and QR code), confirms it with a code of
 * the authenticator app (answered the recovery codes, once), and may turn it off with a code. Once
 * confirmed, a log-in needs a code (or a recovery code) besides the password. Like API keys, these
 * routes want a session, never a key.
 */
export const TOTP_ACTIONS = ['enrolTotp', 'confirmTotp', 'disableTotp'] as const;
export type TotpAction = (typeof TOTP_ACTIONS)[number];

export function onTotp(action: AccountAction | undefined): action is TotpAction {
  return (TOTP_ACTIONS as readonly (AccountAction | undefined)[]).includes(action);
}

/** The body field holding a one-time code: a confirmation's, a disabling's, and a log-in's. */
export const TOTP_CODE_FIELD = 'code';

/** The body of a confirmation and of a disabling: the code the authenticator app shows. */
export const TOTP_CODE_BODY: readonly FixedBodyField[] = [
  {
    name: TOTP_CODE_FIELD,
    type: 'string',
    required: true,
    role: 'the code of the authenticator app (or a recovery code)',
  },
];

/**
 * Sign-in with OpenID Connect providers (src/appgen/oidc.ts of an app): a GET that sends the
 * browser to the provider (`:provider` in its path), the GET the provider sends it back to (the
 * callback: the code exchanged, the user found, linked or created, signed in), the caller's
 * linked providers (GET) and the unlinking of one (DELETE by id).
 */
export const OIDC_ACTIONS = [
  'oidcSignIn',
  'oidcCallback',
  'listIdentities',
  'unlinkIdentity',
] as const;
export type OidcAction = (typeof OIDC_ACTIONS)[number];

export function onOidc(action: AccountAction | undefined): action is OidcAction {
  return (OIDC_ACTIONS as readonly (AccountAction | undefined)[]).includes(action);
}

/**
 * The account routes that manage what the caller's live session holds (API keys, sessions, a
 * second factor, linked providers): they want that session, never an API key, and check it where
 * `auth` is (handler/liveSession), so a visitor gets 401 before the path or the body is read.
 */
export function managesOwnSession(action: AccountAction | undefined): boolean {
  return (
    action === 'listSessions' ||
    action === 'revokeSession' ||
    action === 'listIdentities' ||
    action === 'unlinkIdentity' ||
    onApiKeys(action) ||
    onTotp(action)
  );
}

/** The path parameter naming the provider of a sign-in and of its callback. */
export const PROVIDER_PARAM = 'provider';

/**
 * How appgen signs in with a provider: OpenID Connect (its discovery document, an ID token), or
 * GitHub's OAuth 2.0 (no OpenID Connect: fixed endpoints, then the user and their verified
 * addresses from its REST API).
 */
export type ProviderProtocol = 'oidc' | 'github';

/** Providers whose issuer appgen knows (`"preset": "google"`), with the label pages show. */
export const OIDC_PRESETS: Record<
  string,
  { issuer: string; label: string; protocol: ProviderProtocol }
> = {
  google: { issuer: 'https://accounts.google.com', label: 'Google', protocol: 'oidc' },
  gitlab: { issuer: 'https://gitlab.com', label: 'GitLab', protocol: 'oidc' },
  github: { issuer: 'https://github.com', label: 'GitHub', protocol: 'github' },
};

/** A provider's environment variables: `APPGEN_OIDC_<NAME>_CLIENT_ID` and the others. */
export function providerEnvPrefix(name: string): string {
  return `APPGEN_OIDC_${name.toUpperCase()}`;
}
