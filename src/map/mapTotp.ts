import { onTotp } from '../domain/accounts';
import type { CheckedProject } from '../validate/checkedProject';
import type { TotpContext } from './contexts';
import { delegateName } from '../domain/names';

/**
 * What src/appgen/totp.ts works with: the accounts model, and the field whose value names the
 * account in the authenticator app (the mail field, else the first identity field). Null
 * without second-factor routes, or without stored sessions (a project without a log-in is
 * refused by the checks).
 */
export function mapTotp(project: CheckedProject, sessionsOf: string | null): TotpContext | null {
  const { accounts, routes } = project;
  if (sessionsOf === null || !routes.some((route) => onTotp(route.account?.action))) return null;
  return {
    delegate: delegateName(sessionsOf),
    labelField: accounts.emailField ?? accounts.identity[0] ?? 'id',
  };
}
