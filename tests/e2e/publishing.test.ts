import fs from 'fs';
import path from 'path';
import { openAppDatabase, type AppDatabase } from './support/appDatabase';
import { request, type JsonResponse } from './support/http';
import { REPO_ROOT } from './support/paths';
import { createTestDatabase, postgresAvailable } from './support/postgres';
import { RecordingClient } from './support/recordingClient';
import { RunningServer, startBuiltApp } from './support/server';
import { identityLimitOverInstances } from './support/sharedThrottle';
import { createTestProject, folderPerOrm } from './support/testProject';
import { handMadeJwt, TEST_SESSION_SECRET } from './support/tokens';

jest.setTimeout(300_000);

const EXAMPLE = path.join(REPO_ROOT, 'examples', 'publishing');
const MISSING = '00000000-0000-4000-8000-000000000000';
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

type Row = Record<string, unknown>;
/** A SQL statement the app printed, with its parameters. */
type Statement = { text: string; params: unknown[] };

/** An error answer in the example's format: exactly `{ "errors": { "body": [...messages] } }`. */
function expectError(response: JsonResponse, status: number, ...messages: string[]): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: { errors: { body: messages } },
  });
}
/**
 * A body that fails validation (issue 50 §4): 422 with each problem as a sentence in the project's
 * list, and `fields`, each failing field's sentence by its path in the body (`user.email`).
 */
function expectInvalid(response: JsonResponse, fields: Record<string, string>): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status: 422,
    body: { errors: { body: Object.values(fields) }, fields },
  });
}
/**
 * A program that uses the example's typed client (src/appgen/client.ts): bodies and answers in
 * their envelopes (`{ user }`, `{ articles, articlesCount }`) and the project's error shape
 * (`errors.body[]`). `appgen build` type-checks it with the app (`next build`, strict tsconfig):
 * it must compile, and each `@ts-expect-error` line must really be an error.
 */
const PUBLISHING_CLIENT_USAGE = `import { getApiArticles, getApiTags, getApiUser, postApiUsers, postApiUsersLogin, putApiUser, type ApiError, type ApiResult } from "@/appgen/client";
import type { User } from "@/appgen/types";

export async function clientUsage(): Promise<string[]> {
  const options = { baseUrl: "http://127.0.0.1:3000", token: "t" };
  const created = await postApiUsers({ body: { user: { username: "ada", email: "ada@example.com", password: "long enough" } } }, options);
  const user: User | null = created.ok ? created.data.user : null;
  // A sign-up and a log-in answer the account with its session token, under "user".
  const loggedIn = await postApiUsersLogin({ body: { user: { email: "ada@example.com", password: "long enough" } } }, options);
  const token: string = loggedIn.ok ? loggedIn.data.user.token : created.ok ? created.data.user.token : "";
  // The current user's routes answer it too ("token": true): the held one on GET, a new one on PUT.
  const me = await getApiUser({}, options);
  const held: string = me.ok ? me.data.user.token : "";
  const changed = await putApiUser({ body: { user: { bio: "hi" } } }, options);
  const renewed: string = changed.ok ? changed.data.user.token : "";
  // The tags are plain names ("values": "name") under "tags".
  const tagged = await getApiTags({}, options);
  const tags: string[] = tagged.ok ? tagged.data.tags : [];
  // @ts-expect-error: a tag of the list is its name, not a record
  const tagName: string = tagged.ok ? tagged.data.tags[0].name : "";
  const listed = await getApiArticles({ query: { limit: 2 } }, options);
  const count: number = listed.ok ? listed.data.articlesCount : 0;
  const slugs = listed.ok ? listed.data.articles.map((article) => article.slug) : [listed.error];
  const failure: ApiError = { errors: { body: ["Not found"] } };
  // A body that fails validation also answers each field's message by its path (issue 50 §4).
  const invalid: ApiError = { errors: { body: ["Email is required."] }, fields: { "user.email": "Email is required." } };
  const fieldErrors: Record<string, string> = created.ok ? {} : created.fields;
  // @ts-expect-error: a field's message is one string
  const notListed: ApiError = { errors: { body: ["x"] }, fields: { "user.email": ["x"] } };
  // @ts-expect-error: the body sits under "user"
  await postApiUsers({ body: { username: "ada", email: "ada@example.com", password: "long enough" } });
  // @ts-expect-error: the answer is { user }, not a bare User
  const bare: ApiResult<User> = await getApiUser({}, options);
  return [String(user), token, held, renewed, ...tags, tagName, String(count), ...slugs, failure.errors.body[0], String(bare), String(invalid.fields), ...Object.values(fieldErrors), String(notListed)];
}
`;
/**
 * Routes the test project adds to the example: comments with their author included without
 * `fields` (the default shape of an included account) and with `fields` that name the e-mail;
 * a sign-up and a log-in whose `fields` answer RealWorld's user exactly (no id, no timestamps).
 */
const INCLUDE_ROUTES = {
  routes: [
    {
      method: 'POST',
      path: '/api/accounts',
      account: 'signUp',
      envelope: 'user',
      body: {
        username: { type: 'string', required: true },
        email: { type: 'string', required: true, transform: ['trim', 'toLowerCase'] },
        password: { type: 'password', required: true },
      },
      response: 'User',
      fields: ['username', 'email'],
    },
    {
      method: 'POST',
      path: '/api/accounts/login',
      account: 'logIn',
      envelope: 'user',
      body: {
        email: { type: 'string', required: true, transform: ['trim', 'toLowerCase'] },
        password: { type: 'password', required: true },
      },
      response: 'User',
      fields: ['email', 'username', 'bio', 'image'],
    },
    { method: 'GET', path: '/api/comments', response: 'Comment[]', include: ['author'] },
    // Pages by cursor: in the envelope ("next"), and for a bare list in a Link header.
    {
      method: 'GET',
      path: '/api/article-pages',
      response: 'Article[]',
      fields: ['slug'],
      envelope: { response: 'articles', count: 'articlesCount' },
      query: {
        filter: ['authorId'],
        sort: ['createdAt'],
        defaultSort: '-createdAt',
        pageSize: 3,
        pagination: 'cursor',
        count: true,
      },
    },
    {
      method: 'GET',
      path: '/api/article-slugs',
      response: 'Article[]',
      values: 'slug',
      query: {
        filter: ['authorId'],
        sort: ['createdAt'],
        pageSize: 2,
        pagination: 'cursor',
        count: true,
      },
    },
    {
      method: 'GET',
      path: '/api/comments/:id',
      params: { id: 'uuid' },
      response: 'Comment',
      include: { author: { fields: ['username', 'email'] } },
    },
  ],
};

interface Member {
  user: Row;
  token: string;
}

const CASES = [
  ['prisma', 'sqlite'],
  ['drizzle', 'sqlite'],
  ['prisma', 'postgresql'],
  ['drizzle', 'postgresql'],
] as const;
/** The SQLite and PostgreSQL variants of an ORM share a folder: the second build starts warm. */
const projectFor = folderPerOrm();

const transcripts = new Map<string, string[]>();

// examples/publishing over HTTP, with no function at all: sign-up, log-in and log-out (accounts,
// `Authorization: Token <jwt>`), records named by a slug or a username, parents named by a slug,
// the author set from the session, the caller's own record, optional sign-in, favorites and
// follows (a manyToMany of User with itself), a partial PUT and a 204; computed fields (counts,
// the caller's favorites and follows, tag names); tags by name, filters through relations and the
// feed; bodies and answers in envelopes ({ "user": ... }, { "articles": [...], "articlesCount" })
// and errors as { "errors": { "body": [...] } } with 422 for an invalid body. Every ORM and
// database must answer the same conversation byte for byte.
describe.each(CASES)('examples/publishing with %s on %s', (orm, database) => {
  let server: RunningServer;
  let db: AppDatabase;
  let dropDatabase: (() => Promise<void>) | undefined;
  /** The built project and the environment its servers run with (a second instance's too). */
  let app: { dir: string; env: NodeJS.ProcessEnv };
  const client = new RecordingClient(() => server.url, 'Token');
  let secret: string;
  const send = client.send.bind(client);
  let jake: Member;
  let ada: Member;
  let article: Row;
  let articleId: string;
  const statementCounts: Record<string, number> = {};
  const body = (response: JsonResponse) => response.body as Row;
  /** The record an answer holds under its envelope key. */
  const inside = (response: JsonResponse, key: string) => body(response)[key] as Row;
  /** The records of a list answer (`{ "articles": [...], "articlesCount": n }`). */
  const rows = (response: JsonResponse, key = 'articles') => body(response)[key] as Row[];
  // A user as articles and profiles show them: `following` is whether the caller follows them.
  const profile = (user: Row, following: boolean) => ({
    username: user.username,
    bio: user.bio,
    image: user.image,
    following,
  });
  const links = async (table: string, column: string, id: unknown) =>
    Number(
      (await db.rows(`SELECT count(*) AS n FROM "${table}" WHERE "${column}" = $1`, [id]))[0].n,
    );

  /** Signs up (the answer: the user and a session token), then logs in (the same user, another token). */
  async function signUp(username: string): Promise<Member> {
    const created = await send('POST', '/api/users', {
      body: {
        user: { username, email: `${username}@example.com`, password: `${username} secret 123` },
      },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('set-cookie')).toMatch(/^appgen_session=[\w.-]+; Path=\/; HttpOnly/);
    expect(Object.keys(body(created))).toEqual(['user']);
    const { token: signUpToken, ...user } = inside(created, 'user');
    expect(Object.keys(inside(created, 'user')).pop()).toBe('token');
    // The current user's answer carries the token the request was signed in with ("token": true).
    expect((await send('GET', '/api/user', { token: signUpToken as string })).body).toEqual({
      user: { ...user, token: signUpToken },
    });
    const login = await send('POST', '/api/users/login', {
      body: { user: { email: `${username}@example.com`, password: `${username} secret 123` } },
    });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ user: { ...user, token: expect.any(String) } });
    return { user, token: inside(login, 'user').token as string };
  }

  beforeAll(async () => {
    let env: NodeJS.ProcessEnv = {};
    if (database === 'postgresql') {
      if (!(await postgresAvailable()))
        throw new Error('PostgreSQL at 127.0.0.1:5432 is not reachable; .ci/run starts it');
      const created = await createTestDatabase();
      dropDatabase = created.drop;
      env = { DATABASE_URL: created.url };
    }
    const project = await projectFor(orm, env, async () => {
      const created = await createTestProject(`publishing-${orm}`, {
        orm,
        configFrom: EXAMPLE,
        env,
      });
      const settings = JSON.parse(
        fs.readFileSync(path.join(EXAMPLE, 'appgen.config.json'), 'utf8'),
      );
      fs.writeFileSync(
        path.join(created.dir, 'appgen.config.json'),
        JSON.stringify({ ...settings, orm }),
      );
      fs.writeFileSync(path.join(created.dir, 'src', 'clientUsage.ts'), PUBLISHING_CLIENT_USAGE);
      fs.writeFileSync(
        path.join(created.dir, 'config', 'routes', 'test-includes.json'),
        JSON.stringify(INCLUDE_ROUTES),
      );
      return created;
    });
    secret = TEST_SESSION_SECRET;
    await project.appgen(['build']);
    // APPGEN_LOG_SQL=params: the app prints each SQL statement with its parameters, which the
    // tests of computed fields read (statements).
    // APPGEN_TRUST_PROXY=1: the tests play the reverse proxy a deployment puts in front, writing
    // the client's address into X-Forwarded-For (the throttle tests use several addresses).
    app = {
      dir: project.dir,
      env: { ...project.env, APPGEN_LOG_SQL: 'params', APPGEN_TRUST_PROXY: '1' },
    };
    server = await startBuiltApp(app.dir, app.env);
    db = await openAppDatabase(project.dir, orm, env.DATABASE_URL);
  });

  afterAll(async () => {
    transcripts.set(`${orm} on ${database}`, client.lines);
    if (Object.keys(statementCounts).length > 0)
      console.log(`SQL statements per request, ${orm} on ${database}:`, statementCounts);
    await db?.close();
    await server?.stop();
    await dropDatabase?.();
  });

  it('signs up with a hashed password that no answer shows, and logs in', async () => {
    jake = await signUp('jake');
    expect(jake.user).toEqual({
      id: expect.any(String),
      email: 'jake@example.com',
      username: 'jake',
      bio: null,
      image: null,
      createdAt: expect.stringMatching(TIME),
      updatedAt: jake.user.createdAt,
    });
    const [stored] = await db.rows('SELECT "password" FROM "User" WHERE "id" = $1', [jake.user.id]);
    // N=2^10: the suites' APPGEN_TEST_FAST_PASSWORD_HASHES (the default, 2^17: passwordRuntime.test.ts).
    expect(stored.password).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[\w-]+\$[\w-]+$/);
    expect(String(stored.password)).not.toContain('jake secret 123');
    ada = await signUp('ada');
    expectError(
      await send('POST', '/api/users', {
        body: { user: { username: 'jake', email: 'other@example.com', password: 'long enough' } },
      }),
      409,
      'A record with this username already exists',
    );
    expectInvalid(
      await send('POST', '/api/users', {
        body: { user: { username: 'short', email: 'short@example.com', password: 'short' } },
      }),
      { 'user.password': 'Password must be at least 8 characters long.' },
    );
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    for (const credentials of [
      { email: 'jake@example.com', password: 'not the password' },
      { email: 'nobody@example.com', password: 'jake secret 123' },
    ])
      expectError(
        await send('POST', '/api/users/login', { body: { user: credentials } }),
        401,
        'Wrong email or password',
      );
  });

  it('stores and finds e-mail addresses trimmed and in lower case (the body\'s "transform")', async () => {
    const created = await send('POST', '/api/users', {
      body: {
        user: { username: 'mixed', email: '  Mixed@Example.COM ', password: 'mixed secret 123' },
      },
    });
    expect(created.status).toBe(201);
    expect(inside(created, 'user').email).toBe('mixed@example.com');
    // The same address in another case is the same account: taken on sign-up, found on log-in.
    expectError(
      await send('POST', '/api/users', {
        body: {
          user: { username: 'mixed2', email: 'MIXED@example.com', password: 'mixed secret 123' },
        },
      }),
      409,
      'A record with this email already exists',
    );
    const login = await send('POST', '/api/users/login', {
      body: { user: { email: ' MiXeD@eXaMpLe.CoM', password: 'mixed secret 123' } },
    });
    expect(login.status).toBe(200);
    expect(inside(login, 'user').username).toBe('mixed');
    const token = inside(login, 'user').token as string;
    const changed = await send('PUT', '/api/user', {
      token,
      body: { user: { email: 'Mixed.Up@Example.com' } },
    });
    expect(inside(changed, 'user').email).toBe('mixed.up@example.com');
    expect((await send('DELETE', '/api/profiles/mixed', { token })).status).toBe(204);
  });

  it('answers a sign-up and a log-in with the fields their routes choose, then the token', async () => {
    // Routes of the test project only (INCLUDE_ROUTES).
    const created = await send('POST', '/api/accounts', {
      body: {
        user: { username: 'chosen', email: 'chosen@example.com', password: 'chosen secret' },
      },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('set-cookie')).toMatch(/^appgen_session=[\w.-]+; Path=\/; HttpOnly/);
    expect(Object.keys(inside(created, 'user'))).toEqual(['username', 'email', 'token']);
    const login = await send('POST', '/api/accounts/login', {
      body: { user: { email: 'chosen@example.com', password: 'chosen secret' } },
    });
    expect(login.status).toBe(200);
    // RealWorld's user, exactly: no id, no timestamps.
    expect(login.body).toEqual({
      user: {
        email: 'chosen@example.com',
        username: 'chosen',
        bio: null,
        image: null,
        token: expect.any(String),
      },
    });
    expect(Object.keys(inside(login, 'user'))).toEqual([
      'email',
      'username',
      'bio',
      'image',
      'token',
    ]);
    const token = inside(login, 'user').token as string;
    expect(inside(await send('GET', '/api/user', { token }), 'user').username).toBe('chosen');
    expect((await send('DELETE', '/api/profiles/chosen', { token })).status).toBe(204);
  });

  it('accepts the token only under the configured scheme (Token), and refuses forged ones', async () => {
    const headers = (authorization: string) => ({ headers: { authorization } });
    expect((await send('GET', '/api/user', headers(`Token ${jake.token}`))).status).toBe(200);
    expect((await send('GET', '/api/user', headers(`token ${jake.token}`))).status).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    // Claims naming jake's stored session (the `jti` of his token): only the key and the
    // algorithm decide below.
    const { jti } = JSON.parse(Buffer.from(jake.token.split('.')[1], 'base64url').toString()) as {
      jti: string;
    };
    const claims = { sub: jake.user.id, iss: 'appgen', iat: now, exp: now + 600, jti };
    for (const authorization of [
      `Bearer ${jake.token}`,
      `Token ${handMadeJwt(claims, secret, 'none')}`,
      `Token ${handMadeJwt(claims, 'another key that is long and random: 8f3a1c9e7d')}`,
      `Token ${handMadeJwt({ ...claims, exp: now - 1 }, secret)}`,
    ])
      expectError(await send('GET', '/api/user', headers(authorization)), 401, 'Unauthorized');
    // The same claims signed with the app's key are accepted: the refusals above are the key's and
    // the algorithm's. Signed with the key but naming no stored session, they are refused too.
    expect(
      (await send('GET', '/api/user', headers(`Token ${handMadeJwt(claims, secret)}`))).status,
    ).toBe(200);
    const { jti: _stored, ...noSession } = claims;
    for (const forged of [noSession, { ...claims, jti: 'a session that was never started' }])
      expectError(
        await send('GET', '/api/user', headers(`Token ${handMadeJwt(forged, secret)}`)),
        401,
        'Unauthorized',
      );
  });

  it('reads only the Authorization header when one is sent, never falling back to the cookie', async () => {
    const cookie = `appgen_session=${jake.token}`;
    expect((await send('GET', '/api/user', { headers: { cookie } })).status).toBe(200);
    for (const authorization of ['Basic eDp5', `Bearer ${jake.token}`, 'Token', 'Token forged']) {
      const headers = { cookie, authorization };
      expectError(await send('GET', '/api/user', { headers }), 401, 'Unauthorized');
      // Optional sign-in refuses a header it does not accept, as documented.
      expectError(await send('GET', '/api/profiles/jake', { headers }), 401, 'Unauthorized');
    }
  });

  it('logs out: the session cookie is removed', async () => {
    const out = await send('POST', '/api/users/logout');
    expect([out.status, out.body]).toEqual([200, { success: true }]);
    expect(out.headers.get('set-cookie')).toMatch(
      /^appgen_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/,
    );
  });

  it('limits failed log-ins per identity and per client address (429), whatever the password', async () => {
    await signUp('locked');
    const attempt = (password: string, email = 'locked@example.com', address?: string) =>
      send('POST', '/api/users/login', {
        body: { user: { email, password } },
        headers: address ? { 'x-forwarded-for': address } : {},
      });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong password')).status).toBe(401);
    for (const password of ['wrong password', 'locked secret 123']) {
      const refused = await attempt(password);
      expectError(refused, 429, 'Too many failed log-ins; try again later');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    }
    // Another identity is not affected; the identity is compared without regard to case.
    expect((await attempt('jake secret 123', 'jake@example.com')).status).toBe(200);
    expect((await attempt('locked secret 123', 'LOCKED@example.com')).status).toBe(429);
    // 20 failures from one address (as a reverse proxy reports it), each for another identity.
    for (let i = 0; i < 20; i++)
      expect(
        (await attempt('wrong password', `nobody${i}@example.com`, '203.0.113.9')).status,
      ).toBe(401);
    expect((await attempt('ada secret 123', 'ada@example.com', '203.0.113.9')).status).toBe(429);
    expect((await attempt('ada secret 123', 'ada@example.com', '203.0.113.10')).status).toBe(200);
  });

  it('answers the signed-in user their own record, and 401 to anyone else', async () => {
    const own = await send('GET', '/api/user', { token: jake.token });
    expect(own.status).toBe(200);
    // RealWorld's clients read user.token from the current user's answers too; a GET sets no cookie.
    expect(own.body).toEqual({ user: { ...jake.user, token: jake.token } });
    expect(Object.keys(inside(own, 'user')).pop()).toBe('token');
    expect(own.headers.get('set-cookie')).toBeNull();
    // Signed in with the cookie (a page's fetch), the same: the cookie's token.
    const cookie = await send('GET', '/api/user', {
      headers: { cookie: `appgen_session=${ada.token}` },
    });
    expect(inside(cookie, 'user')).toEqual({ ...ada.user, token: ada.token });
    // The identity field (private elsewhere) goes to its owner.
    expect(inside(own, 'user').email).toBe('jake@example.com');
    expectError(await send('GET', '/api/user'), 401, 'Unauthorized');
    expectError(await send('GET', '/api/user', { token: 'not-a-token' }), 401, 'Unauthorized');
  });

  it('updates only the fields a partial PUT sends, and the time of the change', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await send('PUT', '/api/user', {
      token: jake.token,
      body: { user: { bio: 'I work at statefarm', image: 'https://example.com/jake.png' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      user: {
        ...jake.user,
        bio: 'I work at statefarm',
        image: 'https://example.com/jake.png',
        updatedAt: expect.stringMatching(TIME),
        token: expect.any(String),
      },
    });
    expect(Date.parse(inside(updated, 'user').updatedAt as string)).toBeGreaterThan(
      Date.parse(jake.user.updatedAt as string),
    );
    // A PUT refreshes the session: a new token (a new expiry), also set as the cookie. Tokens are
    // not stored, so the one the request came with stays valid until it expires.
    const { token: renewed, ...changed } = inside(updated, 'user');
    expect(updated.headers.get('set-cookie')).toMatch(
      new RegExp(`^appgen_session=${renewed}; Path=/; HttpOnly; SameSite=Lax; Max-Age=604800`),
    );
    for (const token of [renewed as string, jake.token])
      expect(inside(await send('GET', '/api/user', { token }), 'user')).toEqual({
        ...changed,
        token,
      });
    jake.user = changed;
    const password = await send('PUT', '/api/user', {
      token: ada.token,
      body: { user: { password: 'ada new secret' } },
    });
    expect(password.status).toBe(200);
    expect(inside(password, 'user')).not.toHaveProperty('password');
    const { token: _renewed, ...adaChanged } = inside(password, 'user');
    const login = await send('POST', '/api/users/login', {
      body: { user: { email: 'ada@example.com', password: 'ada new secret' } },
    });
    expect(login.status).toBe(200);
    ada.user = adaChanged;
  });

  it('creates articles with the author from the session, never from the body, and slugs from titles', async () => {
    expectError(
      await send('POST', '/api/articles', {
        body: { article: { title: 'Anonymous', description: 'x', body: 'x' } },
      }),
      401,
      'Unauthorized',
    );
    const created = await send('POST', '/api/articles', {
      token: jake.token,
      body: {
        article: {
          title: 'How to train your dragon',
          description: 'Ever wonder how?',
          body: 'You have to believe',
          authorId: ada.user.id,
          slug: 'chosen-by-the-client',
        },
      },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(body(created))).toEqual(['article']);
    article = inside(created, 'article');
    // The route's `fields` in their order, then the author as its own `fields` shape it.
    expect(article).toEqual({
      slug: 'how-to-train-your-dragon',
      title: 'How to train your dragon',
      description: 'Ever wonder how?',
      body: 'You have to believe',
      tagList: [],
      createdAt: expect.stringMatching(TIME),
      updatedAt: article.createdAt,
      favorited: false,
      favoritesCount: 0,
      author: profile(jake.user, false),
    });
    expect(Object.keys(article)).toEqual([
      'slug',
      'title',
      'description',
      'body',
      'tagList',
      'createdAt',
      'updatedAt',
      'favorited',
      'favoritesCount',
      'author',
    ]);
    expect(Object.keys(article.author as Row)).toEqual(['username', 'bio', 'image', 'following']);
    const [stored] = await db.rows('SELECT "id", "authorId" FROM "Article" WHERE "slug" = $1', [
      'how-to-train-your-dragon',
    ]);
    expect(stored.authorId).toBe(jake.user.id);
    articleId = stored.id as string;
    const slugs: string[] = [];
    for (const title of [
      'How to train your dragon',
      'How to train your Dragon!',
      'Ça va, Zoë?',
      '!!!',
    ])
      slugs.push(
        inside(
          await send('POST', '/api/articles', {
            token: ada.token,
            body: { article: { title, description: 'd', body: 'b' } },
          }),
          'article',
        ).slug as string,
      );
    expect(slugs).toEqual([
      'how-to-train-your-dragon-2',
      'how-to-train-your-dragon-3',
      'ca-va-zoe',
      'article',
    ]);
  });

  it('finds an article by its slug, and 404 for an unknown one', async () => {
    const found = await send('GET', '/api/articles/how-to-train-your-dragon');
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ article });
    expect(found.text).not.toContain('@example.com');
    expectError(await send('GET', '/api/articles/no-such-article'), 404, 'Not found');
  });

  it('lets only the author change or delete an article, keeps the slug when the title changes', async () => {
    expectError(
      await send('PUT', '/api/articles/how-to-train-your-dragon', {
        token: ada.token,
        body: { article: { title: 'Mine now' } },
      }),
      403,
      'Forbidden',
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    const changed = await send('PUT', '/api/articles/how-to-train-your-dragon', {
      token: jake.token,
      body: { article: { title: 'Did you train your dragon?' } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      article: {
        ...article,
        title: 'Did you train your dragon?',
        updatedAt: expect.stringMatching(TIME),
      },
    });
    expect(inside(changed, 'article').updatedAt).not.toBe(article.updatedAt);
    article = inside(changed, 'article');
    expectError(
      await send('DELETE', '/api/articles/how-to-train-your-dragon-2', { token: jake.token }),
      403,
      'Forbidden',
    );
    const removed = await send('DELETE', '/api/articles/article', { token: ada.token });
    expect([removed.status, removed.text]).toEqual([204, '']);
    expectError(await send('GET', '/api/articles/article'), 404, 'Not found');
    expectError(
      await send('DELETE', '/api/articles/article', { token: ada.token }),
      404,
      'Not found',
    );
  });

  it('favorites once however often it is asked, and unfavorites only the caller', async () => {
    const path = '/api/articles/how-to-train-your-dragon/favorite';
    for (let i = 0; i < 2; i++) {
      const favorited = await send('POST', path, { token: ada.token });
      expect(favorited.status).toBe(200);
      expect(favorited.body).toEqual({
        article: { ...article, favorited: true, favoritesCount: 1 },
      });
    }
    expect(await links('_Article_favoritedBy', 'B', ada.user.id)).toBe(1);
    const both = await send('POST', path, { token: jake.token });
    const bothArticle = inside(both, 'article');
    expect([both.status, bothArticle.favorited, bothArticle.favoritesCount]).toEqual([
      200,
      true,
      2,
    ]);
    // Jake's unfavorite removes Jake's link only: nobody can remove another user's favorite.
    const unfavorited = await send('DELETE', path, { token: jake.token });
    expect(unfavorited.body).toEqual({
      article: { ...article, favorited: false, favoritesCount: 1 },
    });
    expect(await send('DELETE', path, { token: jake.token })).toMatchObject({ status: 200 });
    expect(await links('_Article_favoritedBy', 'A', articleId)).toBe(1);
    // Each caller sees their own favorite; an anonymous caller none, but the count all the same.
    const slugPath = '/api/articles/how-to-train-your-dragon';
    expect(inside(await send('GET', slugPath, { token: ada.token }), 'article')).toMatchObject({
      favorited: true,
      favoritesCount: 1,
    });
    expect(inside(await send('GET', slugPath, { token: jake.token }), 'article')).toMatchObject({
      favorited: false,
      favoritesCount: 1,
    });
    expect(inside(await send('GET', slugPath), 'article')).toMatchObject({
      favorited: false,
      favoritesCount: 1,
    });
    expect(await links('_Article_favoritedBy', 'B', ada.user.id)).toBe(1);
    expectError(await send('POST', path), 401, 'Unauthorized');
    expectError(
      await send('POST', '/api/articles/no-such-article/favorite', { token: ada.token }),
      404,
      'Not found',
    );
    // A link is not a change of the article: its updatedAt stays.
    expect(
      inside(await send('GET', '/api/articles/how-to-train-your-dragon'), 'article').updatedAt,
    ).toBe(article.updatedAt);
  });

  it('follows and unfollows a user by username (a manyToMany of User with itself)', async () => {
    const followed = await send('POST', '/api/profiles/jake/follow', { token: ada.token });
    expect(followed.status).toBe(200);
    expect(followed.body).toEqual({ profile: profile(jake.user, true) });
    expect(Object.keys(inside(followed, 'profile'))).toEqual([
      'username',
      'bio',
      'image',
      'following',
    ]);
    await send('POST', '/api/profiles/jake/follow', { token: ada.token });
    // Ada follows jake: his profile and the author of his articles say so to her, to no one else.
    expect((await send('GET', '/api/profiles/jake', { token: ada.token })).body).toEqual({
      profile: profile(jake.user, true),
    });
    expect((await send('GET', '/api/profiles/jake', { token: jake.token })).body).toEqual({
      profile: profile(jake.user, false),
    });
    const seen = await send('GET', '/api/articles?authorId=' + jake.user.id, { token: ada.token });
    expect(rows(seen).map((row) => row.author)).toEqual([profile(jake.user, true)]);
    expect((await send('GET', '/api/articles?authorId=' + jake.user.id)).body).toEqual({
      articles: [{ ...article, favoritesCount: 1 }],
      articlesCount: 1,
    });
    // jake's followers hold ada: the record's id in one column, the follower's in the other.
    const followers = await db.rows('SELECT "A", "B" FROM "_User_followers"');
    expect(followers).toEqual([{ A: jake.user.id, B: ada.user.id }]);
    const unfollowed = await send('DELETE', '/api/profiles/jake/follow', { token: ada.token });
    expect([unfollowed.status, unfollowed.body]).toEqual([
      200,
      { profile: profile(jake.user, false) },
    ]);
    expect(await db.rows('SELECT "A" FROM "_User_followers"')).toEqual([]);
    expectError(
      await send('POST', '/api/profiles/nobody/follow', { token: ada.token }),
      404,
      'Not found',
    );
  });

  it('serves a profile to anyone, but refuses a token that is not valid', async () => {
    expect((await send('GET', '/api/profiles/jake')).body).toEqual({
      profile: profile(jake.user, false),
    });
    expect((await send('GET', '/api/profiles/jake', { token: ada.token })).body).toEqual({
      profile: profile(jake.user, false),
    });
    expectError(
      await send('GET', '/api/profiles/jake', { token: 'expired-or-forged' }),
      401,
      'Unauthorized',
    );
    expectError(await send('GET', '/api/profiles/nobody'), 404, 'Not found');
  });

  it('writes and lists the comments of an article named by its slug', async () => {
    const path = '/api/articles/how-to-train-your-dragon/comments';
    const created = await send('POST', path, {
      token: ada.token,
      body: { comment: { body: 'Thank you so much!', authorId: jake.user.id, articleId: MISSING } },
    });
    expect(created.status).toBe(201);
    const comment = inside(created, 'comment');
    // RealWorld's comment: its own fields, and the author as a profile (no e-mail address).
    expect(comment).toEqual({
      id: expect.any(String),
      createdAt: expect.stringMatching(TIME),
      updatedAt: comment.createdAt,
      body: 'Thank you so much!',
      author: profile(ada.user, false),
    });
    expect(Object.keys(comment)).toEqual(['id', 'createdAt', 'updatedAt', 'body', 'author']);
    const listed = await send('GET', path);
    expect([listed.status, listed.body]).toEqual([200, { comments: [comment] }]);
    expect(listed.text).not.toContain('@example.com');
    const [stored] = await db.rows('SELECT "articleId", "authorId" FROM "Comment"');
    expect(stored).toEqual({ articleId, authorId: ada.user.id });
    expectError(
      await send('POST', '/api/articles/no-such-article/comments', {
        token: ada.token,
        body: { comment: { body: 'Lost' } },
      }),
      404,
      'Article not found',
    );
    expect((await db.rows('SELECT "id" FROM "Comment"')).length).toBe(1);
    expectError(
      await send('GET', '/api/articles/no-such-article/comments'),
      404,
      'Article not found',
    );
  });

  it("leaves the accounts model's identity (email) out of included users unless the route names it", async () => {
    // Routes of the test project only (INCLUDE_ROUTES): an include without `fields` sends every
    // field of the author but the private e-mail address; one whose `fields` name it sends it.
    const { email, ...withoutEmail } = ada.user;
    const all = await send('GET', '/api/comments');
    expect(all.status).toBe(200);
    const [comment] = all.body as Row[];
    expect(comment.author).toEqual(withoutEmail);
    expect(Object.keys(comment.author as Row)).toEqual(Object.keys(withoutEmail));
    expect(all.text).not.toContain('@example.com');
    const chosen = await send('GET', `/api/comments/${comment.id}`);
    expect((chosen.body as Row).author).toEqual({ username: ada.user.username, email });
  });

  it('deletes a comment only through its own article, and only by its author', async () => {
    const [comment] = rows(
      await send('GET', '/api/articles/how-to-train-your-dragon/comments'),
      'comments',
    );
    expectError(
      await send('DELETE', `/api/articles/ca-va-zoe/comments/${comment.id}`, { token: ada.token }),
      404,
      'Not found',
    );
    expectError(
      await send('DELETE', `/api/articles/how-to-train-your-dragon/comments/${comment.id}`, {
        token: jake.token,
      }),
      403,
      'Forbidden',
    );
    const removed = await send(
      'DELETE',
      `/api/articles/how-to-train-your-dragon/comments/${comment.id}`,
      { token: ada.token },
    );
    expect([removed.status, removed.text]).toEqual([204, '']);
    expect((await send('GET', '/api/articles/how-to-train-your-dragon/comments')).body).toEqual({
      comments: [],
    });
  });

  it('lists the articles, newest first, with the count of every page in the body', async () => {
    const listed = await send('GET', '/api/articles?limit=2');
    expect(listed.status).toBe(200);
    expect(Object.keys(body(listed))).toEqual(['articles', 'articlesCount']);
    expect(body(listed).articlesCount).toBe(4);
    // The count is in the body instead of the header.
    expect(listed.headers.get('x-total-count')).toBeNull();
    expect(rows(listed).map((row) => row.slug)).toEqual([
      'ca-va-zoe',
      'how-to-train-your-dragon-3',
    ]);
    const last = await send('GET', '/api/articles?limit=2&offset=2');
    expect(rows(last).map((row) => row.slug)).toEqual([
      'how-to-train-your-dragon-2',
      'how-to-train-your-dragon',
    ]);
    expect(body(last).articlesCount).toBe(4);
    for (const page of [listed, last]) expect(page.text).not.toContain('@example.com');
    const none = await send('GET', `/api/articles?authorId=${MISSING}`);
    expect(none.body).toEqual({ articles: [], articlesCount: 0 });
  });

  it('links tags by name, creating the missing ones in the transaction of the write', async () => {
    const tagNames = async () =>
      (await db.rows('SELECT "name" FROM "Tag" ORDER BY "name"')).map((row) => row.name);
    const created = await send('POST', '/api/articles', {
      token: jake.token,
      body: {
        article: { title: 'Dragons', description: 'd', body: 'b', tagList: ['dragons', 'dragons'] },
      },
    });
    expect(created.status).toBe(201);
    expect(inside(created, 'article').tagList).toEqual(['dragons']);
    const training = await send('POST', '/api/articles', {
      token: ada.token,
      body: { article: { title: 'Training', description: 'd', body: 'b', tagList: ['dragons'] } },
    });
    expect([training.status, inside(training, 'article').tagList]).toEqual([201, ['dragons']]);
    expect(await tagNames()).toEqual(['dragons']);
    // A new tag and an existing one, each once. Not in the transcript: two tags come ordered by
    // their ids, which differ from run to run.
    const both = await request(
      server.url,
      'PUT',
      '/api/articles/training',
      { article: { tagList: ['training', 'dragons', 'training'] } },
      { authorization: `Token ${ada.token}` },
    );
    expect(both.status).toBe(200);
    expect(inside(both, 'article').tagList).toEqual(['dragons', 'training']);
    const [trainingRow] = await db.rows('SELECT "id" FROM "Article" WHERE "slug" = $1', [
      'training',
    ]);
    expect(await links('_Article_tags', 'A', trainingRow.id)).toBe(2);
    // The list replaces the links; a partial PUT without it keeps them.
    const one = await send('PUT', '/api/articles/training', {
      token: ada.token,
      body: { article: { tagList: ['training'] } },
    });
    expect(inside(one, 'article').tagList).toEqual(['training']);
    const kept = await send('PUT', '/api/articles/training', {
      token: ada.token,
      body: { article: { description: 'changed' } },
    });
    expect([kept.status, inside(kept, 'article').tagList]).toEqual([200, ['training']]);
    expect(await tagNames()).toEqual(['dragons', 'training']);
    const refusals: Array<[unknown, string]> = [
      ['dragons', 'Tag list must be a list of strings.'],
      [['dragons', 3], 'Tag list must be a list of strings.'],
      [null, 'Tag list is required.'],
      [['ok', ' '], 'Tag list: item 2 must not be empty.'],
      [['x'.repeat(51)], 'Tag list: item 1 must be at most 50 characters long.'],
      [
        Array.from({ length: 1001 }, (_, i) => `t${i}`),
        'Tag list must be a list of at most 1000 strings.',
      ],
    ];
    for (const [tagList, message] of refusals)
      expectInvalid(
        await send('POST', '/api/articles', {
          token: jake.token,
          body: { article: { title: 'Refused', description: 'd', body: 'b', tagList } },
        }),
        { 'article.tagList': message },
      );
    // A deleted user's sessions end with the account (stored sessions, the foreign key cascades):
    // their token writes nothing, and no tag.
    const ghost = await signUp('ghost');
    expect((await send('DELETE', '/api/profiles/ghost', { token: ghost.token })).status).toBe(204);
    expectError(
      await send('POST', '/api/articles', {
        token: ghost.token,
        body: {
          article: { title: 'Ghost', description: 'd', body: 'b', tagList: ['ghostly', 'dragons'] },
        },
      }),
      401,
      'Unauthorized',
    );
    expect(await tagNames()).toEqual(['dragons', 'training']);
    // Concurrent writes that create the same new tag all succeed, and it exists once (not in the
    // transcript: which one creates it varies).
    // `count` requests sent at once by jake (body(n) for the n-th, from 1), answers in that order.
    const atOnce = (count: number, method: string, path: string, body: (n: number) => unknown) =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          request(server.url, method, path, body(i + 1), { authorization: `Token ${jake.token}` }),
        ),
      );
    const racing = await atOnce(4, 'POST', '/api/articles', (n) => ({
      article: { title: `Race ${n}`, description: 'd', body: 'b', tagList: ['race', 'dragons'] },
    }));
    expect(racing.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    expect(await tagNames()).toEqual(['dragons', 'race', 'training']);
    // Concurrent creates of the same title all succeed, each with a slug of its own (on
    // PostgreSQL they race for "same-title", "same-title-2"...; a retry picks among more).
    const sameTitle = await atOnce(12, 'POST', '/api/articles', () => ({
      article: { title: 'Same title', description: 'd', body: 'b' },
    }));
    expect(sameTitle.map((response) => response.status)).toEqual(sameTitle.map(() => 201));
    const sameSlugs = sameTitle.map((response) => String(inside(response, 'article').slug));
    expect(new Set(sameSlugs).size).toBe(12);
    expect(sameSlugs).toContain('same-title');
    // Concurrent updates replacing the same article's tags all succeed (with Drizzle on
    // PostgreSQL they inserted the same links at once: 409 before the record was locked).
    const retagged = await atOnce(8, 'PUT', '/api/articles/same-title', () => ({
      article: { tagList: ['race', 'dragons'] },
    }));
    expect(retagged.map((response) => response.status)).toEqual(retagged.map(() => 200));
    expect(inside(await send('GET', '/api/articles/same-title'), 'article').tagList).toEqual([
      'dragons',
      'race',
    ]);
    // Deleted unrecorded: which slug each create got varies, the transcript compares databases.
    for (const slug of sameSlugs)
      expect(
        await request(server.url, 'DELETE', `/api/articles/${slug}`, undefined, {
          authorization: `Token ${jake.token}`,
        }),
      ).toMatchObject({ status: 204 });
    for (const response of racing)
      expect(
        await send('DELETE', `/api/articles/${inside(response, 'article').slug}`, {
          token: jake.token,
        }),
      ).toMatchObject({ status: 204 });
  });

  it('filters the articles through their relations (tag, author, favorited), with pages and the count', async () => {
    const listed = async (query: string) => {
      const response = await send('GET', `/api/articles${query}`);
      expect(response.status).toBe(200);
      return [String(body(response).articlesCount), rows(response).map((r) => r.slug)];
    };
    const dragons = await send('GET', '/api/articles?tag=dragons');
    expect(rows(dragons)).toEqual([inside(await send('GET', '/api/articles/dragons'), 'article')]);
    expect(await listed('?tag=training')).toEqual(['1', ['training']]);
    expect(await listed('?tag=nothing')).toEqual(['0', []]);
    expect(await listed('?author=ada')).toEqual([
      '4',
      ['training', 'ca-va-zoe', 'how-to-train-your-dragon-3', 'how-to-train-your-dragon-2'],
    ]);
    expect(await listed('?author=ada&limit=2&offset=1')).toEqual([
      '4',
      ['ca-va-zoe', 'how-to-train-your-dragon-3'],
    ]);
    expect(await listed('?author=jake&sort=createdAt')).toEqual([
      '2',
      ['how-to-train-your-dragon', 'dragons'],
    ]);
    expect(await listed('?favorited=ada')).toEqual(['1', ['how-to-train-your-dragon']]);
    expect(await listed('?favorited=jake')).toEqual(['0', []]);
    expect(await listed('?author=jake&favorited=ada')).toEqual(['1', ['how-to-train-your-dragon']]);
    expect(await listed('?author=ada&tag=dragons')).toEqual(['0', []]);
    expect(await listed(`?authorId=${ada.user.id}&tag=training`)).toEqual(['1', ['training']]);
    expectError(
      await send('GET', '/api/articles?tags=dragons'),
      400,
      'Unknown query parameter "tags" (allowed: authorId, tag, author, favorited, sort, limit, offset)',
    );
    expectError(
      await send('GET', '/api/articles?tag=dragons&tag=training'),
      400,
      'Query parameter "tag" is given more than once',
    );
    expectError(
      await send('GET', '/api/articles?author=%00'),
      400,
      'Query parameter "author" must not contain U+0000',
    );
  });

  it('lists the feed: articles of the authors the caller follows, newest first, with pages and the count', async () => {
    const feed = async (query: string, member: Member) => {
      const response = await send('GET', `/api/articles/feed${query}`, { token: member.token });
      expect(response.status).toBe(200);
      return [String(body(response).articlesCount), rows(response).map((r) => r.slug)];
    };
    expectError(await send('GET', '/api/articles/feed'), 401, 'Unauthorized');
    expectError(
      await send('GET', '/api/articles/feed', { token: 'not-a-token' }),
      401,
      'Unauthorized',
    );
    expect(await feed('', jake)).toEqual(['0', []]);
    expect((await send('POST', '/api/profiles/ada/follow', { token: jake.token })).status).toBe(
      200,
    );
    const first = await send('GET', '/api/articles/feed?limit=2', { token: jake.token });
    // As the caller sees them: their author is followed now.
    expect(rows(first)).toEqual([
      inside(await send('GET', '/api/articles/training', { token: jake.token }), 'article'),
      inside(await send('GET', '/api/articles/ca-va-zoe', { token: jake.token }), 'article'),
    ]);
    expect(await feed('?limit=2&offset=2', jake)).toEqual([
      '4',
      ['how-to-train-your-dragon-3', 'how-to-train-your-dragon-2'],
    ]);
    expect(await feed('?sort=createdAt&limit=1', jake)).toEqual([
      '4',
      ['how-to-train-your-dragon-2'],
    ]);
    // Ada follows nobody, and the caller's own articles are not in their feed.
    expect(await feed('', ada)).toEqual(['0', []]);
    expectError(
      await send('GET', '/api/articles/feed?tag=dragons', { token: jake.token }),
      400,
      'Unknown query parameter "tag" (allowed: sort, limit, offset)',
    );
    expectError(
      await send('GET', '/api/articles/feed?limit=0', { token: jake.token }),
      400,
      '"limit" must be a whole number from 1 to 100',
    );
  });

  it('counts a list filtered through relations by the indexes, not once per article', async () => {
    // Not recorded in the transcript (the same requests as the tests of filters, by Jake). A
    // filter through a relation that SQLite runs as a subquery correlated with each article (what
    // Prisma writes) reads the whole table of articles for the count, however few match: the
    // count's plan must search Article by an index, through the links' and the users' indexes.
    // Filters combined (the field's own and through relations), and the feed (the scope through
    // the author's followers: Jake follows Ada).
    const jakeId = jake.user.id as string;
    const paths = [
      `/api/articles?authorId=${jakeId}&author=jake&favorited=ada`,
      `/api/articles?authorId=${jakeId}&author=jake&tag=dragons`,
      '/api/articles?author=jake&tag=dragons&favorited=ada',
      '/api/articles/feed',
    ];
    const answers = await Promise.all(
      paths.map(async (path) => {
        const response = await request(server.url, 'GET', path, undefined, {
          authorization: `Token ${jake.token}`,
        });
        return [body(response).articlesCount, rows(response).map((r) => r.slug)];
      }),
    );
    expect(answers.slice(0, 3)).toEqual([
      [1, ['how-to-train-your-dragon']],
      [1, ['dragons']],
      [0, []],
    ]);
    const [feedCount, feedSlugs] = answers[3] as [number, string[]];
    expect(feedSlugs.length).toBeGreaterThan(0);
    expect(feedCount).toBe(
      Number(
        (
          await db.rows(
            `SELECT count(*) AS n FROM "Article" WHERE "authorId" IN (SELECT "A" FROM "_User_followers" WHERE "B" = $1)`,
            [jakeId],
          )
        )[0].n,
      ),
    );
    if (database !== 'sqlite') return;
    for (const path of paths) {
      // The total: a statement that selects a count first (Drizzle's page holds counts too).
      const counting = (await statements(path)).sql.filter(
        (s) =>
          /^\s*select\s+count\(/i.test(s.text) &&
          /\bfrom\s+([`"]main[`"]\.)?[`"]Article[`"]/i.test(s.text),
      );
      expect(counting).toHaveLength(1);
      const plan = (
        await db.rows(`EXPLAIN QUERY PLAN ${counting[0].text}`, counting[0].params)
      ).map((row) => row.detail as string);
      // SEARCH by an index, never a SCAN of Article or a subquery run per article.
      expect(plan.join('\n')).toMatch(/SEARCH "?Article"? USING/);
      expect(plan.filter((line) => /^SCAN (main\.)?"?Article"?\b|CORRELATED/.test(line))).toEqual(
        [],
      );
    }
  });

  it('pages a list filtered through relations in its order, by the indexes, not once per article', async () => {
    // Not recorded in the transcript. Every page of combined filters (the field's own and through
    // relations), sorted or not, at an offset, is the list without filters (in the order the
    // database has it, read without the app) filtered here: the same records in the same order.
    const get = async (path: string, member = jake) => {
      const response = await request(server.url, 'GET', path, undefined, {
        authorization: `Token ${member.token}`,
      });
      expect(response.status).toBe(200);
      return body(response);
    };
    const everything = async (sort: string) => {
      const answer = await get(`/api/articles?limit=100${sort}`);
      expect(answer.articlesCount).toBe((answer.articles as Row[]).length);
      return answer.articles as Row[];
    };
    const ascending = await everything('&sort=createdAt');
    const descending = await everything('');
    const inDatabase = async (order: string) =>
      (await db.rows(`SELECT "slug" FROM "Article" ORDER BY "createdAt" ${order}, "id" ASC`)).map(
        (row) => row.slug,
      );
    expect(ascending.map((row) => row.slug)).toEqual(await inDatabase('ASC'));
    expect(descending.map((row) => row.slug)).toEqual(await inDatabase('DESC'));
    const favoritedByAda = new Set(
      ((await get('/api/articles?limit=100', ada)).articles as Row[])
        .filter((row) => row.favorited)
        .map((row) => row.slug),
    );
    const by = (row: Row) => (row.author as Row).username;
    const adaId = ada.user.id as string;
    const cases: Array<[string, Row[], (row: Row) => boolean]> = [
      [
        '/api/articles?author=ada&sort=createdAt&offset=1&limit=2',
        ascending,
        (r) => by(r) === 'ada',
      ],
      [
        `/api/articles?authorId=${adaId}&author=ada&offset=1&limit=2`,
        descending,
        (r) => by(r) === 'ada',
      ],
      [
        '/api/articles?author=jake&favorited=ada&sort=createdAt&offset=0&limit=1',
        ascending,
        (r) => by(r) === 'jake' && favoritedByAda.has(r.slug),
      ],
      [
        '/api/articles?tag=dragons&sort=createdAt&offset=1',
        ascending,
        (r) => (r.tagList as string[]).includes('dragons'),
      ],
      // The feed: the scope through the author's followers (Jake follows Ada).
      [
        '/api/articles/feed?sort=createdAt&offset=1&limit=2',
        ascending,
        (r) => Boolean((r.author as Row).following),
      ],
    ];
    let skipped = 0;
    for (const [path, list, kept] of cases) {
      const query = new URL(path, 'http://app').searchParams;
      const offset = Number(query.get('offset') ?? 0);
      const matching = list.filter(kept);
      const expected = matching.slice(offset, offset + Number(query.get('limit') ?? 20));
      expect([path, await get(path)]).toEqual([
        path,
        { articles: expected, articlesCount: matching.length },
      ]);
      if (expected.length > 0) skipped += Math.min(offset, matching.length);
    }
    // Some pages hold records after matching records their offset skipped.
    expect(skipped).toBeGreaterThan(0);
    if (orm !== 'prisma' || database !== 'sqlite') return;
    for (const [path] of cases) {
      // The page's ids: one statement of the same conditions as the count, none run per article.
      const paging = (await statements(path)).sql.filter((s) =>
        /^\s*select\s+"id"\s+from\s+"Article"\s+where\b.*\border by\b.*\blimit\b/i.test(s.text),
      );
      expect(paging).toHaveLength(1);
      const plan = (await db.rows(`EXPLAIN QUERY PLAN ${paging[0].text}`, paging[0].params)).map(
        (row) => row.detail as string,
      );
      expect(plan.filter((line) => /CORRELATED/.test(line))).toEqual([]);
    }
  });

  it('lists the tags as plain names, in order, under "tags" (RealWorld\'s GET /api/tags)', async () => {
    const stored = async () =>
      (await db.rows('SELECT "name" FROM "Tag"')).map((row) => String(row.name)).sort();
    const names = await stored();
    expect(names).toEqual(expect.arrayContaining(['dragons', 'training']));
    const tags = await send('GET', '/api/tags');
    expect(tags.status).toBe(200);
    expect(tags.body).toEqual({ tags: names });
    expect((await send('GET', '/api/tags?sort=-name')).body).toEqual({
      tags: [...names].reverse(),
    });
    const created = await send('POST', '/api/tags', {
      token: ada.token,
      body: { name: 'Angular' },
    });
    expect(created.status).toBe(201);
    // By code point: "Angular" before every lower-case name.
    expect((await send('GET', '/api/tags')).body).toEqual({ tags: ['Angular', ...names] });
    expectError(
      await send('GET', '/api/tags?sort=id'),
      400,
      '"sort" must be one or more of name, comma-separated (with "-" in front for descending)',
    );
  });

  it("lists the names of an article's tags in the declared order (by name), not by link or id", async () => {
    const created = await send('POST', '/api/articles', {
      token: jake.token,
      body: {
        article: {
          title: 'Tagged',
          description: 'd',
          body: 'b',
          tagList: ['zeal', 'training', 'dragons'],
        },
      },
    });
    expect(inside(created, 'article').tagList).toEqual(['dragons', 'training', 'zeal']);
    expect(inside(await send('GET', '/api/articles/tagged'), 'article').tagList).toEqual([
      'dragons',
      'training',
      'zeal',
    ]);
    const removed = await send('DELETE', '/api/articles/tagged', { token: jake.token });
    expect(removed.status).toBe(204);
  });

  it('reads bodies under their key and names the nested path of every problem, with 422', async () => {
    expectInvalid(await send('POST', '/api/users', { body: { user: { username: 'x y' } } }), {
      'user.username': 'Username has an invalid format.',
      'user.email': 'Email is required.',
      'user.password': 'Password is required.',
    });
    // The fields without their envelope are not read.
    expectInvalid(
      await send('POST', '/api/users', {
        body: { username: 'flat', email: 'flat@example.com', password: 'long enough' },
      }),
      { user: '"user" is required.' },
    );
    expectInvalid(await send('POST', '/api/users', { body: { user: ['not', 'an', 'object'] } }), {
      user: '"user" must be a JSON object.',
    });
    expectInvalid(await send('POST', '/api/users/login', { body: { user: { email: 'jake' } } }), {
      'user.email': 'Email must be an email address.',
      'user.password': 'Password is required.',
    });
    expectInvalid(
      await send('PUT', '/api/articles/how-to-train-your-dragon', {
        token: jake.token,
        body: { article: { title: '', body: 42 } },
      }),
      {
        'article.title': 'Title must not be empty.',
        'article.body': 'Body must be a string.',
      },
    );
    expectInvalid(
      await send('POST', '/api/articles/how-to-train-your-dragon/comments', {
        token: ada.token,
        body: { comment: {} },
      }),
      { 'comment.body': 'Body is required.' },
    );
  });

  it('answers every error status in the project format', async () => {
    expectError(
      await send('POST', '/api/users', { body: '{"user": ' }),
      400,
      'Request body is not valid JSON',
    );
    expectError(
      await send('GET', '/api/articles?limit=0'),
      400,
      '"limit" must be a whole number from 1 to 100',
    );
    expectError(await send('GET', '/api/user'), 401, 'Unauthorized');
    expectError(
      await send('DELETE', '/api/articles/how-to-train-your-dragon', { token: ada.token }),
      403,
      'Forbidden',
    );
    expectError(
      await send('POST', '/api/articles', {
        body: { article: { title: 't', description: 'd', body: 'b' } },
        headers: { origin: 'https://elsewhere.example', cookie: 'x=1' },
      }),
      403,
      'Cross-site request refused',
    );
    expectError(await send('GET', '/api/profiles/nobody'), 404, 'Not found');
    expectError(
      await send('PUT', '/api/user', { token: ada.token, body: { user: { username: 'jake' } } }),
      409,
      'A record with this username already exists',
    );
    expectError(
      await send('POST', '/api/users', { body: `{"user":"${'x'.repeat(1_100_000)}"}` }),
      413,
      'Request body is larger than 1048576 bytes',
    );
    expectError(
      await send('POST', '/api/users', {
        body: 'user=jake',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
      'Content-Type must be application/json',
    );
    expectError(await send('PATCH', '/api/tags'), 405, 'Method not allowed');
    // The log-in's own 401 and 429 follow the format too (the throttle test checks the 429).
    expectError(
      await send('POST', '/api/users/login', {
        body: { user: { email: 'nobody@example.com', password: 'whatever' } },
      }),
      401,
      'Wrong email or password',
    );
  });

  it('lets users delete only their own account; a session of a deleted user is refused', async () => {
    expectError(await send('DELETE', '/api/profiles/ada', { token: jake.token }), 403, 'Forbidden');
    const removed = await send('DELETE', '/api/profiles/ada', { token: ada.token });
    expect([removed.status, removed.text]).toEqual([204, '']);
    expectError(await send('GET', '/api/profiles/ada'), 404, 'Not found');
    // The token is still signed and unexpired, but names no user any more.
    expectError(await send('GET', '/api/user', { token: ada.token }), 401, 'Unauthorized');
    // Her articles went with her (onDelete cascade).
    expect(body(await send('GET', '/api/articles')).articlesCount).toBe(2);
  });

  /**
   * The SQL statements the app printed (APPGEN_LOG_SQL=params) while it answered one list request
   * of Jake's, each with its parameters, and the records of the answer.
   */
  async function statements(
    path: string,
    key = 'articles',
  ): Promise<{ sql: Statement[]; records: Row[] }> {
    const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
    await settle();
    const before = server.output().length;
    const answer = await request(server.url, 'GET', path, undefined, {
      authorization: `Token ${jake.token}`,
    });
    expect(answer.status).toBe(200);
    await settle();
    const sql = server
      .output()
      .slice(before)
      .split('\n')
      .filter((line) => line.startsWith('appgen:sql '))
      .map((line): Statement => {
        const at = line.lastIndexOf(' -- params: ');
        return {
          text: line.slice('appgen:sql '.length, at),
          params: JSON.parse(line.slice(at + ' -- params: '.length)) as unknown[],
        };
      });
    const answered = body(answer)[key];
    // A signed-in request reads its stored session once (table AppgenSession, by the hash of the
    // token's id); the counts below are the route's own statements.
    const session = sql.filter((statement) => statement.text.includes('AppgenSession'));
    expect(session).toHaveLength(1);
    expect(session[0].text).toMatch(/^SELECT/i);
    return {
      sql: sql.filter((statement) => !session.includes(statement)),
      records: Array.isArray(answered) ? (answered as Row[]) : [answered as Row],
    };
  }

  it('reads computed fields with as many SQL statements for 50 articles as for 1', async () => {
    // Not recorded in the transcript: articles made within one millisecond are ordered by their
    // random ids. Still checked against the OpenAPI document, as every request.
    const auth = { authorization: `Token ${jake.token}` };
    for (let i = 2; i <= 50; i++) {
      const written = { article: { title: `Article ${i}`, description: 'd', body: 'b' } };
      expect((await request(server.url, 'POST', '/api/articles', written, auth)).status).toBe(201);
    }
    const count = async (path: string, records: number) => {
      const answered = await statements(path);
      expect(answered.records).toHaveLength(records);
      return answered.sql.length;
    };
    await count('/api/articles?limit=1', 1); // warm-up: connections, prepared statements
    statementCounts.oneArticle = await count('/api/articles?limit=1', 1);
    statementCounts.fiftyArticles = await count('/api/articles?limit=50', 50);
    expect(statementCounts.oneArticle).toBeGreaterThan(0);
    expect(statementCounts.fiftyArticles).toBe(statementCounts.oneArticle);
    const [{ slug }] = (await statements('/api/articles?limit=1')).records;
    await statements(`/api/articles/${slug}`, 'article'); // warm-up: its prepared statement
    statementCounts.articleBySlug = (
      await statements(`/api/articles/${slug}`, 'article')
    ).sql.length;
    statementCounts.comments = (
      await statements(`/api/articles/${slug}/comments`, 'comments')
    ).sql.length;
    if (orm === 'prisma' && database === 'postgresql') {
      // Prisma on PostgreSQL joins the relations of one record and of a list without pages
      // (relationJoins): an article is its statement and the count of its favorites
      // (src/appgen/counts.ts), its comments the article and the comments with their authors. A
      // page reads its relations by one query each (the page, the authors, whether the caller
      // follows them, the tags, whether the caller favorited them, the favorites count, the total).
      expect(statementCounts).toEqual({
        oneArticle: 7,
        fiftyArticles: 7,
        articleBySlug: 2,
        comments: 2,
      });
    }
    if (orm === 'drizzle') {
      // Drizzle reads the computed fields and the author (with its own) in the statement of the
      // records: a list is its page and its count, an article by slug one statement, its comments
      // the article (404 without it) and the page.
      expect(statementCounts).toEqual({
        oneArticle: 2,
        fiftyArticles: 2,
        articleBySlug: 1,
        comments: 2,
      });
    }
  });

  it("counts a page's favorites over that page's articles only, by the index of the links", async () => {
    // Not recorded in the transcript (the order of articles made within one millisecond). Jake
    // favorites the first article of a page of 2 and 30 articles after the page: a count over
    // every link (Prisma's _count joins the page to a count of the whole table) reads all 31
    // links, a count of the page's articles reads one. Both answer the same numbers: the
    // statement itself must name the page's articles, and its plan must find them by the index.
    const auth = { authorization: `Token ${jake.token}` };
    const slugs = (records: Row[]) => records.map((record) => record.slug as string);
    const [first, second] = slugs((await statements('/api/articles?limit=2')).records);
    const later = slugs((await statements('/api/articles?limit=30&offset=2')).records);
    for (const slug of [first, ...later])
      expect(
        (await request(server.url, 'POST', `/api/articles/${slug}/favorite`, {}, auth)).status,
      ).toBe(200);
    const links = Number((await db.rows('SELECT count(*) AS n FROM "_Article_favoritedBy"'))[0].n);
    expect(links).toBeGreaterThanOrEqual(31);

    const page = await statements('/api/articles?limit=2');
    expect(page.records.map((r) => [r.slug, r.favorited, r.favoritesCount])).toEqual([
      [first, true, 1],
      [second, false, 0],
    ]);
    const ids = (
      await db.rows('SELECT "id" FROM "Article" WHERE "slug" IN ($1, $2)', [first, second])
    )
      .map((row) => row.id as string)
      .sort();
    if (orm === 'drizzle') {
      const reading = page.sql.filter((s) => s.text.includes('_Article_favoritedBy'));
      // One statement reads the page with its computed fields: the count is a subquery per
      // article of the page (by its id, correlated), so it reads the links of those articles only.
      expect(reading).toHaveLength(1);
      const [statement] = reading;
      expect(statement.text).toMatch(
        /\(select count\(\*\) from "_Article_favoritedBy" "(\w+)" where "\1"\."A" = "Article"\."id"\)/,
      );
      await expectFoundByIndex(statement, {
        postgresql: /Index Cond: \((\S+\.)?"A" = "Article"\.id\)/,
        sqlite: /SEARCH _r USING (COVERING )?INDEX _Article_favoritedBy\S* \(A=\?\)/,
      });
      return;
    }
    // Every statement that reads the links (the count, and whether the caller is linked) names
    // the page's two articles, but for the page's own statement (Prisma on PostgreSQL joins the
    // links to each article it reads); the count is one of them, with nothing but those two ids.
    const reading = page.sql.filter(
      (s) =>
        s.text.includes('_Article_favoritedBy') &&
        !/\bFROM\s+([`"]\w+[`"]\.)?[`"]Article[`"]/i.test(s.text),
    );
    for (const statement of reading) expect(statement.params).toEqual(expect.arrayContaining(ids));
    const counts = reading.filter((s) => /\bcount\(/i.test(s.text));
    expect(counts).toHaveLength(1);
    const [counting] = counts;
    expect([...counting.params].sort()).toEqual(ids);
    await expectFoundByIndex(counting, {
      postgresql: /Index Cond: \((\S+\.)?"A" = ANY/,
      sqlite: /SEARCH "?_Article_favoritedBy"? USING (COVERING )?INDEX \S+ \(A=\?\)/,
    });
  });

  /**
   * The plan of a statement that reads the links of articles finds them by the index on their
   * article ("A"), not by reading them all (PostgreSQL is kept from a sequential scan, which it
   * prefers on a table this small): the plan's lines match `postgresql` or `sqlite`.
   */
  async function expectFoundByIndex(
    statement: Statement,
    plans: { postgresql: RegExp; sqlite: RegExp },
  ): Promise<void> {
    if (database === 'postgresql') {
      await db.rows('SET enable_seqscan = off');
      const plan = await db.rows(`EXPLAIN ${statement.text}`, statement.params);
      await db.rows('RESET enable_seqscan');
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(plans.postgresql);
    } else {
      const plan = await db.rows(`EXPLAIN QUERY PLAN ${statement.text}`, statement.params);
      expect(plan.map((row) => row.detail).join('\n')).toMatch(plans.sqlite);
    }
  }

  it('answers 201 exactly for the articles it stored, while its database connections are dropped', async () => {
    // Not recorded in the transcript: which requests fail depends on timing. On PostgreSQL a loop
    // terminates every connection of the app to its database (as a failover or an administrator
    // does) while 160 creates with tags, the author and computed fields are sent, 8 at a time.
    // SQLite is a file the app opens itself, with no connection to lose: there the same burst
    // runs without kills, and every create must answer 201.
    const signedUp = await request(server.url, 'POST', '/api/users', {
      user: { username: 'burst', email: 'burst@example.com', password: 'burst secret 123' },
    });
    expect(signedUp.status).toBe(201);
    const auth = { authorization: `Token ${inside(signedUp, 'user').token}` };
    const outputBefore = server.output().length;
    const statuses = new Map<string, number>();
    let sending = true;
    let kills = 0;
    const killer = (async () => {
      while (sending && database === 'postgresql') {
        // From the test's own connection (pg_backend_pid), which is spared.
        const [killed] = await db.rows(
          `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        );
        kills += Number(killed.n);
        // Every 50-150 ms for the first 60 answers (many connections die while in use), then
        // every 150-450 ms: often enough to fall between a write and the reads of its answer
        // many times in a burst, rarely enough that many creates still get through.
        const pause = statuses.size < 60 ? 50 + Math.random() * 100 : 150 + Math.random() * 300;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    })();
    const titles = Array.from({ length: 160 }, (_, i) => `Burst ${i}`);
    const answered = new Map<string, Row>();
    /** The body of each answer other than 201, for the message of a failure. */
    const refusals = new Map<string, string>();
    const queue = [...titles];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let title = queue.shift(); title !== undefined; title = queue.shift()) {
          const tagList = ['burst', `burst-${title.length % 3}`];
          const written = {
            article: { title, description: 'd', body: `body of ${title}`, tagList },
          };
          // Plain fetch: the contract check of `request` reads the OpenAPI document, which a
          // dropped connection does not touch but the check's own timing would slow the burst.
          const response = await fetch(`${server.url}/api/articles`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify(written),
            // A request that never ends (a pool with no connection left) fails the test here.
            signal: AbortSignal.timeout(60_000),
          });
          const answer = (await response.json()) as Row;
          statuses.set(title, response.status);
          if (response.status === 201) answered.set(title, answer.article as Row);
          else refusals.set(title, JSON.stringify(answer));
        }
      }),
    );
    sending = false;
    await killer;
    const stored = (
      await db.rows(`SELECT "title" FROM "Article" WHERE "title" LIKE 'Burst %'`)
    ).map((row) => row.title as string);
    const byStatus = (status: number) => titles.filter((title) => statuses.get(title) === status);
    const failed = titles.filter((title) => statuses.get(title) !== 201);
    // Every answer is 201 or a generic 500, and 201 exactly for the articles stored.
    // (Each with its status, so a failure says which answer it was.)
    expect(
      failed
        .filter((title) => statuses.get(title) !== 500)
        .map((title) => `${title}: ${String(statuses.get(title))} ${refusals.get(title)}`),
    ).toEqual([]);
    expect(byStatus(201).sort()).toEqual([...stored].sort());
    // The 201s answered the article as written: its tags, its author, its counts.
    for (const [title, article] of answered)
      expect(article).toMatchObject({
        title,
        tagList: ['burst', `burst-${title.length % 3}`].sort(),
        favorited: false,
        favoritesCount: 0,
        author: { username: 'burst', following: false },
      });
    if (database === 'postgresql') {
      // The kills hit the burst (else the test proved nothing), and some creates still succeeded.
      expect(kills).toBeGreaterThan(0);
      expect(failed.length).toBeGreaterThan(0);
      expect(byStatus(201).length).toBeGreaterThan(0);
    } else expect(failed).toEqual([]);
    // A connection the database closed is logged and discarded, never an uncaught exception
    // (which would end any Node.js host but Next.js' own server).
    expect(server.output().slice(outputBefore)).not.toMatch(/uncaught|unhandled/i);
    const after = await request(server.url, 'GET', '/api/articles?limit=1');
    expect(after.status).toBe(200);
  });

  it('creates whose new tags overlap, sent at once in other orders, all answer 201', async () => {
    // Eight creates at once, each making new tags another one makes too, in another order: one
    // may meet a tag another request created first on each of its runs, or a deadlock between two
    // such writes (with Prisma, which inserts the tags one by one: 29 of 80 answered 409 in ten
    // such rounds when such a write ran at most twice). Five rounds, new tags each.
    const signedUp = await request(server.url, 'POST', '/api/users', {
      user: { username: 'overlap', email: 'overlap@example.com', password: 'overlap secret 123' },
    });
    expect(signedUp.status).toBe(201);
    const auth = { authorization: `Token ${inside(signedUp, 'user').token}` };
    const lists = [
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'a'],
      ['a'],
      ['b'],
      ['c'],
      ['a', 'b', 'c'],
      ['c', 'b'],
    ];
    const failures: string[] = [];
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        lists.map(async (list, i) => {
          const tagList = list.map((letter) => `overlap-${round}-${letter}`);
          const title = `Overlap ${round} ${i}`;
          const response = await request(
            server.url,
            'POST',
            '/api/articles',
            { article: { title, description: 'd', body: 'b', tagList } },
            auth,
          );
          return { title, tagList, response };
        }),
      );
      for (const { title, tagList, response } of answers)
        if (response.status !== 201)
          failures.push(`${title}: ${response.status} ${JSON.stringify(response.body)}`);
        else expect(inside(response, 'article').tagList).toEqual([...tagList].sort());
    }
    expect(failures).toEqual([]);
    // Each tag once.
    const tags = await db.rows(`SELECT "name" FROM "Tag" WHERE "name" LIKE 'overlap-%'`);
    expect(tags.length).toBe(15);
  });

  it('counts failed log-ins in the database: on PostgreSQL, two instances of the build share the count', async () => {
    // A second `next start` of the same build on the same database takes every other attempt;
    // SQLite is the file of one process, where the one instance must count the same way.
    const second = database === 'postgresql' ? await startBuiltApp(app.dir, app.env) : null;
    try {
      const throttle = {
        urls: [server.url, ...(second ? [second.url] : [])],
        db,
        path: '/api/users/login',
        logIn: (email: string, password: string) => ({ user: { email, password } }),
        perIdentity: 5,
      };
      // Jake's account, locked for good: this is the last test of the case.
      const account = { identity: 'jake@example.com', password: 'jake secret 123', burst: 20 };
      const checked = await identityLimitOverInstances(throttle, account);
      const on = `${throttle.urls.length} instance(s), ${orm} on ${database}`;
      console.log(`20 log-ins at once on ${on}: ${checked} password checks (limit 5)`);
    } finally {
      await second?.stop();
    }
  });

  it('pages by cursor through ties of the sort field both ways, losing and repeating no article', async () => {
    const pager = await signUp('pager');
    const slugs = ['pager-1', 'pager-2', 'pager-3', 'pager-4', 'pager-5', 'pager-6', 'pager-7'];
    for (const [i] of slugs.entries()) {
      const written = { article: { title: `Pager ${i + 1}`, description: 'd', body: 'b' } };
      expect(
        (await send('POST', '/api/articles', { body: written, token: pager.token })).status,
      ).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Known ids in another order than the articles were made (the order of ties), and three times
    // shared by 3, 2 and 2 articles: pager-1..3 at the time of pager-1, 4..5 of 4, 6..7 of 6.
    const idOf = [5, 2, 7, 1, 4, 6, 3];
    for (const [i, slug] of slugs.entries())
      await db.run('UPDATE "Article" SET "id" = $1 WHERE "slug" = $2', [
        `00000000-0000-4000-8000-00000000000${idOf[i]}`,
        slug,
      ]);
    for (const [first, last] of [
      [1, 3],
      [4, 5],
      [6, 7],
    ])
      for (let n = first + 1; n <= last; n++)
        await db.run(
          'UPDATE "Article" SET "createdAt" = (SELECT "createdAt" FROM "Article" WHERE "slug" = $1) WHERE "slug" = $2',
          [`pager-${first}`, `pager-${n}`],
        );
    const oldestFirst = [
      'pager-2',
      'pager-1',
      'pager-3',
      'pager-4',
      'pager-5',
      'pager-7',
      'pager-6',
    ];
    const newestFirst = [
      'pager-7',
      'pager-6',
      'pager-4',
      'pager-5',
      'pager-2',
      'pager-1',
      'pager-3',
    ];
    const mine = `authorId=${pager.user.id}`;
    /**
     * Every page of the enveloped list, following "next" until it is null; then back from the last
     * page, following "prev" until it is null, which must give the same pages in reverse.
     */
    const walk = async (query: string) => {
      const pages: string[][] = [];
      const path = `/api/article-pages?${mine}${query}`;
      const read = async (cursor: string | null) => {
        const answer = await send('GET', cursor === null ? path : `${path}&cursor=${cursor}`, {
          record: ['x-total-count', 'link'],
        });
        expect(answer.status).toBe(200);
        expect(Object.keys(body(answer))).toEqual(['articles', 'articlesCount', 'next', 'prev']);
        expect(body(answer).articlesCount).toBe(7);
        return {
          slugs: rows(answer).map((row) => row.slug as string),
          next: body(answer).next as string | null,
          prev: body(answer).prev as string | null,
        };
      };
      let page = await read(null);
      expect(page.prev).toBeNull();
      pages.push(page.slugs);
      while (page.next !== null && pages.length < 10) {
        expect(page.next).toMatch(/^[A-Za-z0-9_-]+$/);
        page = await read(page.next);
        pages.push(page.slugs);
      }
      const back: string[][] = [page.slugs];
      while (page.prev !== null && back.length < 10) {
        page = await read(page.prev);
        back.unshift(page.slugs);
      }
      expect(back).toEqual(pages);
      return pages.flat();
    };
    expect(await walk('&sort=createdAt&limit=2')).toEqual(oldestFirst);
    expect(await walk('&sort=-createdAt&limit=2')).toEqual(newestFirst);
    expect(await walk('')).toEqual(newestFirst); // the default sort, pages of 3
    expect(await walk('&sort=createdAt&limit=1')).toEqual(oldestFirst);
    expect(await walk('&sort=createdAt&limit=7')).toEqual(oldestFirst);
    // A bare list: the next page's URL in the Link header, none on the last page.
    const pages: string[][] = [];
    const linked = (link: string | null, rel: string) =>
      link === null ? null : (new RegExp(`<([^>]+)>; rel="${rel}"`).exec(link)?.[1] ?? null);
    let link: string | null = `</api/article-slugs?${mine}&sort=-createdAt>; rel="next"`;
    while (linked(link, 'next') !== null && pages.length < 10) {
      const answer = await send('GET', linked(link, 'next') as string, {
        record: ['x-total-count', 'link'],
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-total-count')).toBe('7');
      pages.push(answer.body as string[]);
      link = answer.headers.get('link');
    }
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
    expect(pages.flat()).toEqual(newestFirst);
    // The last page links the one before it (rel="prev") and no next.
    expect(link).toMatch(/^<[^>]+>; rel="prev"$/);
    const before = await send('GET', linked(link, 'prev') as string);
    expect(before.body).toEqual(pages[2]);
    // A filter combines with the cursor: another author has no article after it.
    const first = await send('GET', `/api/article-pages?${mine}&sort=createdAt&limit=3`);
    const cursor = body(first).next as string;
    const other = await send(
      'GET',
      `/api/article-pages?authorId=${MISSING}&cursor=${cursor}&sort=createdAt`,
    );
    expect(other.body).toEqual({
      articles: [],
      articlesCount: 0,
      next: null,
      prev: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
    });
    // Mistakes are 400s that say what to do.
    const notOurs =
      'the "next" or "prev" of a page unchanged, or leave "cursor" out for the first page';
    expectError(
      await send('GET', `/api/article-pages?${mine}&sort=-createdAt&cursor=${cursor}`),
      400,
      '"cursor" belongs to sort=createdAt, and this request asks for sort=-createdAt: ask with the sort of the page that gave it, or leave "cursor" out to start again',
    );
    expectError(
      await send('GET', `/api/article-pages?${mine}&cursor=${cursor}`),
      400,
      '"cursor" belongs to sort=createdAt, and this request asks for sort=-createdAt: ask with the sort of the page that gave it, or leave "cursor" out to start again',
    );
    for (const bad of [
      'nope!',
      'bm9wZQ',
      Buffer.from('{"s":"createdAt","v":1,"i":"00000000-0000-4000-8000-000000000001"}').toString(
        'base64url',
      ),
      Buffer.from(
        '{"s":"createdAt","v":"2020-02-30T00:00:00Z","i":"00000000-0000-4000-8000-000000000001"}',
      ).toString('base64url'),
      Buffer.from('{"s":"createdAt","v":"2020-01-01T00:00:00Z","i":"x"}').toString('base64url'),
    ])
      expectError(
        await send(
          'GET',
          `/api/article-pages?${mine}&sort=createdAt&cursor=${encodeURIComponent(bad)}`,
        ),
        400,
        `"cursor" is not one this list gave: send ${notOurs}`,
      );
    expectError(
      await send('GET', `/api/article-pages?${mine}&cursor=${cursor}&offset=3`),
      400,
      'Unknown query parameter "offset" (allowed: authorId, sort, limit, cursor)',
    );
  });
});

describe('examples/publishing answers', () => {
  it('never a password hash or a password text', () => {
    for (const lines of transcripts.values())
      for (const line of lines) expect(line).not.toMatch(/\$scrypt\$|secret 123/);
  });

  it('the same bytes with every ORM and database', () => {
    const recorded = [...transcripts.entries()];
    if (recorded.length < 2) return; // some cases were filtered out (jest -t)
    const [[, first], ...rest] = recorded;
    for (const [name, lines] of rest) expect({ name, lines }).toEqual({ name, lines: first });
  });
});
