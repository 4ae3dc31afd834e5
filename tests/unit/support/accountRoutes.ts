import { minimalProject } from './configs';
import type { ProjectFiles } from './tempProject';

/**
 * The accounts model the account-route tests share (`Account`: a unique email and a password),
 * and its log-in route, whose body can take more fields (a second factor's `code`).
 */
export const ACCOUNT_MODEL = {
  name: 'Account',
  fields: { email: { type: 'string', unique: true }, password: 'password' },
};

export const LOG_IN_BODY = {
  email: { type: 'string', required: true },
  password: { type: 'password', required: true },
};

export function logInRoute(extraBody: Record<string, unknown> = {}) {
  return {
    method: 'POST',
    path: '/api/login',
    account: 'logIn',
    body: { ...LOG_IN_BODY, ...extraBody },
    response: 'Account',
  };
}

/** The minimal project with the accounts model `Account` and these routes in one file. */
export function accountsProject(
  routes: unknown[],
  {
    orm = 'prisma',
    accounts = {},
    model = ACCOUNT_MODEL,
  }: { orm?: string; accounts?: Record<string, unknown>; model?: unknown } = {},
): ProjectFiles {
  return minimalProject({
    'appgen.config.json': { orm, accounts: { model: 'Account', ...accounts } },
    'config/models/Account.json': model,
    'config/routes/accounts.json': { routes },
  });
}
