import { jsonError } from "./http";

/**
 * Rows counted per key within a window (table AppgenSignInFailure): failed log-ins for the log-in
 * throttle (./throttle), requests for mail for account mail's (./accountMail). Both refuse alike:
 * 429 with Retry-After until the oldest counted row leaves the window.
 */

/** A counted row as a count reads it. */
export interface RecentFailure {
  key: string;
  failedAt: Date;
}

/** A counted row (a failed log-in, one under way, a request for mail) as the table keeps it. */
export interface SignInFailure extends RecentFailure {
  id: string;
}

/** The database work of the counts, one statement each (./signInFailures, per ORM). */
export interface SignInFailureStore {
  /** The rows of these keys after `since`. */
  recent(keys: string[], since: Date): Promise<RecentFailure[]>;
  add(failures: SignInFailure[]): Promise<void>;
  /** Deletes every row of these keys and those with these ids. */
  remove(which: { keys: string[]; ids: string[] }): Promise<void>;
  /** Deletes the rows at or before `time` (the sweep). */
  removeUntil(time: Date): Promise<void>;
}

/** A count, and how many of its rows it allows within the window. */
export interface KeyLimit {
  key: string;
  limit: number;
}

/**
 * The 429 (with `message`) when some key has `limit` rows besides the request's own `own` (0
 * before they are recorded, 1 after) within the window, else null. Retry-After: until the oldest
 * of those `limit` rows leaves the window, in whole seconds, at least 1.
 */
export function tooMany(
  rows: readonly RecentFailure[],
  limits: readonly KeyLimit[],
  own: 0 | 1,
  window: { ms: number; now: number },
  message: string,
): Response | null {
  let retryAt = 0;
  for (const { key, limit } of limits) {
    const newestFirst = rows
      .filter((row) => row.key === key)
      .map((row) => row.failedAt.getTime())
      .sort((a, b) => b - a);
    if (newestFirst.length < limit + own) continue;
    retryAt = Math.max(retryAt, newestFirst[limit + own - 1] + window.ms);
  }
  if (retryAt === 0) return null;
  const answer = jsonError(429, message);
  const seconds = Math.max(1, Math.ceil((retryAt - window.now) / 1000));
  answer.headers.set("retry-after", String(seconds));
  return answer;
}
