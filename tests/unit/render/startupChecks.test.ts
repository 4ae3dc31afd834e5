import path from 'path';
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

const render = (files: ProjectFiles) => {
  const map = renderFiles(files);
  return (file: string) => {
    const content = map.get(file)?.content;
    if (content === undefined) throw new Error(`${file} was not generated`);
    return content;
  };
};

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
    const write = orm === 'prisma' ? 'db.user.create(' : 'db.insert(';
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
    'export const STARTUP_CHECKS: StartupCheck[] = [\n  databaseProblem,\n];',
  );
  const none = render(minimalProject({ 'appgen.config.json': { orm: 'none' } }));
  expect(none('src/appgen/startup.ts')).toContain(
    'export const STARTUP_CHECKS: StartupCheck[] = [\n];',
  );
});

describe('running the checks', () => {
  const content = render({ ...STARTER, 'appgen.config.json': {} });
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
      // The database's check: health.test.ts runs it.
      '@/appgen/health': { databaseProblem: async () => null },
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
