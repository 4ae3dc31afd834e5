import { onMail } from '../domain/accounts';
import { delegateName } from '../domain/names';
import type { CheckedProject } from '../validate/checkedProject';
import type { AccountMailContext } from './contexts';

/** What src/appgen/accountMail.ts works with: null without mail routes (or without a database). */
export function mapAccountMail(project: CheckedProject): AccountMailContext | null {
  const { accounts, routes } = project;
  if (project.orm === 'none' || accounts.model === null || accounts.emailField === null)
    return null;
  if (!routes.some((route) => onMail(route.account?.action))) return null;
  return {
    delegate: delegateName(accounts.model),
    emailField: accounts.emailField,
    passwordField: accounts.passwordField ?? '',
    mailFrom: accounts.mailFrom,
    resetLink: accounts.resetLink,
    verifyLink: accounts.verifyLink,
    linksArePaths: [accounts.resetLink, accounts.verifyLink].some((link) => link.startsWith('/')),
  };
}
