/** What a route does when it has no `function`. */
export type RouteOperation =
  | 'list'
  | 'get'
  | 'create'
  | 'replace'
  | 'update'
  | 'delete'
  | 'deleteMany'
  | 'updateMany'
  | 'link'
  | 'unlink'
  | 'logIn'
  | 'logOut'
  | 'listSessions'
  | 'revokeSession'
  | 'accountMail'
  | 'apiKeys'
  | 'totp'
  | 'oidc'
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

/**
 * Operations on every record a route selects (`"collection": true` on a DELETE or PATCH whose
 * path names no record): its path's other parameters, its `query` filters and `scope` select them.
 */
export const COLLECTION_OPERATIONS: readonly RouteOperation[] = ['deleteMany', 'updateMany'];

export function worksOnCollection(operation: RouteOperation): boolean {
  return COLLECTION_OPERATIONS.includes(operation);
}

/** Operations that write the route's model from its body (and `set`). */
export const WRITE_OPERATIONS: readonly RouteOperation[] = [
  'create',
  'replace',
  'update',
  'updateMany',
];
