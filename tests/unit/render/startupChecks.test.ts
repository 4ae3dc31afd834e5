import crypto from 'crypto';
import path from 'path';
import { devSessionSecret } from '../../../src/config/devSessionSecret';
import { projectFiles } from '../../../src/create/projectFiles';
import { minimalProject } from '../support/configs';
import { REPO_ROOT } from '../support/paths';
import { renderFiles } from '../support/renderFiles';
import { readTree, type ProjectFiles } from '../support/tempProject';
import { evaluateModule } from '../support/typescriptSource';

// Issue 36, item 1: a project whose routes issue session tokens (sign-up, log-in) checks
// APPGEN_SESSION_SECRET when its server starts (src/appgen/startup.ts, called by the scaffolded
// src/instrumentation.ts), and those routes check it again before they write.
const STARTER = Object.fromEntries(
  readTree(path.join(REPO_ROOT, 'examples', 'minimal'), {
    exclude: (file) => !(file === 'config' || file.startsWith('config/')),
  }),
) as ProjectFiles;

/**
 * The starter without its mail routes and pages (password reset, verification), whose start-up check of
 * APPGEN_SMTP_URL has tests of its own below: the checks of the session secret and the warnings
 * are read alone.
 */
const ACCOUNT_ROUTES = 'config/routes/account.json';
const MAIL_VIEWS = ['forgot-password', 'reset-password', 'verify-email'].map(
  (name) => `config/views/${name}.json`,
);
const STARTER_WITHOUT_MAIL: ProjectFiles = {
  ...Object.fromEntries(Object.entries(STARTER).filter(([file]) => !MAIL_VIEWS.includes(file))),
  [ACCOUNT_ROUTES]: JSON.stringify({
    routes: (
      JSON.parse(String(STARTER[ACCOUNT_ROUTES])) as { routes: Array<{ account?: string }> }
    ).routes.filter(
      (route) =>
        !['requestReset', 'resetPassword', 'verifyEmail', 'resendVerification'].includes(
          route.account ?? '',
        ),
    ),
  }),
};

const render = (files: ProjectFiles) => {
  const map = renderFiles(files);
  return (file: string) => {
    const content = map.get(file)?.content;
    if (content === undefined) throw new Error(`${file} was not generated`);
    return content;
  };
};

/**
 * src/appgen/startup.ts of a rendered project, run with the session secret, database, CSRF checks
 * stubbed as passing and its request-origin checks as generated; `modules` adds or replaces.
 */
function startupOf(
  content: (file: string) => string,
  modules: Record<string, unknown>,
): { runStartupChecks(): Promise<void> } {
  return evaluateModule('startup.ts', content('src/appgen/startup.ts'), {
    '@/appgen/session': { sessionSecretProblem: () => null },
    '@/appgen/health': { databaseProblem: async () => null },
    '@/appgen/requestOrigin': evaluateModule(
      'requestOrigin.ts',
      content('src/appgen/requestOrigin.ts'),
    ),
    '@/appgen/csrf': { trustedOriginsProblem: () => null },
    ...modules,
  }) as { runStartupChecks(): Promise<void> };
}

describe.each(['prisma', 'drizzle'])('routes that issue a session token (%s)', (orm) => {
  const content = render({ ...STARTER, 'appgen.config.json': { orm } });
  const order = (text: string, ...marks: string[]) =>
    marks.map((mark) => {
      const at = text.indexOf(mark);
      if (at < 0) throw new Error(`no ${mark}`);
      return at;
    });

  it('the sign-up checks the secret before it hashes the password and writes the user', () => {
    const route = content('src/app/api/signup/route.ts');
    // The starter's sign-up mails a verification link: its write is a transaction with the
    // mail's outbox row.
    const write = orm === 'prisma' ? 'tx.user.create(' : 'tx.insert(tables.user)';
    const [check, hash, insert, token] = order(
      route,
      'requireSessionSecret();',
      'await hashPassword(',
      write,
      'await createSessionToken(',
    );
    expect(check).toBeLessThan(hash);
    expect(hash).toBeLessThan(insert);
    expect(insert).toBeLessThan(token);
  });

  it('the log-in checks it before it counts a failure or a success', () => {
    const route = content('src/app/api/login/route.ts');
    const [check, throttled] = order(route, 'requireSessionSecret();', 'signInAttempt(');
    expect(check).toBeLessThan(throttled);
  });

  it('src/appgen/startup.ts checks the secret; src/instrumentation.ts runs the checks', () => {
    expect(content('src/appgen/startup.ts')).toContain(
      'import { sessionSecretProblem } from "@/appgen/session";',
    );
    expect(content('src/instrumentation.ts')).toContain('await startServer();');
  });
});

it('a project without sign-up or log-in checks only its database (and none without an ORM)', () => {
  const startup = render(minimalProject())('src/appgen/startup.ts');
  expect(startup).not.toContain('sessionSecretProblem');
  expect(startup).toContain(
    'export const STARTUP_CHECKS: StartupCheck[] = [\n  databaseProblem,\n  trustProxyProblem,\n  trustedOriginsProblem,\n];',
  );
  const none = render(minimalProject({ 'appgen.config.json': { orm: 'none' } }));
  expect(none('src/appgen/startup.ts')).toContain(
    'export const STARTUP_CHECKS: StartupCheck[] = [trustProxyProblem, trustedOriginsProblem];',
  );
  expect(none('src/appgen/startup.ts')).toContain(
    'export const STARTUP_WARNINGS: StartupCheck[] = [];',
  );
});

describe('running the checks', () => {
  const content = render({ ...STARTER_WITHOUT_MAIL, 'appgen.config.json': {} });
  const saved = { secret: process.env.APPGEN_SESSION_SECRET, env: process.env.NODE_ENV };
  afterEach(() => {
    jest.restoreAllMocks();
    process.env.APPGEN_SESSION_SECRET = saved.secret;
    (process.env as Record<string, string | undefined>).NODE_ENV = saved.env;
    if (saved.secret === undefined) delete process.env.APPGEN_SESSION_SECRET;
  });
  const session = () =>
    evaluateModule('session.ts', content('src/appgen/session.ts'), { jose: {} }) as {
      sessionSecretProblem(): string | null;
      requireSessionSecret(): Uint8Array;
    };
  const startup = () =>
    evaluateModule('startup.ts', content('src/appgen/startup.ts'), {
      '@/appgen/session': session(),
      // The database's check: health.test.ts runs it; the others: csrfRuntime.test.ts.
      '@/appgen/health': { databaseProblem: async () => null },
      '@/appgen/requestOrigin': { trustProxyProblem: () => null },
      '@/appgen/csrf': { trustedOriginsProblem: () => null },
      '@/appgen/password': { fastHashesSet: () => null },
    }) as { runStartupChecks(): Promise<void> };
  const setEnv = (nodeEnv: string, secret: string) => {
    (process.env as Record<string, string>).NODE_ENV = nodeEnv;
    process.env.APPGEN_SESSION_SECRET = secret;
  };
  const quiet = () => ({
    error: jest.spyOn(console, 'error').mockImplementation(() => undefined),
    warn: jest.spyOn(console, 'warn').mockImplementation(() => undefined),
    exit: jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never),
  });

  it('in production, without a secret: says what to set and how, and exits 1', async () => {
    setEnv('production', '');
    const { error, exit, warn } = quiet();
    await startup().runStartupChecks();
    expect(exit).toHaveBeenCalledWith(1);
    expect(warn).not.toHaveBeenCalled();
    expect(error.mock.calls).toEqual([
      [
        '[appgen] the server cannot start:\n  - APPGEN_SESSION_SECRET is not set: no session token can be issued. Set it to a random value, e.g. the output of `openssl rand -base64 32`.',
      ],
    ]);
  });

  it('in production, with a weak secret: the same, naming why', async () => {
    setEnv('production', 'change-me-change-me-change-me-change-me');
    const { error, exit } = quiet();
    await startup().runStartupChecks();
    expect(exit).toHaveBeenCalledWith(1);
    expect(error.mock.calls[0][0]).toContain('APPGEN_SESSION_SECRET looks like a placeholder');
  });

  it('in development: warns and goes on', async () => {
    setEnv('development', '');
    const { error, exit, warn } = quiet();
    await startup().runStartupChecks();
    expect(exit).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(warn.mock.calls[0][0]).toContain(
      '[appgen] warning: a production server would refuse to start:\n  - APPGEN_SESSION_SECRET is not set',
    );
  });

  it('with a good secret: silent', async () => {
    setEnv('production', 'pX9vQ2mL7zR4tK1wB8nC5yH3jD6fG0sA');
    const { error, exit, warn } = quiet();
    await startup().runStartupChecks();
    expect([exit.mock.calls, error.mock.calls, warn.mock.calls]).toEqual([[], [], []]);
  });

  // Issue 49, item 2: the secret create-appgen writes into .env is for development only.
  it('the development secret of .env: accepted in development, refused in production', async () => {
    const scaffolded = projectFiles({
      name: 'app',
      orm: 'prisma',
      appgen: 'alpha',
      sessionSecret: devSessionSecret('pX9vQ2mL7zR4tK1wB8nC5yH3jD6fG0sA'),
    });
    const secret = /^APPGEN_SESSION_SECRET=(.+)$/m.exec(scaffolded.get('.env') ?? '')?.[1] ?? '';
    expect(secret).toBe('appgen-dev-pX9vQ2mL7zR4tK1wB8nC5yH3jD6fG0sA');
    setEnv('development', secret);
    let calls = quiet();
    await startup().runStartupChecks();
    expect([calls.exit.mock.calls, calls.error.mock.calls, calls.warn.mock.calls]).toEqual([
      [],
      [],
      [],
    ]);
    expect(session().requireSessionSecret()).toBeInstanceOf(Uint8Array);
    jest.restoreAllMocks();
    setEnv('production', secret);
    calls = quiet();
    await startup().runStartupChecks();
    expect(calls.exit).toHaveBeenCalledWith(1);
    expect(calls.error.mock.calls).toEqual([
      [
        '[appgen] the server cannot start:\n  - APPGEN_SESSION_SECRET is the development secret from .env (it starts with "appgen-dev-"), which a production server refuses: set one of its own in the server\'s environment: no session token can be issued. Set it to a random value, e.g. the output of `openssl rand -base64 32`.',
      ],
    ]);
    expect(() => session().requireSessionSecret()).toThrow('is the development secret from .env');
  });

  it('requireSessionSecret, which routes call before they write, throws the same message', () => {
    setEnv('production', '');
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => session().requireSessionSecret()).toThrow(
      'APPGEN_SESSION_SECRET is not set: no session token can be issued.',
    );
    setEnv('production', 'pX9vQ2mL7zR4tK1wB8nC5yH3jD6fG0sA');
    expect(session().requireSessionSecret()).toBeInstanceOf(Uint8Array);
  });
});

// Issue 49, item 3: an app whose answers send url fields and runs without APPGEN_PUBLIC_URL takes
// their host from each request: a production server says so when it starts, and serves.
describe('the warnings of a production start', () => {
  const files = renderFiles({
    ...STARTER_WITHOUT_MAIL,
    'appgen.config.json': {},
    'config/models/User.json': {
      ...JSON.parse(String(STARTER['config/models/User.json'])),
      computed: { url: { url: '/api/users/:id' } },
    },
  });
  const content = (file: string) => files.get(file)?.content ?? '';
  const saved = { url: process.env.APPGEN_PUBLIC_URL, env: process.env.NODE_ENV };
  afterEach(() => {
    jest.restoreAllMocks();
    (process.env as Record<string, string | undefined>).NODE_ENV = saved.env;
    if (saved.url === undefined) delete process.env.APPGEN_PUBLIC_URL;
    else process.env.APPGEN_PUBLIC_URL = saved.url;
  });
  const startup = () =>
    startupOf(content, {
      '@/appgen/password': evaluateModule('password.ts', content('src/appgen/password.ts'), {
        'node:crypto': crypto,
      }),
    });

  it.each<[string, string | undefined, string[]]>([
    [
      'production',
      undefined,
      [
        "[appgen] warning: APPGEN_PUBLIC_URL is not set: the url fields of answers start with the host each request names (its Host header, or X-Forwarded-Host from trusted proxies). Set it to the app's public address, e.g. https://example.com.",
      ],
    ],
    ['production', 'https://example.com', []],
    ['development', undefined, []],
  ])('%s, APPGEN_PUBLIC_URL %j: %j, and it serves', async (nodeEnv, url, warnings) => {
    expect(content('src/appgen/startup.ts')).toContain('publicUrlMissing');
    (process.env as Record<string, string>).NODE_ENV = nodeEnv;
    if (url === undefined) delete process.env.APPGEN_PUBLIC_URL;
    else process.env.APPGEN_PUBLIC_URL = url;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    await startup().runStartupChecks();
    expect(warn.mock.calls.map(([line]) => line)).toEqual(warnings);
    expect(exit).not.toHaveBeenCalled();
  });

  it("says when the password hashes are a test suite's cheap ones, and serves", async () => {
    (process.env as Record<string, string>).NODE_ENV = 'production';
    process.env.APPGEN_PUBLIC_URL = 'https://example.com';
    process.env.APPGEN_TEST_FAST_PASSWORD_HASHES = '1';
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    try {
      await startup().runStartupChecks();
    } finally {
      delete process.env.APPGEN_TEST_FAST_PASSWORD_HASHES;
    }
    expect(warn.mock.calls.map(([line]) => line)).toEqual([
      '[appgen] warning: APPGEN_TEST_FAST_PASSWORD_HASHES is set: new password hashes use scrypt N=2^10, cheap to crack. It is for test suites only: unset it wherever real passwords are stored.',
    ]);
    expect(exit).not.toHaveBeenCalled();
  });
});

// Issue 53, steps 2 and 3: the starter mails reset and verification links; a production server
// needs an SMTP server and the public address its links start with, and says which is missing.
describe('the start-up check of account mail', () => {
  const content = render({ ...STARTER, 'appgen.config.json': {} });
  const VARIABLES = ['NODE_ENV', 'APPGEN_SMTP_URL', 'APPGEN_PUBLIC_URL', 'APPGEN_SESSION_SECRET'];
  const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
  afterEach(() => {
    jest.restoreAllMocks();
    for (const name of VARIABLES)
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
  });
  const startup = () =>
    startupOf(content, {
      '@/appgen/password': { fastHashesSet: () => null },
      '@/appgen/mail': evaluateModule('mail.ts', content('src/appgen/mail.ts'), {
        'node:crypto': crypto,
        'node:fs/promises': {},
        'node:path': path,
        nodemailer: {},
      }),
    });

  it.each<[Record<string, string>, string | null]>([
    [{}, 'APPGEN_SMTP_URL is not set: password-reset and verification mails cannot be sent.'],
    [
      { APPGEN_SMTP_URL: 'smtp://mail.example.com:587' },
      "APPGEN_PUBLIC_URL is not set: the links in account mail need the app's public address",
    ],
    [
      { APPGEN_SMTP_URL: 'smtp://mail.example.com:587', APPGEN_PUBLIC_URL: 'example.com' },
      'APPGEN_PUBLIC_URL is "example.com", not a URL.',
    ],
    [
      { APPGEN_SMTP_URL: 'smtp://mail.example.com:587', APPGEN_PUBLIC_URL: 'https://example.com' },
      null,
    ],
  ])('in production with %j: %s', async (env, problem) => {
    for (const name of VARIABLES) delete process.env[name];
    Object.assign(process.env, { NODE_ENV: 'production', ...env });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    await startup().runStartupChecks();
    if (problem === null) {
      expect([exit.mock.calls, error.mock.calls, warn.mock.calls]).toEqual([[], [], []]);
      return;
    }
    expect(exit).toHaveBeenCalledWith(1);
    expect(error.mock.calls[0][0]).toContain(problem);
  });
});
