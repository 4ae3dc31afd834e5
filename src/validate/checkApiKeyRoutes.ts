import { API_KEY_BODY, type ApiKeyAction } from '../domain/accounts';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { AccountRoute } from './checkAccountRoutes';
import { checkFixedBody } from './checkFixedBody';
import { childPointer, diagnosticAt } from './locate';

/** The API key routes as messages name them. */
export const API_KEY_ROUTE_NAMES: Record<ApiKeyAction, string> = {
  createApiKey: 'a new API key',
  listApiKeys: 'a list of API keys',
  revokeApiKey: 'a revocation of an API key',
};

/**
 * An API key route: on the accounts model's users; a new key's body is its name and, optionally,
 * readOnly (checkFixedBody), and it answers the key itself (no `response`, `model` or `status`); a
 * list and a revocation take no body (a revocation's `:id` is checked by checkRevokedId).
 */
export function checkApiKeyRoute(route: AccountRoute, action: ApiKeyAction): Diagnostic[] {
  const { document, pointer, config, accounts } = route;
  const at = childPointer(pointer, 'account');
  const problem = (message: string, fix: string, where = at, on: 'key' | 'value' = 'value') => [
    diagnosticAt(document, where, message, fix, on),
  ];
  const name = API_KEY_ROUTE_NAMES[action];
  if (!accounts.model)
    return problem(
      `${name} belongs to one of the app's users, and this project has no accounts model`,
      'name it in appgen.config.json: "accounts": { "model": "User" }.',
    );
  const extra = (['response', 'model', 'status'] as const).find((key) => config[key] !== undefined);
  if (extra)
    return problem(
      `${name} answers what appgen writes for it (${action === 'createApiKey' ? '201 with the key' : action === 'listApiKeys' ? 'the keys, never the keys themselves' : '204'})`,
      `remove "${extra}".`,
      childPointer(pointer, extra),
      'key',
    );
  // A GET's or a DELETE's body is refused as every one's is.
  if (action !== 'createApiKey') return [];
  return checkFixedBody(document, pointer, config, name, API_KEY_BODY);
}
