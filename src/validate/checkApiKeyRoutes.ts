import { API_KEY_BODY, API_KEY_PARAM, type ApiKeyAction } from '../domain/accounts';
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
 * list takes no body; a revocation names the key by `:id` in its path (`params: { "id": "uuid" }`).
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
  if (action === 'revokeApiKey') {
    const params = config.params ?? {};
    const names = Object.keys(params);
    if (
      names.length !== 1 ||
      params[API_KEY_PARAM] !== 'uuid' ||
      !config.path.endsWith(`/:${API_KEY_PARAM}`)
    )
      return problem(
        `${name} names the key by its id, the last segment of its path`,
        `use a path ending in "/:${API_KEY_PARAM}" (e.g. "/api/keys/:${API_KEY_PARAM}") with "params": { "${API_KEY_PARAM}": "uuid" }.`,
        names.length > 0 ? childPointer(pointer, 'params') : childPointer(pointer, 'path'),
      );
  }
  // A GET's or a DELETE's body is refused as every one's is.
  if (action !== 'createApiKey') return [];
  return checkFixedBody(document, pointer, config, name, API_KEY_BODY);
}
