import fs from 'fs';
import path from 'path';
import { REPO_ROOT } from '../support/paths';
import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';
import { evaluateModule } from '../support/typescriptSource';

// The generated src/appgen/csrf.ts and src/appgen/requestOrigin.ts, run as they are, for a
// project reached directly (trustProxy 0, the default) and one behind a proxy (trustProxy 1).
type Headers = Record<string, string>;
interface RequestOrigin {
  trustedProxies(): number;
  requestHost(request: { headers: globalThis.Headers }): string;
  requestOrigin(request: { headers: globalThis.Headers }): string;
  clientAddress(request: { headers: globalThis.Headers }): string;
  publicBaseUrl(request: { headers: globalThis.Headers }): string;
  publicUrlProblem(): string | null;
  publicUrlMissing(): string | null;
  trustProxyProblem(): string | null;
  invalidHost(request: { headers: globalThis.Headers }): string | null;
}

function modulesOf(trustProxy?: number) {
  const files = renderFiles(
    minimalProject(trustProxy === undefined ? {} : { 'appgen.config.json': { trustProxy } }),
  );
  const content = (path: string) => files.get(path)?.content ?? '';
  const origin = evaluateModule('requestOrigin.ts', content('src/appgen/requestOrigin.ts'));
  const csrf = evaluateModule('csrf.ts', content('src/appgen/csrf.ts'), {
    './http': {
      jsonError: (status: number, message: string) => Response.json({ error: message }, { status }),
    },
    './requestOrigin': origin,
  });
  return {
    origin: origin as unknown as RequestOrigin,
    refuseCrossSite: csrf.refuseCrossSite as (request: Request) => Response | null,
    trustedOriginsProblem: csrf.trustedOriginsProblem as () => string | null,
  };
}

const direct = modulesOf();
const proxied = modulesOf(1);
const post = (headers: Headers) =>
  new Request('http://localhost:3000/api/notes', { method: 'POST', headers });
const statusOf = (guard: (request: Request) => Response | null, headers: Headers) =>
  guard(post(headers))?.status ?? 'passes';

const saved = { ...process.env };
afterEach(() => {
  for (const name of ['APPGEN_TRUST_PROXY', 'APPGEN_TRUSTED_ORIGINS', 'APPGEN_PUBLIC_URL'])
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
});

const HOST = { host: 'app.example', cookie: 'appgen_session=t' };

describe('the CSRF guard of an app reached directly (trustProxy 0)', () => {
  it.each<[string, Headers, number | 'passes']>([
    ['no Origin nor Sec-Fetch-Site (curl, a server)', {}, 'passes'],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }, 'passes'],
    ['Sec-Fetch-Site: none (the user typed it)', { 'sec-fetch-site': 'none' }, 'passes'],
    [
      'Sec-Fetch-Site: same-site (a sibling subdomain)',
      { 'sec-fetch-site': 'same-site', origin: 'http://admin.app.example' },
      403,
    ],
    ['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }, 403],
    ['its own origin, http and the Host', { origin: 'http://app.example' }, 'passes'],
    ['another site', { origin: 'https://evil.example' }, 403],
    ['its own host with the other scheme', { origin: 'https://app.example' }, 403],
    ['"null" (a sandboxed page)', { origin: 'null' }, 403],
    ['a malformed Origin', { origin: 'http://' }, 403],
    [
      'another site with X-Forwarded-Host naming it',
      { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' },
      403,
    ],
    [
      'https with X-Forwarded-Proto: https',
      { origin: 'https://app.example', 'x-forwarded-proto': 'https' },
      403,
    ],
    [
      'another site with an Authorization header (no exemption)',
      { origin: 'https://evil.example', authorization: 'Basic eDp5' },
      403,
    ],
    [
      'another site, Sec-Fetch-Site: cross-site and a valid-looking token',
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', authorization: 'Bearer x' },
      403,
    ],
  ])('%s', (_what, headers, expected) => {
    expect(statusOf(direct.refuseCrossSite, { ...HOST, ...headers })).toBe(expected);
  });

  it('compares origins as browsers write them (case, default port)', () => {
    const guard = direct.refuseCrossSite;
    expect(statusOf(guard, { host: 'App.Example:80', origin: 'http://app.example' })).toBe(
      'passes',
    );
    expect(statusOf(guard, { host: 'app.example:3000', origin: 'http://app.example' })).toBe(403);
  });

  it('lets the origins of APPGEN_TRUSTED_ORIGINS write, also when Sec-Fetch-Site says cross-site', () => {
    process.env.APPGEN_TRUSTED_ORIGINS = ' https://admin.example , https://other.example:8443,';
    const guard = direct.refuseCrossSite;
    expect(statusOf(guard, { ...HOST, origin: 'https://admin.example' })).toBe('passes');
    expect(
      statusOf(guard, { ...HOST, origin: 'https://admin.example', 'sec-fetch-site': 'cross-site' }),
    ).toBe('passes');
    expect(statusOf(guard, { ...HOST, origin: 'https://other.example:8443' })).toBe('passes');
    expect(statusOf(guard, { ...HOST, origin: 'http://admin.example' })).toBe(403);
    expect(direct.trustedOriginsProblem()).toBeNull();
  });

  // Issue 49, item 6: compared as the CORS origins are, exactly as browsers send Origin; an
  // entry written otherwise trusts nothing and is refused at start, with the form meant.
  it('compares APPGEN_TRUSTED_ORIGINS with Origin exactly; an entry written otherwise trusts nothing and is named', () => {
    process.env.APPGEN_TRUSTED_ORIGINS =
      'https://admin.example/, HTTPS://Upper.Example, https://port.example:443, not a url';
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const origin of [
        'https://admin.example',
        'https://upper.example',
        'https://port.example',
      ])
        expect([origin, statusOf(direct.refuseCrossSite, { ...HOST, origin })]).toEqual([
          origin,
          403,
        ]);
      expect(error.mock.calls).toEqual([
        [expect.stringContaining('[appgen] APPGEN_TRUSTED_ORIGINS: "https://admin.example/"')],
      ]);
    } finally {
      error.mockRestore();
    }
    expect(direct.trustedOriginsProblem()).toBe(
      'APPGEN_TRUSTED_ORIGINS: "https://admin.example/" is not an origin as browsers send it (no path, lower case, no default port): did you mean https://admin.example?; "HTTPS://Upper.Example" is not an origin as browsers send it (no path, lower case, no default port): did you mean https://upper.example?; "https://port.example:443" is not an origin as browsers send it (no path, lower case, no default port): did you mean https://port.example?; "not a url" is not an http or https origin (scheme://host[:port], e.g. https://app.example.com).',
    );
  });

  it('trusts forwarded headers when APPGEN_TRUST_PROXY says a proxy is in front', () => {
    process.env.APPGEN_TRUST_PROXY = '1';
    const behindTls = { ...HOST, 'x-forwarded-proto': 'https', origin: 'https://app.example' };
    expect(statusOf(direct.refuseCrossSite, behindTls)).toBe('passes');
  });
});

describe('the CSRF guard of an app behind one proxy (trustProxy 1)', () => {
  const proxy = { host: 'internal:3000', 'x-forwarded-host': 'app.example' };

  it.each<[string, Headers, number | 'passes']>([
    [
      'its public origin, as the proxy forwards it',
      { ...proxy, 'x-forwarded-proto': 'https', origin: 'https://app.example' },
      'passes',
    ],
    [
      'its public host with the other scheme',
      { ...proxy, 'x-forwarded-proto': 'https', origin: 'http://app.example' },
      403,
    ],
    [
      'a host the client put before the one the proxy appended',
      {
        ...proxy,
        'x-forwarded-host': 'evil.example, app.example',
        'x-forwarded-proto': 'https',
        origin: 'https://evil.example',
      },
      403,
    ],
    [
      'no X-Forwarded-Proto: http, as Next.js fills it in',
      { ...proxy, origin: 'http://app.example' },
      'passes',
    ],
  ])('%s', (_what, headers, expected) => {
    expect(statusOf(proxied.refuseCrossSite, headers)).toBe(expected);
  });

  it('ignores them again with APPGEN_TRUST_PROXY=0, where the app runs', () => {
    process.env.APPGEN_TRUST_PROXY = '0';
    const forwarded = { ...proxy, 'x-forwarded-proto': 'https', origin: 'https://app.example' };
    expect(statusOf(proxied.refuseCrossSite, forwarded)).toBe(403);
  });
});

describe('requestOrigin.ts', () => {
  const at = (headers: Headers) => ({ headers: new globalThis.Headers(headers) });

  it('reads the setting, overridden by APPGEN_TRUST_PROXY; a value that is no number counts as 0, said once', () => {
    expect([direct.origin.trustedProxies(), proxied.origin.trustedProxies()]).toEqual([0, 1]);
    process.env.APPGEN_TRUST_PROXY = '2';
    expect(direct.origin.trustedProxies()).toBe(2);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      process.env.APPGEN_TRUST_PROXY = 'true';
      expect([proxied.origin.trustedProxies(), proxied.origin.trustedProxies()]).toEqual([0, 0]);
      expect(error.mock.calls).toEqual([[expect.stringContaining('APPGEN_TRUST_PROXY is "true"')]]);
    } finally {
      error.mockRestore();
    }
  });

  it('allows APPGEN_TRUST_PROXY what the settings schema allows trustProxy', () => {
    const schema = JSON.parse(
      fs.readFileSync(path.join(REPO_ROOT, 'schemas', 'appgen.config.schema.json'), 'utf8'),
    );
    expect((direct.origin as unknown as { TRUST_PROXY_MAX: number }).TRUST_PROXY_MAX).toBe(
      schema.properties.trustProxy.maximum,
    );
  });

  // Issue 49, item 6: the settings allow 0 to 10 proxies; so does the variable.
  it.each<[string, number | null]>([
    ['0', 0],
    ['10', 10],
    [' 3 ', 3],
    ['11', null],
    ['99', null],
    ['-1', null],
    ['1.5', null],
  ])('APPGEN_TRUST_PROXY=%j: %s proxies, else a start-up problem', (value, proxies) => {
    const modules = modulesOf();
    process.env.APPGEN_TRUST_PROXY = value;
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(modules.origin.trustedProxies()).toBe(proxies ?? 0);
    } finally {
      error.mockRestore();
    }
    expect(modules.origin.trustProxyProblem()).toBe(
      proxies === null
        ? `APPGEN_TRUST_PROXY is ${JSON.stringify(value.trim())}, not a number of proxies from 0 to 10. Set it to the number of reverse proxies in front of the app, e.g. 1, or leave it unset for the settings' trustProxy (0).`
        : null,
    );
  });

  // Issue 49, item 3: the host of the app's absolute URLs is host[:port] or the request is refused.
  it.each<[Headers, string | null]>([
    [{ host: 'app.example' }, null],
    [{ host: 'APP.example:3000' }, null],
    [{ host: '127.0.0.1:3000' }, null],
    [{ host: '[::1]:3000' }, null],
    [{ host: 'my_service:8080' }, null],
    [{}, null],
    [{ host: '<script>' }, 'Invalid Host header: expected host[:port]'],
    [{ host: '' }, 'Invalid Host header: expected host[:port]'],
    [{ host: 'app.example/x' }, 'Invalid Host header: expected host[:port]'],
    [{ host: 'user@app.example' }, 'Invalid Host header: expected host[:port]'],
    [{ host: 'app.example:' }, 'Invalid Host header: expected host[:port]'],
    [{ host: 'app.example:80:80' }, 'Invalid Host header: expected host[:port]'],
    // Without a trusted proxy X-Forwarded-Host counts for nothing, so it is not checked.
    [{ host: 'app.example', 'x-forwarded-host': 'evil.example/x?y#' }, null],
  ])('invalidHost of %j: %s', (headers, problem) => {
    expect(direct.origin.invalidHost(at(headers))).toBe(problem);
  });

  it('invalidHost behind a trusted proxy: the X-Forwarded-Host entry it wrote', () => {
    process.env.APPGEN_TRUST_PROXY = '1';
    const forwarded = (value: string) => at({ host: 'internal:3000', 'x-forwarded-host': value });
    expect(direct.origin.invalidHost(forwarded('app.example'))).toBeNull();
    expect(direct.origin.invalidHost(forwarded('evil.example/x?y#'))).toBe(
      'Invalid X-Forwarded-Host header: expected host[:port]',
    );
    expect(direct.origin.invalidHost(forwarded('app.example, <script>'))).toBe(
      'Invalid X-Forwarded-Host header: expected host[:port]',
    );
    // The client's own entries before the proxy's are not the host.
    expect(direct.origin.invalidHost(forwarded('<script>, app.example'))).toBeNull();
  });

  it('takes the host and scheme the outermost trusted proxy wrote', () => {
    process.env.APPGEN_TRUST_PROXY = '2';
    const request = at({
      host: 'internal',
      'x-forwarded-host': 'forged.example, app.example, balancer.internal',
      'x-forwarded-proto': 'http, https, http',
    });
    expect(direct.origin.requestOrigin(request)).toBe('https://app.example');
    // A proxy that replaced the header: its single entry counts.
    const replaced = at({ host: 'internal', 'x-forwarded-host': 'app.example' });
    expect(direct.origin.requestHost(replaced)).toBe('app.example');
  });

  it('without a trusted proxy: the Host and http', () => {
    const request = at({ host: 'app.example', 'x-forwarded-host': 'evil.example' });
    expect(direct.origin.requestOrigin(request)).toBe('http://app.example');
    expect(direct.origin.requestHost(at({}))).toBe('localhost');
  });

  it.each<[number, string | undefined, string]>([
    [0, undefined, 'unknown'],
    [0, '203.0.113.9', '203.0.113.9'],
    [0, '198.51.100.1, 203.0.113.9', '203.0.113.9'],
    [1, '198.51.100.1, 203.0.113.9', '203.0.113.9'],
    [2, 'forged, 198.51.100.1, 203.0.113.9', '198.51.100.1'],
    [3, '198.51.100.1, 203.0.113.9', '198.51.100.1'],
  ])('clientAddress with %i proxies of X-Forwarded-For %j: %s', (proxies, header, address) => {
    process.env.APPGEN_TRUST_PROXY = String(proxies);
    const request = at(header === undefined ? {} : { 'x-forwarded-for': header });
    expect(direct.origin.clientAddress(request)).toBe(address);
  });

  it('publicBaseUrl: APPGEN_PUBLIC_URL when set (with its path, no trailing "/"), else the origin the request came to', () => {
    const forged = at({
      host: 'app.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(direct.origin.publicBaseUrl(forged)).toBe('http://app.example');
    expect(proxied.origin.publicBaseUrl(forged)).toBe('https://evil.example');
    process.env.APPGEN_PUBLIC_URL = 'https://example.com/app/';
    expect(direct.origin.publicUrlProblem()).toBeNull();
    expect(proxied.origin.publicBaseUrl(forged)).toBe('https://example.com/app');
    process.env.APPGEN_PUBLIC_URL = ' https://Example.COM ';
    expect(direct.origin.publicBaseUrl(forged)).toBe('https://example.com');
  });

  it.each([
    ['example.com', 'not a URL'],
    ['ftp://example.com', 'must start with https://'],
    ['https://example.com/?a=1', 'no query, fragment or credentials'],
    ['https://user:pw@example.com', 'no query, fragment or credentials'],
  ])(
    'publicUrlProblem refuses APPGEN_PUBLIC_URL=%s (%s); publicBaseUrl then uses the request, said once',
    (value, problem) => {
      const { origin } = modulesOf();
      process.env.APPGEN_PUBLIC_URL = value;
      expect(origin.publicUrlProblem()).toContain(problem);
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        const request = at({ host: 'app.example' });
        expect([origin.publicBaseUrl(request), origin.publicBaseUrl(request)]).toEqual([
          'http://app.example',
          'http://app.example',
        ]);
        expect(error).toHaveBeenCalledTimes(1);
      } finally {
        error.mockRestore();
      }
    },
  );
});
