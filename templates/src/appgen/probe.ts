/**
 * Probes: a page asking a write route, in-process, whether the visitor may use it, so that it
 * shows the route's form only to visitors the route would let through (routeAccess in
 * src/appgen/view.ts). The route's own handler runs its own checks, in their order: sign-in (401),
 * the path's parameters, its parents and record (404), its voter (403); it stops right after
 * them, reads no body (a voter sees `body` undefined) and writes nothing.
 *
 * The mark is a property of the Request object under a symbol: nothing a client sends (a header,
 * the query, the body) can set it, so no request from outside is ever taken for a probe. The
 * symbol is the registry's (`Symbol.for`), so the page and the route agree on it even when the
 * bundler gives each its own copy of this module.
 */
const PROBE = Symbol.for("appgen.probe");

type Marked = { [PROBE]?: true };

function mark<T extends object>(target: T): T {
  Object.defineProperty(target, PROBE, { value: true });
  return target;
}

/** The request, marked as a probe: its route stops after its checks. */
export function probeRequest(request: Request): Request {
  return mark(request);
}

/** Whether a request is a probe made in-process by a page (never one from a client). */
export function isProbe(request: Request): boolean {
  return (request as Marked)[PROBE] === true;
}

/** A probe's answer when every check let the visitor through: 204, marked as this answer. */
export function probeAllowed(): Response {
  return mark(new Response(null, { status: 204 }));
}

/** Whether a route answered a probe that the visitor may use it (and not any other 204). */
export function allowedByProbe(response: Response): boolean {
  return response.status === 204 && (response as Marked)[PROBE] === true;
}
