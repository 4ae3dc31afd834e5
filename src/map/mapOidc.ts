import { onOidc, providerEnvPrefix } from '../domain/accounts';
import { delegateName } from '../domain/names';
import type { CheckedProject } from '../validate/checkedProject';
import type { OidcContext } from './contexts';

/**
 * What src/appgen/oidc.ts works with: the accounts model (its delegate, the address field, a
 * text `name` a new account takes from the claim of that name, its password field), the
 * providers, the callback route's path, and whether addresses are marked verified (a project with
 * mail routes keeps them). Null without OpenID Connect routes or stored sessions.
 */
export function mapOidc(project: CheckedProject, sessionsOf: string | null): OidcContext | null {
  const { accounts, routes } = project;
  if (sessionsOf === null || accounts.emailField === null) return null;
  if (!routes.some((route) => onOidc(route.account?.action))) return null;
  const callback = routes.find((route) => route.account?.action === 'oidcCallback');
  const model = project.models.find((m) => m.name === sessionsOf);
  const name = model?.fields.find((field) => field.name === 'name');
  return {
    delegate: delegateName(sessionsOf),
    emailField: accounts.emailField,
    nameField: name?.type === 'string' ? 'name' : null,
    passwordField: accounts.passwordField,
    providers: accounts.providers.map((provider) => ({
      ...provider,
      envPrefix: providerEnvPrefix(provider.name),
    })),
    github: accounts.providers.some((provider) => provider.protocol === 'github'),
    callbackPath: callback?.path ?? '',
    marksVerified: routes.some((route) => route.account?.action === 'verifyEmail'),
    requireVerified: accounts.requireVerified,
  };
}
