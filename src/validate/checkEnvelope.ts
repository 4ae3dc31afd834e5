import type { RouteConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { answersResponse, readsBody } from '../domain/envelope';
import type { ConfigDocument } from '../load/configDocument';
import { childPointer, diagnosticAt } from './locate';

/** Why the route sends no answer of its own that a response key could wrap, or null. */
function noAnswer(config: RouteConfig): string | null {
  if (config.function) return 'a route "function" shapes its own answer';
  if (config.redirect) return 'a route with "redirect" answers no body';
  if (config.status === 204) return 'a 204 answer has no body';
  if (!config.response) return 'the route has no "response"';
  return null;
}

/**
 * `envelope`: each key must have something to wrap (a body for `request`, an answer of the
 * route's `response` for `response`), and `count` a counted list beside its `response` key (or,
 * on a DELETE or PATCH of a collection without `response`, the key of its count answer).
 */
export function checkEnvelope(
  document: ConfigDocument,
  pointer: string,
  config: RouteConfig,
): Diagnostic[] {
  const envelope = config.envelope;
  if (envelope === undefined) return [];
  const at = childPointer(pointer, 'envelope');
  if (typeof envelope === 'string') {
    if (readsBody(config) || answersResponse(config)) return [];
    return [
      diagnosticAt(
        document,
        at,
        `"envelope" has nothing to wrap: the route reads no "body" and ${noAnswer(config)}`,
        'remove "envelope".',
        'key',
      ),
    ];
  }
  const problems: Diagnostic[] = [];
  if (envelope.request !== undefined && !readsBody(config))
    problems.push(
      diagnosticAt(
        document,
        childPointer(at, 'request'),
        'the route reads no "body" for "request" to wrap',
        'remove "request", or declare a "body".',
        'key',
      ),
    );
  const why = noAnswer(config);
  if (envelope.response !== undefined && why)
    problems.push(
      diagnosticAt(
        document,
        childPointer(at, 'response'),
        `"response" has no answer to wrap: ${why}`,
        config.function
          ? 'remove it: the function answers what it returns (the "request" key still applies).'
          : 'remove "response" from "envelope".',
        'key',
      ),
    );
  if (envelope.count !== undefined) problems.push(...checkCount(document, at, config));
  return problems;
}

function checkCount(document: ConfigDocument, at: string, config: RouteConfig): Diagnostic[] {
  const envelope = config.envelope as Exclude<RouteConfig['envelope'], string | undefined>;
  const pointer = childPointer(at, 'count');
  const problem = (message: string, hint: string) => [
    diagnosticAt(document, pointer, message, hint),
  ];
  if (config.collection && !config.response) return countAnswer(document, pointer, config);
  if (envelope.response === undefined)
    return problem(
      '"count" sits beside the list, which needs a key of its own',
      'add "response" to "envelope" (e.g. "response": "articles").',
    );
  if (noAnswer(config)) return []; // reported at "response"
  if (!config.response?.endsWith('[]'))
    return problem(
      `"count" applies to a list, and "response" is one ${config.response}`,
      'remove "count".',
    );
  // A collection's answer holds every record it changed: their number needs no counting query.
  if (config.query?.count !== true && !config.collection)
    return problem(
      'the list does not count its records',
      'add "count": true to "query" (the number then goes in this key instead of X-Total-Count).',
    );
  if (envelope.count === envelope.response)
    return problem(
      `"count" and "response" are both "${envelope.count}"`,
      `give the count a key of its own (e.g. "${envelope.response}Count").`,
    );
  return [];
}

/**
 * On a DELETE or PATCH of a collection without `response`, `count` is the key of the answer
 * `{ "<count>": n }` (the number of records changed): the route must answer a body.
 */
function countAnswer(document: ConfigDocument, pointer: string, config: RouteConfig): Diagnostic[] {
  const key = (config.envelope as { count: string }).count;
  if (config.redirect)
    return [
      diagnosticAt(
        document,
        pointer,
        `"count" names the key of the number of records changed, and a route with "redirect" answers no body`,
        'remove "count", or "redirect".',
      ),
    ];
  if (config.status === undefined || config.status === 204)
    return [
      diagnosticAt(
        document,
        pointer,
        `"count" names the key of the number of records changed, and ${config.method} ${config.path} answers 204 (no body)`,
        `add "status": 200 to answer { "${key}": n }.`,
      ),
    ];
  return [];
}
