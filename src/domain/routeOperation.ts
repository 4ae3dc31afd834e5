/** What a route does when it has no `function`. */
export type RouteOperation =
  'list' | 'get' | 'create' | 'replace' | 'update' | 'delete' | 'function';

export type EventOperation = 'create' | 'update' | 'delete';

/** Operations on one existing record, which a path parameter (its key) must name. */
export const ONE_RECORD_OPERATIONS: readonly RouteOperation[] = [
  'get',
  'replace',
  'update',
  'delete',
];

export function worksOnOneRecord(operation: RouteOperation): boolean {
  return ONE_RECORD_OPERATIONS.includes(operation);
}
