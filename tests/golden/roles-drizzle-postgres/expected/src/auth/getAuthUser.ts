// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import { readSession } from "@/appgen/session";

/**
 * Identifies the caller of an `auth: true` route: return the user's id, or null when the request
 * is not authenticated (the route then answers 401 before touching the database).
 *
 * The default accepts a session token signed with APPGEN_SESSION_SECRET, sent as
 * `Authorization: Bearer <token>` or, on a request without an Authorization header, in the
 * HTTP-only `appgen_session` cookie (a header of another kind means no session). Issue one from a
 * login function with createSessionToken(userId) and sessionCookie(token) (src/appgen/session.ts).
 * To use another auth provider, replace the body: e.g. verify its session and return its user id.
 * readSession also accepts the users' API keys (`Authorization: Bearer agk_...`,
 * src/appgen/apiKeys.ts); a read-only key on a write is answered 403.
 *
 * Sessions are stored (table AppgenSession): a token is refused once its session ends (a log-out,
 * a new password, "sign out everywhere", its user deleted). To refuse a user for another reason
 * (blocked), give readSession a check that runs for each live session, e.g.
 * with a User model:
 *   import { eq } from "drizzle-orm";
 *   import { db, tables } from "@/appgen/db";
 *   return readSession(
 *     request,
 *     async (id) => (await db.$count(tables.user, eq(tables.user.id, id))) > 0,
 *   );
 */
export async function getAuthUser(request: Request): Promise<string | null> {
  return readSession(request);
}
