import { JSON_TYPE, readLimitedBytes } from "./body";
import { jsonError } from "./http";

/**
 * Longest body read to see whether it is an empty JSON object: `{}`, with some white space. Any
 * longer body holds something, and is refused without reading it further.
 */
const EMPTY_OBJECT_BYTES = 64;

/** `{}` or nothing, with JSON's white space around: a body that asks for nothing. */
const EMPTY_OBJECT = /^[ \t\r\n]*(\{[ \t\r\n]*\})?[ \t\r\n]*$/;

/**
 * Whether a request says it carries a body: a `Transfer-Encoding` (chunked), or a
 * `Content-Length` other than 0 (as the proxy's matcher reads it). `Content-Length: 0`, or
 * neither header (fetch's DELETE and GET without a body), is no body, whatever the `Content-Type`.
 */
export function carriesBody(headers: Headers): boolean {
  if (headers.has("transfer-encoding")) return true;
  const length = headers.get("content-length");
  return length !== null && Number(length) !== 0;
}

/**
 * Whether the body read is empty or `{}`: never for a GET or HEAD, whose body Next.js does not hand
 * over.
 */
async function asksNothing(request: Request): Promise<boolean> {
  if (!request.body || Number(request.headers.get("content-length") ?? "0") > EMPTY_OBJECT_BYTES)
    return false;
  const bytes = await readLimitedBytes(request, EMPTY_OBJECT_BYTES);
  return bytes !== undefined && EMPTY_OBJECT.test(new TextDecoder().decode(bytes));
}

/**
 * The answer refusing a body sent to a route that declares none, or null when the request
 * carries none. Such a route never reads a body, so what a client put there (filters on a DELETE
 * of a collection: `{"done": true}`) would be silently ignored, and the route would work on
 * every record instead. `where` says where the route's input goes (after "This route takes no
 * request body; "). A type it does not read (text/plain, a form) is 415; JSON, or a body without
 * a type, is 400. An empty body or `{}` (clients that always send an object) passes, as a body
 * it cannot see (a GET's) does not. Runs before any database work.
 */
export async function refuseBody(request: Request, where: string): Promise<Response | null> {
  if (!carriesBody(request.headers)) return null;
  const type = (request.headers.get("content-type") ?? "").trim();
  if (type !== "" && !JSON_TYPE.test(type))
    return jsonError(415, `Unsupported Content-Type: this route takes no request body; ${where}`);
  if (await asksNothing(request)) return null;
  return jsonError(400, `This route takes no request body; ${where}`);
}
