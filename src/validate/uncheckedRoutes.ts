import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import type { CheckedRoute } from './checkedProject';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * `GET /api/posts/:/comments` for `GET /api/posts/:postId/comments`: a route reference with its
 * parameter names left out, so a view that names a parameter as the route meant to (`:postId`
 * where the route's path misspells it `:postid`) still finds the route its mistake is reported at.
 */
export function uncheckedKey(ref: string): string {
  return ref.replace(/:[^/\s]+/g, ':');
}

/**
 * Every route written in a routes file (also in files that failed their schema, and under a
 * misspelt "routes" key) that did not pass its checks, or whose path has a problem, as
 * `uncheckedKey`s: a view bound to one must not add a false "no route is declared". A route with
 * a problem elsewhere is still checked against (a view's own mistakes are reported beside it).
 */
export function uncheckedRoutes(
  documents: ConfigDocument[],
  checked: CheckedRoute[],
  problems: Diagnostic[],
): Set<string> {
  const troubled = new Set(
    problems.map((p) => `${p.file} /routes/${/^routes\[(\d+)\]\.path$/.exec(p.jsonPath)?.[1]}`),
  );
  const passed = new Set(
    checked
      .filter((route) => !troubled.has(`${route.origin.file} ${route.origin.pointer}`))
      .map((route) => uncheckedKey(`${route.config.method} ${route.config.path}`)),
  );
  const declared = documents.flatMap((document) => {
    const value = document.value as Record<string, unknown> | null;
    const routes = Array.isArray(value?.routes)
      ? value.routes
      : Object.values(value ?? {}).find((entry) => Array.isArray(entry));
    if (!Array.isArray(routes)) return [];
    // A route whose method is the mistake could be the one a view means by any method.
    return routes.flatMap((route: { method?: unknown; path?: unknown } | null) =>
      (METHODS.includes(route?.method as string) ? [route?.method] : METHODS).map((method) =>
        uncheckedKey(`${method} ${route?.path}`),
      ),
    );
  });
  return new Set(declared.filter((ref) => !passed.has(ref)));
}
