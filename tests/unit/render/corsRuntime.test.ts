import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';
import { evaluateModule } from '../support/typescriptSource';

// Settings `cors` at run time: the generated src/appgen/cors.ts, http.ts (route answers,
// preflights, 405s), csrf.ts (which cross-origin writes pass) and the scaffolded src/proxy.ts,
// run as they are (next/server stand-ins: what is under test is appgen's own code).
type Headers = Record<string, string>;
type Handler = (request: Request) => Response;

interface Cors {
  CORS_ORIGINS: readonly string[] | '*';
  withCors<T extends Response>(request: Request, response: T): T;
  preflightHeaders(request: Request, allow: string): Record<string, string>;
  corsAllowsWrite(request: Request): boolean;
  corsOriginsProblem(): string | null;
}

const nextServer = {
  NextResponse: {
    json: (data: unknown, init?: ResponseInit) => Response.json(data, init),
    next: () => new Response(null),
  },
};

function runtimeOf(cors?: unknown) {
  const settings = cors === undefined ? { orm: 'prisma' } : { orm: 'prisma', cors };
  const files = renderFiles(minimalProject({ 'appgen.config.json': settings }));
  const content = (path: string) => {
    const file = files.get(path);
    if (!file) throw new Error(`${path} was not generated`);
    return file.content;
  };
  const securityHeaders = evaluateModule(
    'securityHeaders.ts',
    content('src/appgen/securityHeaders.ts'),
  );
  const origin = evaluateModule('requestOrigin.ts', content('src/appgen/requestOrigin.ts'));
  const corsModule =
    cors === undefined
      ? {}
      : evaluateModule('cors.ts', content('src/appgen/cors.ts'), { './requestOrigin': origin });
  const http = evaluateModule('http.ts', content('src/appgen/http.ts'), {
    'next/server': nextServer,
    './securityHeaders': securityHeaders,
    './requestOrigin': origin,
    './cors': corsModule,
    './probe': { isProbe: () => false },
  });
  const csrf = evaluateModule('csrf.ts', content('src/appgen/csrf.ts'), {
    './http': http,
    './requestOrigin': origin,
    './cors': corsModule,
  });
  const proxy = evaluateModule('proxy.ts', content('src/proxy.ts'), {
    'next/server': nextServer,
    '@/appgen/http': http,
    '@/appgen/missingRecords': { missingRecord: () => Promise.resolve(false) },
    '@/appgen/securityHeaders': securityHeaders,
    '@/appgen/cors': corsModule,
  });
  return {
    files,
    cors: corsModule as unknown as Cors,
    HttpError: http.HttpError as new (status: number, message: string) => Error,
    handle: http.handle as (request: Request, work: () => Promise<Response>) => Promise<Response>,
    methodNotAllowed: http.methodNotAllowed as (allow: string) => Handler,
    allowedMethods: http.allowedMethods as (allow: string) => Handler,
    refuseCrossSite: csrf.refuseCrossSite as (request: Request) => Response | null,
    proxy: proxy.proxy as (request: Request & { nextUrl: URL }) => Promise<Response>,
  };
}

const APP = 'http://api.example';
const CLIENT = 'http://localhost:5173';
const at = (method: string, headers: Headers = {}, path = '/api/todos') =>
  new Request(`${APP}${path}`, { method, headers: { host: 'api.example', ...headers } });
const preflight = (origin: string, method: string, extra: Headers = {}) =>
  at('OPTIONS', {
    origin,
    'access-control-request-method': method,
    'access-control-request-headers': 'content-type,authorization',
    ...extra,
  });
/** The CORS headers of an answer (and Vary), by name. */
const corsOf = (response: Response) =>
  Object.fromEntries(
    [...response.headers].filter(([name]) => name.startsWith('access-control-') || name === 'vary'),
  );
const guard = (refuse: (request: Request) => Response | null, request: Request) =>
  refuse(request)?.status ?? 'passes';

const saved = process.env.APPGEN_CORS_ORIGINS;
afterEach(() => {
  if (saved === undefined) delete process.env.APPGEN_CORS_ORIGINS;
  else process.env.APPGEN_CORS_ORIGINS = saved;
});

describe('without settings cors (as before)', () => {
  const app = runtimeOf();

  it('generates no cors.ts, and answers OPTIONS and 405s without CORS headers', () => {
    expect(app.files.has('src/appgen/cors.ts')).toBe(false);
    const answer = app.allowedMethods('GET, HEAD, OPTIONS, POST')(preflight(CLIENT, 'POST'));
    expect([answer.status, answer.headers.get('allow'), corsOf(answer)]).toEqual([
      204,
      'GET, HEAD, OPTIONS, POST',
      {},
    ]);
  });

  it('refuses a write from another origin, with or without a cookie', () => {
    expect(guard(app.refuseCrossSite, at('POST', { origin: CLIENT }))).toBe(403);
    expect(guard(app.refuseCrossSite, at('POST', { origin: CLIENT, cookie: 'a=b' }))).toBe(403);
  });
});

describe('origins listed, with credentials', () => {
  const app = runtimeOf({
    origins: [CLIENT, 'https://todo.example.com'],
    credentials: true,
    maxAge: 3600,
  });
  const ALLOWED = {
    'access-control-allow-origin': CLIENT,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': 'X-Total-Count, Link, Retry-After',
    vary: 'Origin',
  };

  it("answers a route's preflight with 204, the origin echoed, the route's methods, the headers and max age", () => {
    const answer = app.allowedMethods('DELETE, GET, HEAD, OPTIONS, PATCH')(
      preflight(CLIENT, 'PATCH'),
    );
    expect(answer.status).toBe(204);
    expect(answer.headers.get('allow')).toBe('DELETE, GET, HEAD, OPTIONS, PATCH');
    expect(corsOf(answer)).toEqual({
      ...ALLOWED,
      'access-control-allow-methods': 'DELETE, GET, PATCH',
      'access-control-allow-headers': 'Content-Type, Authorization',
      'access-control-max-age': '3600',
    });
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('gives an origin that is not listed no CORS headers (only Vary), on a preflight or an answer', async () => {
    const refused = app.allowedMethods('GET, HEAD, OPTIONS')(
      preflight('https://evil.example', 'GET'),
    );
    expect([refused.status, corsOf(refused)]).toEqual([204, { vary: 'Origin' }]);
    const answer = await app.handle(at('GET', { origin: 'https://evil.example' }), async () =>
      Response.json([]),
    );
    expect(corsOf(answer)).toEqual({ vary: 'Origin' });
    // An origin is compared as browsers send it: no trailing slash, no other case.
    expect(
      corsOf(await app.handle(at('GET', { origin: `${CLIENT}/` }), async () => Response.json([]))),
    ).toEqual({
      vary: 'Origin',
    });
  });

  it('puts the headers on every answer of a route: success, errors thrown or returned, 405', async () => {
    const ok = await app.handle(at('GET', { origin: CLIENT }), async () =>
      Response.json([], { headers: { 'x-total-count': '0' } }),
    );
    expect([ok.status, corsOf(ok)]).toEqual([200, ALLOWED]);
    const { HttpError } = app;
    const notFound = await app.handle(at('GET', { origin: CLIENT }), async () => {
      throw new HttpError(404, 'Not found');
    });
    expect([notFound.status, corsOf(notFound)]).toEqual([404, ALLOWED]);
    const crashed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = await app.handle(at('GET', { origin: CLIENT }), async () => {
      throw new Error('boom');
    });
    crashed.mockRestore();
    expect([failed.status, corsOf(failed)]).toEqual([500, ALLOWED]);
    const refused = app.methodNotAllowed('GET, HEAD, OPTIONS')(at('PUT', { origin: CLIENT }));
    expect([refused.status, refused.headers.get('allow'), corsOf(refused)]).toEqual([
      405,
      'GET, HEAD, OPTIONS',
      ALLOWED,
    ]);
  });

  it('keeps a redirect of a function (immutable headers) as it is', async () => {
    const redirect = await app.handle(at('GET', { origin: CLIENT }), async () =>
      Response.redirect(`${APP}/elsewhere`, 302),
    );
    expect(redirect.status).toBe(302);
  });

  it('lets the allowed origin write with its cookie or a token; others stay refused', () => {
    const refuse = app.refuseCrossSite;
    expect(guard(refuse, at('POST', { origin: CLIENT, cookie: 'appgen_session=t' }))).toBe(
      'passes',
    );
    expect(
      guard(
        refuse,
        at('DELETE', { origin: CLIENT, cookie: 'appgen_session=t', 'sec-fetch-site': 'same-site' }),
      ),
    ).toBe('passes');
    expect(guard(refuse, at('POST', { origin: CLIENT, authorization: 'Bearer t' }))).toBe('passes');
    expect(
      guard(refuse, at('POST', { origin: 'https://evil.example', cookie: 'appgen_session=t' })),
    ).toBe(403);
    expect(guard(refuse, at('POST', { origin: 'null', cookie: 'appgen_session=t' }))).toBe(403);
    // The app's own origin passes as before.
    expect(guard(refuse, at('POST', { origin: APP, cookie: 'appgen_session=t' }))).toBe('passes');
  });

  it('APPGEN_CORS_ORIGINS replaces the listed origins where the app runs', () => {
    process.env.APPGEN_CORS_ORIGINS = ' https://app.example.com , https://admin.example.com';
    expect(app.cors.corsOriginsProblem()).toBeNull();
    expect(
      guard(
        app.refuseCrossSite,
        at('POST', { origin: 'https://admin.example.com', cookie: 'x=1' }),
      ),
    ).toBe('passes');
    expect(guard(app.refuseCrossSite, at('POST', { origin: CLIENT, cookie: 'x=1' }))).toBe(403);
    process.env.APPGEN_CORS_ORIGINS = '';
    expect(guard(app.refuseCrossSite, at('POST', { origin: CLIENT, cookie: 'x=1' }))).toBe(
      'passes',
    );
  });

  it('refuses to start with an entry of APPGEN_CORS_ORIGINS that is not an origin, or with *, and allows no origin from it meanwhile', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      process.env.APPGEN_CORS_ORIGINS =
        'https://app.example.com/,app.example.com,https://ok.example';
      expect(app.cors.corsOriginsProblem()).toBe(
        'APPGEN_CORS_ORIGINS: "https://app.example.com/" is not an origin as browsers send it (no path, lower case, no default port): did you mean https://app.example.com?; "app.example.com" is not an http or https origin (scheme://host[:port], e.g. https://app.example.com).',
      );
      expect(
        guard(app.refuseCrossSite, at('POST', { origin: 'https://ok.example', cookie: 'x=1' })),
      ).toBe('passes');
      expect(
        guard(
          app.refuseCrossSite,
          at('POST', { origin: 'https://app.example.com', cookie: 'x=1' }),
        ),
      ).toBe(403);
      process.env.APPGEN_CORS_ORIGINS = '*';
      expect(app.cors.corsOriginsProblem()).toMatch(
        /^APPGEN_CORS_ORIGINS: "\*" cannot go with cors.credentials/,
      );
      expect(guard(app.refuseCrossSite, at('POST', { origin: CLIENT, cookie: 'x=1' }))).toBe(403);
      expect(corsOf(app.cors.withCors(at('GET', { origin: CLIENT }), new Response(null)))).toEqual({
        vary: 'Origin',
      });
      expect(error).toHaveBeenCalledTimes(1);
    } finally {
      error.mockRestore();
    }
  });

  it('lists cors.ts among the start-up checks', () => {
    expect(app.files.get('src/appgen/startup.ts')?.content).toContain(
      'import { corsOriginsProblem } from "@/appgen/cors";',
    );
    expect(app.files.get('.env.example')?.content).toContain('# APPGEN_CORS_ORIGINS=');
  });

  it('the scaffolded proxy puts them on what no route answers: pages, documents, unknown paths', async () => {
    const through = (path: string, headers: Headers) =>
      Object.assign(at('GET', headers, path), { nextUrl: new URL(path, APP) });
    const page = await app.proxy(through('/api/openapi.json', { origin: CLIENT }));
    expect(corsOf(page)).toEqual(ALLOWED);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const unknown = await app.proxy(through('/api/todos/%E0%A4%A', { origin: CLIENT }));
    expect([unknown.status, corsOf(unknown)]).toEqual([404, ALLOWED]);
    expect(corsOf(await app.proxy(through('/', {})))).toEqual({ vary: 'Origin' });
  });
});

describe('origins listed, without credentials (tokens)', () => {
  const app = runtimeOf({ origins: [CLIENT] });

  it('sends no Access-Control-Allow-Credentials', async () => {
    const answer = await app.handle(at('GET', { origin: CLIENT }), async () => Response.json([]));
    expect(corsOf(answer)).toEqual({
      'access-control-allow-origin': CLIENT,
      'access-control-expose-headers': 'X-Total-Count, Link, Retry-After',
      vary: 'Origin',
    });
  });

  it('lets a write without a cookie through (a token in Authorization); one with any cookie is refused', () => {
    const refuse = app.refuseCrossSite;
    expect(guard(refuse, at('POST', { origin: CLIENT, authorization: 'Bearer t' }))).toBe('passes');
    expect(guard(refuse, at('PATCH', { origin: CLIENT, 'sec-fetch-site': 'cross-site' }))).toBe(
      'passes',
    );
    expect(
      guard(
        refuse,
        at('POST', { origin: CLIENT, cookie: 'appgen_session=t', authorization: 'Bearer t' }),
      ),
    ).toBe(403);
    expect(guard(refuse, at('POST', { origin: CLIENT, cookie: 'theme=dark' }))).toBe(403);
    expect(
      guard(refuse, at('POST', { origin: 'https://evil.example', authorization: 'Bearer t' })),
    ).toBe(403);
  });
});

describe('any origin ("*"), methods limited to GET and POST', () => {
  const app = runtimeOf({
    origins: '*',
    methods: ['GET', 'POST'],
    headers: ['Content-Type'],
    exposeHeaders: [],
  });

  it('answers "*" without credentials', async () => {
    const answer = await app.handle(at('GET', { origin: 'https://anyone.example' }), async () =>
      Response.json([]),
    );
    expect(corsOf(answer)).toEqual({ 'access-control-allow-origin': '*', vary: 'Origin' });
  });

  it('lists only the allowed methods the route has, and refuses a preflight for another', () => {
    const both = app.allowedMethods('DELETE, GET, HEAD, OPTIONS, POST');
    expect(corsOf(both(preflight('https://anyone.example', 'POST')))).toEqual({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'Content-Type',
      'access-control-max-age': '600',
      vary: 'Origin',
    });
    expect(corsOf(both(preflight('https://anyone.example', 'DELETE')))).toEqual({ vary: 'Origin' });
    // A plain OPTIONS (no Access-Control-Request-Method) is no preflight: Allow only.
    const plain = both(at('OPTIONS', { origin: 'https://anyone.example' }));
    expect(plain.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('lets any origin write without cookies, with an allowed method only', () => {
    const refuse = app.refuseCrossSite;
    expect(guard(refuse, at('POST', { origin: 'https://anyone.example' }))).toBe('passes');
    expect(guard(refuse, at('DELETE', { origin: 'https://anyone.example' }))).toBe(403);
    expect(
      guard(refuse, at('POST', { origin: 'https://anyone.example', cookie: 'appgen_session=t' })),
    ).toBe(403);
  });
});
