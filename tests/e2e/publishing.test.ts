import fs from 'fs';
import path from 'path';
import { openAppDatabase, type AppDatabase } from './support/appDatabase';
import type { JsonResponse } from './support/http';
import { REPO_ROOT } from './support/paths';
import { createTestDatabase, postgresAvailable } from './support/postgres';
import { RecordingClient } from './support/recordingClient';
import { RunningServer, startBuiltApp } from './support/server';
import { createTestProject } from './support/testProject';

jest.setTimeout(300_000);

const EXAMPLE = path.join(REPO_ROOT, 'examples', 'publishing');
// The example's log-in function uses the Prisma client; the Drizzle runs use this twin instead.
const DRIZZLE_FUNCTIONS = path.join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'publishing-drizzle');
const MISSING = '00000000-0000-4000-8000-000000000000';
// The example's settings: every error as { "errors": { "body": [...] } }, 422 for an invalid body.
const SETTINGS = JSON.parse(fs.readFileSync(path.join(EXAMPLE, 'appgen.config.json'), 'utf8'));
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

type Row = Record<string, unknown>;

/** An error answer in the example's format: exactly `{ "errors": { "body": [...messages] } }`. */
function expectError(response: JsonResponse, status: number, ...messages: string[]): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: { errors: { body: messages } },
  });
}
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
const transcripts = new Map<string, string[]>();

// examples/publishing over HTTP, with no function but log-in: records named by a slug or a
// username, parents named by a slug, the author set from the session, the caller's own record,
// optional sign-in, favorites and follows (a manyToMany of User with itself), a partial PUT and a
// 204; bodies and answers in envelopes ({ "user": ... }, { "articles": [...], "articlesCount" })
// and errors as { "errors": { "body": [...] } } with 422 for an invalid body, from config alone.
// Every ORM and database must answer the same conversation byte for byte.
describe.each(CASES)('examples/publishing with %s on %s', (orm, database) => {
  let server: RunningServer;
  let db: AppDatabase;
  let dropDatabase: (() => Promise<void>) | undefined;
  const client = new RecordingClient(() => server.url);
  const send = client.send.bind(client);
  let jake: Member;
  let ada: Member;
  let article: Row;
  const body = (response: JsonResponse) => response.body as Row;
  /** The record an answer holds under its envelope key. */
  const inside = (response: JsonResponse, key: string) => body(response)[key] as Row;
  const links = async (table: string, column: string, id: unknown) =>
    Number(
      (await db.rows(`SELECT count(*) AS n FROM "${table}" WHERE "${column}" = $1`, [id]))[0].n,
    );

  async function signUp(username: string): Promise<Member> {
    const created = await send('POST', '/api/users', {
      body: {
        user: { username, email: `${username}@example.com`, password: `${username} secret 123` },
      },
    });
    expect(created.status).toBe(201);
    const login = await send('POST', '/api/users/login', {
      body: { user: { email: `${username}@example.com`, password: `${username} secret 123` } },
    });
    expect(login.status).toBe(200);
    const user = inside(created, 'user');
    // The log-in function answers the same envelope by hand, with the token.
    expect(inside(login, 'user')).toEqual({
      email: user.email,
      username,
      bio: user.bio,
      image: user.image,
      token: expect.any(String),
    });
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
    const project = await createTestProject(`publishing-${orm}-${database}`, {
      orm,
      configFrom: EXAMPLE,
      env,
    });
    fs.writeFileSync(
      path.join(project.dir, 'appgen.config.json'),
      JSON.stringify({ ...SETTINGS, orm }),
    );
    const functions = path.join(orm === 'prisma' ? EXAMPLE : DRIZZLE_FUNCTIONS, 'src');
    fs.cpSync(functions, path.join(project.dir, 'src'), { recursive: true });
    await project.appgen(['build']);
    server = await startBuiltApp(project.dir, project.env);
    db = await openAppDatabase(project.dir, orm, env.DATABASE_URL);
  });

  afterAll(async () => {
    transcripts.set(`${orm} on ${database}`, client.lines);
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
    expect(stored.password).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[\w-]+\$[\w-]+$/);
    expect(String(stored.password)).not.toContain('jake secret 123');
    ada = await signUp('ada');
    expectError(
      await send('POST', '/api/users', {
        body: { user: { username: 'jake', email: 'other@example.com', password: 'long enough' } },
      }),
      409,
      'A record with this username already exists',
    );
    expectError(
      await send('POST', '/api/users', {
        body: { user: { username: 'short', email: 'short@example.com', password: 'short' } },
      }),
      422,
      '"user.password" must be at least 8 characters long',
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
        'Wrong e-mail or password',
      );
  });

  it('answers the signed-in user their own record, and 401 to anyone else', async () => {
    const own = await send('GET', '/api/user', { token: jake.token });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ user: jake.user });
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
      },
    });
    expect(Date.parse(inside(updated, 'user').updatedAt as string)).toBeGreaterThan(
      Date.parse(jake.user.updatedAt as string),
    );
    jake.user = inside(updated, 'user');
    const password = await send('PUT', '/api/user', {
      token: ada.token,
      body: { user: { password: 'ada new secret' } },
    });
    expect(password.status).toBe(200);
    expect(inside(password, 'user')).not.toHaveProperty('password');
    const login = await send('POST', '/api/users/login', {
      body: { user: { email: 'ada@example.com', password: 'ada new secret' } },
    });
    expect(login.status).toBe(200);
    ada.user = inside(password, 'user');
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
    expect(article).toEqual({
      id: expect.any(String),
      slug: 'how-to-train-your-dragon',
      title: 'How to train your dragon',
      description: 'Ever wonder how?',
      body: 'You have to believe',
      authorId: jake.user.id,
      createdAt: expect.stringMatching(TIME),
      updatedAt: article.createdAt,
      author: jake.user,
      tags: [],
    });
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
      expect(favorited.body).toEqual({ article });
    }
    expect(await links('_Article_favoritedBy', 'B', ada.user.id)).toBe(1);
    expect(await send('POST', path, { token: jake.token })).toMatchObject({ status: 200 });
    // Jake's unfavorite removes Jake's link only: nobody can remove another user's favorite.
    expect(await send('DELETE', path, { token: jake.token })).toMatchObject({ status: 200 });
    expect(await send('DELETE', path, { token: jake.token })).toMatchObject({ status: 200 });
    expect(await links('_Article_favoritedBy', 'A', article.id)).toBe(1);
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
    expect(followed.body).toEqual({ profile: jake.user });
    await send('POST', '/api/profiles/jake/follow', { token: ada.token });
    // jake's followers hold ada: the record's id in one column, the follower's in the other.
    const rows = await db.rows('SELECT "A", "B" FROM "_User_followers"');
    expect(rows).toEqual([{ A: jake.user.id, B: ada.user.id }]);
    const unfollowed = await send('DELETE', '/api/profiles/jake/follow', { token: ada.token });
    expect([unfollowed.status, unfollowed.body]).toEqual([200, { profile: jake.user }]);
    expect(await db.rows('SELECT "A" FROM "_User_followers"')).toEqual([]);
    expectError(
      await send('POST', '/api/profiles/nobody/follow', { token: ada.token }),
      404,
      'Not found',
    );
  });

  it('serves a profile to anyone, but refuses a token that is not valid', async () => {
    expect((await send('GET', '/api/profiles/jake')).body).toEqual({ profile: jake.user });
    expect((await send('GET', '/api/profiles/jake', { token: ada.token })).body).toEqual({
      profile: jake.user,
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
    expect(comment).toEqual({
      id: expect.any(String),
      body: 'Thank you so much!',
      articleId: article.id,
      authorId: ada.user.id,
      createdAt: expect.stringMatching(TIME),
      updatedAt: comment.createdAt,
      author: ada.user,
    });
    const listed = await send('GET', path);
    expect([listed.status, listed.body]).toEqual([200, { comments: [comment] }]);
    expect(listed.headers.get('x-total-count')).toBeNull();
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

  it('deletes a comment only through its own article, and only by its author', async () => {
    const [comment] = inside(
      await send('GET', '/api/articles/how-to-train-your-dragon/comments'),
      'comments',
    ) as unknown as Row[];
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
    expect((body(listed).articles as Row[]).map((row) => row.slug)).toEqual([
      'ca-va-zoe',
      'how-to-train-your-dragon-3',
    ]);
    const last = await send('GET', '/api/articles?limit=2&offset=2');
    expect((body(last).articles as Row[]).map((row) => row.slug)).toEqual([
      'how-to-train-your-dragon-2',
      'how-to-train-your-dragon',
    ]);
    expect(body(last).articlesCount).toBe(4);
    const filtered = await send('GET', `/api/articles?limit=1&authorId=${ada.user.id}`);
    expect([(body(filtered).articles as Row[]).length, body(filtered).articlesCount]).toEqual([
      1, 3,
    ]);
    const none = await send('GET', `/api/articles?authorId=${MISSING}`);
    expect(none.body).toEqual({ articles: [], articlesCount: 0 });
  });

  it('reads bodies under their key and names the nested path of every problem, with 422', async () => {
    expectError(
      await send('POST', '/api/users', { body: { user: { username: 'x y' } } }),
      422,
      '"user.username" has an invalid format',
      '"user.email" is required',
      '"user.password" is required',
    );
    // The fields without their envelope are not read.
    expectError(
      await send('POST', '/api/users', {
        body: { username: 'flat', email: 'flat@example.com', password: 'long enough' },
      }),
      422,
      '"user" is required',
    );
    expectError(
      await send('POST', '/api/users', { body: { user: ['not', 'an', 'object'] } }),
      422,
      '"user" must be a JSON object',
    );
    expectError(
      await send('POST', '/api/users/login', { body: { user: { email: 'jake' } } }),
      422,
      '"user.email" must be an email address',
      '"user.password" is required',
    );
    expectError(
      await send('PUT', '/api/articles/how-to-train-your-dragon', {
        token: jake.token,
        body: { article: { title: '', body: 42 } },
      }),
      422,
      '"article.title" must not be empty',
      '"article.body" must be a string',
    );
    expectError(
      await send('POST', '/api/articles/how-to-train-your-dragon/comments', {
        token: ada.token,
        body: { comment: {} },
      }),
      422,
      '"comment.body" is required',
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
    // A route function's own errors (jsonError) follow the format too.
    expectError(
      await send('POST', '/api/users/login', {
        body: { user: { email: 'nobody@example.com', password: 'whatever' } },
      }),
      401,
      'Wrong e-mail or password',
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
    expect(body(await send('GET', '/api/articles')).articlesCount).toBe(1);
  });
});

describe('examples/publishing answers', () => {
  it('the same bytes with every ORM and database', () => {
    const recorded = [...transcripts.entries()];
    if (recorded.length < 2) return; // some cases were filtered out (jest -t)
    const [[, first], ...rest] = recorded;
    for (const [name, lines] of rest) expect({ name, lines }).toEqual({ name, lines: first });
  });
});
