import type { ErrorsConfig, RouteConfig } from '../config/configTypes';

/** The keys a route's request body and answer sit under; null where there is none. */
export interface Envelope {
  request: string | null;
  response: string | null;
  /** A counted list: the body key of the number of all matching records. */
  count: string | null;
}

export const NO_ENVELOPE: Envelope = { request: null, response: null, count: null };

/** The route reads a request body. */
export function readsBody(route: RouteConfig): boolean {
  return Object.keys(route.body ?? {}).length > 0;
}

/**
 * The route answers its `response` itself: not a function (which shapes its own answer), not a
 * redirect, not 204 (no body).
 */
export function answersResponse(route: RouteConfig): boolean {
  return Boolean(route.response) && !route.function && !route.redirect && route.status !== 204;
}

/**
 * `envelope` in long form. A single key applies to the body when the route reads one and to the
 * answer when the route answers its `response`; the object form names each.
 */
export function envelopeOf(route: RouteConfig): Envelope {
  const envelope = route.envelope;
  if (envelope === undefined) return NO_ENVELOPE;
  if (typeof envelope === 'string')
    return {
      request: readsBody(route) ? envelope : null,
      response: answersResponse(route) ? envelope : null,
      count: null,
    };
  return {
    request: envelope.request ?? null,
    response: envelope.response ?? null,
    count: envelope.count ?? null,
  };
}

/** Where an error message sits in an error answer (settings `errors.body`). */
export interface ErrorFormat {
  /** Keys from the answer's root to the message, e.g. `["errors", "body"]`. */
  path: string[];
  /** The message is a list (`[]`): one item per problem of an invalid body. */
  list: boolean;
  /** The status of a request body that fails validation. */
  validationStatus: 400 | 422;
}

/** The error format of the settings (already schema-checked), with its defaults. */
export function errorFormatOf(errors: ErrorsConfig | undefined): ErrorFormat {
  const body = errors?.body ?? 'error';
  const list = body.endsWith('[]');
  return {
    path: (list ? body.slice(0, -2) : body).split('.'),
    list,
    validationStatus: errors?.validationStatus ?? 400,
  };
}
