import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { evaluateModule } from '../support/typescriptSource';

// src/appgen/sessions.ts (stored sessions, issue 53) against an in-memory table: what a row
// keeps, when a session counts as live, when `lastSeenAt` is written and when expired rows are
// swept. The e2e suite pages-blog.test.ts runs it against the four ORM x database pairs.

type Row = {
  id: string;
  tokenHash: string;
  userId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  address: string | null;
};

type Sessions = {
  tokenHashOf(tokenId: string): string;
  startSession(userId: string, maxAgeSeconds: number, request: Request | null): Promise<string>;
  isLiveSession(tokenId: string, userId: string): Promise<boolean>;
  endSession(tokenId: string): Promise<void>;
  endSessionsOf(userId: string, keep?: string[]): Promise<number>;
  endSessionById(userId: string, id: string, currentTokenId: string): Promise<string>;
  sessionsOf(userId: string, tokenId: string | null): Promise<Array<Record<string, unknown>>>;
};

const SOURCE = fs.readFileSync(path.join(BUILTIN_TEMPLATES_DIR, 'src/appgen/sessions.ts'), 'utf8');
const MINUTE = 60_000;

/** The module with a table in memory; `calls` counts each statement. */
function sessionsModule() {
  const rows: Row[] = [];
  const calls = { find: 0, seen: 0, removeUntil: 0 };
  const sessionRows = {
    add: async (row: Row) => {
      rows.push({ ...row });
    },
    find: async (tokenHash: string) => {
      calls.find++;
      return rows.find((row) => row.tokenHash === tokenHash) ?? null;
    },
    seen: async (id: string, time: Date) => {
      calls.seen++;
      const row = rows.find((r) => r.id === id);
      if (row) row.lastSeenAt = time;
    },
    remove: async (tokenHash: string) => {
      rows.splice(0, rows.length, ...rows.filter((row) => row.tokenHash !== tokenHash));
    },
    removeById: async (userId: string, id: string) => {
      const row = rows.find((r) => r.userId === userId && r.id === id);
      if (!row) return null;
      rows.splice(rows.indexOf(row), 1);
      return row.tokenHash;
    },
    removeOf: async (userId: string, keep: string[]) => {
      const before = rows.length;
      const kept = rows.filter((row) => row.userId !== userId || keep.includes(row.tokenHash));
      rows.splice(0, rows.length, ...kept);
      return before - kept.length;
    },
    listOf: async (userId: string, now: Date) =>
      rows
        .filter((row) => row.userId === userId && row.expiresAt > now)
        .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime()),
    removeUntil: async (time: Date) => {
      calls.removeUntil++;
      rows.splice(0, rows.length, ...rows.filter((row) => row.expiresAt > time));
    },
  };
  const sessions = evaluateModule('sessions.ts', SOURCE, {
    'node:crypto': crypto,
    './requestOrigin': { clientAddress: () => '203.0.113.7' },
    './sessionRows': { sessionRows },
  }) as Sessions;
  return { sessions, rows, calls };
}

let now = Date.parse('2026-11-30T10:00:00Z');
beforeEach(() => {
  now = Date.parse('2026-11-30T10:00:00Z');
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

const phone = new Request('http://localhost/api/login', {
  headers: { 'user-agent': `Phone/1.0 ${'x'.repeat(600)}` },
});

it('keeps the SHA-256 of a random 32-byte id, never the id, with the device and address', async () => {
  const { sessions, rows } = sessionsModule();
  const tokenId = await sessions.startSession('u1', 3600, phone);
  expect(Buffer.from(tokenId, 'base64url')).toHaveLength(32);
  expect(rows).toHaveLength(1);
  const [row] = rows;
  expect(row.tokenHash).toBe(crypto.createHash('sha256').update(tokenId).digest('hex'));
  expect(JSON.stringify(rows)).not.toContain(tokenId);
  expect(row).toMatchObject({ userId: 'u1', address: '203.0.113.7' });
  expect(row.userAgent).toHaveLength(500);
  expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(3600_000);
  expect(await sessions.startSession('u1', 60, null)).not.toBe(tokenId);
  expect(rows[1]).toMatchObject({ userAgent: null, address: null });
});

it("is live for its own user until its row's expiry or end; one read each check", async () => {
  const { sessions, calls } = sessionsModule();
  const tokenId = await sessions.startSession('u1', 3600, phone);
  expect(await sessions.isLiveSession(tokenId, 'u1')).toBe(true);
  expect(await sessions.isLiveSession(tokenId, 'u2')).toBe(false);
  expect(await sessions.isLiveSession('never started', 'u1')).toBe(false);
  expect(calls.find).toBe(3);
  const renewed = await sessions.startSession('u1', 3600, null);
  await sessions.endSession(renewed);
  expect(await sessions.isLiveSession(renewed, 'u1')).toBe(false);
  now += 3600_000 - 1;
  expect(await sessions.isLiveSession(tokenId, 'u1')).toBe(true);
  now += 1;
  expect(await sessions.isLiveSession(tokenId, 'u1')).toBe(false);
});

it('writes lastSeenAt only when it is 5 minutes old or more', async () => {
  const { sessions, rows, calls } = sessionsModule();
  const tokenId = await sessions.startSession('u1', 3600, null);
  now += 4 * MINUTE;
  await sessions.isLiveSession(tokenId, 'u1');
  expect(calls.seen).toBe(0);
  now += MINUTE;
  await sessions.isLiveSession(tokenId, 'u1');
  expect([calls.seen, rows[0].lastSeenAt.getTime()]).toEqual([1, now]);
  now += MINUTE;
  await sessions.isLiveSession(tokenId, 'u1');
  expect(calls.seen).toBe(1);
});

it('sweeps expired rows at the first check of a process, then at most hourly', async () => {
  const { sessions, rows, calls } = sessionsModule();
  const short = await sessions.startSession('u1', 60, null);
  const long = await sessions.startSession('u1', 86_400, null);
  now += 2 * MINUTE;
  await sessions.isLiveSession(long, 'u1');
  await new Promise((resolve) => setImmediate(resolve));
  expect([calls.removeUntil, rows.length]).toEqual([1, 1]);
  expect(await sessions.isLiveSession(short, 'u1')).toBe(false);
  now += 59 * MINUTE;
  await sessions.isLiveSession(long, 'u1');
  expect(calls.removeUntil).toBe(1);
  now += MINUTE;
  await sessions.isLiveSession(long, 'u1');
  expect(calls.removeUntil).toBe(2);
});

it("ends a user's sessions but those kept, and lists the live ones with the current marked", async () => {
  const { sessions } = sessionsModule();
  const first = await sessions.startSession('u1', 3600, phone);
  now += MINUTE;
  const second = await sessions.startSession('u1', 3600, null);
  const other = await sessions.startSession('u2', 3600, null);
  const listed = await sessions.sessionsOf('u1', first);
  expect(listed.map((s) => [s.current, s.userAgent === null])).toEqual([
    [false, true],
    [true, false],
  ]);
  expect(Object.keys(listed[0]).sort()).toEqual([
    'address',
    'createdAt',
    'current',
    'expiresAt',
    'id',
    'lastSeenAt',
    'userAgent',
  ]);
  expect(await sessions.endSessionsOf('u1', [second])).toBe(1);
  expect(await sessions.isLiveSession(first, 'u1')).toBe(false);
  expect(await sessions.isLiveSession(second, 'u1')).toBe(true);
  expect(await sessions.endSessionsOf('u1')).toBe(1);
  expect(await sessions.isLiveSession(other, 'u2')).toBe(true);
});

it("ends one of a user's sessions by its id, telling the request's own from another's", async () => {
  const { sessions, rows } = sessionsModule();
  const current = await sessions.startSession('u1', 3600, null);
  const other = await sessions.startSession('u1', 3600, null);
  const theirs = await sessions.startSession('u2', 3600, null);
  const idOf = (tokenId: string) =>
    String(rows.find((row) => row.tokenHash === sessions.tokenHashOf(tokenId))?.id);
  const [otherId, theirId, currentId] = [idOf(other), idOf(theirs), idOf(current)];
  expect(await sessions.endSessionById('u1', theirId, current)).toBe('unknown');
  expect(await sessions.isLiveSession(theirs, 'u2')).toBe(true);
  expect(await sessions.endSessionById('u1', otherId, current)).toBe('ended');
  expect(await sessions.isLiveSession(other, 'u1')).toBe(false);
  expect(await sessions.endSessionById('u1', otherId, current)).toBe('unknown');
  expect(await sessions.endSessionById('u1', currentId, current)).toBe('current');
  expect(await sessions.isLiveSession(current, 'u1')).toBe(false);
});
