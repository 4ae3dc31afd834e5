import type { AppDatabase } from './appDatabase';
import { request } from './http';

/**
 * The failed-log-in throttle (src/appgen/throttle.ts) across instances of one build: every
 * attempt goes to the next instance in turn (round-robin, as a balancer sends them), from an
 * address of its own, so only the per-identity limit applies. `logIn` makes the route's body.
 */
export interface SharedThrottleCase {
  urls: string[];
  db: AppDatabase;
  path: string;
  logIn: (identity: string, password: string) => unknown;
  /** Failures allowed per identity (settings `accounts.throttle.perIdentity`). */
  perIdentity: number;
}

let address = 0;
/** A documentation address (RFC 5737) no other attempt used, as X-Forwarded-For. */
const nextAddress = () => ({ 'x-forwarded-for': `198.51.100.${++address % 250}` });

async function statusesOf(
  throttle: SharedThrottleCase,
  attempts: Array<{ identity: string; password: string }>,
  parallel: boolean,
): Promise<number[]> {
  const send = (attempt: (typeof attempts)[number], i: number) =>
    request(
      throttle.urls[i % throttle.urls.length],
      'POST',
      throttle.path,
      throttle.logIn(attempt.identity, attempt.password),
      nextAddress(),
    ).then((answer) => answer.status);
  if (parallel) return Promise.all(attempts.map(send));
  const statuses: number[] = [];
  for (const [i, attempt] of attempts.entries()) statuses.push(await send(attempt, i));
  return statuses;
}

/** The failures the database keeps for an identity (the throttle's key for it). */
async function storedFailures(db: AppDatabase, identity: string): Promise<number> {
  const [row] = await db.rows(`SELECT count(*) AS n FROM "AppgenSignInFailure" WHERE "key" = $1`, [
    `identity:${identity}`,
  ]);
  return Number(row.n);
}

/**
 * The per-identity limit of an account over every instance. First `burst` wrong passwords sent at
 * once: at most `perIdentity` get a password check (401), the others 429, and the database keeps
 * exactly the failures answered 401. Then 15 wrong passwords one after another: 401 until the
 * identity has `perIdentity` failures, 429 after (so at least 10 refused, wherever they went),
 * and the right password is refused by every instance. Returns how many of the burst were checked.
 */
export async function identityLimitOverInstances(
  throttle: SharedThrottleCase,
  account: { identity: string; password: string; burst: number },
): Promise<number> {
  const { identity, password } = account;
  const limit = throttle.perIdentity;
  const wrong = (count: number) =>
    Array.from({ length: count }, () => ({ identity, password: 'wrong password' }));
  const burst = await statusesOf(throttle, wrong(account.burst), true);
  const checked = burst.filter((status) => status === 401).length;
  expect(burst.filter((status) => status !== 401 && status !== 429)).toEqual([]);
  expect(checked).toBeLessThanOrEqual(limit);
  expect(await storedFailures(throttle.db, identity)).toBe(checked);
  const statuses = await statusesOf(throttle, wrong(15), false);
  expect(statuses).toEqual([
    ...Array(limit - checked).fill(401),
    ...Array(15 - limit + checked).fill(429),
  ]);
  const right = throttle.urls.map(() => ({ identity, password }));
  expect(await statusesOf(throttle, right, false)).toEqual(throttle.urls.map(() => 429));
  expect(await storedFailures(throttle.db, identity)).toBe(limit);
  return checked;
}
