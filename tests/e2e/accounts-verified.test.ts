import path from 'path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { checkPage } from './support/pageChecks';
import { request, sendExpecting } from './support/http';
import { linkOf, startMailCatcher, type MailCatcher } from './support/mailCatcher';
import {
  signInThroughProvider,
  startOidcProvider,
  type TestProvider,
} from './support/oidcProvider';
import { openAppDatabase, type AppDatabase } from './support/appDatabase';
import { ORMS, type Orm } from './support/orms';
import { REPO_ROOT } from './support/paths';
import { variantDatabase } from './support/postgres';
import { freePort, RunningServer, startBuiltApp } from './support/server';
import { createTestProject, folderPerOrm, type TestProject } from './support/testProject';

jest.setTimeout(600_000);

// `accounts.requireVerified: true` (issue 53, part 2): an account whose address is not verified
// cannot sign in, by password or by a provider, until it follows the link mailed at sign-up (or a
// password reset's, which verifies the address too). A project of its own
// (tests/e2e/fixtures/verified: accounts with mail, a provider, and the pages a user needs), built
// once per ORM x database; the mail goes to a real SMTP server on loopback and the provider is
// oidc-provider on loopback, as in the blog's suite.
const FIXTURE = path.join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'verified');
const PASSWORD = 'correct horse battery staple';
/** APPGEN_PUBLIC_URL of the servers: the mails' links start with it (the test follows them here). */
const PUBLIC_URL = 'http://verified.test';
const REFUSED =
  'Verify your e-mail address first: follow the link in the mail we sent, or ask for another.';
/** The accounts of the provider "corp", by login (their claims). */
const OIDC_ACCOUNTS = {
  'vic-corp': { email: 'vic@corp.example.com', email_verified: true, name: 'Vic' },
  'una-corp': { email: 'una@corp.example.com', email_verified: false, name: 'Una' },
};

type Variant = { orm: Orm; database: 'sqlite' | 'postgresql' };
const VARIANTS: Variant[] = ORMS.flatMap((orm) => [
  { orm, database: 'sqlite' as const },
  { orm, database: 'postgresql' as const },
]);

/** The SQLite and PostgreSQL variants of an ORM share a folder: the second build starts warm. */
const projectFor = folderPerOrm();

describe.each(VARIANTS)(
  'accounts that must verify their address ($orm on $database)',
  ({ orm, database }) => {
    let project: TestProject;
    let server: RunningServer;
    let base: string;
    let dropDatabase: (() => Promise<void>) | undefined;
    let mails: MailCatcher;
    let corp: TestProvider;
    let db: AppDatabase;
    let browser: Browser;
    /** One pair looks at the pages in full (screenshots, axe-core); every pair checks 390 px. */
    const screenshots = orm === 'prisma' && database === 'sqlite';
    const address = (name: string) => `${name}-${orm}-${database}@example.com`;
    const send = (method: string, pathName: string, body: unknown, status: number, headers = {}) =>
      sendExpecting(base, method, pathName, body, status, headers);
    const logIn = (email: string, password: string, status: number) =>
      send('POST', '/api/login', { email, password }, status);
    const signUp = (name: string) =>
      request(
        base,
        'POST',
        '/api/signup',
        { name, email: address(name), password: PASSWORD },
        {
          origin: base,
        },
      );
    /** The token of the newest mail to `to` whose subject matches, once it arrives. */
    const mailedToken = async (to: string, subject: RegExp) =>
      linkOf(await mails.next(to, subject)).token;
    /** The mail's link as the user's browser opens it: the app at the public address is `base` here. */
    const opened = async (to: string, subject: RegExp) => {
      const { link } = linkOf(await mails.next(to, subject));
      expect(link.origin).toBe(PUBLIC_URL);
      return `${base}${link.pathname}${link.search}`;
    };
    const sessionsOf = async (userId: string) =>
      (await db.rows('SELECT "userId" FROM "AppgenSession" WHERE "userId" = $1', [userId])).length;

    beforeAll(async () => {
      const variant = await variantDatabase(database);
      dropDatabase = variant.drop;
      project = await projectFor(orm, variant.env, () =>
        createTestProject(`verified-${orm}`, { orm, env: variant.env, configFrom: FIXTURE }),
      );
      await project.appgen(['build']);
      mails = await startMailCatcher();
      const providerPort = await freePort();
      Object.assign(project.env, {
        APPGEN_SMTP_URL: mails.url,
        APPGEN_PUBLIC_URL: PUBLIC_URL,
        APPGEN_OIDC_CORP_ISSUER: `http://127.0.0.1:${providerPort}`,
        APPGEN_OIDC_CORP_CLIENT_ID: 'appgen-test',
        APPGEN_OIDC_CORP_CLIENT_SECRET: 'appgen-test-secret',
      });
      server = await startBuiltApp(project.dir, project.env);
      base = server.url;
      corp = await startOidcProvider(providerPort, `${base}/api/oidc/corp/callback`, OIDC_ACCOUNTS);
      db = await openAppDatabase(project.dir, orm, project.env.DATABASE_URL);
      browser = await launchBrowser();
    });

    afterAll(async () => {
      await browser?.close();
      await db?.close();
      await corp?.close();
      await server?.stop();
      await mails?.close();
      await dropDatabase?.();
    });

    it('answers a sign-up with the account and no session; its log-in waits for the mailed link', async () => {
      const answer = await signUp('ada');
      expect(answer.status).toBe(201);
      const ada = answer.body as Record<string, unknown>;
      expect(ada).toEqual({
        id: expect.any(String),
        name: 'ada',
        email: address('ada'),
        createdAt: expect.any(String),
      });
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(await sessionsOf(String(ada.id))).toBe(0);
      // The right password answers 403 with what to do; a wrong one still answers 401 first, as
      // does an unknown address (nothing tells whether an unverified account exists).
      const refused = await logIn(address('ada'), PASSWORD, 403);
      expect(refused).toMatchObject({ error: REFUSED });
      await logIn(address('ada'), 'wrong password', 401);
      await logIn(address('nobody'), PASSWORD, 401);
      expect(await sessionsOf(String(ada.id))).toBe(0);
      const token = await mailedToken(address('ada'), /^Verify/);
      await send('POST', '/api/email/verify', { token }, 204);
      const signedIn = await logIn(address('ada'), PASSWORD, 200);
      expect(signedIn).toMatchObject({ id: ada.id, token: expect.any(String) });
      const me = await send('GET', '/api/me', undefined, 200, {
        authorization: `Bearer ${String(signedIn.token)}`,
      });
      expect(me).toMatchObject({ id: ada.id, email: address('ada') });
    });

    it('lets a password reset verify the address: the link proves it as the verification link does', async () => {
      const bob = (await signUp('bob')).body as Record<string, unknown>;
      await logIn(address('bob'), PASSWORD, 403);
      await send('POST', '/api/password/forgot', { email: address('bob') }, 204);
      const token = await mailedToken(address('bob'), /^Reset/);
      await send('POST', '/api/password/reset', { token, password: 'a new long passphrase' }, 204);
      expect(await logIn(address('bob'), 'a new long passphrase', 200)).toMatchObject({
        id: bob.id,
      });
    });

    it('asks again once the address changes, and a new link verifies the new one', async () => {
      await signUp('cy');
      await send(
        'POST',
        '/api/email/verify',
        { token: await mailedToken(address('cy'), /^Verify/) },
        204,
      );
      const session = await logIn(address('cy'), PASSWORD, 200);
      const auth = { authorization: `Bearer ${String(session.token)}` };
      const moved = address('cy-moved');
      await send('PATCH', '/api/me', { email: moved }, 200, auth);
      await logIn(moved, PASSWORD, 403);
      // Asking again mails the new address; the old one gets nothing more.
      await send('POST', '/api/email/resend', { email: moved }, 204);
      await send('POST', '/api/email/verify', { token: await mailedToken(moved, /^Verify/) }, 204);
      await logIn(moved, PASSWORD, 200);
      expect(mails.to(address('cy'))).toHaveLength(1);
    });

    describe('in a browser', () => {
      let context: BrowserContext;
      let page: Page;

      beforeEach(async () => {
        context = await browser.newContext();
        page = await context.newPage();
        await page.setViewportSize({ width: 390, height: 844 });
      });
      afterEach(async () => {
        await context?.close();
      });

      it('signs up, is told to follow the link, is refused at log-in until then, and signs in after', async () => {
        const email = address('dee');
        await page.goto(`${base}/signup`);
        await page.getByLabel('Name').fill('Dee');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign up' }).click();
        await page
          .getByRole('status')
          .filter({ hasText: 'Almost there: follow the link we mailed you, then log in.' })
          .waitFor();
        // No session: the account page sends the visitor to log in.
        expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(
          'appgen_session',
        );
        await checkPage(page, 'verified-signup-done', { full: screenshots });

        await page.goto(`${base}/login`);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.getByRole('alert').filter({ hasText: REFUSED }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/login');
        await checkPage(page, 'verified-login-refused', { full: screenshots });

        await page.goto(await opened(email, /^Verify/));
        await page.getByRole('button', { name: 'Verify my address' }).click();
        await page
          .getByRole('status')
          .filter({ hasText: 'Thank you: your address is verified. You can log in now.' })
          .waitFor();
        await checkPage(page, 'verified-verify-email', { full: screenshots });

        await page.goto(`${base}/login`);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.waitForURL(`${base}/account`);
        await expect(page.getByText(email).first().isVisible()).resolves.toBe(true);
      });

      it('sends the link again from its page, to an account that has not verified yet', async () => {
        const email = address('eve');
        await signUp('eve');
        await mails.next(email, /^Verify/);
        await page.goto(`${base}/resend-verification`);
        await page.getByLabel('Email').fill(email);
        await page.getByRole('button', { name: 'Send me a new link' }).click();
        await page
          .getByRole('status')
          .filter({
            hasText: 'If that address has an account to verify, a new link is on its way.',
          })
          .waitFor();
        await checkPage(page, 'verified-resend', { full: screenshots });
        const token = await mailedToken(email, /^Verify/);
        await send('POST', '/api/email/verify', { token }, 204);
        await logIn(email, PASSWORD, 200);
      });

      /** Signs in with "corp" from the login page's link: any password, then consent. */
      const signInWithCorp = (login: string) =>
        signInThroughProvider(page, base, 'Sign in with Corp', login);

      it('signs in a new account whose address the provider verified', async () => {
        await signInWithCorp('vic-corp');
        expect(new URL(page.url()).pathname).toBe('/account');
        const me = await context.request.get(`${base}/api/me`);
        expect(me.status()).toBe(200);
        expect(await me.json()).toMatchObject({ email: 'vic@corp.example.com', name: 'Vic' });
      });

      it('refuses a new account whose address the provider did not verify, until its link is followed', async () => {
        await signInWithCorp('una-corp');
        await expect(page.getByRole('alert').textContent()).resolves.toBe(REFUSED);
        expect((await context.request.get(`${base}/api/me`)).status()).toBe(401);
        // The account was made; the address is the provider's, to be verified here.
        const made = await db.rows('SELECT "id" FROM "User" WHERE "email" = $1', [
          'una@corp.example.com',
        ]);
        expect(made).toHaveLength(1);
        expect(await sessionsOf(String(made[0].id))).toBe(0);
        await send('POST', '/api/email/resend', { email: 'una@corp.example.com' }, 204);
        const token = await mailedToken('una@corp.example.com', /^Verify/);
        await send('POST', '/api/email/verify', { token }, 204);
        // A browser of its own: the provider would remember this one's sign-in.
        await context.close();
        context = await browser.newContext();
        page = await context.newPage();
        await signInWithCorp('una-corp');
        expect(new URL(page.url()).pathname).toBe('/account');
        expect((await context.request.get(`${base}/api/me`)).status()).toBe(200);
      });
    });
  },
);
