// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.

/**
 * Identifies the caller of an `auth: true` route: return the user's id, or null when the
 * request is not authenticated (the route then answers 401 before touching the database).
 * Until you implement it, every request counts as unauthenticated.
 */
export async function getAuthUser(request: Request): Promise<string | null> {
  void request;
  return null;
}
