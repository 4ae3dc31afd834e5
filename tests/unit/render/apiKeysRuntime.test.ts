import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { evaluateModule } from '../support/typescriptSource';

// src/appgen/apiKeys.ts (API keys, issue 53) against an in-memory table: what a row keeps (never
// the key), who a key signs in, read-only keys, lastUsedAt every 5 minutes, listing and revoking
// one's own keys only. The e2e suite pages-blog.test.ts runs it on the four ORM x database pairs.

type Row = {
  id: string;
  keyHash: string;
  userId: string;
  name: string;
  readOnly: boolean;
  routes: string | null;
  hint: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
};

type ApiKeys = {
  apiKeyOf(token: string | null, fromHeader: boolean): string | null;
  apiKeyUser(key: string, request: Request): Promise<string | null>;
  createApiKey(
    userId: string,
    asked: { name: string; readOnly?: boolean; routes?: string[]; expiresInDays?: number },
  ): Promise<Response>;
  listApiKeys(userId: string): Promise<Response>;
  revokeApiKey(userId: string, id: string): Promise<Response>;
};

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const SOURCE = fs.readFileSync(path.join(BUILTIN_TEMPLATES_DIR, 'src/appgen/apiKeys.ts'), 'utf8');
const MINUTE = 60_000;

/** The module with a table in memory (the route checked the session: its key functions take the user's id). */
function apiKeysModule() {
  const rows: Row[] = [];
  const calls = { find: 0, used: 0 };
  const apiKeyRows = {
    add: async (row: Row) => {
      rows.push({ ...row });
    },
    find: async (keyHash: string) => {
      calls.find++;
      return rows.find((row) => row.keyHash === keyHash) ?? null;
    },
    used: async (id: string, time: Date) => {
      calls.used++;
      const row = rows.find((r) => r.id === id);
      if (row) row.lastUsedAt = time;
    },
    listOf: async (userId: string) =>
      rows
        .filter((row) => row.userId === userId)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()),
    remove: async (userId: string, id: string) => {
      const index = rows.findIndex((row) => row.userId === userId && row.id === id);
      if (index >= 0) rows.splice(index, 1);
      return index >= 0;
    },
  };
  const http = {
    HttpError,
    json: (data: unknown, status = 200) => Response.json(data, { status }),
    jsonError: (status: number, error: string) => Response.json({ error }, { status }),
    invalidBody: (problems: string[], fields: Record<string, string>) =>
      Response.json({ error: problems.join(' '), fields }, { status: 400 }),
    noContent: () => new Response(null, { status: 204 }),
  };
  const apiKeys = evaluateModule('apiKeys.ts', SOURCE, {
    'node:crypto': crypto,
    './apiKeyRows': { apiKeyRows },
    // The hash and the cadence of lastUsedAt are the stored sessions' (src/appgen/sessions.ts).
    './sessions': {
      tokenHashOf: (text: string) => crypto.createHash('sha256').update(text).digest('hex'),
      SEEN_EVERY_MS: 5 * MINUTE,
    },
    './http': http,
    // The app's routes, as its OpenAPI document lists them.
    './openapi': {
      openApiDocument: {
        paths: {
          '/api/posts': { get: {}, post: {} },
          '/api/posts/{id}': { get: {}, patch: {} },
        },
      },
    },
  }) as ApiKeys;
  return { apiKeys, rows, calls };
}

/** A request an API key is presented with (apiKeyUser checks its method and path). */
const requestOf = (method = 'POST', path = '/api/keys') =>
  new Request(`http://localhost${path}`, { method });

let now = Date.parse('2026-11-30T10:00:00Z');
beforeEach(() => {
  now = Date.parse('2026-11-30T10:00:00Z');
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

async function created(
  apiKeys: ApiKeys,
  user: string,
  name: string,
  readOnly = false,
  routes?: string[],
) {
  const answer = await apiKeys.createApiKey(user, { name, readOnly, routes });
  expect(answer.status).toBe(201);
  return (await answer.json()) as Record<string, unknown> & { key: string; id: string };
}

it('answers the key once and keeps only its SHA-256, with the name, hint and owner', async () => {
  const { apiKeys, rows } = apiKeysModule();
  const body = await created(apiKeys, 'u1', '  deploy script ');
  expect(body.key).toMatch(/^agk_[A-Za-z0-9_-]{43}$/);
  expect(body).toMatchObject({
    name: 'deploy script',
    readOnly: false,
    routes: null,
    hint: body.key.slice(-4),
    lastUsedAt: null,
    expiresAt: null,
  });
  expect(rows).toHaveLength(1);
  expect(rows[0].keyHash).toBe(crypto.createHash('sha256').update(body.key).digest('hex'));
  expect(JSON.stringify(rows)).not.toContain(body.key);
  // The list never holds the key.
  const list = await (await apiKeys.listApiKeys('u1')).json();
  const { key: _key, ...info } = body;
  expect(list).toEqual([info]);
});

it('wants a name (the route checked the session)', async () => {
  const { apiKeys, rows } = apiKeysModule();
  const blank = await apiKeys.createApiKey('u1', { name: '   ' });
  expect(blank.status).toBe(400);
  expect(await blank.json()).toMatchObject({
    fields: { name: 'Name must be 1 to 100 characters.' },
  });
  expect((await apiKeys.createApiKey('u1', { name: 'x'.repeat(101) })).status).toBe(400);
  expect(rows).toHaveLength(0);
});

it('signs its owner in until the key expires, when it was created with days to live', async () => {
  const { apiKeys, rows, calls } = apiKeysModule();
  const answer = await apiKeys.createApiKey('u1', { name: 'ci', expiresInDays: 30 });
  expect(answer.status).toBe(201);
  const { key, expiresAt } = (await answer.json()) as { key: string; expiresAt: string };
  const expiry = now + 30 * 24 * 60 * MINUTE;
  expect(expiresAt).toBe(new Date(expiry).toISOString());
  expect(rows[0].expiresAt?.getTime()).toBe(expiry);
  now = expiry - 1;
  expect(await apiKeys.apiKeyUser(key, requestOf('GET'))).toBe('u1');
  // From its expiry on it signs no one in, as an unknown key: no use is noted.
  now = expiry;
  const used = calls.used;
  expect(await apiKeys.apiKeyUser(key, requestOf('GET'))).toBeNull();
  expect(calls.used).toBe(used);
  // The owner still sees it in the list, with its expiry, until they revoke it.
  const list = (await (await apiKeys.listApiKeys('u1')).json()) as Array<{ expiresAt: string }>;
  expect(list.map((info) => info.expiresAt)).toEqual([expiresAt]);
});

it('takes 1 to 3650 days to live; anything else is a 400 naming the field', async () => {
  const { apiKeys, rows } = apiKeysModule();
  for (const days of [0, -1, 3651, 1.5]) {
    const refused = await apiKeys.createApiKey('u1', { name: 'x', expiresInDays: days });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      fields: { expiresInDays: 'Expires in days must be a whole number from 1 to 3650.' },
    });
  }
  expect(rows).toHaveLength(0);
  for (const days of [1, 3650])
    await apiKeys.createApiKey('u1', { name: 'x', expiresInDays: days });
  expect(rows.map((row) => (row.expiresAt!.getTime() - now) / (24 * 60 * MINUTE))).toEqual([
    1, 3650,
  ]);
});

it('signs its owner in with one read, noting its use at most every 5 minutes', async () => {
  const { apiKeys, rows, calls } = apiKeysModule();
  const { key } = await created(apiKeys, 'u1', 'ci');
  expect(await apiKeys.apiKeyUser(key, requestOf('PATCH'))).toBe('u1');
  expect(rows[0].lastUsedAt?.getTime()).toBe(now);
  now += 4 * MINUTE;
  expect(await apiKeys.apiKeyUser(key, requestOf('GET'))).toBe('u1');
  expect(calls).toEqual({ find: 2, used: 1 });
  now += 2 * MINUTE;
  await apiKeys.apiKeyUser(key, requestOf('GET'));
  expect(calls.used).toBe(2);
  expect(await apiKeys.apiKeyUser(`${key}x`, requestOf('GET'))).toBeNull();
  expect(await apiKeys.apiKeyUser('agk_unknown', requestOf('GET'))).toBeNull();
});

it('lets a read-only key read only: another method is a 403, not a sign-in', async () => {
  const { apiKeys } = apiKeysModule();
  const { key } = await created(apiKeys, 'u1', 'dashboard', true);
  expect(await apiKeys.apiKeyUser(key, requestOf('GET'))).toBe('u1');
  expect(await apiKeys.apiKeyUser(key, requestOf('HEAD'))).toBe('u1');
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
    const refused = apiKeys.apiKeyUser(key, requestOf(method));
    await expect(refused).rejects.toMatchObject({
      status: 403,
      message: 'This API key may only read (GET).',
    });
  }
});

it('takes a key only from the Authorization header, by its prefix', () => {
  const { apiKeys } = apiKeysModule();
  expect(apiKeys.apiKeyOf('agk_abc', true)).toBe('agk_abc');
  expect(apiKeys.apiKeyOf('agk_abc', false)).toBeNull();
  expect(apiKeys.apiKeyOf('eyJhbGciOi.x.y', true)).toBeNull();
  expect(apiKeys.apiKeyOf(null, true)).toBeNull();
});

it("lists one's own keys, newest first, and revokes only one's own", async () => {
  const { apiKeys } = apiKeysModule();
  const first = await created(apiKeys, 'u1', 'first');
  now += MINUTE;
  const second = await created(apiKeys, 'u1', 'second');
  const theirs = await created(apiKeys, 'u2', 'theirs');
  const names = async (user: string) =>
    ((await (await apiKeys.listApiKeys(user)).json()) as Array<{ name: string }>).map(
      (k) => k.name,
    );
  expect(await names('u1')).toEqual(['second', 'first']);
  expect((await apiKeys.revokeApiKey('u1', theirs.id)).status).toBe(404);
  expect(await apiKeys.apiKeyUser(theirs.key, requestOf('GET'))).toBe('u2');
  expect((await apiKeys.revokeApiKey('u1', first.id)).status).toBe(204);
  expect((await apiKeys.revokeApiKey('u1', first.id)).status).toBe(404);
  expect(await apiKeys.apiKeyUser(first.key, requestOf('GET'))).toBeNull();
  expect(await apiKeys.apiKeyUser(second.key, requestOf('GET'))).toBe('u1');
  expect(await names('u1')).toEqual(['second']);
});

it('limits a key to the routes it names: others answer 403; unknown routes are refused at creation', async () => {
  const { apiKeys, rows } = apiKeysModule();
  const refused = async (routes: string[], readOnly = false) => {
    const answer = await apiKeys.createApiKey('u1', { name: 'x', readOnly, routes });
    expect(answer.status).toBe(400);
    return ((await answer.json()) as { fields: { routes: string } }).fields.routes;
  };
  expect(await refused(['GET /api/post'])).toBe(
    'Routes: "GET /api/post" is not a route of this app.',
  );
  expect(await refused(['DELETE /api/posts/:id'])).toBe(
    'Routes: "DELETE /api/posts/:id" is not a route of this app.',
  );
  expect(await refused(['get /api/posts'])).toMatch(/is not a method and a path/);
  expect(await refused([])).toMatch(/at least one route/);
  expect(await refused(['PATCH /api/posts/:id'], true)).toMatch(
    /read-only key calls GET routes only/,
  );
  expect(rows).toHaveLength(0);
  const body = await created(apiKeys, 'u1', 'reader', false, [
    'GET /api/posts/:id',
    'PATCH /api/posts/:id',
    'GET /api/posts/:id',
  ]);
  expect(body.routes).toEqual(['GET /api/posts/:id', 'PATCH /api/posts/:id']);
  const call = (method: string, path: string) =>
    apiKeys.apiKeyUser(body.key, requestOf(method, path));
  expect(await call('GET', '/api/posts/7f3c')).toBe('u1');
  expect(await call('HEAD', '/api/posts/7f3c')).toBe('u1');
  expect(await call('PATCH', '/api/posts/7f3c')).toBe('u1');
  for (const [method, path] of [
    ['GET', '/api/posts'],
    ['POST', '/api/posts'],
    ['GET', '/api/posts/7f3c/comments'],
    ['GET', '/api/posts/'],
  ])
    await expect(call(method, path)).rejects.toMatchObject({
      status: 403,
      message: 'This API key may not call this route.',
    });
});
