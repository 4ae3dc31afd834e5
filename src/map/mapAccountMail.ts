import { onMail } from '../domain/accounts';
import { delegateName } from '../domain/names';
import type { CheckedProject } from '../validate/checkedProject';
import type { AccountMailContext } from './contexts';

/** What src/appgen/accountMail.ts works with: null without mail routes (or without a database). */
export function mapAccountMail(project: CheckedProject): AccountMailContext | null {
  const { accounts, routes } = project;
  const actions = new Set(routes.flatMap((route) => route.account?.action ?? []));
  if (project.orm === 'none' || accounts.model === null || accounts.emailField === null)
    return null;
  if (![...actions].some(onMail)) return null;
  return {
    delegate: delegateName(accounts.model),
    emailField: accounts.emailField,
    passwordField: accounts.passwordField ?? '',
    requireVerified: accounts.requireVerified,
    verifies: actions.has('verifyEmail'),
    mailFrom: accounts.mailFrom,
    resetLink: accounts.resetLink,
    verifyLink: accounts.verifyLink,
    linksArePaths: [accounts.resetLink, accounts.verifyLink].some((link) => link.startsWith('/')),
  };
}
