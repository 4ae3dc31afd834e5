import fs from 'fs';
import path from 'path';
import { createRequire } from 'module';
import { expectError } from './support/assertions';
import { request } from './support/http';
import { REPO_ROOT } from './support/paths';
import { RunningServer, startBuiltApp } from './support/server';
import { copyFixtureSources, createTestProject, TestProject } from './support/testProject';
import { handMadeJwt, TEST_SESSION_SECRET } from './support/tokens';
import { defaultDatabaseFile, ORMS, type Orm } from './support/orms';
import { itemTranscript } from './support/transcript';
import { openAppDatabase } from './support/appDatabase';

jest.setTimeout(300_000);

const FIXTURE = path.join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'semantics');
const MISSING = '00000000-0000-4000-8000-000000000000';

interface Session {
  token: string;
  userId: string;
  cookie: string;
}

// Auth, voters, validation, events, functions, redirects and error mapping (issue: route
// semantics), over HTTP against a built app on SQLite, for each ORM. The user-owned functions
// that query the database are the ORM's own (fixtures/semantics/orm/<orm>/src replaces them).
/** Each ORM's answers to the same conversation, compared after both ran (see the end of the file). */
const transcripts: Partial<Record<Orm, string[]>> = {};

describe.each(ORMS)('route semantics (orm %s)', (orm) => {
  let project: TestProject;
  let server: RunningServer;
  let base: string;
  let ada: Session;
  let bob: Session;
  const bearer = (s: Session) => ({ authorization: `Bearer ${s.token}` });
  const events = () =>
    fs.existsSync(path.join(project.dir, 'events.log'))
      ? fs
          .readFileSync(path.join(project.dir, 'events.log'), 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l))
      : [];

  async function signUp(name: string, email: string): Promise<Session> {
    expect((await request(base, 'POST', '/api/users', { name, email })).status).toBe(201);
    const response = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; userId: string };
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
    return { ...body, cookie };
  }

  beforeAll(async () => {
    project = await createTestProject(`semantics-${orm}`, { orm, configFrom: FIXTURE });
    copyFixtureSources(FIXTURE, project.dir, orm);
    await project.appgen(['build']);
    server = await startBuiltApp(project.dir, project.env);
    base = server.url;
    ada = await signUp('Ada', 'ada@example.com');
    bob = await signUp('Bob', 'bob@example.com');
  });

  afterAll(async () => {
    await server?.stop();
  });

  describe('authentication', () => {
    it('answers 401 without a token and 200 with a valid Bearer token or session cookie', async () => {
      expectError(await request(base, 'GET', `/api/users/${ada.userId}`), 401, 'Unauthorized');
      expect(
        (await request(base, 'GET', `/api/users/${ada.userId}`, undefined, bearer(ada))).status,
      ).toBe(200);
      expect(
        (await request(base, 'GET', `/api/users/${ada.userId}`, undefined, { cookie: ada.cookie }))
          .status,
      ).toBe(200);
    });

    it('sets an HTTP-only session cookie at login', async () => {
      const response = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ada@example.com' }),
      });
      expect(response.headers.get('set-cookie')).toMatch(
        /^appgen_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/,
      );
    });

    it('refuses forged, expired and unsigned tokens', async () => {
      const now = Math.floor(Date.now() / 1000);
      const forged = handMadeJwt(
        { sub: ada.userId, iss: 'appgen', iat: now, exp: now + 600 },
        'not-the-secret-not-the-secret-not-the-secret',
      );
      const expired = handMadeJwt(
        { sub: ada.userId, iss: 'appgen', iat: now - 7200, exp: now - 3600 },
        TEST_SESSION_SECRET,
      );
      const unsigned = handMadeJwt(
        { sub: ada.userId, iss: 'appgen', iat: now, exp: now + 600 },
        '',
        'none',
      );
      const valid = handMadeJwt(
        { sub: ada.userId, iss: 'appgen', iat: now, exp: now + 600 },
        TEST_SESSION_SECRET,
      );
      for (const token of [forged, expired, unsigned, 'garbage']) {
        expectError(
          await request(base, 'GET', `/api/users/${ada.userId}`, undefined, {
            authorization: `Bearer ${token}`,
          }),
          401,
          'Unauthorized',
        );
      }
      expect(
        (
          await request(base, 'GET', `/api/users/${ada.userId}`, undefined, {
            authorization: `Bearer ${valid}`,
          })
        ).status,
      ).toBe(200);
    });

    it("refuses the still unexpired token of a deleted user, with the check getAuthUser's comment offers", async () => {
      const dee = await signUp('Dee', 'dee@example.com');
      expect(
        (await request(base, 'GET', `/api/users/${ada.userId}`, undefined, bearer(dee))).status,
      ).toBe(200);
      const Database = createRequire(path.join(project.dir, 'package.json'))('better-sqlite3');
      const db = new Database(defaultDatabaseFile(project.dir, orm));
      db.prepare('DELETE FROM "User" WHERE "id" = ?').run(dee.userId);
      db.close();
      expectError(
        await request(base, 'GET', `/api/users/${ada.userId}`, undefined, bearer(dee)),
        401,
        'Unauthorized',
      );
      expectError(
        await request(base, 'GET', `/api/users/${ada.userId}`, undefined, { cookie: dee.cookie }),
        401,
        'Unauthorized',
      );
    });

    it('checks authentication before anything else (no 400 for a bad id without a token)', async () => {
      expectError(await request(base, 'GET', '/api/users/not-a-uuid'), 401, 'Unauthorized');
      expectError(await request(base, 'POST', '/api/notes', { title: 'x' }), 401, 'Unauthorized');
    });
  });

  describe('voters', () => {
    let note: { id: string; title: string; ownerId: string };

    beforeAll(async () => {
      const created = await request(
        base,
        'POST',
        '/api/notes',
        { title: 'Ada note', ownerId: ada.userId },
        bearer(ada),
      );
      expect(created.status).toBe(201);
      note = created.body as typeof note;
    });

    it('self: another user gets 403 and the record is unchanged; the user gets 200', async () => {
      expectError(
        await request(base, 'PATCH', `/api/users/${ada.userId}`, { name: 'Mallory' }, bearer(bob)),
        403,
        'Forbidden',
      );
      expect(
        (
          (await request(base, 'GET', `/api/users/${ada.userId}`, undefined, bearer(ada))).body as {
            name: string;
          }
        ).name,
      ).toBe('Ada');
      const own = await request(
        base,
        'PATCH',
        `/api/users/${ada.userId}`,
        { name: 'Ada L.' },
        bearer(ada),
      );
      expect(own.status).toBe(200);
      expect((own.body as { name: string }).name).toBe('Ada L.');
    });

    it('owner:ownerId: only the owner may change the note', async () => {
      expectError(
        await request(
          base,
          'PATCH',
          `/api/notes/${note.id}`,
          { title: 'Bob was here' },
          bearer(bob),
        ),
        403,
        'Forbidden',
      );
      expect(
        (
          (await request(base, 'GET', `/api/notes/${note.id}`, undefined, bearer(ada))).body as {
            title: string;
          }
        ).title,
      ).toBe('Ada note');
      expect(
        (
          await request(
            base,
            'PATCH',
            `/api/notes/${note.id}`,
            { title: 'Ada note 2' },
            bearer(ada),
          )
        ).status,
      ).toBe(200);
    });

    it('a custom voter sees the record: a locked note is not deleted', async () => {
      const locked = (
        await request(
          base,
          'POST',
          '/api/notes',
          { title: 'locked note', ownerId: bob.userId },
          bearer(bob),
        )
      ).body as { id: string };
      expectError(
        await request(base, 'DELETE', `/api/notes/${locked.id}`, undefined, bearer(bob)),
        403,
        'Forbidden',
      );
      expect(
        (await request(base, 'GET', `/api/notes/${locked.id}`, undefined, bearer(bob))).status,
      ).toBe(200);
    });

    it('answers 404 for a missing record before asking the voter', async () => {
      expectError(
        await request(base, 'PATCH', `/api/notes/${MISSING}`, { title: 'nope' }, bearer(ada)),
        404,
        'Not found',
      );
      expectError(
        await request(
          base,
          'PUT',
          `/api/notes/${MISSING}`,
          { title: 'nope', ownerId: ada.userId },
          bearer(ada),
        ),
        404,
        'Not found',
      );
    });
  });

  describe('body validation', () => {
    const valid = { must: 'x' };
    it('accepts a body that passes every validator and returns the declared fields only', async () => {
      const body = {
        ...valid,
        email: 'a@b.co',
        site: 'https://example.com/x',
        ref: MISSING,
        tag: 'abc123',
        low: 'abc',
        up: 'ABC',
        nick: 'abc',
        code: 'ABC',
        kind: 'draft',
        name: 'n',
        size: 5,
        ratio: 0.5,
        when: '2999-01-01T00:00:00.000Z',
        past: '2000-01-01T00:00:00.000Z',
        flag: true,
        level: 'low',
        id: MISSING,
        data: { any: ['json', 1] },
        extra: 'dropped',
      };
      const response = await request(base, 'POST', '/api/checks', body);
      expect(response.status).toBe(200);
      const { extra, ...declared } = body;
      void extra;
      expect(response.body).toEqual(declared);
    });

    it.each([
      ['required', { must: undefined }, /^Must is required/],
      ['isEmail', { email: 'nope' }, /^Email must be an email address/],
      ['isUrl', { site: 'ftp://x' }, /^Site must be an http or https URL/],
      ['isUuid', { ref: '123' }, /^Ref must be a UUID/],
      ['isAlphanumeric', { tag: 'a-b' }, /^Tag must contain only letters and digits/],
      ['isLowercase', { low: 'aB' }, /^Low must be lower case/],
      ['isUppercase', { up: 'Ab' }, /^Up must be upper case/],
      ['minLength', { nick: 'a' }, /^Nick must be at least 2 characters long/],
      ['maxLength', { nick: 'abcdef' }, /^Nick must be at most 5 characters long/],
      ['matches', { code: 'abc' }, /^Code has an invalid format/],
      ['isIn', { kind: 'other' }, /^Kind must be one of draft, published/],
      ['notEmpty', { name: ' ' }, /^Name must not be empty/],
      ['min', { size: 0 }, /^Size must be at least 1/],
      ['max', { size: 11 }, /^Size must be at most 10/],
      ['int type', { size: 1.5 }, /^Size must be a whole number/],
      ['isPositive', { ratio: -1 }, /^Ratio must be positive/],
      ['isFuture', { when: '2000-01-01T00:00:00Z' }, /^When must be in the future/],
      ['isPast', { past: '2999-01-01T00:00:00Z' }, /^Past must be in the past/],
      ['datetime type', { when: 'tomorrow' }, /^When must be an ISO 8601 date/],
      ['boolean type', { flag: 'yes' }, /^Flag must be true or false/],
      ['enum type', { level: 'mid' }, /^Level must be one of low, high/],
      ['uuid type', { id: 'x' }, /^Id must be a UUID/],
      ['string type', { email: 5 }, /^Email must be a string/],
    ])(
      'answers 400 for %s, the sentence under the field it is about',
      async (_name, fields, message) => {
        const response = await request(base, 'POST', '/api/checks', { ...valid, ...fields });
        const [name] = Object.keys(fields);
        expect(response.status).toBe(400);
        const body = response.body as { error: string; fields: Record<string, string> };
        expect(Object.keys(body)).toEqual(['error', 'fields']);
        expect(body.fields).toEqual({ [name]: expect.stringMatching(message) });
        expect(body.error).toBe(body.fields[name]);
        expect(body.error).toMatch(/\.$/);
      },
    );

    it('names every failing field in one message, and each in `fields`', async () => {
      const response = await request(base, 'POST', '/api/checks', { email: 'x', size: 99 });
      expect([response.status, response.body]).toEqual([
        400,
        {
          error: 'Email must be an email address. Size must be at most 10. Must is required.',
          fields: {
            email: 'Email must be an email address.',
            size: 'Size must be at most 10.',
            must: 'Must is required.',
          },
        },
      ]);
    });

    it('answers 400 for malformed JSON, 415 for another content type, 413 for a body over 1 MiB', async () => {
      expectError(await request(base, 'POST', '/api/checks', '{"must": '), 400, /not valid JSON/);
      expectError(
        await request(base, 'POST', '/api/checks', 'must=x', { 'content-type': 'text/plain' }),
        415,
      );
      expectError(await request(base, 'POST', '/api/checks', { must: 'x'.repeat(1_100_000) }), 413);
    });
  });

  describe('database errors', () => {
    it('answers 409 for a duplicate unique value', async () => {
      expectError(
        await request(base, 'POST', '/api/users', { name: 'Ada again', email: 'ada@example.com' }),
        409,
        /already exists/,
      );
    });

    it('PUT replaces: an optional field absent from the body is cleared', async () => {
      const created = (
        await request(
          base,
          'POST',
          '/api/notes',
          { title: 'with body', body: 'text', ownerId: ada.userId },
          bearer(ada),
        )
      ).body as { id: string };
      const replaced = await request(
        base,
        'PUT',
        `/api/notes/${created.id}`,
        { title: 'replaced', ownerId: ada.userId },
        bearer(ada),
      );
      expect(replaced.status).toBe(200);
      expect(replaced.body).toMatchObject({ title: 'replaced', body: null });
    });
  });

  describe('events', () => {
    // Events run by the outbox's worker soon after the write's answer: wait for them.
    async function eventsOf(id: string, count: number): Promise<Array<{ operation: string }>> {
      const deadline = Date.now() + 20_000;
      const of = () => events().filter((event: { id: string }) => event.id === id);
      while (of().length < count && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      return of();
    }
    /** The rows of the outbox (AppgenEvent), read from the app's database. */
    async function outboxRows(): Promise<number> {
      const db = await openAppDatabase(project.dir, orm);
      try {
        return (await db.rows('select count(*) as n from "AppgenEvent"'))[0].n as number;
      } finally {
        await db.close();
      }
    }

    it('run once soon after a successful write, with the record; a failing event does not fail the write', async () => {
      const created = await request(base, 'POST', '/api/users', {
        name: 'Cy',
        email: 'cy@example.com',
      });
      expect(created.status).toBe(201);
      expect(await eventsOf((created.body as { id: string }).id, 1)).toEqual([
        {
          event: 'userCreated',
          operation: 'create',
          id: (created.body as { id: string }).id,
          userId: null,
        },
      ]);
    });

    it('are not recorded for a failed or denied write', async () => {
      const before = await outboxRows();
      expect(
        (await request(base, 'POST', '/api/users', { name: 'Bad', email: 'bad' })).status,
      ).toBe(400);
      expect(
        (await request(base, 'POST', '/api/users', { name: 'Dup', email: 'cy@example.com' }))
          .status,
      ).toBe(409);
      const locked = (
        await request(
          base,
          'POST',
          '/api/notes',
          { title: 'locked again', ownerId: ada.userId },
          bearer(ada),
        )
      ).body as { id: string };
      const created = await outboxRows();
      expect(
        (await request(base, 'DELETE', `/api/notes/${locked.id}`, undefined, bearer(ada))).status,
      ).toBe(403);
      // Note creates fire no event: nothing recorded for the refused writes.
      expect([created, await outboxRows()]).toEqual([before, before]);
    });

    it('run for update and delete with the affected record and the user', async () => {
      const note = (
        await request(
          base,
          'POST',
          '/api/notes',
          { title: 'short-lived', ownerId: ada.userId },
          bearer(ada),
        )
      ).body as { id: string };
      expect(
        (await request(base, 'PATCH', `/api/notes/${note.id}`, { title: 'renamed' }, bearer(ada)))
          .status,
      ).toBe(200);
      expect(
        (await request(base, 'DELETE', `/api/notes/${note.id}`, undefined, bearer(ada))).body,
      ).toEqual({ success: true });
      // The worker runs a few events at once: in any order.
      const ran = await eventsOf(note.id, 2);
      expect(ran.sort((a, b) => a.operation.localeCompare(b.operation))).toEqual([
        { event: 'noteChanged', operation: 'delete', id: note.id, userId: ada.userId },
        { event: 'noteChanged', operation: 'update', id: note.id, userId: ada.userId },
      ]);
    });
  });

  describe('functions, redirects, CSRF', () => {
    it('returns a function route result as JSON', async () => {
      const response = await request(base, 'GET', '/api/stats');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ users: expect.any(Number), notes: expect.any(Number) });
      expect((response.body as { users: number }).users).toBeGreaterThanOrEqual(3);
    });

    it('redirects with 303 to the configured path after a write', async () => {
      const response = await request(base, 'POST', '/api/feedback', { message: 'great' });
      expect(response.status).toBe(303);
      expect(new URL(response.headers.get('location') ?? '', base).pathname).toBe('/thanks');
      expect(fs.readFileSync(path.join(project.dir, 'feedback.log'), 'utf8')).toBe('great\n');
    });

    it('refuses a cookie-authenticated write from another origin, allows same-origin', async () => {
      const note = { title: 'csrf', ownerId: ada.userId };
      expectError(
        await request(base, 'POST', '/api/notes', note, {
          cookie: ada.cookie,
          origin: 'https://evil.example',
        }),
        403,
        'Cross-site request refused',
      );
      expect(
        (await request(base, 'POST', '/api/notes', note, { cookie: ada.cookie, origin: base }))
          .status,
      ).toBe(201);
    });
  });

  describe('every field type', () => {
    it('creates, reads, lists, updates, replaces and deletes records of every type, with the same errors', async () => {
      transcripts[orm] = await itemTranscript(base);
      // Spot checks here; the comparison of the whole transcript across ORMs is below.
      expect(transcripts[orm]?.[0]).toBe(
        'POST /api/items -> 201 {"id":"<id1>","label":"full","count":3,"ratio":0.25,"done":true,"due":"2030-01-02T03:04:05.678Z","meta":{"tags":["a",1,null],"nested":{"ok":true,"a":1}},"level":"high","ownerId":null,"createdAt":"<now>"}',
      );
      expect(transcripts[orm]?.[3]).toBe(
        'POST /api/items -> 409 {"error":"A record with this label already exists"}',
      );
      // An optional field's NULLs sort last ascending and first descending, as on PostgreSQL.
      const labels = (query: string) =>
        [
          ...(
            transcripts[orm]?.find((line) => line.startsWith(`GET /api/items${query} `)) ?? ''
          ).matchAll(/"label":"(\w+)"/g),
        ].map((match) => match[1]);
      expect(labels('?level=high&sort=ratio')).toEqual(['Zeta', 'full']);
      expect(labels('?level=high&sort=-ratio')).toEqual(['full', 'Zeta']);
    });
  });

  describe('regeneration', () => {
    it('keeps user-owned files', async () => {
      await project.appgen(['generate']);
      for (const file of ['functions/login.ts', 'voters/notLocked.ts', 'events/userCreated.ts']) {
        const ormFile = path.join(FIXTURE, 'orm', orm, 'src', file);
        const fixture = fs.existsSync(ormFile) ? ormFile : path.join(FIXTURE, 'src', file);
        expect(fs.readFileSync(path.join(project.dir, 'src', file), 'utf8')).toBe(
          fs.readFileSync(fixture, 'utf8'),
        );
      }
    });
  });

  describe('a list without pages', () => {
    it('answers at most 1000 records however many there are', async () => {
      const listed = async () => (await request(base, 'GET', '/api/users')).body as unknown[];
      const missing = 1001 - (await listed()).length;
      for (let start = 0; start < missing; start += 25) {
        const batch = Array.from({ length: Math.min(25, missing - start) }, (_, i) =>
          request(base, 'POST', '/api/users', {
            name: 'Many',
            email: `many${start + i}@example.com`,
          }),
        );
        expect((await Promise.all(batch)).map((r) => r.status)).toEqual(batch.map(() => 201));
      }
      expect((await listed()).length).toBe(1000);
    });
  });

  describe('security headers', () => {
    it('come with pages, API answers, redirects and errors', async () => {
      const expected = {
        'x-frame-options': 'DENY',
        'content-security-policy': "frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
      };
      const answers = [
        ['GET', '/thanks', 200],
        ['GET', '/api/stats', 200],
        ['GET', `/api/users/${MISSING}`, 401],
        ['POST', '/api/feedback', 303],
        ['GET', '/no-such-page', 404],
      ] as const;
      for (const [method, url, status] of answers) {
        const response = await request(
          base,
          method,
          url,
          method === 'POST' ? { message: 'headers' } : undefined,
        );
        expect([
          method,
          url,
          response.status,
          Object.fromEntries(
            Object.keys(expected).map((name) => [name, response.headers.get(name)]),
          ),
        ]).toEqual([method, url, status, expected]);
      }
    });
  });

  // Last: it breaks the database on purpose.
  describe('when the database fails', () => {
    beforeAll(() => {
      const Database = createRequire(path.join(project.dir, 'package.json'))('better-sqlite3');
      const db = new Database(defaultDatabaseFile(project.dir, orm));
      db.exec('DROP TABLE "Note"');
      db.close();
    });

    it('answers 401 without touching the database on an auth route', async () => {
      expectError(await request(base, 'GET', `/api/notes/${MISSING}`), 401, 'Unauthorized');
    });

    it('answers 500 "Internal server error" without details', async () => {
      expectError(
        await request(base, 'GET', `/api/notes/${MISSING}`, undefined, bearer(ada)),
        500,
        'Internal server error',
      );
      // Logged with the method and the path, not the query.
      expect(server.output()).toContain(`[appgen] unexpected error in GET /api/notes/${MISSING}:`);
    });
  });
});

// The spec's "same observable behaviour": status codes and bodies, byte for byte.
describe('prisma and drizzle', () => {
  it('answer the same conversation with the same statuses and the same bytes', () => {
    if (!transcripts.prisma || !transcripts.drizzle) return; // one of them was filtered out (jest -t)
    expect(transcripts.drizzle).toEqual(transcripts.prisma);
  });
});
