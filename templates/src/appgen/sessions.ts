import { createHash, randomBytes, randomUUID } from "node:crypto";
import { clientAddress } from "./requestOrigin";
import { sessionRows } from "./sessionRows";

/**
 * Stored sessions (table AppgenSession): every session token names a row by a random id of its
 * own (the token's `jti`), and the row holds only the SHA-256 of that id, so a copy of the table
 * signs no one in. A token is a session while its row exists and has not expired: a log-out
 * deletes the row, a password change the user's other rows, "sign out everywhere" all of them,
 * and deleting a user deletes theirs (the foreign key cascades). One read by the unique
 * `tokenHash` checks a session.
 */

/** A stored session, as the store reads it. */
export interface SessionRow {
  id: string;
  userId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  /** The User-Agent header of the request that started it (at most 500 characters). */
  userAgent: string | null;
  /** The client address of that request (src/appgen/requestOrigin.ts `clientAddress`). */
  address: string | null;
}

/** The sessions' table's statements (src/appgen/sessionRows.ts, partial orm/<orm>/sessionRows). */
export interface SessionRows {
  add(row: SessionRow & { tokenHash: string }): Promise<void>;
  /** The session of this token hash, expired or not: one read by the unique `tokenHash`. */
  find(
    tokenHash: string,
  ): Promise<Pick<SessionRow, "id" | "userId" | "lastSeenAt" | "expiresAt"> | null>;
  /** Sets `lastSeenAt`. */
  seen(id: string, time: Date): Promise<void>;
  /** Deletes the session of this token hash, if any. */
  remove(tokenHash: string): Promise<void>;
  /** Deletes the user's session of this id; answers its token hash, or null when there was none. */
  removeById(userId: string, id: string): Promise<string | null>;
  /** Deletes the user's sessions but those of `keep` (token hashes); answers how many went. */
  removeOf(userId: string, keep: string[]): Promise<number>;
  /** The user's unexpired sessions, the one seen last first. */
  listOf(userId: string, now: Date): Promise<Array<SessionRow & { tokenHash: string }>>;
  /** Deletes the sessions that expired at or before `time` (the sweep). */
  removeUntil(time: Date): Promise<void>;
}

/** How stale `lastSeenAt` may get: a write on every request would cost more than the check. */
export const SEEN_EVERY_MS = 5 * 60 * 1000;
/** Expired sessions are deleted at most once an hour in each process. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const USER_AGENT_MAX = 500;

/**
 * What a table keeps of a secret: its SHA-256, in hex (a session token's id here; also a mailed
 * token, ./accountMail, and an API key, ./apiKeys).
 */
export function tokenHashOf(tokenId: string): string {
  return createHash("sha256").update(tokenId).digest("hex");
}

let sweptAt = 0;

/** The sweep: at most hourly in each process; the request that starts it does not wait for it. */
function sweepWhenDue(now: number): void {
  if (now - sweptAt < SWEEP_EVERY_MS) return;
  sweptAt = now;
  sessionRows.removeUntil(new Date(now)).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`[appgen] sweep of expired sessions failed: ${reason}`);
  });
}

/**
 * Stores a new session of the user, lasting `maxAgeSeconds`, and answers the id its token carries
 * (32 random bytes). `request`, when given, names the device (User-Agent) and client address.
 */
export async function startSession(
  userId: string,
  maxAgeSeconds: number,
  request: Request | null,
): Promise<string> {
  const tokenId = randomBytes(32).toString("base64url");
  const now = Date.now();
  await sessionRows.add({
    id: randomUUID(),
    tokenHash: tokenHashOf(tokenId),
    userId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + maxAgeSeconds * 1000),
    userAgent: request?.headers.get("user-agent")?.slice(0, USER_AGENT_MAX) ?? null,
    address: request ? clientAddress(request) : null,
  });
  return tokenId;
}

/**
 * Whether the token id names a stored, unexpired session of `userId` (one read), noting when it was
 * last seen (a write at most every SEEN_EVERY_MS).
 */
export async function isLiveSession(tokenId: string, userId: string): Promise<boolean> {
  const now = Date.now();
  sweepWhenDue(now);
  const row = await sessionRows.find(tokenHashOf(tokenId));
  if (row === null || row.userId !== userId || row.expiresAt.getTime() <= now) return false;
  if (now - row.lastSeenAt.getTime() >= SEEN_EVERY_MS)
    await sessionRows.seen(row.id, new Date(now));
  return true;
}

/** Ends the session of this token id (a log-out). */
export async function endSession(tokenId: string): Promise<void> {
  await sessionRows.remove(tokenHashOf(tokenId));
}

/**
 * Ends the user's session of this id (as `sessionsOf` lists it): "unknown" when the user has none
 * of that id (another user's included), "current" when it is the one of `currentTokenId`, else
 * "ended".
 */
export async function endSessionById(
  userId: string,
  id: string,
  currentTokenId: string,
): Promise<"unknown" | "current" | "ended"> {
  const tokenHash = await sessionRows.removeById(userId, id);
  if (tokenHash === null) return "unknown";
  return tokenHash === tokenHashOf(currentTokenId) ? "current" : "ended";
}

/** Ends every session of the user but those of `keep` (token ids); answers how many ended. */
export function endSessionsOf(userId: string, keep: readonly string[] = []): Promise<number> {
  return sessionRows.removeOf(userId, keep.map(tokenHashOf));
}

/** A session as its owner sees it in a list of their sessions. */
export interface SessionInfo {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string | null;
  address: string | null;
  /** The session the request was made with. */
  current: boolean;
}

/** The user's unexpired sessions, the one seen last first; `current` marks the one of `tokenId`. */
export async function sessionsOf(userId: string, tokenId: string | null): Promise<SessionInfo[]> {
  const currentHash = tokenId === null ? null : tokenHashOf(tokenId);
  const rows = await sessionRows.listOf(userId, new Date(Date.now()));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    userAgent: row.userAgent,
    address: row.address,
    current: row.tokenHash === currentHash,
  }));
}
