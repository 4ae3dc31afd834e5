import crypto from 'crypto';
import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';
import { evaluateModule } from '../support/typescriptSource';

// The generated src/appgen/session.ts, securityHeaders.ts and the scaffolded src/proxy.ts, run
// as they are (jose and next/server stand-ins: what is under test is appgen's own code).
const files = renderFiles(
  minimalProject({
    'config/routes/zz.json': {
      routes: [{ method: 'GET', path: '/api/me', function: 'me', auth: true }],
    },
  }),
);
const content = (path: string) => {
  const file = files.get(path);
  if (!file) throw new Error(`${path} was not generated`);
  return file.content;
};

const jose = {
  jwtVerify: jest.fn(async (token: string) => ({
    payload: { sub: token.replace(/^token-of-/, '') },
  })),
  SignJWT: class {
    private sub = '';
    setProtectedHeader() {
      return this;
    }
    setSubject(sub: string) {
      this.sub = sub;
      return this;
    }
    setIssuer() {
      return this;
    }
    setIssuedAt() {
      return this;
    }
    setExpirationTime() {
      return this;
    }
    async sign() {
      return `token-of-${this.sub}`;
    }
  },
};

/** A fresh copy of session.ts (its "warned once" flag is per module) with the given secret. */
function sessionModule(secret: string | undefined) {
  if (secret === undefined) delete process.env.APPGEN_SESSION_SECRET;
  else process.env.APPGEN_SESSION_SECRET = secret;
  return evaluateModule('session.ts', content('src/appgen/session.ts'), { jose }) as {
    weakSecretReason(secret: string): string | null;
    createSessionToken(userId: string): Promise<string>;
    verifySessionToken(token: string): Promise<string | null>;
    sessionTokenOf(request: Request): string | null;
    readSession(
      request: Request,
      isActive?: (userId: string) => boolean | Promise<boolean>,
    ): Promise<string | null>;
  };
}

describe('the session secret', () => {
  const saved = process.env.APPGEN_SESSION_SECRET;
  afterAll(() => {
    if (saved === undefined) delete process.env.APPGEN_SESSION_SECRET;
    else process.env.APPGEN_SESSION_SECRET = saved;
  });
  const { weakSecretReason } = sessionModule(undefined);

  it.each([
    ['', 'is not set'],
    ['Zq8#pL2m', 'is shorter than 32 characters (8)'],
    ['change-me-to-a-long-random-string-please', 'looks like a placeholder'],
    ['my-super-SECRET-key-for-production-2026', 'looks like a placeholder'],
    ['your-example-key-goes-here-0123456789abc', 'looks like a placeholder'],
    ['x'.repeat(48), 'uses fewer than 10 different characters'],
    ['0101010110101010010101011010101001010101', 'uses fewer than 10 different characters'],
    ['aB3$kL9!xQ7#'.repeat(3), 'repeats "aB3$kL9!..."'],
    ['Qw7Zr2Lp0Xv5Ny8K'.repeat(2) + 'Qw7', 'repeats "Qw7Zr2Lp..."'],
    ['abcdefghijklmnopqrstuvwxyz0123456789', 'is mostly a run of neighbouring characters'],
    ['0123456789ABCDEFGHIJKLMNOPQRSTUV', 'is mostly a run of neighbouring characters'],
    ['12345678901234567890123456789012', 'repeats "12345678..."'],
  ])('refuses %j: it %s', (secret, reason) => {
    expect(weakSecretReason(secret)).toContain(reason);
  });

  it('accepts random secrets as openssl rand -base64 32, -hex 32 and create-appgen make them', () => {
    for (let i = 0; i < 300; i++) {
      for (const secret of [
        crypto.randomBytes(32).toString('base64'),
        crypto.randomBytes(32).toString('hex'),
        crypto.randomBytes(32).toString('base64url'),
      ]) {
        expect([secret, weakSecretReason(secret)]).toEqual([secret, null]);
      }
    }
  });

  it('with a weak secret refuses every token and says once how to make a good one', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const session = sessionModule('change-me-change-me-change-me-change-me');
      await expect(session.verifySessionToken('token-of-u1')).resolves.toBeNull();
      await expect(session.verifySessionToken('token-of-u2')).resolves.toBeNull();
      expect(error.mock.calls).toEqual([
        [expect.stringContaining('APPGEN_SESSION_SECRET looks like a placeholder')],
      ]);
      expect(error.mock.calls[0][0]).toContain('openssl rand -base64 32');
      await expect(session.createSessionToken('u1')).rejects.toThrow(
        /APPGEN_SESSION_SECRET looks like a placeholder.*openssl rand -base64 32/,
      );
    } finally {
      error.mockRestore();
    }
  });
});

describe('readSession with a check that the user is still active', () => {
  const secret = crypto.randomBytes(32).toString('base64url');
  const session = sessionModule(secret);
  // The secret is read at each call: set it again after the tests above changed it.
  beforeEach(() => {
    process.env.APPGEN_SESSION_SECRET = secret;
  });
  afterAll(() => {
    delete process.env.APPGEN_SESSION_SECRET;
  });
  const withToken = (token: string) =>
    new Request('http://app.test/api/me', { headers: { authorization: `Bearer ${token}` } });

  it('refuses a valid token whose user the check no longer knows (deleted), keeps the others', async () => {
    const existing = new Set(['u1']);
    const isActive = jest.fn(async (id: string) => existing.has(id));
    await expect(session.readSession(withToken('token-of-u1'), isActive)).resolves.toBe('u1');
    await expect(session.readSession(withToken('token-of-u2'), isActive)).resolves.toBeNull();
    expect(isActive.mock.calls).toEqual([['u1'], ['u2']]);
  });

  it('asks nothing without a token, and without a check trusts the signature alone', async () => {
    const isActive = jest.fn(() => true);
    await expect(
      session.readSession(new Request('http://app.test/api/me'), isActive),
    ).resolves.toBeNull();
    expect(isActive).not.toHaveBeenCalled();
    await expect(session.readSession(withToken('token-of-u2'))).resolves.toBe('u2');
  });
});

describe('the credential of a request: the Authorization header when it has one, else the cookie', () => {
  const secret = crypto.randomBytes(32).toString('base64url');
  const session = sessionModule(secret);
  beforeEach(() => {
    process.env.APPGEN_SESSION_SECRET = secret;
  });
  afterAll(() => {
    delete process.env.APPGEN_SESSION_SECRET;
  });
  const cookie = 'theme=dark; appgen_session=token-of-u1';
  const requestWith = (headers: Record<string, string>) =>
    new Request('http://app.test/api/me', { headers });

  it.each<[string | null, string | null]>([
    [null, 'token-of-u1'],
    ['Bearer token-of-u2', 'token-of-u2'],
    ['bearer   token-of-u2 ', 'token-of-u2'],
    ['Basic eDp5', null],
    ['Token token-of-u2', null],
    ['Bearer', null],
    ['Bearer ', null],
    ['', null],
    ['Bearer token-of-u2 extra', null],
  ])('Authorization %j beside a session cookie gives the token %j', (authorization, token) => {
    const headers: Record<string, string> = { cookie };
    if (authorization !== null) headers.authorization = authorization;
    expect(session.sessionTokenOf(requestWith(headers))).toBe(token);
  });

  it('readSession: a header that is not accepted is no session, whatever the cookie says', async () => {
    await expect(session.readSession(requestWith({ cookie }))).resolves.toBe('u1');
    await expect(
      session.readSession(requestWith({ cookie, authorization: 'Basic eDp5' })),
    ).resolves.toBeNull();
    await expect(
      session.readSession(requestWith({ cookie, authorization: 'Bearer token-of-u2' })),
    ).resolves.toBe('u2');
  });

  it('only the configured scheme (accounts.tokenScheme) carries a token', () => {
    const token = renderFiles(
      minimalProject({
        'config/routes/zz.json': {
          routes: [{ method: 'GET', path: '/api/me', function: 'me', auth: true }],
        },
        'appgen.config.json': { accounts: { tokenScheme: 'Token' } },
      }),
    ).get('src/appgen/session.ts')?.content;
    const tokenSession = evaluateModule('session.ts', token ?? '', { jose }) as {
      sessionTokenOf(request: Request): string | null;
    };
    expect(tokenSession.sessionTokenOf(requestWith({ authorization: 'token abc' }))).toBe('abc');
    expect(
      tokenSession.sessionTokenOf(requestWith({ cookie, authorization: 'Bearer abc' })),
    ).toBeNull();
  });
});

describe('security headers', () => {
  const expected = {
    'x-frame-options': 'DENY',
    'content-security-policy': "frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  const headers = evaluateModule('securityHeaders.ts', content('src/appgen/securityHeaders.ts'));

  // A path under /missing names a record that does not exist (src/appgen/missingRecords.ts).
  const proxyModule = evaluateModule('proxy.ts', content('src/proxy.ts'), {
    'next/server': {
      NextResponse: {
        next: () => new Response(null),
        rewrite: (url: URL) => new Response(null, { headers: { 'x-rewritten-to': url.pathname } }),
      },
    },
    '@/appgen/http': {
      jsonError: (status: number, message: string) => Response.json({ error: message }, { status }),
    },
    '@/appgen/missingRecords': {
      missingRecord: (request: { url: string }) =>
        Promise.resolve(new URL(request.url).pathname.startsWith('/missing/')),
    },
    '@/appgen/securityHeaders': headers,
  });
  const proxy = proxyModule.proxy as (request: { nextUrl: URL; url: string }) => Promise<Response>;
  type Condition = { type: string; key: string; value?: string };
  const { matcher } = proxyModule.config as { matcher: Array<{ missing: Condition[] }> };
  /**
   * Whether Next.js runs the proxy on a request with these headers, read as Next.js' matchHas
   * reads `missing`: a condition without `value` is met by any value of the header, one with a
   * `value` by a header value that the regular expression matches whole.
   */
  const runsOn = (headers: Record<string, string>) =>
    matcher.some(({ missing }) =>
      missing.every(({ key, value }) => {
        const sent = headers[key];
        if (!sent) return true;
        return value !== undefined && !new RegExp(`^${value}$`).test(sent);
      }),
    );
  const at = (path: string) => ({
    nextUrl: new URL(path, 'http://app.test'),
    url: new URL(path, 'http://app.test').href,
  });

  it('the scaffolded proxy adds them to every answer it lets through', async () => {
    const response = await proxy(at('/api/users/caf%C3%A9'));
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toEqual(expected);
  });

  it('the scaffolded proxy answers 404 to a path that does not decode, with them', async () => {
    const response = await proxy(at('/api/users/%E0%A4%A'));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found' });
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('the scaffolded proxy shows the not-found page for a missing record, with them', async () => {
    const response = await proxy(at('/missing/1'));
    expect(response.headers.get('x-rewritten-to')).toBe('/_appgen/not-found');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('the scaffolded proxy runs on requests without a body, Content-Length: 0 included', () => {
    expect(runsOn({})).toBe(true);
    expect(runsOn({ 'content-length': '0' })).toBe(true);
    expect(runsOn({ 'content-length': '00' })).toBe(true);
    // A body: Next.js would buffer it whole before the route's limit could refuse it.
    expect(runsOn({ 'content-length': '1' })).toBe(false);
    expect(runsOn({ 'content-length': '1048577' })).toBe(false);
    expect(runsOn({ 'content-length': '010' })).toBe(false);
    expect(runsOn({ 'transfer-encoding': 'chunked' })).toBe(false);
    expect(runsOn({ 'content-length': '0', 'transfer-encoding': 'chunked' })).toBe(false);
  });

  it('are generated for a project without views or auth too (API answers carry them)', () => {
    const { 'config/views/login.json': _login, ...apiOnly } = minimalProject();
    void _login;
    const api = renderFiles(apiOnly);
    expect([...api.keys()].filter((path) => /securityHeaders|proxy/.test(path))).toEqual([
      'src/appgen/securityHeaders.ts',
      'src/proxy.ts',
    ]);
    expect(api.get('src/proxy.ts')?.owner).toBe('user');
  });
});
