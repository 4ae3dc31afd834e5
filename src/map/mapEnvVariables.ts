import type { DatabaseProvider, EnvVariableContext } from './contexts';

/** What decides which variables a project's app reads and how they default. */
export interface EnvVariableInput {
  usesDatabase: boolean;
  provider: DatabaseProvider;
  defaultDatabaseUrl: string;
  /** Some route issues session tokens (sign-up, log-in). */
  issuesTokens: boolean;
  /** Some route or page reads a session (the secret verifies its token). */
  hasAuth: boolean;
  /** Settings `trustProxy`: APPGEN_TRUST_PROXY's default. */
  trustProxy: number;
  /** Some answer sends url fields (model `computed` with "url"). */
  sendsUrls?: boolean;
  /** Settings `cors` is set: APPGEN_CORS_ORIGINS replaces its origins. */
  cors?: boolean;
  /** Some model has a password field (src/appgen/password.ts hashes it). */
  hashesPasswords?: boolean;
  /** Mail routes: account mail goes out through SMTP (src/appgen/mail.ts). */
  sendsMail?: boolean;
  /** Some mail link is a path of the app: its start, APPGEN_PUBLIC_URL, is required in production. */
  mailNeedsPublicUrl?: boolean;
  /** OpenID Connect providers (accounts.providers): their names and variables' prefix. */
  providers?: ReadonlyArray<{ name: string; issuer: string; envPrefix: string }>;
}

interface EnvVariableSpec {
  name: string;
  appliesTo(input: EnvVariableInput): boolean;
  describe(input: EnvVariableInput): Omit<EnvVariableContext, 'name'>;
}

/** A variable no production server needs, listed commented out with its default. */
function optional(
  name: string,
  what: string,
  defaultValue: (input: EnvVariableInput) => string,
  example: string,
  appliesTo: (input: EnvVariableInput) => boolean = () => true,
): EnvVariableSpec {
  return {
    name,
    appliesTo,
    describe: (input) => ({
      what,
      default: defaultValue(input),
      requiredInProduction: false,
      example,
    }),
  };
}

/**
 * Every environment variable a generated app (or the server that runs it) reads, the one list
 * `.env.example` is written from. A feature whose template reads a new `process.env.X` adds an
 * entry here: a unit test fails on a template that reads a variable this list lacks.
 */
const ENV_VARIABLES: EnvVariableSpec[] = [
  {
    name: 'DATABASE_URL',
    appliesTo: (input) => input.usesDatabase,
    describe: (input) =>
      input.provider === 'postgresql'
        ? {
            what: 'The PostgreSQL database: postgresql://user:password@host:5432/name. The server checks at start that it can connect.',
            default: 'none (this app was generated for PostgreSQL)',
            requiredInProduction: true,
            example: 'postgresql://app:password@127.0.0.1:5432/app',
          }
        : {
            what: 'The SQLite database file, file:<path> (a relative path is taken from the working directory: under the standalone server, .next/standalone). Give an absolute path in production, e.g. on a volume.',
            default: `${input.defaultDatabaseUrl} (the embedded SQLite file)`,
            requiredInProduction: false,
            example: 'file:/data/app.db',
          },
  },
  {
    name: 'APPGEN_SESSION_SECRET',
    appliesTo: (input) => input.issuesTokens || input.hasAuth,
    describe: () => ({
      what: "Signs session tokens: at least 32 random characters (openssl rand -base64 32). Changing it signs every user out. A production server refuses the development secret create-appgen wrote into .env (it starts with appgen-dev-): set one of its own in the server's environment.",
      default: 'none (every session token is refused)',
      requiredInProduction: true,
      example: '',
    }),
  },
  optional(
    'APPGEN_TRUSTED_ORIGINS',
    "Other origins whose browser writes are accepted (comma-separated, each as browsers send it: https://admin.example.com, no path, lower case, no default port); the app's own origin always is. A server with an entry written otherwise refuses to start.",
    () => 'none',
    'https://admin.example.com',
  ),
  optional(
    'APPGEN_CORS_ORIGINS',
    "The origins whose pages may call the API (CORS), comma-separated, or * for any: replaces settings cors.origins, e.g. with the deployed front end's origin. A server with an entry that is not an origin (or * with cors.credentials) refuses to start.",
    () => 'settings cors.origins',
    'https://app.example.com',
    (input) => input.cors === true,
  ),
  optional(
    'APPGEN_TRUST_PROXY',
    'How many reverse proxies (load balancers) stand in front of the app, 0 to 10: their X-Forwarded-* headers give the client address, host and scheme. A server with another value refuses to start.',
    (input) => `${input.trustProxy} (settings trustProxy)`,
    '1',
  ),
  {
    name: 'APPGEN_PUBLIC_URL',
    appliesTo: (input) => Boolean(input.sendsUrls) || Boolean(input.mailNeedsPublicUrl),
    describe: (input) =>
      input.mailNeedsPublicUrl
        ? {
            what: "The app's public address (https://example.com, or with a path): the start of the links in account mail (password reset, verification) and of the url fields of answers. Never taken from a request's Host for mail, which anyone can send. A production server without it refuses to start.",
            default: 'http://localhost:<port of the server> in development',
            requiredInProduction: true,
            example: 'https://example.com',
          }
        : {
            what: "The app's public address (https://example.com, or with a path): the start of the url fields of its answers. Unset: the origin each request came to (its Host, or X-Forwarded-Host and -Proto from trusted proxies), which a production server warns about at start.",
            default: 'the origin of each request',
            requiredInProduction: false,
            example: 'https://example.com',
          },
  },
  {
    name: 'APPGEN_SMTP_URL',
    appliesTo: (input) => Boolean(input.sendsMail),
    describe: () => ({
      what: 'The SMTP server account mail goes through (nodemailer): smtp://user:password@host:587 (STARTTLS when the server offers it) or smtps://user:password@host:465. Unset in development: mails are printed to the terminal and kept in .appgen/mail (the page /appgen/mail lists them). A production server without it refuses to start.',
      default: 'none (development: the terminal and .appgen/mail)',
      requiredInProduction: true,
      example: 'smtps://user:password@smtp.example.com:465',
    }),
  },
  optional(
    'APPGEN_MAIL_FROM',
    'The sender of account mail, e.g. "Blog <no-reply@example.com>": replaces settings accounts.mailFrom.',
    () =>
      "settings accounts.mailFrom, else the app's name at no-reply@ the host of APPGEN_PUBLIC_URL",
    'Blog <no-reply@example.com>',
    (input) => Boolean(input.sendsMail),
  ),
  optional(
    'APPGEN_LOG_SQL',
    '1: print every SQL statement (appgen:sql <statement>); params: with its parameters too (values users sent: for diagnosis on test data only).',
    () => 'off',
    '1',
    (input) => input.usesDatabase,
  ),
  optional(
    'APPGEN_TEST_FAST_PASSWORD_HASHES',
    '1: new password hashes use scrypt N=2^10 instead of 2^17, about 100 times cheaper to make and to crack: for test suites that sign up and log in hundreds of times only. Never set it where real passwords are stored (a production server that has it says so at start; hashes made under it stay weak).',
    () => 'off (scrypt N=2^17, r=8, p=1)',
    '1',
    (input) => Boolean(input.hashesPasswords),
  ),
  optional(
    'PORT',
    'The port the standalone server (node .next/standalone/server.js) listens on; next start takes -p.',
    () => '3000',
    '3000',
  ),
  optional(
    'HOSTNAME',
    'The address the standalone server listens on (0.0.0.0: every interface, as in a container, where HOSTNAME is otherwise the container id).',
    () => '0.0.0.0',
    '0.0.0.0',
  ),
  optional(
    'NEXT_TELEMETRY_DISABLED',
    "1: Next.js sends no anonymous telemetry (read by next build and the server, not by the app's code).",
    () => 'telemetry on',
    '1',
  ),
];

/**
 * Variables Next.js sets itself (`next start` and the standalone server set NODE_ENV=production;
 * NEXT_RUNTIME names the runtime, NEXT_PHASE the phase, e.g. `next build`'s): templates read them,
 * `.env.example` does not list them.
 */
export const SET_BY_NEXT = ['NODE_ENV', 'NEXT_RUNTIME', 'NEXT_PHASE'];

/** The name of every variable `.env.example` may list, whatever the project. */
export const ENV_VARIABLE_NAMES = ENV_VARIABLES.map((variable) => variable.name);

/** The variables this project's app reads, in a fixed order, each with what `.env.example` says of it. */
export function mapEnvVariables(input: EnvVariableInput): EnvVariableContext[] {
  return [
    ...ENV_VARIABLES.filter((variable) => variable.appliesTo(input)).map((variable) => ({
      name: variable.name,
      ...variable.describe(input),
    })),
    ...(input.providers ?? []).flatMap(providerVariables),
  ];
}

/**
 * The variables of one OpenID Connect provider (src/appgen/oidc.ts): the client the provider
 * registered for the app (required in production), and its issuer where the app runs.
 */
function providerVariables(provider: {
  name: string;
  issuer: string;
  envPrefix: string;
}): EnvVariableContext[] {
  return [
    {
      name: `${provider.envPrefix}_CLIENT_ID`,
      what: `The client id the provider "${provider.name}" registered for this app (its redirect URI: the app's public origin and the oidcCallback route's path). A production server without it refuses to start.`,
      default: 'none',
      requiredInProduction: true,
      example: 'appgen-app',
    },
    {
      name: `${provider.envPrefix}_CLIENT_SECRET`,
      what: `The client secret of "${provider.name}". A production server without it refuses to start.`,
      default: 'none',
      requiredInProduction: true,
      example: 'a-long-random-secret',
    },
    {
      name: `${provider.envPrefix}_ISSUER`,
      what: `Replaces the issuer of "${provider.name}" in appgen.config.json where the app runs (a staging provider, a test's): https, or http on 127.0.0.1 or localhost.`,
      default: provider.issuer,
      requiredInProduction: false,
      example: provider.issuer,
    },
  ];
}
