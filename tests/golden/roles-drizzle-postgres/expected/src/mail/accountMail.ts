// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.

/**
 * The mails of the accounts' password reset and e-mail verification (src/appgen/accountMail.ts
 * sends them through the outbox). Change the words, add a logo or a footer: each function gets the
 * address, the link (the page it opens reads ?token=), the app's name and how long the link works.
 * It imports nothing generated, so it still compiles after the mail routes are removed.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface AccountMailInput {
  to: string;
  link: string;
  appName: string;
  expiresInMinutes: number;
}

/** Text for HTML: the characters that would start markup, escaped. */
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "60 minutes" or "24 hours". */
const duration = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}` : `${minutes} minutes`;

function linkMail(
  input: AccountMailInput,
  subject: string,
  why: string,
  action: string,
  ignore: string,
): Mail {
  const valid = `The link works once, for ${duration(input.expiresInMinutes)}.`;
  return {
    to: input.to,
    subject,
    text: `${why}\n\n${action}:\n${input.link}\n\n${valid} ${ignore}\n`,
    html:
      `<p>${escape(why)}</p>` +
      `<p><a href="${escape(input.link)}">${escape(action)}</a></p>` +
      `<p>${escape(valid)} ${escape(ignore)}</p>`,
  };
}

export function resetPasswordMail(input: AccountMailInput): Mail {
  return linkMail(
    input,
    `Reset your ${input.appName} password`,
    `Someone asked to reset the password of your ${input.appName} account.`,
    "Choose a new password",
    "If it was not you, ignore this mail: your password stays as it is.",
  );
}

export function verifyEmailMail(input: AccountMailInput): Mail {
  return linkMail(
    input,
    `Verify your e-mail address for ${input.appName}`,
    `Please confirm that ${input.to} is your address on ${input.appName}.`,
    "Verify my address",
    "If you did not sign up, ignore this mail.",
  );
}
