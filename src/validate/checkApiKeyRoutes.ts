import { API_KEY_BODY, type ApiKeyAction } from '../domain/accounts';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { AccountRoute } from './checkAccountRoutes';
import { checkFixedBody } from './checkFixedBody';
import { ownWorkProblems } from './ownWorkProblems';

/** The API key routes as messages name them. */
export const API_KEY_ROUTE_NAMES: Record<ApiKeyAction, string> = {
  createApiKey: 'a new API key',
  listApiKeys: 'a list of API keys',
  revokeApiKey: 'a revocation of an API key',
};

/**
 * An API key route: on the accounts model's users; a new key's body is its name and, optionally,
 * readOnly, routes and expiresInDays (checkFixedBody), and it answers the key itself (no
 * `response`, `model` or `status`); a list and a revocation take no body (a revocation's `:id` is
 * checked by checkRevokedId).
 */
export function checkApiKeyRoute(route: AccountRoute, action: ApiKeyAction): Diagnostic[] {
  const { document, pointer, config } = route;
  const name = API_KEY_ROUTE_NAMES[action];
  const answers =
    action === 'createApiKey'
      ? '201 with the key'
      : action === 'listApiKeys'
        ? 'the keys, never the keys themselves'
        : '204';
  const first = ownWorkProblems(route, {
    noModel: `${name} belongs to one of the app's users, and this project has no accounts model`,
    answers: `${name} answers what appgen writes for it (${answers})`,
  });
  if (first) return first;
  // A GET's or a DELETE's body is refused as every one's is.
  if (action !== 'createApiKey') return [];
  return checkFixedBody(document, pointer, config, name, API_KEY_BODY);
}
