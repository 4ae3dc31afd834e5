import type { HttpMethod } from '../config/configTypes';

/** A route as views name it: method and path exactly as configured. */
export interface RouteRef {
  method: HttpMethod;
  path: string;
}

/** `"POST /api/posts"` → method and path (the schema already checked the shape). */
export function parseRouteRef(text: string): RouteRef {
  const space = text.indexOf(' ');
  return { method: text.slice(0, space) as HttpMethod, path: text.slice(space + 1).trim() };
}
