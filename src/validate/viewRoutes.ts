import type { ColumnConfig } from '../config/configTypes';
import { parseRouteRef } from '../domain/routeRefs';
import type { CheckedRoute } from './checkedProject';

/** The route a view element names, matched on method and path exactly as configured. */
export function findRouteByRef(
  routes: readonly CheckedRoute[],
  text: string,
): CheckedRoute | undefined {
  const { method, path } = parseRouteRef(text);
  return routes.find((route) => route.config.method === method && route.config.path === path);
}

/** `:name` placeholders in a target path that may also hold a query (`/posts/:id?tab=1`). */
export function placeholders(target: string): string[] {
  return [...target.split(/[?#]/)[0].matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
}

/** The field a list or detail column shows. */
export const columnField = (column: ColumnConfig): string =>
  typeof column === 'string' ? column : column.field;
