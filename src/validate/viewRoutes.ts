import type { ColumnConfig, HttpMethod } from '../config/configTypes';
import type { CheckedRoute } from './checkedProject';
import { parseAppPath } from './appPaths';

/** `"POST /api/posts"` → method and path (the schema already checked the shape). */
export function parseRouteRef(text: string): { method: HttpMethod; path: string } {
  const space = text.indexOf(' ');
  return { method: text.slice(0, space) as HttpMethod, path: text.slice(space + 1).trim() };
}

/** The route a view element names, matched on method and path exactly as configured. */
export function findRouteByRef(routes: readonly CheckedRoute[], text: string): CheckedRoute | undefined {
  const { method, path } = parseRouteRef(text);
  return routes.find((route) => route.config.method === method && route.config.path === path);
}

/** The `:name` parameters of a path, in order (none for an unparseable path). */
export function pathParams(path: string): string[] {
  const parsed = parseAppPath(path);
  return parsed.ok ? parsed.segments.filter((s) => s.param).map((s) => s.param as string) : [];
}

/** `:name` placeholders in a target path that may also hold a query (`/posts/:id?tab=1`). */
export function placeholders(target: string): string[] {
  return [...target.split(/[?#]/)[0].matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
}

/** The field a list or detail column shows. */
export const columnField = (column: ColumnConfig): string => (typeof column === 'string' ? column : column.field);
