/** What a route does when it has no `function`. */
export type RouteOperation =
  | 'list'
  | 'get'
  | 'create'
  | 'replace'
  | 'update'
  | 'delete'
  | 'link'
  | 'unlink'
  | 'logIn'
  | 'logOut'
  | 'function';

export type EventOperation = 'create' | 'update' | 'delete';

/** Operations on one existing record, which a path parameter (its key) must name. */
export const ONE_RECORD_OPERATIONS: readonly RouteOperation[] = [
  'get',
  'replace',
  'update',
  'delete',
  'link',
  'unlink',
];

export function worksOnOneRecord(operation: RouteOperation): boolean {
  return ONE_RECORD_OPERATIONS.includes(operation);
}

/** Operations that write the route's model from its body (and `set`). */
export const WRITE_OPERATIONS: readonly RouteOperation[] = ['create', 'replace', 'update'];
