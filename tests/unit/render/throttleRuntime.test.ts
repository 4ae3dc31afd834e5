import crypto from 'crypto';
import http from 'http';
import type { AddressInfo } from 'net';
import path from 'path';
import { REPO_ROOT } from '../support/paths';
import { renderFiles } from '../support/renderFiles';
import { readTree, type ProjectFiles } from '../support/tempProject';
import { evaluateModule } from '../support/typescriptSource';

// The generated src/appgen/throttle.ts of the starter (it has a log-in route), run as it is over
// an in-memory table in place of src/appgen/signInFailures.ts (the ORM's statements, which the
// e2e tests run on both ORMs and databases). The client address comes from requestOrigin.ts, so
// X-Forwarded-For counts only as far as the project trusts proxies (trustProxy). Known clients
// (src/appgen/knownClients.ts, its signed cookie run by the e2e tests) are a header here:
// `x-known-client: <account id> <client id>`.
const STARTER = Object.fromEntries(
  readTree(path.join(REPO_ROOT, 'examples', 'minimal'), {
    exclude: (file) => !(file === 'config' || file.startsWith('config/')),
  }),
) as ProjectFiles;

interface Failure {
  id: string;
  key: string;
  failedAt: Date;
}
type Attempt = { refused: Response } | { refused: null; succeeded(): Promise<void> };
type Throttle = {
  signInAttempt(request: Request, identity: string, accountId: string | null): Promise<Attempt>;
};

/** Yields to other attempts: each statement of the table takes a turn, as a database's would. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** The table AppgenSignInFailure in memory, with the store's four statements. */
function memoryTable() {
  let rows: Failure[] = [];
  return {
    rows: () => rows,
    recent: async (keys: string[], since: Date) => {
      await turn();
      return rows.filter((row) => keys.includes(row.key) && row.failedAt > since);
    },
    add: async (failures: Failure[]) => {
      await turn();
      rows = [...rows, ...failures];
    },
    remove: async ({ keys, ids }: { keys: string[]; ids: string[] }) => {
      await turn();
      rows = rows.filter((row) => !keys.includes(row.key) && !ids.includes(row.id));
    },
    removeUntil: async (time: Date) => {
      await turn();
      rows = rows.filter((row) => row.failedAt > time);
    },
  };
}

const LIMITS = { perIdentity: 3, perAddress: 5, windowSeconds: 60 };

const rendered = new Map<string, ReturnType<typeof renderFiles>>();

/** The starter's files with these settings (rendered once per settings: it takes seconds). */
function starterWith(trustProxy: number, limits: typeof LIMITS) {
  const settings = { orm: 'prisma', trustProxy, accounts: { throttle: limits } };
  const key = JSON.stringify(settings);
  if (!rendered.has(key))
    rendered.set(key, renderFiles({ ...STARTER, 'appgen.config.json': settings }));
  return rendered.get(key) as ReturnType<typeof renderFiles>;
}

/** A fresh throttle module of the starter with these settings, over its own table. */
function throttleOf(trustProxy = 0, limits = LIMITS) {
  const files = starterWith(trustProxy, limits);
  const content = (file: string) => files.get(`src/appgen/${file}`)?.content ?? '';
  const jsonError = (status: number, message: string) =>
    Response.json({ error: message }, { status });
  const table = memoryTable();
  const throttle = evaluateModule('throttle.ts', content('throttle.ts'), {
    'node:crypto': { randomUUID: crypto.randomUUID },
    './failureCounts': evaluateModule('failureCounts.ts', content('failureCounts.ts'), {
      './http': { jsonError },
    }),
    './requestOrigin': evaluateModule('requestOrigin.ts', content('requestOrigin.ts')),
    './knownClients': { knownClientOf },
    './signInFailures': { signInFailures: table },
  }) as unknown as Throttle;
  return { throttle, table };
}

/** The known-client cookie's id for this account, as the stand-in header gives it. */
async function knownClientOf(request: Request, accountId: string): Promise<string | null> {
  const [account, client] = (request.headers.get('x-known-client') ?? '').split(' ');
  return account === accountId && client ? client : null;
}

const logIn = (forwardedFor = '203.0.113.9', knownClient?: string) =>
  new Request('http://localhost:3000/api/login', {
    method: 'POST',
    headers: {
      'x-forwarded-for': forwardedFor,
      ...(knownClient ? { 'x-known-client': knownClient } : {}),
    },
  });

/** The status of an attempt that fails its password check (null: it was let through). */
async function fail(
  throttle: Throttle,
  identity: string,
  forwardedFor?: string,
  known?: { accountId: string; client?: string },
) {
  const client = known?.client ? `${known.accountId} ${known.client}` : undefined;
  const request = logIn(forwardedFor, client);
  const attempt = await throttle.signInAttempt(request, identity, known?.accountId ?? null);
  return attempt.refused?.status ?? null;
}

// A render of the starter takes seconds on a busy machine (more than jest's default 5 s).
jest.setTimeout(60_000);

let now = Date.parse('2026-01-01T00:00:00Z');
beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => now));
afterEach(() => jest.restoreAllMocks());

describe('counting', () => {
  it('refuses an identity after its limit until the oldest failure leaves the window', async () => {
    const { throttle, table } = throttleOf();
    for (let i = 0; i < 3; i++) {
      expect(await fail(throttle, 'ada@example.com', `198.51.100.${i}`)).toBeNull();
      now += 10_000;
    }
    // Compared without regard to case and surrounding spaces; the 429 is not counted.
    const refused = await throttle.signInAttempt(logIn('192.0.2.1'), '  ADA@example.com ', null);
    expect(refused.refused?.status).toBe(429);
    expect(await refused.refused?.json()).toEqual({
      error: 'Too many failed log-ins; try again later',
    });
    expect(refused.refused?.headers.get('retry-after')).toBe('30');
    expect(table.rows().filter((row) => row.key === 'identity:ada@example.com')).toHaveLength(3);
    now += 30_000; // the first failure leaves the window
    expect(await fail(throttle, 'ada@example.com', '192.0.2.1')).toBeNull();
  });

  it('refuses an address after its limit, whatever the identity', async () => {
    const { throttle } = throttleOf();
    for (let i = 0; i < 5; i++) expect(await fail(throttle, `user${i}@example.com`)).toBeNull();
    expect(await fail(throttle, 'other@example.com')).toBe(429);
    expect(await fail(throttle, 'other@example.com', '198.51.100.7')).toBeNull();
  });

  it("forgets the identity's failures on a success, and the success itself; the address keeps its count", async () => {
    const { throttle, table } = throttleOf();
    for (let i = 0; i < 2; i++) await fail(throttle, 'ada@example.com');
    const attempt = await throttle.signInAttempt(logIn(), 'Ada@example.com', null);
    if (attempt.refused) throw new Error('refused');
    await attempt.succeeded();
    expect(table.rows().map((row) => row.key)).toEqual([
      'address:203.0.113.9',
      'address:203.0.113.9',
    ]);
    for (let i = 0; i < 3; i++) expect(await fail(throttle, 'ada@example.com')).toBeNull();
    expect(await fail(throttle, 'ada@example.com')).toBe(429);
  });

  it('lets at most the limit through when attempts run in parallel, and keeps no refused one', async () => {
    const { throttle, table } = throttleOf();
    await fail(throttle, 'ada@example.com', '198.51.100.1');
    await fail(throttle, 'ada@example.com', '198.51.100.2');
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => fail(throttle, 'ada@example.com', `192.0.2.${i}`)),
    );
    const through = burst.filter((status) => status === null).length;
    expect(through).toBeLessThanOrEqual(1);
    expect(burst.filter((status) => status === 429)).toHaveLength(10 - through);
    const identityRows = table.rows().filter((row) => row.key === 'identity:ada@example.com');
    expect(identityRows).toHaveLength(2 + through);
  });

  it('sweeps the failures older than the window, at most once per window', async () => {
    const { throttle, table } = throttleOf();
    const keys = () => table.rows().map((row) => row.key.split(':')[1]);
    await fail(throttle, 'ada'); // the first attempt of a process sweeps (nothing yet)
    now += 30_000;
    await fail(throttle, 'bob');
    now += 31_000;
    await fail(throttle, 'eve'); // a window after the first sweep: ada's failures go
    expect(keys()).toEqual(['bob', '203.0.113.9', 'eve', '203.0.113.9']);
    now += 39_000;
    await fail(throttle, 'kim'); // bob's are past the window, but the last sweep is too recent
    expect(keys()).toEqual(['bob', '203.0.113.9', 'eve', '203.0.113.9', 'kim', '203.0.113.9']);
    now += 21_000;
    await fail(throttle, 'max'); // a window after the last sweep: bob's and eve's go
    expect(keys()).toEqual(['kim', '203.0.113.9', 'max', '203.0.113.9']);
  });
});

// Issue 49, item 4: five wrong passwords for someone's e-mail locked its owner out too.
describe('known clients (a cookie of the account): strangers cannot lock the owner out', () => {
  const ada = { accountId: 'u-ada', client: 'laptop' };

  it('lets a known client of the account through while unknown clients are refused for the identity', async () => {
    const { throttle } = throttleOf();
    for (let i = 0; i < 3; i++) await fail(throttle, 'ada@example.com', `198.51.100.${i}`);
    expect(await fail(throttle, 'ada@example.com', '192.0.2.1')).toBe(429);
    // The account without its cookie, or with the cookie of another account: unknown, refused.
    expect(await fail(throttle, 'ada@example.com', '192.0.2.1', { accountId: 'u-ada' })).toBe(429);
    const bobsCookie = logIn('192.0.2.1', 'u-bob laptop');
    const renamed = await throttle.signInAttempt(bobsCookie, 'ada@example.com', 'u-ada');
    expect(renamed.refused?.status).toBe(429);
    const attempt = await throttle.signInAttempt(
      logIn('192.0.2.1', 'u-ada laptop'),
      'ada@example.com',
      'u-ada',
    );
    expect(attempt.refused).toBeNull();
  });

  it("ignores the address's count for a known client (a stranger behind the same address)", async () => {
    const { throttle } = throttleOf();
    for (let i = 0; i < 5; i++) await fail(throttle, `user${i}@example.com`);
    expect(await fail(throttle, 'ada@example.com')).toBe(429);
    expect(await fail(throttle, 'ada@example.com', undefined, ada)).toBeNull();
  });

  it("still limits guessing: a known client has the identity's limit of its own, then counts as unknown", async () => {
    const { throttle, table } = throttleOf();
    for (let i = 0; i < 3; i++)
      expect(await fail(throttle, 'ada@example.com', '192.0.2.1', ada)).toBeNull();
    expect(table.rows().map((row) => row.key)).toEqual(Array(3).fill('client:laptop'));
    // Past its limit, the client is unknown: the identity's and the address's counts apply.
    for (let i = 0; i < 3; i++)
      expect(await fail(throttle, 'ada@example.com', '192.0.2.1', ada)).toBeNull();
    expect(await fail(throttle, 'ada@example.com', '192.0.2.1', ada)).toBe(429);
    expect(await fail(throttle, 'ada@example.com', '198.51.100.9')).toBe(429);
    // Another known client of the account is not held by the first one's failures.
    const phone = { accountId: 'u-ada', client: 'phone' };
    expect(await fail(throttle, 'ada@example.com', '192.0.2.1', phone)).toBeNull();
  });

  it("forgets the known client's failures on its success, not the identity's", async () => {
    const { throttle, table } = throttleOf();
    for (let i = 0; i < 3; i++) await fail(throttle, 'ada@example.com', `198.51.100.${i}`);
    await fail(throttle, 'ada@example.com', '192.0.2.1', ada);
    const attempt = await throttle.signInAttempt(
      logIn('192.0.2.1', 'u-ada laptop'),
      'ada@example.com',
      'u-ada',
    );
    if (attempt.refused) throw new Error('refused');
    await attempt.succeeded();
    expect(table.rows().filter((row) => row.key.startsWith('client:'))).toEqual([]);
    expect(table.rows().filter((row) => row.key === 'identity:ada@example.com')).toHaveLength(3);
    expect(await fail(throttle, 'ada@example.com', '192.0.2.2')).toBe(429);
  });
});

describe('the client address', () => {
  /** Fails two log-ins with these X-Forwarded-For values (other identities), then asks about a third. */
  async function thirdAfterTwo(trustProxy: number, forwarded: string[]) {
    const { throttle } = throttleOf(trustProxy, { ...LIMITS, perAddress: 2 });
    await fail(throttle, 'a@example.com', forwarded[0]);
    await fail(throttle, 'b@example.com', forwarded[1]);
    return await fail(throttle, 'c@example.com', forwarded[2]);
  }

  it('behind one trusted proxy, counts the address the proxy saw, whatever the client put before it', async () => {
    const forwarded = ['1.1.1.1, 203.0.113.9', '2.2.2.2, 203.0.113.9', '3.3.3.3, 203.0.113.9'];
    expect(await thirdAfterTwo(1, forwarded)).toBe(429);
  });

  it('behind one trusted proxy, two clients are two addresses', async () => {
    expect(await thirdAfterTwo(1, ['203.0.113.9', '203.0.113.9', '198.51.100.7'])).toBeNull();
  });

  it('with two trusted proxies, counts the entry the outer one wrote', async () => {
    const forwarded = [
      'forged, 203.0.113.9, 10.0.0.2',
      'other, 203.0.113.9, 10.0.0.3',
      'more, 203.0.113.9, 10.0.0.2',
    ];
    expect(await thirdAfterTwo(2, forwarded)).toBe(429);
  });

  it('reached directly without the recorded socket address (no startServer), counts the last entry, which Next.js fills in when the client sent none', async () => {
    expect(await thirdAfterTwo(0, ['203.0.113.9', '203.0.113.9', '203.0.113.9'])).toBe(429);
    const forwarded = ['x, 203.0.113.9', 'y, 203.0.113.9', '198.51.100.7'];
    expect(await thirdAfterTwo(0, forwarded)).toBeNull();
  });
});

describe('the client address from the socket (src/appgen/socketAddress.ts)', () => {
  const files = starterWith(0, LIMITS);
  const content = (file: string) => files.get(`src/appgen/${file}`)?.content ?? '';
  const requestOrigin = evaluateModule('requestOrigin.ts', content('requestOrigin.ts')) as {
    clientAddress(request: { headers: Headers }): string;
    SOCKET_ADDRESS_RECORDED: symbol;
  };
  const flag = requestOrigin.SOCKET_ADDRESS_RECORDED;
  const emit = http.Server.prototype.emit;
  let server: http.Server;
  /** What the server's handler saw: the header and clientAddress of a request built from it. */
  let seen: Array<{ header: string | undefined; address: string }> = [];

  beforeAll(async () => {
    const module = evaluateModule('socketAddress.ts', content('socketAddress.ts'), {
      'node:http': http,
      './requestOrigin': requestOrigin,
    }) as { recordSocketAddresses(): void };
    module.recordSocketAddresses();
    module.recordSocketAddresses(); // a second call changes nothing
    server = http.createServer((incoming, answer) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers))
        if (typeof value === 'string') headers.set(name, value);
      seen.push({
        header: incoming.headers['x-appgen-socket-address'] as string | undefined,
        address: requestOrigin.clientAddress({ headers }),
      });
      answer.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    http.Server.prototype.emit = emit;
    delete (globalThis as Record<symbol, unknown>)[flag];
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    seen = [];
  });

  const send = (headers: Record<string, string>) =>
    fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers }).then(
      (answer) => answer.text(),
    );

  it("without a trusted proxy, is the connection's address, whatever X-Forwarded-For or the header itself says", async () => {
    await send({ 'x-forwarded-for': '203.0.113.9' });
    await send({ 'x-forwarded-for': '198.51.100.7', 'x-appgen-socket-address': '192.0.2.1' });
    expect(seen).toEqual([
      { header: '127.0.0.1', address: '127.0.0.1' },
      { header: '127.0.0.1', address: '127.0.0.1' },
    ]);
  });

  it('behind a trusted proxy (APPGEN_TRUST_PROXY=1), is what the proxy appended to X-Forwarded-For', async () => {
    process.env.APPGEN_TRUST_PROXY = '1';
    try {
      await send({ 'x-forwarded-for': 'forged, 203.0.113.9' });
    } finally {
      delete process.env.APPGEN_TRUST_PROXY;
    }
    expect(seen).toEqual([{ header: '127.0.0.1', address: '203.0.113.9' }]);
  });
});
