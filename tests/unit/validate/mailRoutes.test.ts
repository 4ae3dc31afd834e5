import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';

// Password reset and e-mail verification (account routes requestReset, resetPassword, verifyEmail,
// resendVerification): their config errors (file, line, fix), what they normalise to, and the
// handlers and modules they render. tests/e2e/pages-blog.test.ts runs them against a real SMTP
// server on the four ORM x database pairs.

const ACCOUNT = {
  name: 'Account',
  fields: {
    email: { type: 'string', unique: true },
    handle: { type: 'string', unique: true, optional: true },
    password: 'password',
  },
};
const email = { type: 'string', required: true, validation: ['isEmail'] };
const token = { type: 'string', required: true };
const REQUEST = { method: 'POST', path: '/api/forgot', account: 'requestReset', body: { email } };
const RESET = {
  method: 'POST',
  path: '/api/reset',
  account: 'resetPassword',
  body: { token, password: { type: 'password', required: true } },
};
const VERIFY = { method: 'POST', path: '/api/verify', account: 'verifyEmail', body: { token } };
const RESEND = {
  method: 'POST',
  path: '/api/resend',
  account: 'resendVerification',
  body: { email },
};
const SIGN_UP = {
  method: 'POST',
  path: '/api/accounts',
  account: 'signUp',
  body: { email: 'string', password: 'password' },
  response: 'Account',
};
const LOG_IN = {
  method: 'POST',
  path: '/api/login',
  account: 'logIn',
  body: {
    email: { type: 'string', required: true },
    password: { type: 'password', required: true },
  },
  response: 'Account',
};
const files = (routes: unknown[], accounts: object = {}, account: object = ACCOUNT) =>
  minimalProject({
    'appgen.config.json': { orm: 'prisma', accounts: { model: 'Account', ...accounts } },
    'config/models/Account.json': account,
    'config/routes/accounts.json': { routes },
  });
const problems = (routes: unknown[], accounts?: object, account?: object) =>
  problemsIn(files(routes, accounts, account)).map(describeProblem);

describe('mail routes (password reset, e-mail verification)', () => {
  it('accepts the four and normalises them: one operation, the address field, 204', () => {
    expect(problems([REQUEST, RESET, VERIFY, RESEND, SIGN_UP])).toEqual([]);
    const project = checkedProject(files([REQUEST, RESET, VERIFY, RESEND, SIGN_UP]));
    const routes = project.routes.filter((r) => r.file === 'config/routes/accounts.json');
    expect(routes.map((r) => [r.operation, r.account?.action, r.account?.emailField])).toEqual([
      ['accountMail', 'requestReset', 'email'],
      ['accountMail', 'resetPassword', 'email'],
      ['accountMail', 'verifyEmail', 'email'],
      ['accountMail', 'resendVerification', 'email'],
      ['create', 'signUp', 'email'],
    ]);
    // A sign-up mails a verification link where a route verifies it.
    expect(routes[4].account).toMatchObject({ sendsVerification: true, requiresVerified: false });
    expect(project.accounts).toMatchObject({
      emailField: 'email',
      requireVerified: false,
      resetLink: '/reset-password',
      verifyLink: '/verify-email',
    });
  });

  it('applies passwordRules to the new password of a reset', () => {
    const project = checkedProject(files([RESET], { passwordRules: ['minLength:12'] }));
    const reset = project.routes.find((r) => r.path === '/api/reset');
    expect(reset?.body.find((f) => f.name === 'password')?.validators).toEqual([
      { name: 'minLength', number: 12, raw: '12' },
    ]);
  });

  it('reports a body that is not what the route reads, with the fix and did-you-mean', () => {
    expect(problems([{ ...RESET, body: { tokn: token, password: { type: 'password' } } }])).toEqual(
      [
        expect.stringMatching(
          /config\/routes\/accounts\.json:\d+:\d+ routes\[0\]\.body\.tokn \| a password reset reads "token" and "password", not "tokn" .*did you mean "token"/,
        ),
        expect.stringMatching(
          /the body of a password reset needs "token" .*add "token": \{ "type": "string", "required": true \}/,
        ),
        expect.stringMatching(/a password reset cannot go without "password" .*"required": true/),
      ],
    );
    expect(problems([{ ...VERIFY, body: { token: { type: 'int', required: true } } }])).toEqual([
      expect.stringMatching(
        /"token" of an e-mail verification is the token a mail carried, of type "string", not "int"/,
      ),
    ]);
    expect(problems([{ ...REQUEST, body: undefined }])).toEqual([
      expect.stringMatching(/the body of a request for a password reset needs "email"/),
    ]);
  });

  it('reports an answer, a model, a missing address field and a GET', () => {
    expect(problems([{ ...REQUEST, response: 'Account' }])).toEqual([
      expect.stringMatching(/answers 204 with no body, whatever the address .*remove "response"/),
    ]);
    const noEmail = { ...ACCOUNT, fields: { handle: ACCOUNT.fields.handle, password: 'password' } };
    expect(problems([RESEND], {}, noEmail)).toEqual([
      expect.stringMatching(
        /mails the account's address, and Account has no unique "email" field .*"emailField"/,
      ),
    ]);
    expect(problems([{ ...VERIFY, method: 'GET' }])).toEqual([
      expect.stringMatching(/"account": "verifyEmail" is a POST route, not GET .*"method": "POST"/),
    ]);
  });

  it('checks accounts.emailField like an identity, and requireVerified against the routes', () => {
    expect(problems([REQUEST], { emailField: 'emial' })).toEqual([
      expect.stringMatching(
        /appgen\.config\.json:\d+:\d+ accounts\.emailField \| "emial" is not a field of Account .*did you mean "email"/,
      ),
    ]);
    expect(problems([REQUEST], { emailField: 'password' })).toEqual([
      expect.stringMatching(
        /accounts\.emailField \| account mail goes to an address, text, and Account\.password is password .*"email"/,
      ),
    ]);
    expect(problems([REQUEST, LOG_IN], { requireVerified: true })).toEqual([
      expect.stringMatching(
        /appgen\.config\.json:\d+:\d+ accounts\.requireVerified \| log-ins wait for a verified address, and no route verifies one .*"account": "verifyEmail"/,
      ),
    ]);
    expect(problems([REQUEST], { resetLink: 'reset' })).toEqual([
      expect.stringMatching(/resetLink.*must be a path of the app/),
    ]);
  });

  it('renders the handlers, the mail modules and, under requireVerified, a log-in that refuses an unverified address', () => {
    const rendered = renderFiles(
      files([REQUEST, RESET, VERIFY, RESEND, SIGN_UP, LOG_IN], {
        requireVerified: true,
        mailFrom: 'Shop <no-reply@shop.example>',
        resetLink: 'https://app.example.com/reset',
      }),
    );
    const file = (name: string) => rendered.get(name)?.content ?? '';
    expect(file('src/app/api/forgot/route.ts')).toContain(
      'return requestReset(request, body.email);',
    );
    expect(file('src/app/api/reset/route.ts')).toContain(
      'return resetPassword(body.token, body.password);',
    );
    expect(file('src/app/api/verify/route.ts')).toContain('return verifyEmail(body.token);');
    expect(file('src/app/api/resend/route.ts')).toContain(
      'return resendVerification(request, body.email);',
    );
    // Under requireVerified a sign-up mails the link and answers the account without a session.
    const signUp = file('src/app/api/accounts/route.ts');
    expect(signUp).toContain('eventRows([["appgen.signUpVerification", 5]]');
    expect(signUp).not.toContain('createSessionToken');
    expect(file('src/app/api/login/route.ts')).toContain(
      'if (!(await isVerified(account.id, account.email)))',
    );
    expect(file('src/appgen/accountMail.ts')).toContain(
      'const RESET_LINK = "https://app.example.com/reset";',
    );
    expect(file('src/appgen/mail.ts')).toContain(
      'const MAIL_FROM = "Shop <no-reply@shop.example>";',
    );
    expect(file('src/appgen/outboxHandlers.ts')).toContain('[MAIL_EVENT]: accountMailHandler');
    expect(file('src/mail/accountMail.ts')).toContain('export function resetPasswordMail');
    expect(file('prisma/schema.prisma')).toMatch(
      /model AppgenAccountToken \{[^}]*tokenHash String @unique/,
    );
    expect(file('prisma/schema.prisma')).toMatch(
      /model AppgenVerifiedAddress \{[^}]*@@unique\(\[userId, address\]\)/,
    );
    const env = file('.env.example');
    expect(env).toContain('APPGEN_SMTP_URL');
    expect(env).toContain('APPGEN_MAIL_FROM');
    expect(file('src/appgen/startup.ts')).toContain('mailProblem');
    // One link is a path (verifyLink's default): the links need APPGEN_PUBLIC_URL in production.
    expect(file('src/appgen/mail.ts')).toContain('const LINKS_ARE_PATHS = true;');
    expect(env).toMatch(/^APPGEN_PUBLIC_URL=/m);
  });

  it.each(['prisma', 'drizzle'])(
    "records a sign-up's verification mail in the sign-up's own transaction, run by the outbox (%s)",
    (orm) => {
      const project = minimalProject({
        'appgen.config.json': { orm, accounts: { model: 'Account' } },
        'config/models/Account.json': ACCOUNT,
        'config/routes/accounts.json': { routes: [VERIFY, SIGN_UP, LOG_IN] },
      });
      const rendered = renderFiles(project);
      const signUp = rendered.get('src/app/api/accounts/route.ts')?.content ?? '';
      // The account and the outbox row commit together: a process that dies after the commit
      // leaves the row for any instance's worker (no mail queued after the commit).
      const transaction = new RegExp(
        String.raw`transaction\((async )?\(tx\) => \{[^]*tx\.(insert\(tables\.account\)|account\.create)[^]*eventRows\(\[\["appgen\.signUpVerification", 5\]\][^]*return written;\n\s+\}\);\n\s+wakeOutbox\(\);`,
      );
      expect(signUp).toMatch(transaction);
      expect(signUp).not.toContain('queueMail');
      const handlers = rendered.get('src/appgen/outboxHandlers.ts')?.content ?? '';
      expect(handlers).toContain('[SIGN_UP_VERIFICATION_EVENT]: signUpVerificationHandler');
      expect(rendered.get('src/appgen/accountMail.ts')?.content).toContain(
        'export const SIGN_UP_VERIFICATION_EVENT = "appgen.signUpVerification";',
      );
    },
  );

  it('needs no APPGEN_PUBLIC_URL when both links are absolute URLs (a front end of its own)', () => {
    const rendered = renderFiles(
      files([REQUEST, RESET, VERIFY], {
        resetLink: 'https://app.example.com/reset',
        verifyLink: 'https://app.example.com/verify',
      }),
    );
    const file = (name: string) => rendered.get(name)?.content ?? '';
    expect(file('src/appgen/mail.ts')).toContain('const LINKS_ARE_PATHS = false;');
    expect(file('.env.example')).not.toContain('APPGEN_PUBLIC_URL=');
    expect(file('.env.example')).toMatch(/^APPGEN_SMTP_URL=/m);
  });
});
