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
}

interface EnvVariableSpec {
  name: string;
  appliesTo(input: EnvVariableInput): boolean;
  describe(input: EnvVariableInput): Omit<EnvVariableContext, 'name'>;
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
      what: 'Signs session tokens: at least 32 random characters (openssl rand -base64 32). Changing it signs every user out.',
      default: 'none (every session token is refused)',
      requiredInProduction: true,
      example: '',
    }),
  },
  {
    name: 'APPGEN_TRUSTED_ORIGINS',
    appliesTo: () => true,
    describe: () => ({
      what: "Other origins whose browser writes are accepted (comma-separated, e.g. https://admin.example.com); the app's own origin always is.",
      default: 'none',
      requiredInProduction: false,
      example: 'https://admin.example.com',
    }),
  },
  {
    name: 'APPGEN_TRUST_PROXY',
    appliesTo: () => true,
    describe: (input) => ({
      what: 'How many reverse proxies (load balancers) stand in front of the app: their X-Forwarded-* headers give the client address, host and scheme.',
      default: `${input.trustProxy} (settings trustProxy)`,
      requiredInProduction: false,
      example: '1',
    }),
  },
  {
    name: 'APPGEN_LOG_SQL',
    appliesTo: (input) => input.usesDatabase,
    describe: () => ({
      what: '1: print every SQL statement (appgen:sql <statement>).',
      default: 'off',
      requiredInProduction: false,
      example: '1',
    }),
  },
  {
    name: 'PORT',
    appliesTo: () => true,
    describe: () => ({
      what: 'The port the standalone server (node .next/standalone/server.js) listens on; next start takes -p.',
      default: '3000',
      requiredInProduction: false,
      example: '3000',
    }),
  },
  {
    name: 'HOSTNAME',
    appliesTo: () => true,
    describe: () => ({
      what: 'The address the standalone server listens on (0.0.0.0: every interface, as in a container, where HOSTNAME is otherwise the container id).',
      default: '0.0.0.0',
      requiredInProduction: false,
      example: '0.0.0.0',
    }),
  },
  {
    name: 'NEXT_TELEMETRY_DISABLED',
    appliesTo: () => true,
    describe: () => ({
      what: "1: Next.js sends no anonymous telemetry (read by next build and the server, not by the app's code).",
      default: 'telemetry on',
      requiredInProduction: false,
      example: '1',
    }),
  },
];

/**
 * Variables Next.js sets itself (`next start` and the standalone server set NODE_ENV=production;
 * NEXT_RUNTIME names the runtime): templates read them, `.env.example` does not list them.
 */
export const SET_BY_NEXT = ['NODE_ENV', 'NEXT_RUNTIME'];

/** The name of every variable `.env.example` may list, whatever the project. */
export const ENV_VARIABLE_NAMES = ENV_VARIABLES.map((variable) => variable.name);

/** The variables this project's app reads, in a fixed order, each with what `.env.example` says of it. */
export function mapEnvVariables(input: EnvVariableInput): EnvVariableContext[] {
  return ENV_VARIABLES.filter((variable) => variable.appliesTo(input)).map((variable) => ({
    name: variable.name,
    ...variable.describe(input),
  }));
}
