import { createHash, randomUUID } from "node:crypto";
import { cookieOf, httpOnlyCookie, signToken, verifyToken } from "./session";

/**
 * Clients known to an account: a browser (or any client that keeps cookies) that signed up or
 * logged in to it gets a cookie naming the account, signed with the session key. The log-in
 * throttle (./throttle) counts the failures of such a client apart, by the cookie's own id, so a
 * stranger who fails log-ins for the account's identity locks out the clients it does not know,
 * not the owner's (OWASP's "device cookie", Slow Down Online Guessing Attacks with Device Cookies).
 *
 * The cookie holds a JWT (HS256, ./session) whose issuer is KNOWN_CLIENT_ISSUER: it is no session,
 * and verifySessionToken refuses it. Its name comes from a digest of the account's id, so a
 * browser keeps one per account it signed in to, and a log-in reads the one of its account.
 */
export const KNOWN_CLIENT_ISSUER = "appgen:known-client";
/** 180 days, in seconds: each successful log-in issues a new cookie (with a new id). */
export const KNOWN_CLIENT_MAX_AGE = 60 * 60 * 24 * 180;

/** The cookie of one account: `appgen_client_` and 16 hex digits of the SHA-256 of its id. */
export function knownClientCookieName(accountId: string): string {
  return `appgen_client_${createHash("sha256").update(accountId).digest("hex").slice(0, 16)}`;
}

/** A Set-Cookie value that makes this client known to the account (after a sign-up or log-in). */
export async function knownClientCookie(accountId: string): Promise<string> {
  const token = await signToken(accountId, {
    issuer: KNOWN_CLIENT_ISSUER,
    maxAgeSeconds: KNOWN_CLIENT_MAX_AGE,
    id: randomUUID(),
  });
  return httpOnlyCookie(knownClientCookieName(accountId), token, KNOWN_CLIENT_MAX_AGE);
}

/**
 * The id of the request's known-client cookie for this account, or null when it has none, or one
 * that is forged, expired, or issued for another account (renamed).
 */
export async function knownClientOf(request: Request, accountId: string): Promise<string | null> {
  const token = cookieOf(request, knownClientCookieName(accountId));
  const verified = token === null ? null : await verifyToken(token, KNOWN_CLIENT_ISSUER);
  return verified !== null && verified.subject === accountId ? verified.id : null;
}
