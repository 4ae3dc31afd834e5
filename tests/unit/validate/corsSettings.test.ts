import { checkOrigin } from '../../../src/validate/checkCorsSettings';
import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

const files = (cors?: unknown, routes?: unknown) =>
  minimalProject({
    'appgen.config.json': cors === undefined ? { orm: 'prisma' } : { orm: 'prisma', cors },
    ...(routes === undefined ? {} : { 'config/routes/zz.json': routes }),
  });
const problems = (cors: unknown) => problemsIn(files(cors)).map(describeProblem);

describe('"cors" in appgen.config.json', () => {
  it('is off without the setting (the app serves its own origin only)', () => {
    expect(checkedProject(files()).cors).toBeNull();
  });

  it('fills in the defaults: no credentials, the methods of each route, JSON and token headers, the count, Link and Retry-After, ten minutes', () => {
    expect(checkedProject(files({ origins: ['http://localhost:5173'] })).cors).toEqual({
      origins: ['http://localhost:5173'],
      credentials: false,
      methods: null,
      headers: ['Content-Type', 'Authorization'],
      exposeHeaders: ['X-Total-Count', 'Link', 'Retry-After'],
      maxAge: 600,
    });
    expect(checkedProject(files({ origins: '*' })).cors?.origins).toBe('*');
  });

  it('keeps what is written', () => {
    const cors = {
      origins: ['https://app.example.com', 'http://127.0.0.1:8080'],
      credentials: true,
      methods: ['GET', 'POST'],
      headers: ['Content-Type', 'X-Request-Id'],
      exposeHeaders: [],
      maxAge: 0,
    };
    expect(checkedProject(files(cors)).cors).toEqual(cors);
  });

  it('needs origins, and takes no other keys', () => {
    expect(problems({ credentials: true })).toEqual([
      'appgen.config.json:3:11 cors | missing required property "origins" | add "origins".',
    ]);
    expect(problems({ origins: '*', allowCredentials: true })).toEqual([
      'appgen.config.json:5:5 cors.allowCredentials | unknown property "allowCredentials" | did you mean "credentials"?',
    ]);
    expect(problems({ origins: [] })).toEqual([
      'appgen.config.json:4:16 cors.origins | must not be empty | list at least one value.',
    ]);
  });

  it('refuses "*" with credentials, at credentials, with what to write instead', () => {
    expect(problems({ origins: '*', credentials: true })).toEqual([
      `appgen.config.json:5:20 cors.credentials | "credentials": true with "origins": "*" would let any site act with a visitor's cookies (browsers refuse it too) | list the origins whose pages may send cookies, e.g. "origins": ["https://app.example.com"]; or leave "credentials" out and have clients send a token in Authorization.`,
    ]);
    expect(problems({ origins: '*', credentials: false })).toEqual([]);
    expect(problems({ origins: ['https://app.example.com'], credentials: true })).toEqual([]);
  });

  it('takes one string only when it is "*", and says how to write a list', () => {
    expect(problems({ origins: 'http://localhost:5173' })).toEqual([
      'appgen.config.json:4:16 cors.origins | must be "*" (any origin) or a list of origins, got "http://localhost:5173" | write it as a list: ["http://localhost:5173"].',
    ]);
    expect(problems({ origins: 'http://localhost:5173, https://app.example.com' })).toEqual([
      'appgen.config.json:4:16 cors.origins | must be "*" (any origin) or a list of origins, got "http://localhost:5173, https://app.example.com" | write it as a list: ["http://localhost:5173","https://app.example.com"].',
    ]);
    expect(problems({ origins: 'any' })).toEqual([
      'appgen.config.json:4:16 cors.origins | must be "*" (any origin) or a list of origins, got "any" | write a list, e.g. ["http://localhost:5173"].',
    ]);
  });

  it('points at the entry that is not an origin, with the origin it probably means', () => {
    expect(problems({ origins: ['http://localhost:5173', 'http://localhost:5173/'] })).toEqual([
      `appgen.config.json:6:7 cors.origins[1] | "http://localhost:5173/" is not an origin: it has a path, which a browser's Origin header never does | did you mean "http://localhost:5173"?`,
    ]);
  });

  it.each<[string, string, string]>([
    [
      'https://app.example.com/todos',
      `"https://app.example.com/todos" is not an origin: it has a path, which a browser's Origin header never does`,
      'did you mean "https://app.example.com"?',
    ],
    [
      'https://app.example.com?x=1',
      `"https://app.example.com?x=1" is not an origin: it has a path, which a browser's Origin header never does`,
      'did you mean "https://app.example.com"?',
    ],
    [
      'https://user:pw@app.example.com',
      `"https://user:pw@app.example.com" is not an origin: it has a user name or password, which a browser's Origin header never does`,
      'did you mean "https://app.example.com"?',
    ],
    [
      'https://App.Example.com',
      '"https://App.Example.com" is not written as browsers send it in Origin (lower case, no default port), so it would never match',
      'did you mean "https://app.example.com"?',
    ],
    [
      'https://app.example.com:443',
      '"https://app.example.com:443" is not written as browsers send it in Origin (lower case, no default port), so it would never match',
      'did you mean "https://app.example.com"?',
    ],
    [
      'localhost:5173',
      '"localhost:5173" is not an origin: it has no scheme',
      'did you mean "http://localhost:5173"?',
    ],
    [
      'app.example.com',
      '"app.example.com" is not an origin: it has no scheme',
      'did you mean "https://app.example.com"?',
    ],
    [
      'ftp://files.example.com',
      '"ftp://files.example.com" is not an http or https origin',
      'write it as scheme://host[:port], e.g. "https://app.example.com" or "http://localhost:5173".',
    ],
    [
      'https://*.example.com',
      '"https://*.example.com" has a wildcard: origins are compared as they are',
      'list each origin (e.g. "https://app.example.com"), or write "origins": "*" for any.',
    ],
    [
      '*',
      '"*" cannot be one of a list of origins',
      'write "origins": "*" (not in a list) to allow any origin, or list the origins.',
    ],
    [
      'null',
      '"null" is the origin of sandboxed frames, files and some redirects, shared by any page that wants it',
      'list the origins of your own pages instead.',
    ],
    [
      'http://a.example, http://b.example',
      '"http://a.example, http://b.example" is not one origin',
      'write each origin as its own string of the list, without spaces.',
    ],
  ])('%s is refused', (entry, message, hint) => {
    expect(checkOrigin(entry)).toEqual({ ok: false, message, hint });
  });

  it.each([
    'http://localhost:5173',
    'https://app.example.com',
    'http://[::1]:3000',
    'http://127.0.0.1',
  ])('%s is an origin', (entry) => {
    expect(checkOrigin(entry)).toEqual({ ok: true });
  });

  it('checks methods by name, with did-you-mean', () => {
    expect(problems({ origins: '*', methods: ['get', 'POST'] })).toEqual([
      'appgen.config.json:6:7 cors.methods[0] | string "get" is not allowed here | did you mean "GET"?',
    ]);
    expect(problems({ origins: '*', methods: ['OPTIONS'] })).toEqual([
      'appgen.config.json:6:7 cors.methods[0] | string "OPTIONS" is not allowed here | use one of "GET", "POST", "PUT", "PATCH", "DELETE".',
    ]);
  });

  it('checks header names, with a fix, and refuses "*" and names listed twice', () => {
    expect(
      problems({
        origins: '*',
        headers: ['Content Type', '*', 'authorization', 'Authorization'],
        exposeHeaders: ['X_Total_Count:'],
      }),
    ).toEqual([
      'appgen.config.json:6:7 cors.headers[0] | "Content Type" is not a header name | did you mean "Content-Type"?',
      'appgen.config.json:7:7 cors.headers[1] | "*" is not taken here: browsers ignore it on requests with credentials, and it never covers Authorization | list the header names.',
      'appgen.config.json:9:7 cors.headers[3] | "Authorization" is listed twice (header names are compared without regard to case: "authorization") | remove one.',
      'appgen.config.json:12:7 cors.exposeHeaders[0] | "X_Total_Count:" is not a header name | did you mean "X-Total-Count"?',
    ]);
  });

  it('keeps maxAge between 0 and a day', () => {
    expect(problems({ origins: '*', maxAge: 86401 })).toEqual([
      'appgen.config.json:5:15 cors.maxAge | must be <= 86400 | use a whole number from 0 to 86400.',
    ]);
  });

  describe('a list that sends X-Total-Count', () => {
    const counted = {
      routes: [{ method: 'GET', path: '/api/people', response: 'User[]', query: { count: true } }],
    };

    it('warns when exposeHeaders is written without it', () => {
      const warnings = checkedProject(
        files({ origins: '*', exposeHeaders: ['Retry-After'] }, counted),
      ).warnings.map(describeProblem);
      expect(warnings).toEqual([
        'appgen.config.json:5:22 cors.exposeHeaders | GET /api/people (config/routes/zz.json) sends its count in X-Total-Count, which pages of other origins cannot read unless it is listed here | add "X-Total-Count" to "exposeHeaders".',
      ]);
    });

    it('says nothing with the default, or with the header listed in any case', () => {
      expect(checkedProject(files({ origins: '*' }, counted)).warnings).toEqual([]);
      expect(
        checkedProject(files({ origins: '*', exposeHeaders: ['x-total-count'] }, counted)).warnings,
      ).toEqual([]);
    });
  });

  describe('a bare list that pages by cursor (its next page in Link)', () => {
    const paged = {
      routes: [
        {
          method: 'GET',
          path: '/api/people',
          response: 'User[]',
          query: { pageSize: 5, pagination: 'cursor' },
        },
        {
          method: 'GET',
          path: '/api/people/pages',
          response: 'User[]',
          envelope: 'people',
          query: { pageSize: 5, pagination: 'cursor' },
        },
      ],
    };

    it('warns when exposeHeaders is written without Link', () => {
      expect(
        checkedProject(files({ origins: '*', exposeHeaders: [] }, paged)).warnings.map(
          describeProblem,
        ),
      ).toEqual([
        'appgen.config.json:5:22 cors.exposeHeaders | GET /api/people (config/routes/zz.json) sends the URL of its next page in Link, which pages of other origins cannot read unless it is listed here | add "Link" to "exposeHeaders".',
      ]);
      expect(
        checkedProject(files({ origins: '*', exposeHeaders: ['link'] }, paged)).warnings,
      ).toEqual([]);
      expect(checkedProject(files({ origins: '*' }, paged)).warnings).toEqual([]);
    });
  });
});
