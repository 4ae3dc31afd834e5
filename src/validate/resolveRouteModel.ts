import type { RouteConfig } from '../config/configTypes';

/** `User[]` → { name: 'User', isArray: true } */
export function parseResponse(response: string | undefined): { name?: string; isArray: boolean } {
  if (!response) return { isArray: false };
  return response.endsWith('[]')
    ? { name: response.slice(0, -2), isArray: true }
    : { name: response, isArray: false };
}

export interface RouteWithShape {
  config: RouteConfig;
  shape: string;
}

/** Routes by shape, built once for `candidateModels` (a scan of every route per route was quadratic). */
export function routesByShape<R extends RouteWithShape>(all: R[]): Map<string, R[]> {
  const byShape = new Map<string, R[]>();
  for (const route of all) {
    const same = byShape.get(route.shape);
    if (same) same.push(route);
    else byShape.set(route.shape, [route]);
  }
  return byShape;
}

/**
 * The model a route works on: its `model`, else its `response`, else the one model that the
 * routes on the same path, on its collection (`/api/users` for `/api/users/:id`) or on its items
 * respond with. Returns a list so that callers can report "none" and "ambiguous" apart.
 * `byShape`: every route, by shape (`routesByShape`).
 */
export function candidateModels(
  route: RouteWithShape,
  byShape: ReadonlyMap<string, RouteWithShape[]>,
): string[] {
  const own = route.config.model ?? parseResponse(route.config.response).name;
  if (own) return [own];
  const related = new Set([route.shape, route.shape.replace(/\/:$/, ''), `${route.shape}/:`]);
  const names = new Set<string>();
  for (const shape of related) {
    for (const other of byShape.get(shape) ?? []) {
      if (other === route) continue;
      const name = other.config.model ?? parseResponse(other.config.response).name;
      if (name) names.add(name);
    }
  }
  return [...names].sort();
}
