import crypto from 'crypto';
import fs from 'fs';
import fsPromises from 'fs/promises';
import nodemailer from 'nodemailer';
import os from 'os';
import path from 'path';
import { startMailCatcher } from '../../e2e/support/mailCatcher';
import { GOLDEN_DIR } from '../support/paths';
import { evaluateModule } from '../support/typescriptSource';

// src/appgen/mail.ts run as a generated app runs it (the roles golden case's, settings
// accounts.mailFrom unset): the development mailbox without APPGEN_SMTP_URL, a refusal in
// production, a real SMTP delivery (nodemailer to smtp-server on loopback), the links' base.

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
type MailModule = {
  sendMail(mail: Mail): Promise<void>;
  keptMails(): Promise<Array<Mail & { from: string; sentAt: string }>>;
  mailProblem(): string | null;
  mailSender(): string;
  linkWithToken(link: string, token: string): string;
};

const SOURCE = fs.readFileSync(
  path.join(GOLDEN_DIR, 'roles', 'expected', 'src', 'appgen', 'mail.ts'),
  'utf8',
);
const VARIABLES = ['NODE_ENV', 'APPGEN_SMTP_URL', 'APPGEN_PUBLIC_URL', 'APPGEN_MAIL_FROM', 'PORT'];
const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
const cwd = process.cwd();
let dir: string;

/** The module loaded in `dir` with these variables (the others unset). */
function mailModule(env: Record<string, string>): MailModule {
  for (const name of VARIABLES) delete process.env[name];
  Object.assign(process.env, env);
  return evaluateModule('mail.ts', SOURCE, {
    'node:crypto': crypto,
    'node:fs/promises': fsPromises,
    'node:path': path,
    nodemailer,
  }) as MailModule;
}

const MAIL: Mail = {
  to: 'ada@example.com',
  subject: 'Reset your password',
  text: 'Choose a new password:\nhttp://localhost:3000/reset-password?token=abc\n',
  html: '<p><a href="http://localhost:3000/reset-password?token=abc">Choose</a></p>',
};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-mail-'));
  process.chdir(dir);
});
afterEach(() => {
  process.chdir(cwd);
  fs.rmSync(dir, { recursive: true, force: true });
  for (const name of VARIABLES)
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
});

describe('account mail (src/appgen/mail.ts)', () => {
  it('keeps mail in the development mailbox without APPGEN_SMTP_URL, and prints it', async () => {
    const mail = mailModule({});
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    await mail.sendMail(MAIL);
    await mail.sendMail({ ...MAIL, subject: 'Verify your e-mail address' });
    expect(log.mock.calls[0][0]).toContain(
      '[appgen] mail to ada@example.com (development mailbox, /appgen/mail): Reset your password',
    );
    log.mockRestore();
    expect(fs.readdirSync(path.join(dir, '.appgen', 'mail'))).toHaveLength(2);
    const kept = await mail.keptMails();
    expect(kept.map((m) => m.subject)).toEqual([
      'Verify your e-mail address',
      'Reset your password',
    ]);
    expect(kept[1]).toMatchObject({ ...MAIL, from: '"appgen app" <no-reply@localhost>' });
    // A development server names what a production one would refuse.
    expect(mail.mailProblem()).toMatch(/^APPGEN_SMTP_URL is not set: .*smtps:\/\//);
  });

  it('refuses to send or list in production without APPGEN_SMTP_URL; checks both variables', async () => {
    const mail = mailModule({ NODE_ENV: 'production' });
    await expect(mail.sendMail(MAIL)).rejects.toThrow('APPGEN_SMTP_URL is not set');
    await expect(mail.keptMails()).resolves.toEqual([]);
    expect(mailModule({ APPGEN_SMTP_URL: 'http://mail.example.com' }).mailProblem()).toBe(
      'APPGEN_SMTP_URL starts with http://: it must be smtp:// or smtps://.',
    );
    expect(mailModule({ APPGEN_SMTP_URL: 'smtp://mail.example.com' }).mailProblem()).toMatch(
      /^APPGEN_PUBLIC_URL is not set: the links in account mail need the app's public address/,
    );
    expect(
      mailModule({
        APPGEN_SMTP_URL: 'smtps://u:p@mail.example.com:465',
        APPGEN_PUBLIC_URL: 'https://example.com',
      }).mailProblem(),
    ).toBeNull();
  });

  it('sends over SMTP to APPGEN_SMTP_URL, from APPGEN_MAIL_FROM, links on APPGEN_PUBLIC_URL', async () => {
    const catcher = await startMailCatcher();
    try {
      const mail = mailModule({
        NODE_ENV: 'production',
        APPGEN_SMTP_URL: catcher.url,
        APPGEN_PUBLIC_URL: 'https://shop.example.com/app/',
      });
      expect(mail.mailSender()).toBe('"appgen app" <no-reply@shop.example.com>');
      expect(mail.linkWithToken('/reset-password', 'a-b_c')).toBe(
        'https://shop.example.com/app/reset-password?token=a-b_c',
      );
      expect(mail.linkWithToken('https://front.example.com/reset?from=mail', 'x')).toBe(
        'https://front.example.com/reset?from=mail&token=x',
      );
      await mail.sendMail(MAIL);
      const received = await catcher.next('ada@example.com', /^Reset your password$/);
      expect(received).toMatchObject({ from: '"appgen app" <no-reply@shop.example.com>' });
      expect(received.text).toContain('http://localhost:3000/reset-password?token=abc');
      expect(received.html).toContain('<a href="http://localhost:3000/reset-password?token=abc">');
      expect(fs.existsSync(path.join(dir, '.appgen'))).toBe(false);
      process.env.APPGEN_MAIL_FROM = 'Shop <no-reply@shop.example>';
      expect(mail.mailSender()).toBe('Shop <no-reply@shop.example>');
    } finally {
      await catcher.close();
    }
  });
});
