import { INTERNAL_MODEL_PREFIX } from '../domain/names';
import type { ProjectField, ProjectModel } from '../validate/checkedProject';

/**
 * The tables appgen's own runtime keeps in the app's database, beside the models: declared here
 * as models so that both ORMs' schemas, pushes and migrations carry them like any other (the
 * same column types, ids and indexes). They have no routes, types or pages. Every name starts
 * with INTERNAL_MODEL_PREFIX (`Appgen`), which config models may not use (src/validate/checkModels.ts).
 */

const SOURCE = '(appgen)';

const field = (name: string, options: Omit<ProjectField, 'name'>): ProjectField => ({
  name,
  ...options,
});

function internalModel(
  name: string,
  fields: ProjectField[],
  indexes: ProjectModel['indexes'],
  relations: ProjectModel['relations'] = [],
): ProjectModel {
  return {
    name: `${INTERNAL_MODEL_PREFIX}${name}`,
    fields: [field('id', { type: 'uuid' }), ...fields],
    relations,
    indexes,
    computed: [],
    urls: [],
    access: [],
    fieldRules: [],
    file: SOURCE,
  };
}

/**
 * The outbox (src/appgen/outbox.ts): one row per event a write recorded in its own transaction,
 * or per due run of a scheduled job, until a worker ran it (`done`) or gave up (`failed`).
 * `lockedUntil` is a claim's lease: past it, another instance may take the row over.
 */
export const APPGEN_EVENT: ProjectModel = internalModel(
  'Event',
  [
    field('kind', { type: 'enum', values: ['event', 'job'] }),
    field('name', { type: 'string' }),
    field('payload', { type: 'json' }),
    field('status', { type: 'enum', values: ['pending', 'done', 'failed'] }),
    field('attempts', { type: 'int', default: 0 }),
    field('maxAttempts', { type: 'int' }),
    field('runAt', { type: 'datetime' }),
    field('lockedUntil', { type: 'datetime', optional: true }),
    field('lastError', { type: 'text', optional: true }),
    field('createdAt', { type: 'datetime' }),
    field('finishedAt', { type: 'datetime', optional: true }),
  ],
  [{ fields: ['status', 'runAt'], unique: false }],
);

/** Failed log-ins of every instance (src/appgen/throttle.ts), one row each, by identity or address key. */
export const APPGEN_SIGN_IN_FAILURE: ProjectModel = internalModel(
  'SignInFailure',
  [field('key', { type: 'string' }), field('failedAt', { type: 'datetime' })],
  [{ fields: ['key', 'failedAt'], unique: false }],
);

/**
 * The stored sessions (src/appgen/sessions.ts) of a project whose routes issue session tokens: one
 * row per token, found by the SHA-256 of the token's random id (`tokenHash`, never the token), so a
 * copy of the table signs no one in. Deleting a user deletes their sessions (the foreign key
 * cascades), so a session check is one read of this table by its unique `tokenHash`.
 */
export function appgenSession(accountsModel: string): ProjectModel {
  return internalModel(
    'Session',
    [
      field('tokenHash', { type: 'string', unique: true }),
      field('userId', { type: 'uuid' }),
      field('createdAt', { type: 'datetime' }),
      field('lastSeenAt', { type: 'datetime' }),
      field('expiresAt', { type: 'datetime' }),
      field('userAgent', { type: 'text', optional: true }),
      field('address', { type: 'string', optional: true }),
    ],
    [{ fields: ['expiresAt'], unique: false }],
    [ownedBy(accountsModel)],
  );
}

/**
 * The tokens account mail carries (src/appgen/accountTokens.ts): one row per password-reset or
 * verification mail, found by the SHA-256 of the token (never the token, which the mail's worker
 * derives from the row's id and APPGEN_SESSION_SECRET), single-use (taken by deleting it) and
 * expiring. `address` is where the mail went: a verification verifies that address only.
 */
export function appgenAccountToken(accountsModel: string): ProjectModel {
  return internalModel(
    'AccountToken',
    [
      field('tokenHash', { type: 'string', unique: true }),
      field('purpose', { type: 'enum', values: ['reset', 'verify'] }),
      field('userId', { type: 'uuid' }),
      field('address', { type: 'string' }),
      field('createdAt', { type: 'datetime' }),
      field('expiresAt', { type: 'datetime' }),
    ],
    [{ fields: ['expiresAt'], unique: false }],
    [ownedBy(accountsModel)],
  );
}

/**
 * The addresses their users verified (src/appgen/accountTokens.ts): an account is verified while
 * a row holds its current address, so changing the address asks for a new verification.
 */
export function appgenVerifiedAddress(accountsModel: string): ProjectModel {
  return internalModel(
    'VerifiedAddress',
    [
      field('userId', { type: 'uuid' }),
      field('address', { type: 'string' }),
      field('verifiedAt', { type: 'datetime' }),
    ],
    [{ fields: ['userId', 'address'], unique: true }],
    [ownedBy(accountsModel)],
  );
}

/**
 * The API keys of users (src/appgen/apiKeys.ts): one row per key, found by the SHA-256 of the key
 * (`keyHash`, never the key), so a copy of the table signs no one in; revoking deletes the row,
 * deleting the user deletes theirs (the foreign key cascades).
 */
export function appgenApiKey(accountsModel: string): ProjectModel {
  return internalModel(
    'ApiKey',
    [
      field('keyHash', { type: 'string', unique: true }),
      field('userId', { type: 'uuid' }),
      field('name', { type: 'string' }),
      field('readOnly', { type: 'boolean' }),
      // The routes it may call ("GET /api/posts/:id"), one per line, or null: every route.
      field('routes', { type: 'text', optional: true }),
      field('hint', { type: 'string' }),
      field('createdAt', { type: 'datetime' }),
      field('lastUsedAt', { type: 'datetime', optional: true }),
      // When it stops signing anyone in, or null: never.
      field('expiresAt', { type: 'datetime', optional: true }),
    ],
    [{ fields: ['userId'], unique: false }],
    [ownedBy(accountsModel)],
  );
}

/**
 * The second factors of users (src/appgen/totp.ts): one row per user (its id is the user's), the
 * secret of their authenticator app (readable: a code is checked against it), confirmed or not
 * yet, and the time step of the last code accepted, so a code is taken once across every instance.
 */
export function appgenTotp(accountsModel: string): ProjectModel {
  return internalModel(
    'Totp',
    [
      field('userId', { type: 'uuid' }),
      field('secret', { type: 'string' }),
      field('createdAt', { type: 'datetime' }),
      field('confirmedAt', { type: 'datetime', optional: true }),
      field('lastTimeStep', { type: 'int', optional: true }),
    ],
    [],
    [ownedBy(accountsModel)],
  );
}

/**
 * The recovery codes of a second factor (src/appgen/totp.ts): one row per code, its SHA-256 only,
 * deleted when used (single-use) and when the factor is turned off or confirmed anew.
 */
export function appgenRecoveryCode(accountsModel: string): ProjectModel {
  return internalModel(
    'RecoveryCode',
    [
      field('userId', { type: 'uuid' }),
      field('codeHash', { type: 'string' }),
      field('createdAt', { type: 'datetime' }),
    ],
    [{ fields: ['userId'], unique: false }],
    [ownedBy(accountsModel)],
  );
}

/**
 * The identities users sign in with at OpenID Connect providers (src/appgen/oidc.ts): one row per
 * provider and subject (the provider's id of the user), linked to one user, deleted with them.
 */
export function appgenIdentity(accountsModel: string): ProjectModel {
  return internalModel(
    'Identity',
    [
      field('userId', { type: 'uuid' }),
      field('provider', { type: 'string' }),
      field('subject', { type: 'string' }),
      field('email', { type: 'string', optional: true }),
      field('createdAt', { type: 'datetime' }),
    ],
    [
      { fields: ['provider', 'subject'], unique: true },
      { fields: ['userId'], unique: false },
    ],
    [ownedBy(accountsModel)],
  );
}

/** A row of a user's (`userId`), deleted with them. */
function ownedBy(accountsModel: string): ProjectModel['relations'][number] {
  return {
    name: 'user',
    type: 'belongsTo',
    model: accountsModel,
    field: 'userId',
    onDelete: 'cascade',
    mirror: null,
  };
}

/**
 * The internal models a project needs: the outbox with events (or jobs), the throttle's table with
 * a log-in, the sessions' table (naming the accounts model) when routes issue session tokens.
 */
export function internalModels(needs: {
  outbox: boolean;
  signInThrottle: boolean;
  sessionsOf: string | null;
  /** The accounts model, when mail routes keep tokens and verified addresses of its users. */
  mailOf: string | null;
  /** The accounts model, when its users have API keys. */
  apiKeysOf: string | null;
  /** The accounts model, when its users may set up a second factor. */
  totpOf: string | null;
  /** The accounts model, when its users sign in with OpenID Connect providers. */
  identitiesOf: string | null;
}): ProjectModel[] {
  return [
    ...(needs.outbox ? [APPGEN_EVENT] : []),
    ...(needs.signInThrottle ? [APPGEN_SIGN_IN_FAILURE] : []),
    ...(needs.sessionsOf !== null ? [appgenSession(needs.sessionsOf)] : []),
    ...(needs.mailOf !== null
      ? [appgenAccountToken(needs.mailOf), appgenVerifiedAddress(needs.mailOf)]
      : []),
    ...(needs.apiKeysOf !== null ? [appgenApiKey(needs.apiKeysOf)] : []),
    ...(needs.totpOf !== null ? [appgenTotp(needs.totpOf), appgenRecoveryCode(needs.totpOf)] : []),
    ...(needs.identitiesOf !== null ? [appgenIdentity(needs.identitiesOf)] : []),
  ];
}
