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

/**
 * The model a route works on: its `model`, else its `response`, else the one model that the
 * routes on the same path, on its collection (`/api/users` for `/api/users/:id`) or on its items
 * respond with. Returns a list so that callers can report "none" and "ambiguous" apart.
 */
export function candidateModels(route: RouteWithShape, all: RouteWithShape[]): string[] {
  const own = route.config.model ?? parseResponse(route.config.response).name;
  if (own) return [own];
  const related = new Set([route.shape, route.shape.replace(/\/:$/, ''), `${route.shape}/:`]);
  const names = new Set<string>();
  for (const other of all) {
    if (other === route || !related.has(other.shape)) continue;
    const name = other.config.model ?? parseResponse(other.config.response).name;
    if (name) names.add(name);
  }
  return [...names].sort();
}
