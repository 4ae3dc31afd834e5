import type { ProjectAccountRoute } from '../validate/checkedProject';
import type { AccountRouteContext } from './contexts';
import { labelFromField } from './fieldLabels';

/** "a or b", "a, b or c". */
function either(words: string[]): string {
  return words.length < 2
    ? words.join('')
    : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** An account route's context: what the handler does and the messages it answers with. */
export function mapAccountRoute(account: ProjectAccountRoute | null): AccountRouteContext | null {
  if (!account) return null;
  const { action, identity, passwordField, knowsClient, emailField } = account;
  return {
    action,
    // Under requireVerified a sign-up answers the account without a session: it is not verified yet.
    issuesToken: action === 'logIn' || (action === 'signUp' && !account.requiresVerified),
    identity,
    passwordField: passwordField ?? '',
    knowsClient,
    // One message for both failures: it must not tell which of the two was wrong.
    failureMessage: action === 'logIn' ? `Wrong ${either([...identity, 'password'])}` : '',
    // A sentence like the body's own messages ("Email or username is required.").
    identityMissingMessage:
      action === 'logIn' && identity.length > 1
        ? `${labelFromField(either(identity))} is required.`
        : '',
    emailField: emailField ?? '',
    sendsVerification: account.sendsVerification,
    requiresVerified: account.requiresVerified,
    asksSecondFactor: account.asksSecondFactor,
  };
}
