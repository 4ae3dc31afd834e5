import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail the catcher received, decoded. */
export interface CaughtMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server on loopback (nodemailer's smtp-server) that keeps every mail it receives:
 * an app under test gets `APPGEN_SMTP_URL=<url>` and the test reads what it sent. No TLS, no
 * authentication: it listens on 127.0.0.1 only.
 */
export interface MailCatcher {
  url: string;
  mails: CaughtMail[];
  /** The first mail to `to` whose subject matches that no earlier call took, within `timeoutMs`. */
  next(to: string, subject: RegExp, timeoutMs?: number): Promise<CaughtMail>;
  /** The mails to `to` so far. */
  to(address: string): CaughtMail[];
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const taken = new Set<CaughtMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          mails.push({
            from: parsed.from?.text ?? '',
            to: to?.value[0]?.address ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  const of = (address: string) => mails.filter((mail) => mail.to === address);
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: of,
    async next(to, subject, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const mail = of(to).find((m) => !taken.has(m) && subject.test(m.subject));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > until)
          throw new Error(
            `no mail to ${to} matching ${subject} within ${timeoutMs} ms (received: ${JSON.stringify(mails.map((m) => [m.to, m.subject]))})`,
          );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the link in a mail's text (`...?token=<token>`), and the link. */
export function linkOf(mail: CaughtMail): { link: URL; token: string } {
  const match = /https?:\/\/\S+\?token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!match) throw new Error(`no link with a token in the mail "${mail.subject}":\n${mail.text}`);
  const link = new URL(match[0]);
  return { link, token: link.searchParams.get('token') ?? '' };
}
