import type { RouteConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';

/**
 * The routes of a routes file that its schema problems are in (`routes[2].response`), or
 * undefined when a problem is outside every route (the file as a whole is wrong). The file's
 * other routes are still checked, so a mistake in one route hides none in another.
 */
export function failedRouteIndices(
  document: ConfigDocument,
  problems: Diagnostic[],
): Set<number> | undefined {
  if (!Array.isArray((document.value as { routes?: unknown } | null)?.routes)) return undefined;
  const indices = new Set<number>();
  for (const problem of problems) {
    const match = /^routes\[(\d+)\]/.exec(problem.jsonPath);
    if (!match) return undefined;
    indices.add(Number(match[1]));
  }
  return indices;
}

/**
 * A route that failed its schema, as far as its siblings may still infer their model from it
 * (`DELETE /api/posts/:id` from `GET /api/posts/:id`'s response): undefined unless its method,
 * path, response and model are strings.
 */
export function inferableRoute(config: unknown): RouteConfig | undefined {
  if (!config || typeof config !== 'object') return undefined;
  const { method, path, response, model } = config as Record<string, unknown>;
  const optional = (value: unknown) => value === undefined || typeof value === 'string';
  return typeof method === 'string' &&
    typeof path === 'string' &&
    optional(response) &&
    optional(model)
    ? (config as RouteConfig)
    : undefined;
}
