import { expectError, expectInvalidBody } from './assertions';
import { request } from './http';

/**
 * The database-backed behaviour of the starter project's routes, run unchanged against every
 * ORM and database. `base()` is read lazily because the server starts in beforeAll.
 */
/**
 * `serverOutput`: what the server has printed so far, for the checks of its log (a refusal names
 * the rule that decided).
 */
export function describeApi(base: () => string, serverOutput: () => string): void {
  let created: { id: string; name: string; email: string; createdAt: string };

  /** Signs a new account up (POST /api/signup); its id and the Authorization header of its token. */
  async function signUp(name: string): Promise<{ id: string; auth: Record<string, string> }> {
    const email = `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const answer = await request(base(), 'POST', '/api/signup', {
      name,
      email,
      password: 'correct horse battery',
    });
    expect(answer.status).toBe(201);
    const { id, token } = answer.body as { id: string; token: string };
    return { id, auth: { authorization: `Bearer ${token}` } };
  }

  it('lists no users at first', async () => {
    const response = await request(base(), 'GET', '/api/users');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('creates a user with a generated id and createdAt (201)', async () => {
    const before = Date.now();
    const response = await request(base(), 'POST', '/api/users', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    expect(response.status).toBe(201);
    created = response.body as typeof created;
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      createdAt: expect.any(String),
    });
    expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('lists the created user', async () => {
    const response = await request(base(), 'GET', '/api/users');
    expect(response.body).toEqual([created]);
  });

  it('gets the user by id', async () => {
    const response = await request(base(), 'GET', `/api/users/${created.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created);
  });

  it('answers 404 { error: "Not found" } for an unknown id', async () => {
    expectError(
      await request(base(), 'GET', '/api/users/00000000-0000-4000-8000-000000000000'),
      404,
      'Not found',
    );
  });

  it('answers 400 (not 500) for an id that is not a uuid', async () => {
    expectError(await request(base(), 'GET', '/api/users/not-a-uuid'), 400, /"id".*UUID/);
    const prober = await signUp('prober');
    const injected = '/api/users/1%27%20OR%201=1';
    expectError(await request(base(), 'DELETE', injected, undefined, prober.auth), 400, /"id"/);
  });

  it('answers 400 for a body that is not JSON', async () => {
    expectError(
      await request(base(), 'POST', '/api/users', '{"name": "x",'),
      400,
      /not valid JSON/,
    );
  });

  it('answers 400 naming the field for each broken rule', async () => {
    const post = (body: unknown) => request(base(), 'POST', '/api/users', body);
    expectInvalidBody(await post({ name: 'No Email' }), { email: 'Email is required.' });
    expectInvalidBody(await post({ name: 'Empty', email: '  ' }), {
      email: 'Email must not be empty and must be an email address.',
    });
    expectInvalidBody(await post({ name: 'Bad', email: 'not-an-email' }), {
      email: 'Email must be an email address.',
    });
    expectInvalidBody(await post({ name: 42, email: 'x@example.com' }), {
      name: 'Name must be a string.',
    });
  });

  it('answers 400 when a create would violate the model (required name missing)', async () => {
    expectInvalidBody(
      await request(base(), 'POST', '/api/users', { email: 'noname@example.com' }),
      {
        name: 'Name is required.',
      },
    );
  });

  it('answers 400 for a JSON body that is not an object, and 415 for another content type', async () => {
    expectInvalidBody(
      await request(base(), 'POST', '/api/users', [1, 2]),
      {},
      'The body must be a JSON object.',
    );
    expectError(
      await request(base(), 'POST', '/api/users', 'name=x', {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      415,
    );
  });

  it('ignores undeclared body fields: no mass assignment of id or createdAt', async () => {
    const response = await request(base(), 'POST', '/api/users', {
      name: 'Eve',
      email: 'eve@example.com',
      id: '11111111-1111-4111-8111-111111111111',
      createdAt: '2000-01-01T00:00:00.000Z',
      admin: true,
    });
    expect(response.status).toBe(201);
    const body = response.body as Record<string, unknown>;
    expect(body.id).not.toBe('11111111-1111-4111-8111-111111111111');
    expect(body.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect(body).not.toHaveProperty('admin');
  });

  // Issue 49, item 5: a signed-out visitor could delete any user. Only that user, signed in, may.
  it('deletes a user only for that user signed in: 401 signed out, 403 as another, then 200 and 404', async () => {
    const owner = await signUp('owner');
    const other = await signUp('other');
    const path = `/api/users/${owner.id}`;
    expectError(await request(base(), 'DELETE', path), 401, 'Unauthorized');
    expectError(await request(base(), 'DELETE', path, undefined, other.auth), 403, 'Forbidden');
    // The client reads "Forbidden"; the server's log names the rule, where it is written, and whom.
    expect(serverOutput()).toMatch(
      new RegExp(
        `\\[appgen\\] 403 DELETE ${path}: config/routes/users\\.json routes\\[\\d+\\]\\.voter "self" refused user ${other.id}`,
      ),
    );
    expect((await request(base(), 'GET', path)).status).toBe(200);
    const response = await request(base(), 'DELETE', path, undefined, owner.auth);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expectError(await request(base(), 'GET', path), 404, 'Not found');
    // The account's sessions went with it (stored sessions): its token signs no one in.
    expectError(await request(base(), 'DELETE', path, undefined, owner.auth), 401, 'Unauthorized');
  });

  it('keeps a user added without a password (POST /api/users): nobody can sign in as it', async () => {
    const path = `/api/users/${created.id}`;
    expectError(await request(base(), 'DELETE', path), 401, 'Unauthorized');
    expect((await request(base(), 'GET', path)).body).toEqual(created);
  });
}
