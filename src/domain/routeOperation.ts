/** What a route does when it has no `function`. */
export type RouteOperation =
  'list' | 'get' | 'create' | 'replace' | 'update' | 'delete' | 'function';

export type EventOperation = 'create' | 'update' | 'delete';
