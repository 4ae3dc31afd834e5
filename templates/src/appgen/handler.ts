/** What a route's user-owned function receives. */
export interface FunctionInput<Body = undefined, Params = Record<string, string>> {
  request: Request;
  /** The authenticated user's id on `auth: true` routes, else null. */
  userId: string | null;
  params: Params;
  /** The validated body (declared fields only), or undefined when the route has no body. */
  body: Body;
}

/**
 * What a route's voter receives; it returns true to allow, false to deny (403, nothing changed).
 * Without `auth: true` on the route, `userId` is null: a voter then decides for anonymous callers.
 */
export interface VoterInput<Body = unknown, Params = Record<string, string>> {
  request: Request;
  userId: string | null;
  params: Params;
  body: Body;
  /** The record the route works on (routes with `:id`), as stored; else null. */
  record: Record<string, unknown> | null;
}

/** What a write records for its events: the model, the operation, the record and who wrote it. */
export interface EventRecord {
  model: string;
  operation: "create" | "update" | "delete";
  /**
   * The record as written (for delete: as it was), with the computed fields the route reads, or
   * what a function route returned. As JSON: dates arrive as ISO strings.
   */
  record: Record<string, unknown> | null;
  userId: string | null;
}

/**
 * What an event handler receives after a successful write. Events the worker runs (the default)
 * run at least once: a handler may run again after a failure or when the instance running it
 * stopped, so make it idempotent with `id`.
 */
export interface EventPayload extends EventRecord {
  /** The event's name (config/events). */
  event: string;
  /**
   * The event's id, the same on every attempt (the outbox row's; for `inRequest` events a fresh
   * one).
   */
  id: string;
  /** 1 for the first run, 2 for the first retry, and so on. */
  attempt: number;
}
