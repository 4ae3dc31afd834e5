import { PROVIDER_PARAM, type OidcAction } from '../domain/accounts';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { AccountRoute } from './checkAccountRoutes';
import { childPointer, diagnosticAt } from './locate';
import { ownWorkProblems } from './ownWorkProblems';

/** The OpenID Connect routes as messages name them. */
export const OIDC_ROUTE_NAMES: Record<OidcAction, string> = {
  oidcSignIn: 'a sign-in with a provider',
  oidcCallback: "a provider's callback",
  listIdentities: "a list of one's providers",
  unlinkIdentity: 'an unlinking of a provider',
};

/**
 * An OpenID Connect route: on the accounts model's users, in a project with providers
 * (`accounts.providers`); it answers what appgen writes (no `response`, `model`, `status` or
 * body). A sign-in and its callback name the provider by `:provider` in their path (`"params": {
 * "provider": "string" }`), and each needs the other; an unlinking's `:id` is checked by
 * checkRevokedId.
 */
export function checkOidcRoute(route: AccountRoute, action: OidcAction): Diagnostic[] {
  const { document, pointer, config, accounts } = route;
  const at = childPointer(pointer, 'account');
  const problem = (message: string, fix: string, where = at, on: 'key' | 'value' = 'value') => [
    diagnosticAt(document, where, message, fix, on),
  ];
  const name = OIDC_ROUTE_NAMES[action];
  const first = ownWorkProblems(route, {
    noModel: `${name} belongs to one of the app's users, and this project has no accounts model`,
    answers: `${name} answers what appgen writes for it`,
    noBody: `${name} takes no body`,
  });
  if (first) return first;
  // A provider with a mistake is reported at accounts.providers, not as "none".
  if (accounts.providers.length === 0 && accounts.providersProblem) return [];
  if (accounts.providers.length === 0)
    return problem(
      `${name} needs OpenID Connect providers, and appgen.config.json names none`,
      'add "accounts": { "providers": { "corp": { "issuer": "https://login.example.com" } } } to appgen.config.json.',
    );
  if (action !== 'oidcSignIn' && action !== 'oidcCallback') return [];
  const params = config.params ?? {};
  const names = Object.keys(params);
  const param = PROVIDER_PARAM;
  const example = action === 'oidcSignIn' ? '/api/oidc/:provider' : '/api/oidc/:provider/callback';
  if (
    names.length !== 1 ||
    params[param] !== 'string' ||
    !config.path.split('/').includes(`:${param}`)
  )
    return problem(
      `${name} names the provider by ":${param}" in its path, and no other parameter`,
      `use a path like "${example}" with "params": { "${param}": "string" }.`,
      childPointer(pointer, names.length > 0 ? 'params' : 'path'),
    );
  const others = action === 'oidcSignIn' ? route.oidcCallbacks : route.oidcSignIns;
  if (action === 'oidcCallback' && route.oidcCallbacks.length > 1)
    return problem(
      `${name} is where every sign-in returns, and this project has ${route.oidcCallbacks.length} (${route.oidcCallbacks.join(', ')})`,
      'keep one "oidcCallback" route.',
    );
  if (others.length === 0)
    return problem(
      action === 'oidcSignIn'
        ? `${name} sends the browser to the provider, which sends it back to a callback route, and this project has none`
        : `${name} ends a sign-in that a route starts, and this project has none`,
      action === 'oidcSignIn'
        ? `add { "method": "GET", "path": "${config.path.replace(/\/$/, '')}/callback", "account": "oidcCallback", "params": { "${param}": "string" } }.`
        : `add { "method": "GET", "path": "${config.path.replace(/\/callback$/, '')}", "account": "oidcSignIn", "params": { "${param}": "string" } }.`,
    );
  return [];
}
