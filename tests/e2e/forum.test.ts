import fs from 'fs';
import path from 'path';
import { expectError, expectInvalidBody } from './support/assertions';
import { request } from './support/http';
import { REPO_ROOT } from './support/paths';
import { RunningServer, startBuiltApp } from './support/server';
import { ORMS } from './support/orms';
import { createTestProject, TestProject } from './support/testProject';

jest.setTimeout(300_000);

const EXAMPLE = path.join(REPO_ROOT, 'examples', 'forum');
// The example's functions use the Prisma client; the Drizzle run uses these twins instead.
const DRIZZLE_FUNCTIONS = path.join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'forum-drizzle');
const MISSING = '00000000-0000-4000-8000-000000000000';

interface Member {
  id: string;
  cookie: string;
}

type Row = Record<string, unknown>;

// examples/forum over HTTP on the embedded SQLite database, with each ORM: relations, nested
// routes, hidden fields, list queries (filters, sort, pages, count), sign-up and log-in, an
// ownership voter, onDelete restrict and cascade.
describe.each(ORMS)('examples/forum with orm %s', (orm) => {
  let project: TestProject;
  let server: RunningServer;
  let base: string;
  let ada: Member;
  let bob: Member;
  const as = (member: Member) => ({ cookie: member.cookie });
  const rows = (body: unknown) => body as Row[];

  async function signup(name: string, email: string): Promise<Member> {
    const response = await request(base, 'POST', '/api/signup', {
      name,
      email,
      password: 'correct horse',
    });
    expect(response.status).toBe(201);
    return {
      id: (response.body as Row).id as string,
      cookie: (response.headers.get('set-cookie') ?? '').split(';')[0],
    };
  }

  async function post(member: Member, title: string, status: 'draft' | 'published'): Promise<Row> {
    // Apart in time, so that the order by creation time is certain.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await request(
      base,
      'POST',
      '/api/posts',
      { title, body: `About ${title}`, status },
      as(member),
    );
    expect(response.status).toBe(201);
    return response.body as Row;
  }

  beforeAll(async () => {
    project = await createTestProject(`forum-${orm}`, { orm, configFrom: EXAMPLE });
    fs.writeFileSync(path.join(project.dir, 'appgen.config.json'), JSON.stringify({ orm }));
    fs.cpSync(
      path.join(orm === 'prisma' ? EXAMPLE : DRIZZLE_FUNCTIONS, 'src'),
      path.join(project.dir, 'src'),
      { recursive: true },
    );
    await project.appgen(['build']);
    server = await startBuiltApp(project.dir, project.env);
    base = server.url;
    ada = await signup('Ada', 'ada@example.com');
    bob = await signup('Bob', 'bob@example.com');
    for (const [title, status] of [
      ['One', 'published'],
      ['Two', 'draft'],
      ['Three', 'published'],
      ['Four', 'published'],
    ] as const)
      await post(ada, title, status);
    await post(bob, 'Bob writes', 'published');
  });

  afterAll(async () => {
    await server?.stop();
  });

  describe('hidden fields and sign-in', () => {
    it("never sends a hidden field, in lists, single records or a function's answer", async () => {
      const users = await request(base, 'GET', '/api/users');
      expect(rows(users.body).map((u) => Object.keys(u).sort())).toEqual([
        ['createdAt', 'email', 'id', 'name'],
        ['createdAt', 'email', 'id', 'name'],
      ]);
      expect(
        Object.keys((await request(base, 'GET', `/api/users/${ada.id}`)).body as Row),
      ).not.toContain('passwordHash');
    });

    it('logs in with the password the hidden field keeps (and refuses a wrong one)', async () => {
      expect(
        (
          await request(base, 'POST', '/api/login', {
            email: 'ada@example.com',
            password: 'correct horse',
          })
        ).status,
      ).toBe(200);
      expectError(
        await request(base, 'POST', '/api/login', {
          email: 'ada@example.com',
          password: 'wrong horse!',
        }),
        401,
        'Wrong email or password',
      );
    });

    it('answers a taken email with 409', async () => {
      expect(
        (
          await request(base, 'POST', '/api/signup', {
            name: 'Ada 2',
            email: 'ada@example.com',
            password: 'correct horse',
          })
        ).status,
      ).toBe(409);
    });
  });

  describe('list queries', () => {
    it('filters by field values and sorts, newest first by default', async () => {
      const published = await request(base, 'GET', '/api/posts?status=published');
      expect(rows(published.body).map((p) => p.title)).toEqual([
        'Bob writes',
        'Four',
        'Three',
        'One',
      ]);
      expect(published.headers.get('x-total-count')).toBe('4');
      const oldest = await request(base, 'GET', `/api/posts?authorId=${ada.id}&sort=createdAt`);
      expect(rows(oldest.body).map((p) => p.title)).toEqual(['One', 'Two', 'Three', 'Four']);
    });

    it('pages with limit and offset, counting every match in X-Total-Count', async () => {
      const first = await request(base, 'GET', '/api/posts?sort=createdAt&limit=2');
      const second = await request(base, 'GET', '/api/posts?sort=createdAt&limit=2&offset=2');
      const third = await request(base, 'GET', '/api/posts?sort=createdAt&limit=2&offset=4');
      expect([first, second, third].map((r) => rows(r.body).map((p) => p.title))).toEqual([
        ['One', 'Two'],
        ['Three', 'Four'],
        ['Bob writes'],
      ]);
      expect(first.headers.get('x-total-count')).toBe('5');
    });

    it("uses the route's page size without ?limit", async () => {
      for (let i = 0; i < 11; i++) await post(bob, `Extra ${i}`, 'draft');
      const page = await request(base, 'GET', `/api/posts?authorId=${bob.id}`);
      expect(rows(page.body)).toHaveLength(10);
      expect(page.headers.get('x-total-count')).toBe('12');
    });

    it.each([
      ['?limit=0', '"limit" must be a whole number from 1 to 50'],
      ['?limit=51', '"limit" must be a whole number from 1 to 50'],
      ['?offset=-1', '"offset" must be a whole number from 0'],
      ['?status=secret', 'Query parameter "status" must be one of draft, published'],
      ['?authorId=42', 'Query parameter "authorId" must be a UUID'],
      [
        '?sort=title',
        '"sort" must be one or more of createdAt, comma-separated (with "-" in front for descending)',
      ],
      ['?status[gte]=draft', 'Query parameter "status[gte]": "status" cannot be compared with gte'],
      [
        '?title=One',
        'Unknown query parameter "title" (allowed: status, authorId, sort, limit, offset)',
      ],
    ])('answers a bad query (%s) with 400 and says why', async (query, message) => {
      expectError(await request(base, 'GET', `/api/posts${query}`), 400, message);
    });

    it('refuses ?limit on a list without pages', async () => {
      expectError(
        await request(base, 'GET', '/api/tags?limit=5'),
        400,
        'Unknown query parameter "limit" (allowed: sort)',
      );
    });
  });

  describe('nested routes', () => {
    it('lists the posts of one user, and 404s for a user that does not exist', async () => {
      const posts = await request(base, 'GET', `/api/users/${ada.id}/posts?status=published`);
      expect(rows(posts.body).map((p) => p.title)).toEqual(['Four', 'Three', 'One']);
      expect(rows(posts.body).every((p) => p.authorId === ada.id)).toBe(true);
      expectError(await request(base, 'GET', `/api/users/${MISSING}/posts`), 404, 'User not found');
    });

    it('creates a comment linked to its post, 404s for a missing post, and finds a comment only under its own post', async () => {
      const [adaPost, bobPost] = [
        rows((await request(base, 'GET', `/api/posts?authorId=${ada.id}`)).body)[0],
        rows((await request(base, 'GET', `/api/posts?authorId=${bob.id}`)).body)[0],
      ];
      const created = await request(base, 'POST', `/api/posts/${adaPost.id}/comments`, {
        content: 'Nice',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ postId: adaPost.id, content: 'Nice', authorId: null });
      const comment = created.body as Row;
      expectError(
        await request(base, 'POST', `/api/posts/${MISSING}/comments`, { content: 'Lost' }),
        404,
        'Post not found',
      );
      expect(
        (await request(base, 'GET', `/api/posts/${adaPost.id}/comments/${comment.id}`)).body,
      ).toMatchObject({ id: comment.id });
      expectError(
        await request(base, 'GET', `/api/posts/${bobPost.id}/comments/${comment.id}`),
        404,
        'Not found',
      );
      const listed = await request(base, 'GET', `/api/posts/${adaPost.id}/comments`);
      expect(rows(listed.body).map((c) => c.id)).toEqual([comment.id]);
      expect(listed.headers.get('x-total-count')).toBe('1');
    });

    it('shares one dynamic folder between /api/posts/:id and /api/posts/:postId/comments', async () => {
      const adaPost = rows((await request(base, 'GET', `/api/posts?authorId=${ada.id}`)).body)[0];
      expect((await request(base, 'GET', `/api/posts/${adaPost.id}`)).body).toMatchObject({
        id: adaPost.id,
      });
      expect(
        fs.existsSync(
          path.join(project.dir, 'src/app/api/posts/[id]/comments/[commentsId]/route.ts'),
        ),
      ).toBe(true);
    });
  });

  describe('included relations', () => {
    it('sends the records a route includes (a belongsTo as an object, hasMany and manyToMany as arrays), their hidden fields and the private e-mail left out', async () => {
      const listed = rows(
        (await request(base, 'GET', `/api/posts?authorId=${ada.id}&limit=1`)).body,
      )[0];
      // The accounts model's identity (email) is private: an included user goes without it.
      expect(listed.author).toEqual({
        id: ada.id,
        name: 'Ada',
        createdAt: expect.any(String),
      });
      expect(listed).not.toHaveProperty('comments');
      await request(base, 'POST', `/api/posts/${listed.id}/comments`, { content: 'Included' });
      const single = (await request(base, 'GET', `/api/posts/${listed.id}`)).body as Row;
      // The same key order with both ORMs: the record's fields, then the included relations in the route's order.
      expect(Object.keys(single)).toEqual([
        'id',
        'authorId',
        'title',
        'body',
        'status',
        'createdAt',
        'author',
        'comments',
        'tags',
      ]);
      expect(Object.keys(single.author as Row)).toEqual(['id', 'name', 'createdAt']);
      expect((single.comments as Row[]).map((c) => c.content)).toContain('Included');
      expect(single.tags).toEqual([]);
    });
  });

  describe('tags: links of a manyToMany relation written by routes (uuid[])', () => {
    const tags: Record<string, string> = {};
    let postId: string;
    const tagNames = async (id: string) =>
      (((await request(base, 'GET', `/api/posts/${id}`)).body as Row).tags as Row[])
        .map((t) => t.name)
        .sort();
    const patch = (body: unknown) => request(base, 'PATCH', `/api/posts/${postId}`, body, as(ada));

    beforeAll(async () => {
      expectError(
        await request(base, 'POST', '/api/tags', { name: 'anonymous' }),
        401,
        'Unauthorized',
      );
      for (const name of ['news', 'help', 'meta']) {
        const created = await request(base, 'POST', '/api/tags', { name }, as(ada));
        expect(created.status).toBe(201);
        tags[name] = (created.body as Row).id as string;
      }
      postId = rows(
        (await request(base, 'GET', `/api/posts?authorId=${ada.id}&sort=createdAt`)).body,
      )[0].id as string;
    });

    it('PATCH with tags links the post to them, and GET (include tags) shows them', async () => {
      const patched = await patch({ tags: [tags.news, tags.help, tags.news] });
      expect(patched.status).toBe(200);
      expect(patched.body).not.toHaveProperty('tags');
      expect(await tagNames(postId)).toEqual(['help', 'news']);
    });

    it('PATCH with another list replaces the links; without tags it keeps them', async () => {
      expect((await patch({ tags: [tags.meta] })).status).toBe(200);
      expect(await tagNames(postId)).toEqual(['meta']);
      expect((await patch({ title: 'Tagged' })).body).toMatchObject({ title: 'Tagged' });
      expect(await tagNames(postId)).toEqual(['meta']);
    });

    it('answers 409 naming a tag id that does not exist, and changes nothing', async () => {
      expectError(
        await patch({ title: 'Lost', tags: [tags.news, MISSING] }),
        409,
        `Tag not found: ${MISSING}`,
      );
      expect(((await request(base, 'GET', `/api/posts/${postId}`)).body as Row).title).toBe(
        'Tagged',
      );
      expect(await tagNames(postId)).toEqual(['meta']);
    });

    it.each([
      [{ tags: 'news' }, 'Tags must be a list of UUIDs.'],
      [{ tags: ['news'] }, 'Tags must be a list of UUIDs.'],
      [{ tags: { news: true } }, 'Tags must be a list of UUIDs.'],
      [{ tags: null }, 'Tags is required.'],
    ])('answers tags that are not a list of UUIDs with 400 (%j)', async (body, message) => {
      expectInvalidBody(await patch(body), { tags: message });
    });

    it('a new post takes tags too (createPost, a function route, checks them with requireRecords)', async () => {
      const created = await request(
        base,
        'POST',
        '/api/posts',
        { title: 'Tagged at birth', body: 'Hello', tags: [tags.help] },
        as(bob),
      );
      expect(created.status).toBe(201);
      expect(await tagNames((created.body as Row).id as string)).toEqual(['help']);
      expectError(
        await request(
          base,
          'POST',
          '/api/posts',
          { title: 'Lost', body: 'Hello', tags: [MISSING] },
          as(bob),
        ),
        409,
        `Tag not found: ${MISSING}`,
      );
      expectInvalidBody(
        await request(
          base,
          'POST',
          '/api/posts',
          { title: 'Bad', body: 'Hello', tags: 'help' },
          as(bob),
        ),
        { tags: 'Tags must be a list of UUIDs.' },
      );
    });
  });

  describe('ownership and deletes', () => {
    it('lets only the author change a post (owner voter)', async () => {
      const adaPost = rows((await request(base, 'GET', `/api/posts?authorId=${ada.id}`)).body)[0];
      expectError(
        await request(base, 'PATCH', `/api/posts/${adaPost.id}`, { title: 'Hijacked' }, as(bob)),
        403,
        'Forbidden',
      );
      expectError(
        await request(base, 'PATCH', `/api/posts/${adaPost.id}`, { title: 'Hijacked' }),
        401,
        'Unauthorized',
      );
      expect(
        (await request(base, 'PATCH', `/api/posts/${adaPost.id}`, { title: 'Edited' }, as(ada)))
          .body,
      ).toMatchObject({ title: 'Edited' });
    });

    it('refuses to delete a user who still has posts (onDelete restrict); deleting a post deletes its comments (cascade)', async () => {
      expectError(
        await request(base, 'DELETE', `/api/users/${ada.id}`, undefined, as(ada)),
        409,
        'A related record does not exist or is still referenced',
      );
      const adaPosts = rows(
        (await request(base, 'GET', `/api/users/${ada.id}/posts?limit=50`)).body,
      );
      expect(adaPosts.length).toBe(4);
      const commented = adaPosts[0];
      const comment = (
        await request(base, 'POST', `/api/posts/${commented.id}/comments`, {
          content: 'Goes with its post',
        })
      ).body as Row;
      for (const adaPost of adaPosts)
        expect(
          (await request(base, 'DELETE', `/api/posts/${adaPost.id}`, undefined, as(ada))).status,
        ).toBe(200);
      expectError(
        await request(base, 'GET', `/api/posts/${commented.id}/comments`),
        404,
        'Post not found',
      );
      expectError(
        await request(base, 'GET', `/api/posts/${commented.id}/comments/${comment.id}`),
        404,
        'Not found',
      );
      expect(
        (await request(base, 'DELETE', `/api/users/${ada.id}`, undefined, as(ada))).status,
      ).toBe(200);
      expectError(await request(base, 'GET', `/api/users/${ada.id}/posts`), 404, 'User not found');
      expect(
        (await request(base, 'GET', '/api/posts?status=published')).headers.get('x-total-count'),
      ).toBe('1');
    });
  });
});
