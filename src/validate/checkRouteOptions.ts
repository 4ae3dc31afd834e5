import type { RouteConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import { childPointer, diagnosticAt } from './locate';
import { parseResponse } from './resolveRouteModel';

/**
 * `status` and `partial`: a success status the route can send (not with a redirect, which has its
 * own; 204 has no body, so not on a GET or beside a `response`), and `partial` on PUT only. A
 * list does not redirect: it would read its records for nothing.
 */
export function checkRouteOptions(
  document: ConfigDocument,
  pointer: string,
  config: RouteConfig,
): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const at = (key: string) => childPointer(pointer, key);
  const { status } = config;
  const response = parseResponse(config.response);
  if (status !== undefined && config.redirect)
    problems.push(
      diagnosticAt(
        document,
        at('status'),
        `"status" does not apply to a route with "redirect" (it answers ${config.method === 'GET' ? 307 : 303})`,
        'remove "status" or "redirect".',
        'key',
      ),
    );
  else if (config.redirect && config.method === 'GET' && response.isArray)
    problems.push(
      diagnosticAt(
        document,
        at('redirect'),
        `a list with "redirect" would read its ${config.response} only to answer 307 without them`,
        `remove "redirect", or answer one record ("response": "${response.name}" with an id in the path) to redirect when it exists.`,
        'key',
      ),
    );
  else if (status === 204 && config.method === 'GET')
    problems.push(
      diagnosticAt(
        document,
        at('status'),
        'a GET answers with a body, and 204 sends none',
        'remove "status", or use 200.',
      ),
    );
  else if (status === 204 && config.response)
    problems.push(
      diagnosticAt(
        document,
        at('status'),
        `204 sends no body, so the ${config.response} of "response" would never be sent`,
        `name the model with "model": "${config.response.replace(/\[\]$/, '')}" instead of "response", or use 200.`,
      ),
    );
  if (config.partial !== undefined && config.method !== 'PUT')
    problems.push(
      diagnosticAt(
        document,
        at('partial'),
        `"partial" applies to PUT routes only (${config.method} ${config.method === 'PATCH' ? 'is partial already' : 'has no body to write'})`,
        'remove "partial".',
        'key',
      ),
    );
  return problems;
}
