import { randomBytes, randomUUID } from "node:crypto";
import { apiKeyRows } from "./apiKeyRows";
import { HttpError, invalidBody, json, jsonError, noContent } from "./http";
import { SEEN_EVERY_MS, tokenHashOf } from "./sessions";

/**
 * API keys (table AppgenApiKey): keys a signed-in user creates for scripts and other servers, sent
 * as `Authorization: <scheme> <key>`. A key is 32 random bytes after the prefix `agk_` (so it is
 * told from a session token, and secret scanners can find it); the table holds only its SHA-256,
 * so a copy of the table signs no one in, and the key is answered once, when created. A key signs
 * its owner in on the app's routes (read-only ones on GET and HEAD only; one limited to named
 * routes on those only), until it expires (one created with `expiresInDays`), is revoked (its
 * row deleted) or its owner is deleted (the foreign key cascades). It never manages keys or
 * sessions: the routes that do want a session, checked before anything else
 * (handler/liveSession: 401 without one), whose user is the `userId` these functions take.
 */

/** A stored API key, as the store reads it. */
export interface ApiKeyRow {
  id: string;
  userId: string;
  /** The owner's label for it ("deploy script"). */
  name: string;
  /** The key may only read: GET and HEAD. */
  readOnly: boolean;
  /** The routes it may call ("GET /api/posts/:id"), one per line; null: every route. */
  routes: string | null;
  /** The key's last 4 characters, to tell keys apart in a list. */
  hint: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** When it stops signing anyone in; null: never. */
  expiresAt: Date | null;
}

/** The API keys' table's statements (src/appgen/apiKeyRows.ts, partial orm/<orm>/apiKeyRows). */
export interface ApiKeyRows {
  add(row: ApiKeyRow & { keyHash: string }): Promise<void>;
  /** The key of this hash: one read by the unique `keyHash`. */
  find(
    keyHash: string,
  ): Promise<Pick<
    ApiKeyRow,
    "id" | "userId" | "readOnly" | "routes" | "lastUsedAt" | "expiresAt"
  > | null>;
  /** Sets `lastUsedAt`. */
  used(id: string, time: Date): Promise<void>;
  /** The user's keys, the newest first. */
  listOf(userId: string): Promise<ApiKeyRow[]>;
  /** Deletes the user's key of this id; answers whether there was one. */
  remove(userId: string, id: string): Promise<boolean>;
}

/** The start of every key. */
export const API_KEY_PREFIX = "agk_";
const NAME_MAX = 100;
/** The longest a key may be asked to live, in days (ten years). */
const EXPIRES_IN_DAYS_MAX = 3650;
const DAY_MS = 86_400_000;

/** A key as its owner sees it in the list of their keys (never the key itself). */
export interface ApiKeyInfo {
  id: string;
  name: string;
  readOnly: boolean;
  routes: string[] | null;
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

function infoOf(row: ApiKeyRow): ApiKeyInfo {
  return {
    id: row.id,
    name: row.name,
    readOnly: row.readOnly,
    routes: row.routes === null ? null : row.routes.split("\n"),
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt === null ? null : row.lastUsedAt.toISOString(),
    expiresAt: row.expiresAt === null ? null : row.expiresAt.toISOString(),
  };
}

/** The key a request's Authorization header carries (`<scheme> agk_...`), or null. */
export function apiKeyOf(token: string | null, fromHeader: boolean): string | null {
  return fromHeader && token !== null && token.startsWith(API_KEY_PREFIX) ? token : null;
}

/**
 * The owner of a key that is stored (one read), noting when it was last used (a write at most
 * every SEEN_EVERY_MS, as for a session); null for an unknown, revoked or expired key. A
 * read-only key on a request that is not a GET or HEAD, or a key limited to other routes, throws
 * a 403 (src/appgen/http.ts answers it): the key is known, and may not do this.
 */
export async function apiKeyUser(key: string, request: Request): Promise<string | null> {
  const row = await apiKeyRows.find(tokenHashOf(key));
  const now = Date.now();
  if (row === null || (row.expiresAt !== null && row.expiresAt.getTime() <= now)) return null;
  if (row.readOnly && request.method !== "GET" && request.method !== "HEAD")
    throw new HttpError(403, "This API key may only read (GET).");
  if (row.routes !== null && !row.routes.split("\n").some((route) => calls(request, route)))
    throw new HttpError(403, "This API key may not call this route.");
  if (row.lastUsedAt === null || now - row.lastUsedAt.getTime() >= SEEN_EVERY_MS)
    await apiKeyRows.used(row.id, new Date(now));
  return row.userId;
}

/** What a client asks of a new key: the body of `account: "createApiKey"` (what it declares). */
export interface NewApiKey {
  name: string;
  readOnly?: boolean | null;
  routes?: string[] | null;
  expiresInDays?: number | null;
}

/**
 * `account: "createApiKey"`: a new key of the caller (a live session, not a key), answered once:
 * 201 `{ ...the key's info, "key": "agk_..." }`; 400 for a blank name, routes the app does not
 * have, or days to expire outside 1 to EXPIRES_IN_DAYS_MAX.
 */
export async function createApiKey(userId: string, asked: NewApiKey): Promise<Response> {
  const name = asked.name.trim();
  if (name === "" || name.length > NAME_MAX) {
    const problem = `Name must be 1 to ${NAME_MAX} characters.`;
    return invalidBody([problem], { name: problem });
  }
  const readOnly = asked.readOnly === true;
  const routes = asked.routes ?? null;
  const wrongRoute = routes === null ? null : await routesProblem(routes, readOnly);
  if (wrongRoute !== null) return invalidBody([wrongRoute], { routes: wrongRoute });
  const days = asked.expiresInDays ?? null;
  if (days !== null && (!Number.isInteger(days) || days < 1 || days > EXPIRES_IN_DAYS_MAX)) {
    const problem = `Expires in days must be a whole number from 1 to ${EXPIRES_IN_DAYS_MAX}.`;
    return invalidBody([problem], { expiresInDays: problem });
  }
  const now = Date.now();
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row: ApiKeyRow = {
    id: randomUUID(),
    userId,
    name,
    readOnly,
    routes: routes === null ? null : [...new Set(routes)].join("\n"),
    hint: key.slice(-4),
    createdAt: new Date(now),
    lastUsedAt: null,
    expiresAt: days === null ? null : new Date(now + days * DAY_MS),
  };
  await apiKeyRows.add({ ...row, keyHash: tokenHashOf(key) });
  return json({ ...infoOf(row), key }, 201);
}

const ROUTE = /^(GET|POST|PUT|PATCH|DELETE) (\/[^\s]*)$/;

/**
 * What is wrong with the routes a new key is limited to, or null: each is "METHOD /path" as the
 * config declares a route of this app (its OpenAPI document, ./openapi, lists them), and a
 * read-only key's are GETs.
 */
async function routesProblem(routes: string[], readOnly: boolean): Promise<string | null> {
  if (routes.length === 0)
    return "Routes must name at least one route, or be left out for every route.";
  const { openApiDocument } = await import("./openapi");
  const paths = (openApiDocument.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const route of routes) {
    const match = ROUTE.exec(route);
    if (match === null)
      return `Routes: "${route}" is not a method and a path, e.g. "GET /api/posts/:id".`;
    const [, method, path] = match;
    const documented = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}");
    if (
      !Object.hasOwn(paths, documented) ||
      !Object.hasOwn(paths[documented], method.toLowerCase())
    )
      return `Routes: "${route}" is not a route of this app.`;
    if (readOnly && method !== "GET")
      return `Routes: a read-only key calls GET routes only, and "${route}" is a ${method}.`;
  }
  return null;
}

/** Whether a request calls this route ("GET /api/posts/:id"); HEAD calls the GET route. */
function calls(request: Request, route: string): boolean {
  const [method, path] = route.split(" ");
  const asked = request.method === "HEAD" ? "GET" : request.method;
  if (asked !== method) return false;
  const wanted = path.split("/");
  const sent = new URL(request.url).pathname.split("/");
  return (
    wanted.length === sent.length &&
    wanted.every((part, i) => (part.startsWith(":") ? sent[i] !== "" : part === sent[i]))
  );
}

/** `account: "listApiKeys"`: the caller's keys, the newest first. */
export async function listApiKeys(userId: string): Promise<Response> {
  return json((await apiKeyRows.listOf(userId)).map(infoOf));
}

/**
 * `account: "revokeApiKey"`: deletes the caller's key of this id, refused from then on; 204, 404
 * when the caller has no such key (another user's included).
 */
export async function revokeApiKey(userId: string, id: string): Promise<Response> {
  return (await apiKeyRows.remove(userId, id)) ? noContent() : jsonError(404, "Not found");
}
