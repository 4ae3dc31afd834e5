import fs from 'fs';
import path from 'path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { createHash, randomUUID } from 'crypto';
import { checkPage } from './support/pageChecks';
import { request, sendExpecting } from './support/http';
import { linkOf, startMailCatcher, type MailCatcher } from './support/mailCatcher';
import { totpCode } from './support/otplib';
import {
  signInThroughProvider,
  startOidcProvider,
  type TestProvider,
} from './support/oidcProvider';
import { startFakeGithub, type FakeGithub, type GithubUser } from './support/fakeGithub';
import { openAppDatabase, type AppDatabase } from './support/appDatabase';
import { servePage, type OtherOrigin } from './support/otherOrigin';
import { adminClient, type AdminClient } from './support/adminClient';
import { run } from './support/run';
import { ORMS, type Orm } from './support/orms';
import { APPGEN, REPO_ROOT } from './support/paths';
import { variantDatabase } from './support/postgres';
import { freePort, RunningServer, startBuiltApp } from './support/server';
import {
  copyFixtureSources,
  createTestProject,
  folderPerOrm,
  type TestProject,
} from './support/testProject';

jest.setTimeout(600_000);

// The pages of a blog (accounts, posts with their author and tags, comments under posts) as a
// visitor meets them, in a real browser: issue 50's pages. The app is built once per ORM ×
// database (tests/e2e/fixtures/blog) and every block below runs against that one build, each
// with the records it writes in its own beforeAll (Jest runs it when the block's turn comes).
// Lists: pages, sorting, filters, URL state, no JavaScript needed, bad parameters, related
// columns, long values at 390 px. Record pages: a post's page titled by the post, its text, its
// author linked, its comments paged beneath it and a form that adds one. Forms and values: a
// belongsTo select fed by a list route, enum labels. Actions: edit and delete forms shown only to
// the post's author, a log-in link to visitors.
const FIXTURE = path.join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'blog');
/** The password every account of the suite signs up with. */
const PASSWORD = 'correct horse battery staple';
const POSTS = 45;
/** APPGEN_PUBLIC_URL of the suite's servers: where the links of account mail start. */
const PUBLIC_URL = 'http://blog.test';
/** The accounts of the test's OpenID Connect provider "corp", by login (their claims). */
const OIDC_ACCOUNTS = {
  'olga-corp': { email: 'olga@oidc.example.com', email_verified: true, name: 'Olga at Corp' },
  'pat-corp': { email: 'pat@oidc.example.com', email_verified: false, name: 'Pat at Corp' },
};
/** The users of the fake GitHub (provider "github", `"preset": "github"`). */
const GITHUB_USERS: GithubUser[] = [
  {
    id: 5001,
    login: 'gia',
    name: 'Gia Hub',
    emails: [
      { email: 'gia.old@github.example.com', primary: false, verified: false },
      { email: 'gia@github.example.com', primary: true, verified: true },
    ],
  },
  {
    id: 5002,
    login: 'nameless-dev',
    name: null,
    emails: [{ email: 'nameless@github.example.com', primary: true, verified: true }],
  },
  {
    id: 5003,
    login: 'ulla',
    name: 'Ulla',
    emails: [{ email: 'ulla@github.example.com', primary: true, verified: false }],
  },
];
const STATUSES = ['draft', 'published', 'archived'];
/** A word longer than any phone is wide: it must wrap (or be cut), never widen the page. */
const LONG_WORD = `Supercalifragilistic${'expialidocious'.repeat(12)}`;

type Variant = { orm: Orm; database: 'sqlite' | 'postgresql' };
const VARIANTS: Variant[] = ORMS.flatMap((orm) => [
  { orm, database: 'sqlite' as const },
  { orm, database: 'postgresql' as const },
]);

type Row = Record<string, unknown>;

/** The page's document is no wider than its window (nothing scrolls sideways). */
const overflows = (page: Page) =>
  page.evaluate(
    'document.documentElement.scrollWidth > document.documentElement.clientWidth',
  ) as Promise<boolean>;

/** The SQLite and PostgreSQL variants of an ORM share a folder: the second build starts warm. */
const projectFor = folderPerOrm();

describe.each(VARIANTS)('blog pages ($orm on $database)', ({ orm, database }) => {
  let project: TestProject;
  let server: RunningServer;
  let base: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let browser: Browser;
  let page: Page;
  let mails: MailCatcher;
  /** The port of the OpenID Connect provider "corp" (its issuer, in the app's environment). */
  let providerPort: number;
  /** The provider "github": a fake GitHub on loopback (support/fakeGithub.ts). */
  let github: FakeGithub;
  /** A page of another site, the one origin `cors` allows (APPGEN_CORS_ORIGINS). */
  let otherSite: OtherOrigin;
  /** Accounts signed up through the API: their id, name, email and the Authorization of their token. */
  const authors: Array<{ id: string; name: string; email: string; auth: Record<string, string> }> =
    [];

  /** Sends JSON as a client of the API, checked against the OpenAPI document; expects `status`. */
  const send = async (
    method: string,
    pathName: string,
    body: unknown,
    status: number,
    headers: Record<string, string> = {},
  ): Promise<Row> => sendExpecting(base, method, pathName, body, status, headers);
  const param = (name: string) => new URL(page.url()).searchParams.get(name);
  /** One pair looks at the pages in full (screenshots, axe-core); every pair checks 390 px. */
  const screenshots = orm === 'prisma' && database === 'sqlite';

  beforeAll(async () => {
    const variant = await variantDatabase(database);
    dropDatabase = variant.drop;
    project = await projectFor(orm, variant.env, () =>
      createTestProject(`pages-blog-${orm}`, { orm, env: variant.env, configFrom: FIXTURE }),
    );
    // Functions of the project's own (orm/<orm>/src/functions): Memo read through its rules.
    copyFixtureSources(FIXTURE, project.dir, orm);
    await project.appgen(['build']);
    // Account mail goes to a real SMTP server on loopback; its links start with a public address
    // of the test's choosing (a production server needs one: mail never takes a request's Host).
    mails = await startMailCatcher();
    Object.assign(project.env, { APPGEN_SMTP_URL: mails.url, APPGEN_PUBLIC_URL: PUBLIC_URL });
    // The provider "corp" of appgen.config.json is an oidc-provider on loopback, started by its
    // tests once the app's address (their redirect URI) is known; the app reads its issuer and
    // client from these.
    providerPort = await freePort();
    Object.assign(project.env, {
      APPGEN_OIDC_CORP_ISSUER: `http://127.0.0.1:${providerPort}`,
      APPGEN_OIDC_CORP_CLIENT_ID: 'appgen-test',
      APPGEN_OIDC_CORP_CLIENT_SECRET: 'appgen-test-secret',
    });
    // "github" is GitHub's preset; its issuer variable points it at a fake laid out as a GitHub
    // Enterprise Server is (/login/oauth/*, /api/v3/*).
    github = await startFakeGithub(GITHUB_USERS);
    Object.assign(project.env, {
      APPGEN_OIDC_GITHUB_ISSUER: github.url,
      APPGEN_OIDC_GITHUB_CLIENT_ID: github.clientId,
      APPGEN_OIDC_GITHUB_CLIENT_SECRET: github.clientSecret,
    });
    // The admin front end of the "list query styles" block: its origin is the one cors allows.
    otherSite = await servePage('admin client');
    project.env.APPGEN_CORS_ORIGINS = otherSite.origin;
    server = await startBuiltApp(project.dir, project.env);
    base = server.url;
    for (const name of ['Ada Lovelace', 'Grace Hopper', 'Edsger Dijkstra']) {
      const email = `${name.split(' ')[0].toLowerCase()}@example.com`;
      const user = await send('POST', '/api/signup', { name, email, password: PASSWORD }, 201);
      authors.push({
        id: String(user.id),
        name,
        email,
        auth: { authorization: `Bearer ${String(user.token)}` },
      });
    }
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await otherSite?.close();
    await mails?.close();
    await github?.close();
    await dropDatabase?.();
  });

  describe('lists', () => {
    const rows = () => page.locator('table.appgen-table tbody tr');
    const column = (index: number) =>
      page.locator(`table.appgen-table tbody tr td:nth-child(${index})`).allTextContents();
    const summary = () => page.locator('.appgen-pager-summary').textContent();

    beforeAll(async () => {
      // One at a time: createdAt follows the order written, the list's default order. Each post
      // is written by its author (the route sets authorId to the signed-in user).
      for (let n = 0; n < POSTS; n++)
        await send(
          'POST',
          '/api/posts',
          {
            title: `Post ${String(n).padStart(2, '0')}`,
            body: n === POSTS - 1 ? LONG_WORD : `Text of post ${n}`,
            status: STATUSES[n % 3],
            views: (n * 7) % POSTS,
            featured: n % 5 === 0,
          },
          201,
          authors[n % 3].auth,
        );
    });

    it('shows the first page of 45 with a pager that counts, newest first, and the author of each post', async () => {
      const answer = await page.goto(`${base}/posts`);
      expect(answer?.status()).toBe(200);
      await expect(rows().count()).resolves.toBe(10);
      await expect(summary()).resolves.toBe('1–10 of 45');
      await expect(column(1)).resolves.toEqual(
        Array.from({ length: 10 }, (_, i) => `Post ${String(44 - i)}`),
      );
      // author.name: a field of the included relation.
      await expect(column(2)).resolves.toEqual(
        Array.from({ length: 10 }, (_, i) => authors[(44 - i) % 3].name),
      );
      expect(await page.locator('a[rel="prev"]').count()).toBe(0);
    });

    it('pages forward to the last page and back with plain links, the page in the URL', async () => {
      await page.goto(`${base}/posts`);
      await page.locator('a[rel="next"]').click();
      await page.waitForURL(/page=2/);
      await expect(summary()).resolves.toBe('11–20 of 45');
      await expect(column(1).then((c) => c[0])).resolves.toBe('Post 34');
      await page.goto(`${base}/posts?page=5`);
      await expect(summary()).resolves.toBe('41–45 of 45');
      await expect(rows().count()).resolves.toBe(5);
      expect(await page.locator('a[rel="next"]').count()).toBe(0);
      await page.locator('a[rel="prev"]').click();
      await page.waitForURL(/page=4/);
      await expect(summary()).resolves.toBe('31–40 of 45');
    });

    it('sorts by a column both ways from its heading, and the order survives a reload', async () => {
      await page.goto(`${base}/posts?page=3`);
      const views = () => column(4).then((cells) => cells.map(Number));
      await page.getByRole('link', { name: 'Views' }).click();
      await page.waitForURL(/sort=views/);
      // A new order starts at page one.
      expect(param('page')).toBeNull();
      await expect(views()).resolves.toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      await expect(page.locator('th[aria-sort="ascending"]').textContent()).resolves.toContain(
        'Views',
      );
      await page.getByRole('link', { name: 'Views' }).click();
      await page.waitForURL(/sort=-views/);
      await expect(views()).resolves.toEqual([44, 43, 42, 41, 40, 39, 38, 37, 36, 35]);
      await page.reload();
      await expect(views()).resolves.toEqual([44, 43, 42, 41, 40, 39, 38, 37, 36, 35]);
      await expect(page.locator('th[aria-sort="descending"]').textContent()).resolves.toContain(
        'Views',
      );
    });

    it('filters by a related key and an enum with a GET form, keeping the order, counted', async () => {
      const [ada] = authors;
      await page.goto(`${base}/posts?sort=title`);
      await page.getByLabel('Author id').fill(ada.id);
      await page.getByLabel('Status').selectOption('draft');
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.waitForURL(/authorId=/);
      expect(param('authorId')).toBe(ada.id);
      expect(param('status')).toBe('draft');
      expect(param('sort')).toBe('title');
      // Posts 0, 3, 6, ...: by Ada (n % 3 == 0) and drafts (n % 3 == 0): 15 of them.
      await expect(summary()).resolves.toBe('1–10 of 15');
      await expect(column(1)).resolves.toEqual(
        [0, 3, 6, 9, 12, 15, 18, 21, 24, 27].map((n) => `Post ${String(n).padStart(2, '0')}`),
      );
      await expect(column(2)).resolves.toEqual(Array(10).fill(ada.name));
      // The form shows the filters in force; "Clear filters" drops them and keeps the order.
      await expect(page.getByLabel('Status').inputValue()).resolves.toBe('draft');
      await page.getByRole('link', { name: 'Clear filters' }).click();
      await page.waitForURL((url) => !url.search.includes('status'));
      expect(param('sort')).toBe('title');
      await expect(summary()).resolves.toBe('1–10 of 45');
    });

    it('searches titles and texts with the search box of a route with query.search, keeping order and filters', async () => {
      await page.goto(`${base}/posts?sort=title`);
      // Every word matches the start of a word: "4" finds "Post 04" and "Text of post 41".
      await page.getByRole('searchbox', { name: 'Search' }).fill('4');
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.waitForURL(/q=4/);
      expect(param('sort')).toBe('title');
      await expect(summary()).resolves.toBe('1–6 of 6');
      await expect(column(1)).resolves.toEqual(
        ['04', '40', '41', '42', '43', '44'].map((n) => `Post ${n}`),
      );
      await page.getByLabel('Status').selectOption('published');
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.waitForURL(/status=published/);
      expect(param('q')).toBe('4');
      await expect(column(1)).resolves.toEqual(['Post 04', 'Post 40', 'Post 43']);
      await expect(page.getByRole('searchbox', { name: 'Search' }).inputValue()).resolves.toBe('4');
      await page.getByRole('link', { name: 'Clear filters' }).click();
      await page.waitForURL((url) => !url.search.includes('q='));
      await expect(summary()).resolves.toBe('1–10 of 45');
      // Without JavaScript the box is a GET form as well.
      const context = await browser.newContext({ javaScriptEnabled: false });
      try {
        const plain = await context.newPage();
        await plain.goto(`${base}/posts`);
        await plain.getByRole('searchbox', { name: 'Search' }).fill('07');
        await plain.getByRole('button', { name: 'Filter' }).click();
        await plain.waitForURL(/q=07/);
        await expect(
          plain.locator('table.appgen-table tbody tr td:nth-child(1)').allTextContents(),
        ).resolves.toEqual(['Post 07']);
      } finally {
        await context.close();
      }
    });

    it('filters by a boolean and a number, and says when nothing matches', async () => {
      await page.goto(`${base}/posts?featured=true`);
      await expect(summary()).resolves.toBe('1–9 of 9');
      await page.goto(`${base}/posts?views=7`);
      await expect(column(4)).resolves.toEqual(['7']);
      await page.goto(`${base}/posts?views=7&status=archived`);
      await expect(page.locator('.appgen-empty').textContent()).resolves.toBe(
        'Nothing matches these filters.',
      );
    });

    it('shows the default list for parameters that are unknown, doubled or do not fit', async () => {
      for (const query of [
        'page=abc&sort=nope&status=bogus&views=x&authorId=not-a-uuid&unknown=1',
        'page=0&page=2&sort=body',
        'page=-1&limit=1000&offset=5',
      ]) {
        const answer = await page.goto(`${base}/posts?${query}`);
        expect(answer?.status()).toBe(200);
        await expect(summary()).resolves.toBe('1–10 of 45');
        await expect(column(1).then((c) => c[0])).resolves.toBe('Post 44');
      }
      // A page past the end is empty, with the way back.
      await page.goto(`${base}/posts?page=99`);
      await expect(rows().count()).resolves.toBe(0);
      expect(await page.locator('a[rel="prev"]').count()).toBe(1);
    });

    it('works without JavaScript: the HTML has the rows, links page and sort, the form filters', async () => {
      let context: BrowserContext | undefined;
      try {
        context = await browser.newContext({ javaScriptEnabled: false });
        const plain = await context.newPage();
        await plain.goto(`${base}/posts?sort=-views&page=2`);
        await expect(
          plain.locator('table.appgen-table tbody tr td:nth-child(4)').allTextContents(),
        ).resolves.toEqual(['34', '33', '32', '31', '30', '29', '28', '27', '26', '25']);
        await plain.locator('a[rel="next"]').click();
        await plain.waitForURL(/page=3/);
        expect(new URL(plain.url()).searchParams.get('sort')).toBe('-views');
        await plain.getByLabel('Status').selectOption('published');
        await plain.getByRole('button', { name: 'Filter' }).click();
        await plain.waitForURL(/status=published/);
        await expect(plain.locator('.appgen-pager-summary').textContent()).resolves.toBe(
          '1–10 of 15',
        );
        expect(new URL(plain.url()).searchParams.get('sort')).toBe('-views');
      } finally {
        await context?.close();
      }
    });

    it('keeps a long word inside the page at 390 px; every list page passes the page checks (screenshots)', async () => {
      await page.goto(`${base}/posts?sort=-createdAt`);
      // The post with the long body is the newest: its cell is cut, the whole value in its title.
      const cell = page.locator('table.appgen-table tbody tr').first().locator('td').last();
      await expect(cell.locator('span').getAttribute('title')).resolves.toBe(LONG_WORD);
      expect(await overflows(page)).toBe(false);
      // Each page at both widths, light and dark (support/pageChecks.ts); screenshots from one pair.
      await checkPage(page, 'pages-blog-posts', { full: screenshots });
      await page.goto(`${base}/posts?status=published&sort=-views&page=2`);
      await checkPage(page, 'pages-blog-posts-filtered', { full: screenshots });
      await page.goto(`${base}/archive`);
      await checkPage(page, 'pages-blog-archive', { full: screenshots });
      for (const [name, address] of [
        ['login', '/login'],
        ['signup', '/signup'],
      ]) {
        await page.goto(`${base}${address}`);
        await checkPage(page, `pages-blog-${name}`, { full: screenshots });
      }
    });

    it('gives two lists on one page parameters of their own', async () => {
      await page.goto(`${base}/archive?posts.page=2`);
      const lists = page.locator('.appgen-list');
      // The second list (GET /api/posts) is on its page 2; the first (by cursor) is not moved.
      await expect(lists.nth(1).locator('.appgen-pager-summary').textContent()).resolves.toBe(
        '11–20 of 45',
      );
      await expect(lists.nth(0).locator('tbody tr').count()).resolves.toBe(20);
      await expect(lists.nth(0).locator('.appgen-pager-summary').textContent()).resolves.toBe(
        '45 in all',
      );
      // The cursor list's Next keeps the other list's page.
      await lists.nth(0).locator('a[rel="next"]').click();
      await page.waitForURL(/post-pages\.cursor=/);
      const cursorOfNext = param('post-pages.cursor');
      expect(param('posts.page')).toBe('2');
      await expect(lists.nth(0).locator('tbody tr').count()).resolves.toBe(20);
      await expect(lists.nth(0).locator('tbody tr td').first().textContent()).resolves.toBe(
        'Post 24',
      );
      // Previous reads the page before by the route's `prev` cursor; First page leads to the start.
      await expect(lists.nth(0).locator('a[rel="first"]').getAttribute('href')).resolves.toBe(
        '?posts.page=2',
      );
      await lists.nth(0).locator('a[rel="prev"]').click();
      await page.waitForURL((url) => url.searchParams.get('post-pages.cursor') !== cursorOfNext);
      await expect(lists.nth(0).locator('tbody tr td').first().textContent()).resolves.toBe(
        'Post 44',
      );
      await expect(lists.nth(0).locator('tbody tr').count()).resolves.toBe(20);
      expect(param('posts.page')).toBe('2');
      // Back at the start: neither Previous nor First page.
      await expect(lists.nth(0).locator('a[rel="prev"], a[rel="first"]').count()).resolves.toBe(0);
      // A cursor that is not one the route gave shows the first page, not an error.
      await page.goto(`${base}/archive?post-pages.cursor=bogus`);
      await expect(lists.nth(0).locator('tbody tr td').first().textContent()).resolves.toBe(
        'Post 44',
      );
    });
  });

  describe('record pages', () => {
    let author: (typeof authors)[number];
    let post: Row;
    let quiet: Row;
    const comments: Row[] = [];

    beforeAll(async () => {
      author = authors[0];
      post = await send(
        'POST',
        '/api/posts',
        {
          title: 'Notes on <the> Engine',
          body: 'The first paragraph.\n\nThe second one,\nover two lines.',
          views: 12345,
        },
        201,
        author.auth,
      );
      quiet = await send(
        'POST',
        '/api/posts',
        { title: 'A quiet post', body: 'Nobody wrote here yet.' },
        201,
        author.auth,
      );
      for (const [name, content] of [
        ['Bob', 'First!'],
        ['Cy', 'Lovely.'],
        ['Di', 'On page two.'],
      ])
        comments.push(
          await send(
            'POST',
            `/api/posts/${String(post.id)}/comments`,
            { author: name, content },
            201,
          ),
        );
    });

    it("titles a post's page by the post, in the h1 and the document title", async () => {
      const response = await page.goto(`${base}/posts/${post.id}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1').textContent()).resolves.toBe('Notes on <the> Engine');
      await expect(page.title()).resolves.toBe('Notes on <the> Engine');
      await expect(page.locator('main [role="alert"]').count()).resolves.toBe(0);
    });

    it('shows a text field with its paragraphs and line breaks', async () => {
      const body = page.locator('.appgen-detail dd').first();
      await expect(body.innerText()).resolves.toBe(
        'The first paragraph.\n\nThe second one,\nover two lines.',
      );
    });

    it("links the author, by name, to the author's page, titled by the author's name", async () => {
      // The detail's column "author.name" of the route's included author, linked by authorId.
      const link = page.locator('.appgen-detail').getByRole('link', { name: author.name });
      await expect(link.getAttribute('href')).resolves.toBe(`/users/${author.id}`);
      await link.click();
      await page.waitForURL(`${base}/users/${author.id}`);
      await expect(page.locator('h1').textContent()).resolves.toBe('Ada Lovelace');
      // After a client-side navigation Next.js sets the title once the page's metadata arrives.
      await page.waitForFunction("document.title === 'Ada Lovelace'");
    });

    it("writes numbers in the visitor's language, in the HTML: 12,345 in English, 12.345 in German", async () => {
      const views = async (language: string) => {
        const html = await (
          await fetch(`${base}/posts/${post.id}`, { headers: { 'accept-language': language } })
        ).text();
        return /<dt>Views<\/dt><dd>([^<]*)<\/dd>/.exec(html)?.[1];
      };
      await expect(views('en-US,en;q=0.9')).resolves.toBe('12,345');
      await expect(views('de-DE,de;q=0.9')).resolves.toBe('12.345');
    });

    it("writes dates in the visitor's language: in UTC in the HTML, in the browser's zone once hydrated", async () => {
      const iso = new Date(String(post.createdAt)).toISOString();
      const inZone = (timeZone: string) =>
        new Intl.DateTimeFormat('de-DE', {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone,
        }).format(new Date(iso));
      // Without JavaScript: the server's text, in the language of Accept-Language, in UTC.
      const html = await (
        await fetch(`${base}/posts/${post.id}`, {
          headers: { 'accept-language': 'de-DE,de;q=0.9' },
        })
      ).text();
      expect(html).toMatch(new RegExp(`<time datetime="${iso}">${inZone('UTC')} UTC</time>`, 'i'));
      // A German visitor in Tokyo: the same text first (no hydration mismatch), then Tokyo's time.
      let context: BrowserContext | undefined;
      try {
        context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Asia/Tokyo' });
        const tab = await context.newPage();
        const problems: string[] = [];
        tab.on('console', (message) => {
          if (message.type() === 'error') problems.push(message.text());
        });
        tab.on('pageerror', (error) => problems.push(error.message));
        await tab.goto(`${base}/posts/${post.id}`);
        const time = tab.locator('.appgen-detail time');
        await expect(time.getAttribute('datetime')).resolves.toBe(iso);
        const tokyo = (await tab.evaluate(
          `new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(${JSON.stringify(iso)}))`,
        )) as string;
        expect(tokyo).not.toBe(inZone('UTC'));
        await tab.waitForFunction(
          `document.querySelector('.appgen-detail time')?.textContent === ${JSON.stringify(tokyo)}`,
        );
        // The list of posts writes its dates the same way.
        await tab.goto(`${base}/posts`);
        await tab.waitForFunction(
          `[...document.querySelectorAll('table.appgen-table time')].some((t) => !t.textContent.endsWith('UTC'))`,
        );
        expect(problems.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
      } finally {
        await context?.close();
      }
    });

    it("names each table's region by the heading before its list, else the page's title", async () => {
      await page.goto(`${base}/posts/${post.id}`);
      await expect(page.getByRole('region', { name: 'Comments' }).count()).resolves.toBe(1);
      await page.goto(`${base}/archive`);
      await expect(
        page
          .locator('[role="region"]')
          .evaluateAll((regions) => regions.map((r) => r.getAttribute('aria-label'))),
      ).resolves.toEqual(['Newest first, by cursor', 'All posts']);
      await page.goto(`${base}/posts`);
      await expect(page.getByRole('region', { name: 'Posts' }).count()).resolves.toBe(1);
    });

    it("lists the post's comments under it: the route's first page, bound to the page's :id", async () => {
      await page.goto(`${base}/posts/${post.id}`);
      const rows = page.locator('table.appgen-table tbody tr');
      await expect(rows.count()).resolves.toBe(2); // the route's pageSize
      await expect(rows.locator('td').allTextContents()).resolves.toEqual([
        'Bob',
        'First!',
        'Cy',
        'Lovely.',
      ]);
    });

    it('adds a comment with the form on the post page, which then lists it', async () => {
      await page.goto(`${base}/posts/${quiet.id}`);
      await expect(page.locator('.appgen-empty').textContent()).resolves.toBe('No comments yet.');
      await page.getByLabel('Your name').fill('Eve');
      await page.getByLabel('Comment').fill('Not so quiet now.');
      await page.getByRole('button', { name: 'Add comment' }).click();
      // The form says "Saving…" while it sends: wait for the answer's "Saved.".
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      const row = page.locator('table.appgen-table tbody tr');
      await row.first().waitFor();
      await expect(row.locator('td').allTextContents()).resolves.toEqual([
        'Eve',
        'Not so quiet now.',
      ]);
      const stored = (await (
        await fetch(`${base}/api/posts/${quiet.id}/comments`)
      ).json()) as Row[];
      expect(stored.map((c) => [c.postId, c.author])).toEqual([[quiet.id, 'Eve']]);
    });

    it('serves the comments page at /posts/:postId/comments beside /posts/:id', async () => {
      const response = await page.goto(`${base}/posts/${post.id}/comments`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1').textContent()).resolves.toBe('All comments');
      await expect(
        page.locator('table.appgen-table tbody tr td:first-child').allTextContents(),
      ).resolves.toEqual(['Bob', 'Cy']);
    });

    it('shows the not-found page for a post that does not exist', async () => {
      const response = await page.goto(`${base}/posts/01900000-0000-7000-8000-000000000000`);
      expect(response?.status()).toBe(404);
    });

    it('shows the not-found page when a link followed in the browser (JavaScript on) leads to a removed post', async () => {
      const doomed = await send('POST', '/api/posts', { title: 'Soon gone' }, 201, author.auth);
      await page.goto(`${base}/posts?sort=-createdAt`);
      const link = page.locator('table.appgen-table tbody tr').first().getByRole('link');
      await expect(link.textContent()).resolves.toBe('Soon gone');
      await send('DELETE', `/api/posts/${String(doomed.id)}`, undefined, 200, author.auth);
      await link.click(); // a client-side navigation: the list still shows the post
      await page.waitForURL(`${base}/posts/${String(doomed.id)}`);
      await page.getByText('There is nothing at this address').waitFor();
      await expect(page.locator('h1').textContent()).resolves.toBe('Not found');
    });

    it('reads without JavaScript: the HTML holds the title, the text and the comments', async () => {
      const html = await (await fetch(`${base}/posts/${post.id}`)).text();
      expect(html).toContain('<title>Notes on &lt;the&gt; Engine</title>');
      expect(html).toMatch(/<h1>Notes on &lt;the&gt; Engine<\/h1>/);
      expect(html).toContain('First!');
      expect(html).toContain(`href="/users/${author.id}"`);
    });

    // Every record page (support/pageChecks.ts): nothing scrolls sideways at 390 px, no serious
    // axe-core violation in the light or the dark scheme; screenshots from one pair.
    it('fits a phone (390 px) on every record page, passes axe-core light and dark, and keeps screenshots', async () => {
      for (const [name, address] of [
        ['post', `/posts/${String(post.id)}`],
        ['comments', `/posts/${String(post.id)}/comments`],
        ['user', `/users/${author.id}`],
        ['not-found', '/posts/01900000-0000-7000-8000-000000000000'],
      ]) {
        await page.goto(`${base}${address}`);
        await checkPage(page, `pages-blog-${name}`, { full: screenshots });
      }
    });

    it('renders every view of the fixture, parameters filled from real records, without an error', async () => {
      const views = fs.readdirSync(path.join(FIXTURE, 'config', 'views')).map(
        (file) =>
          JSON.parse(fs.readFileSync(path.join(FIXTURE, 'config', 'views', file), 'utf8')) as {
            path: string;
          },
      );
      const values: Record<string, Record<string, unknown>> = {
        '/posts/:id': { id: post.id },
        '/posts/:postId/comments': { postId: post.id },
        '/users/:id': { id: author.id },
        '/posts/:id/edit': { id: post.id },
      };
      for (const view of views) {
        const filled = view.path.replace(/:(\w+)/g, (_, name: string) =>
          encodeURIComponent(String(values[view.path]?.[name])),
        );
        const response = await fetch(new URL(filled, base));
        const html = await response.text();
        expect([filled, response.status]).toEqual([filled, 200]);
        expect([filled, html.includes('appgen-error')]).toEqual([filled, false]);
      }
      expect(comments).toHaveLength(3);
    });
  });

  describe('forms and values', () => {
    let author: (typeof authors)[number];
    let context: BrowserContext;
    let signedIn: Page;
    const categories: Record<string, string> = {};
    let edited: Row;
    let editor: Record<string, string>;

    beforeAll(async () => {
      author = authors[1];
      // Only editors and admins create categories (Category.json's access rules; the route has
      // neither auth nor a voter).
      const curator = await send(
        'POST',
        '/api/signup',
        { name: 'Cleo Curator', email: 'cleo@example.com', password: PASSWORD },
        201,
      );
      editor = { authorization: `Bearer ${String(curator.token)}` };
      const set = await run(
        process.execPath,
        [APPGEN, 'users', 'role', 'cleo@example.com', 'editor'],
        { cwd: project.dir, env: project.env, timeoutMs: 120_000 },
      );
      expect(set.code).toBe(0);
      // Created out of order: the select lists them as the route sorts them (by name).
      for (const name of ['Rust', 'Go', 'Zig'])
        categories[name] = String(
          (await send('POST', '/api/categories', { name }, 201, editor)).id,
        );
      edited = await send(
        'POST',
        '/api/posts',
        { title: 'Filed under Go', status: 'archived', categoryId: categories.Go },
        201,
        author.auth,
      );
      context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const token = author.auth.authorization.replace(/^Bearer /, '');
      await context.addCookies([{ name: 'appgen_session', value: token, url: base }]);
      signedIn = await context.newPage();
    });

    afterAll(async () => {
      await context?.close();
    });

    it("lists the related model's records as a belongsTo field's options, in the server's HTML", async () => {
      const response = await fetch(`${base}/posts/new`, { headers: author.auth });
      expect(response.status).toBe(200);
      const html = await response.text();
      const select = /<select id="categoryId"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? '';
      const options = [...select.matchAll(/<option[^>]*value="([^"]*)"[^>]*>([^<]*)<\/option>/g)];
      expect(options.map((m) => [m[1], m[2]])).toEqual([
        ['', '—'],
        [categories.Go, 'Go'],
        [categories.Rust, 'Rust'],
        [categories.Zig, 'Zig'],
      ]);
    });

    it('creates a post in the category chosen in the select: its id is sent', async () => {
      await signedIn.goto(`${base}/posts/new`);
      await signedIn.getByLabel('Title').fill('Chosen from a list');
      await signedIn.getByLabel('Category').selectOption({ label: 'Rust' });
      await signedIn.getByRole('button', { name: 'Publish' }).click();
      await signedIn.waitForURL(/\/posts\/[0-9a-f-]{36}$/);
      const id = signedIn.url().split('/').pop() as string;
      const stored = (await (await fetch(`${base}/api/posts/${id}`)).json()) as Row;
      expect([stored.title, stored.categoryId]).toEqual(['Chosen from a list', categories.Rust]);
    });

    it('shows the current category selected in the edit form; the empty choice stores null', async () => {
      const html = await (
        await fetch(`${base}/posts/${String(edited.id)}/edit`, { headers: author.auth })
      ).text();
      // React marks the record's value `selected` in the server's HTML (attributes in any order).
      expect(html).toMatch(
        new RegExp(`<option(?=[^>]*selected="")(?=[^>]*value="${categories.Go}")[^>]*>Go</option>`),
      );
      await signedIn.goto(`${base}/posts/${String(edited.id)}/edit`);
      await expect(signedIn.getByLabel('Category').inputValue()).resolves.toBe(categories.Go);
      await expect(signedIn.getByLabel('Status').inputValue()).resolves.toBe('archived');
      await signedIn.getByLabel('Category').selectOption('');
      await signedIn.getByRole('button', { name: 'Save' }).click();
      await signedIn.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      const stored = (await (await fetch(`${base}/api/posts/${String(edited.id)}`)).json()) as Row;
      expect([stored.categoryId, stored.status]).toEqual([null, 'archived']);
    });

    it('shows enum values by their labels in lists, filters and selects; the value is what is sent', async () => {
      await page.goto(`${base}/posts?status=archived&sort=title`);
      const statuses = await page
        .locator('table.appgen-table tbody tr td:nth-child(3)')
        .allTextContents();
      expect(statuses.length).toBeGreaterThan(0);
      expect(new Set(statuses)).toEqual(new Set(['In the archive']));
      const filter = page.locator('select[name="status"]');
      await expect(filter.locator('option').allTextContents()).resolves.toEqual(
        expect.arrayContaining(['Draft', 'Published', 'In the archive']),
      );
      await expect(filter.inputValue()).resolves.toBe('archived');
      await signedIn.goto(`${base}/posts/new`);
      await expect(
        signedIn.getByLabel('Status').locator('option').allTextContents(),
      ).resolves.toEqual(['—', 'Draft', 'Published', 'In the archive']);
    });

    it('shows a form whose route access rules decide only to those the rules let write (Category.json: editors create)', async () => {
      // POST /api/categories has no auth and no voter: the page asks the route (a probe), whose
      // access rules refuse a create no rule allowing it can let through, before any body.
      const form = /<form[^>]*data-method="POST"/;
      const logged = server.output().length;
      for (const [who, headers] of [
        ['a visitor', {}],
        ['a member', author.auth],
      ] as const) {
        const response = await fetch(`${base}/categories/new`, { headers });
        expect([who, response.status]).toEqual([who, 200]);
        const html = await response.text();
        expect([who, form.test(html), html.includes('Add category')]).toEqual([who, false, false]);
        // A rule, not a missing sign-in, refuses them: no log-in link.
        expect([who, html.includes('Log in to')]).toEqual([who, false]);
      }
      // Probes are not refusals to log.
      expect(server.output().slice(logged)).not.toContain('[appgen] 403');
      // The API agrees, naming the rule in the log.
      await send('POST', '/api/categories', { name: 'Nim' }, 403, author.auth);
      expect(server.output().slice(logged)).toMatch(
        /\[appgen\] 403 POST \/api\/categories: no rule of config\/models\/Category\.json "access" allows create, for user \S+ \(role member\)/,
      );
      const shown = await (await fetch(`${base}/categories/new`, { headers: editor })).text();
      expect(form.test(shown)).toBe(true);
      // The editor uses it in the browser; the new category is stored.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const token = editor.authorization.replace(/^Bearer /, '');
        await context.addCookies([{ name: 'appgen_session', value: token, url: base }]);
        const tab = await context.newPage();
        await tab.goto(`${base}/categories/new`);
        await checkPage(tab, 'pages-blog-new-category', { full: screenshots });
        await tab.getByLabel('Name').fill('Elixir');
        await tab.getByRole('button', { name: 'Add category' }).click();
        const names = async () =>
          ((await send('GET', '/api/categories', undefined, 200)) as unknown as Row[]).map(
            (row) => row.name,
          );
        for (let tries = 0; tries < 50 && !(await names()).includes('Elixir'); tries++)
          await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await names()).toContain('Elixir');
      } finally {
        await context.close();
      }
    });

    it('answers an unknown post with 404 and the not-found page complete in the HTML', async () => {
      // The proxy calls the post's route first (src/appgen/missingRecords.ts) and shows the
      // not-found page on its 404: a page that calls notFound() while rendering would answer
      // 404 with its text only in the scripts' payload (Next.js 16).
      const response = await fetch(`${base}/posts/01900000-0000-7000-8000-000000000000`);
      // Seen once in CI (Prisma on SQLite): 500 here, not reproduced since; the server's log says why.
      if (response.status !== 404)
        throw new Error(
          `expected 404, got ${response.status}; the server's log ends with:\n${server.output().slice(-6000)}`,
        );
      const html = await response.text();
      const body = /<body[^>]*>([\s\S]*?)<script/.exec(html)?.[1] ?? '';
      expect(body).toContain('There is nothing at this address');
      expect(body).toMatch(/<nav class="appgen-nav"[^>]*>[\s\S]*?<a [^>]*href="\/posts"/);
      const known = await fetch(`${base}/posts/${String(edited.id)}`);
      expect(known.status).toBe(200);
    });
  });

  // Issue 50 §3: edit and delete forms (PATCH and DELETE /api/posts/:id, `auth` and voter
  // "owner:authorId") are shown only to visitors the route lets through, as the route itself
  // decides on the server (a probe of its handler, which writes nothing): the author edits and
  // deletes; another signed-in user gets no form at all, not even in the HTML; a visitor gets
  // "Log in to ..." links that come back to the post after logging in. The link to the edit page
  // (/posts/:id/edit, whose form is PATCH /api/posts/:id) follows the same probe of that route.
  describe('actions for those who may take them', () => {
    let owned: Row;
    let context: BrowserContext;
    let tab: Page;
    const postPath = () => `/posts/${String(owned.id)}`;
    const editForm = () => tab.locator('form.appgen-form[data-method="PATCH"]');
    const editPageHref = () => `href="${postPath()}/edit"`;
    /** The post's page as served to a client with these headers (no JavaScript, no browser). */
    const html = async (headers: Record<string, string> = {}) => {
      const response = await fetch(new URL(postPath(), base), { headers });
      expect(response.status).toBe(200);
      return response.text();
    };
    /** Logs in through the /login page (the browser keeps the session cookie). */
    const logInAs = async (account: (typeof authors)[number]) => {
      await tab.getByLabel('Email').fill(account.email);
      await tab.getByLabel('Password').fill(PASSWORD);
      await tab.getByRole('button', { name: 'Log in' }).click();
    };

    beforeAll(async () => {
      owned = await send(
        'POST',
        '/api/posts',
        { title: 'Mine to edit', body: 'A first draft.' },
        201,
        authors[0].auth,
      );
      context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      tab = await context.newPage();
    });

    afterAll(async () => {
      await context?.close();
    });

    it('shows a visitor one "Log in to ..." in place of the edit link and the forms, with none of them in the HTML', async () => {
      const served = await html();
      // One link for the page's guarded link and two guarded forms: the first one's, the link's.
      expect(served).toContain('Log in to edit on its own page');
      expect(served).not.toMatch(/Log in to (save|delete) post/);
      expect(served).not.toContain(editPageHref());
      expect(served).not.toMatch(/data-method="(PATCH|DELETE)"/);
      expect(served).toContain('data-method="POST"'); // the comment form has no auth: unchanged
    });

    it('brings the visitor back to the post after logging in through the link, with the forms', async () => {
      await tab.goto(`${base}${postPath()}`);
      const link = tab.getByRole('link', { name: 'Log in to edit on its own page' });
      await expect(link.getAttribute('href')).resolves.toBe(
        `/login?next=${encodeURIComponent(postPath())}`,
      );
      await link.click();
      await tab.waitForURL(/\/login\?next=/);
      await logInAs(authors[0]);
      await tab.waitForURL(`${base}${postPath()}`);
      await expect(editForm().getByLabel('Title').inputValue()).resolves.toBe('Mine to edit');
      await expect(tab.getByRole('button', { name: 'Delete post' }).count()).resolves.toBe(1);
      await expect(tab.getByRole('link', { name: /^Log in to/ }).count()).resolves.toBe(0);
    });

    it('shows the author the link to the edit page', async () => {
      const edit = tab.getByRole('link', { name: 'Edit on its own page', exact: true });
      await expect(edit.getAttribute('href')).resolves.toBe(`${postPath()}/edit`);
    });

    it('lets the author save an edit, and shows the error of an emptied required title under it', async () => {
      await editForm().getByLabel('Title').fill('Mine, edited');
      await editForm().getByRole('button', { name: 'Save post' }).click();
      await editForm()
        .getByRole('status')
        .filter({ hasText: /^Saved\.$/ })
        .waitFor();
      await tab.locator('h1').filter({ hasText: 'Mine, edited' }).waitFor();
      await editForm().evaluate((form) => form.setAttribute('novalidate', ''));
      await editForm().getByLabel('Title').fill('');
      await editForm().getByRole('button', { name: 'Save post' }).click();
      const fieldError = editForm()
        .locator('.appgen-field')
        .filter({ has: tab.getByLabel('Title') })
        .locator('.appgen-field-error');
      await expect(fieldError.textContent()).resolves.toMatch(/^Title /);
      await expect(editForm().getByText('Saved.', { exact: true }).count()).resolves.toBe(0);
      const stored = await send('GET', `/api/posts/${String(owned.id)}`, undefined, 200);
      expect(stored.title).toBe('Mine, edited');
    });

    it('probes write nothing: the pages the author opened (DELETE allowed) left the post as it was', async () => {
      // Each view of the page asked PATCH and DELETE as the author, allowed: nothing changed.
      await tab.reload();
      await tab.reload();
      const stored = await send('GET', `/api/posts/${String(owned.id)}`, undefined, 200);
      expect([stored.title, stored.body]).toEqual(['Mine, edited', 'A first draft.']);
    });

    it('shows another signed-in user no edit or delete control, and none in the HTML', async () => {
      const logged = server.output().length;
      const served = await html(authors[1].auth);
      // The page asked the routes' voters (probes): a refused probe is not a refusal to log.
      expect(server.output().slice(logged)).not.toContain('[appgen] 403');
      expect(served).toContain('Mine, edited');
      expect(served).not.toMatch(/data-method="(PATCH|DELETE)"|Save post|Delete post|Log in to/);
      // Nor the link to the edit page, whose form the route would refuse them.
      expect(served).not.toContain(editPageHref());
      expect(served).not.toContain('Edit on its own page');
      // The route agrees: the same user is refused by the API.
      await send(
        'PATCH',
        `/api/posts/${String(owned.id)}`,
        { title: 'Theirs' },
        403,
        authors[1].auth,
      );
      // Its log names where the rule is written, the rule, and whom it refused, once.
      const refusals = server
        .output()
        .slice(logged)
        .match(/\[appgen\] 403 .*/g);
      expect(refusals).toEqual([
        `[appgen] 403 PATCH /api/posts/${String(owned.id)}: config/routes/posts.json routes[3].voter "owner:authorId|role:admin" refused user ${authors[1].id} (role "member")`,
      ]);
      const other = await browser.newContext();
      try {
        const otherTab = await other.newPage();
        await otherTab.goto(`${base}/login?next=${encodeURIComponent(postPath())}`);
        await otherTab.getByLabel('Email').fill(authors[1].email);
        await otherTab.getByLabel('Password').fill(PASSWORD);
        await otherTab.getByRole('button', { name: 'Log in' }).click();
        await otherTab.waitForURL(`${base}${postPath()}`);
        await otherTab.locator('h1').filter({ hasText: 'Mine, edited' }).waitFor();
        await expect(
          otherTab.locator('form.appgen-form[data-method="PATCH"]').count(),
        ).resolves.toBe(0);
        await expect(
          otherTab.getByRole('button', { name: /Save post|Delete post/ }).count(),
        ).resolves.toBe(0);
        await expect(otherTab.getByRole('link', { name: /^Log in to/ }).count()).resolves.toBe(0);
      } finally {
        await other.close();
      }
    });

    it('lets the author delete the post after confirming in the dialog', async () => {
      await tab.goto(`${base}${postPath()}`);
      await tab.getByRole('button', { name: 'Delete post' }).click();
      const dialog = tab.getByRole('dialog', { name: 'Delete this?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await tab.waitForURL(`${base}/posts`);
      await send('GET', `/api/posts/${String(owned.id)}`, undefined, 404);
    });
  });

  // Issue 52 §1: roles on the accounts model (settings accounts.roles, the fixture's
  // appgen.config.json). A sign-up is a member; an admin route refuses a member (403) and a
  // visitor (401); `appgen users role` makes a user admin, and their very next request, with the
  // token they already had, is an admin's: they edit another's post, change another's role, and
  // the post's page shows them its edit and delete controls.
  describe('access rules (config/models/Memo.json)', () => {
    /** Memos of Ada's by status, created in this order. */
    const memos: Record<string, Row[]> = { draft: [], shared: [], archived: [] };
    const people: Record<string, Record<string, string>> = {};
    const peopleIds: Record<string, string> = {};
    const titles = (rows: Row[]) => rows.map((row) => String(row.title)).sort();
    const made = (...statuses: string[]) => titles(statuses.flatMap((status) => memos[status]));
    /** Every page of GET /api/memos for this caller (pageSize 2), with the total it sends. */
    const allPages = async (headers: Record<string, string>, query = '') => {
      const rows: Row[] = [];
      let total = -1;
      for (let offset = 0; offset < 40; offset += 2) {
        const answer = await request(
          base,
          'GET',
          `/api/memos?offset=${offset}${query}`,
          undefined,
          headers,
        );
        expect(answer.status).toBe(200);
        total = Number(answer.headers.get('x-total-count'));
        rows.push(...(answer.body as Row[]));
        if ((answer.body as Row[]).length < 2) break;
      }
      return { titles: titles(rows), total, ids: rows.map((row) => String(row.id)) };
    };
    /** Every page of the cursor list, following its Link header. */
    const cursorPages = async (headers: Record<string, string>) => {
      const rows: Row[] = [];
      let next: string | null = '/api/memos/pages';
      while (next) {
        const answer = await request(base, 'GET', next, undefined, headers);
        expect(answer.status).toBe(200);
        rows.push(...(answer.body as Row[]));
        next = /<([^>]+)>; rel="next"/.exec(answer.headers.get('link') ?? '')?.[1] ?? null;
      }
      return titles(rows);
    };

    beforeAll(async () => {
      const ada = authors[0].auth;
      for (const [name, role] of [
        ['Rita Reader', null],
        ['Eddie Editor', 'editor'],
        ['Alma Admin', 'admin'],
      ] as const) {
        const email = `${name.split(' ')[0].toLowerCase()}@example.com`;
        const user = await send('POST', '/api/signup', { name, email, password: PASSWORD }, 201);
        people[name.split(' ')[0]] = { authorization: `Bearer ${String(user.token)}` };
        peopleIds[name.split(' ')[0]] = String(user.id);
        if (role) {
          const set = await run(process.execPath, [APPGEN, 'users', 'role', email, role], {
            cwd: project.dir,
            env: project.env,
            timeoutMs: 120_000,
          });
          expect(set.code).toBe(0);
        }
      }
      for (const [status, count] of [
        ['draft', 3],
        ['shared', 2],
        ['archived', 1],
      ] as const) {
        for (let i = 0; i < count; i++) {
          // Only an admin archives a memo (its author may not create one archived, see below).
          const title = `${status} memo ${i}`;
          const created = await send(
            'POST',
            '/api/memos',
            { title, status: status === 'archived' ? 'draft' : status },
            201,
            ada,
          );
          memos[status].push(
            status === 'archived'
              ? await send(
                  'PATCH',
                  `/api/memos/${String(created.id)}`,
                  { status },
                  200,
                  people.Alma,
                )
              : created,
          );
        }
      }
    });

    it('lists, counts and pages only what each caller may read', async () => {
      const expected: Array<[string, Record<string, string>, string[]]> = [
        ['anonymous', {}, made('shared')],
        ['a member', people.Rita, made('shared')],
        ['the author', authors[0].auth, made('draft', 'shared')],
        ['an editor', people.Eddie, made('draft', 'shared')],
        ['an admin', people.Alma, made('draft', 'shared', 'archived')],
      ];
      for (const [who, headers, visible] of expected) {
        const listed = await allPages(headers);
        expect([who, listed.titles, listed.total]).toEqual([who, visible, visible.length]);
        expect([who, await cursorPages(headers)]).toEqual([who, visible]);
      }
      // A filter narrows what the rules let through, never widens it.
      const archived = await allPages(people.Eddie, '&status=archived');
      expect([archived.titles, archived.total]).toEqual([[], 0]);
    });

    it('answers 404 for a record the caller may not read, on GET, PATCH, a link and a nested list', async () => {
      const draft = String(memos.draft[0].id);
      // A link route finds its record through the read rule; its answer hides fields as any does.
      await send('POST', `/api/memos/${draft}/watch`, undefined, 404, people.Rita);
      const watched = await send(
        'POST',
        `/api/memos/${String(memos.shared[0].id)}/watch`,
        undefined,
        200,
        people.Rita,
      );
      expect(watched).toMatchObject({ title: 'shared memo 0' });
      expect(watched).not.toHaveProperty('reviewNote');
      await send('GET', `/api/memos/${draft}`, undefined, 404);
      await send('GET', `/api/memos/${draft}`, undefined, 404, people.Rita);
      const own = await send('GET', `/api/memos/${draft}`, undefined, 200, authors[0].auth);
      expect(own.title).toBe('draft memo 0');
      // Hidden before the voter is asked: 404, not 403.
      await send('PATCH', `/api/memos/${draft}`, { title: 'Mine now' }, 404, people.Rita);
      const archived = String(memos.archived[0].id);
      // A deny rule wins over the author's allow rule: the author no longer sees it either.
      await send('GET', `/api/memos/${archived}`, undefined, 404, authors[0].auth);
      await send('PATCH', `/api/memos/${archived}`, { title: 'Back' }, 404, authors[0].auth);
      expect(
        (await send('GET', `/api/memos/${archived}`, undefined, 200, people.Alma)).status,
      ).toBe('archived');
      // The parent of a nested list is found only when the caller may read it.
      const missing = await send('GET', `/api/memos/${draft}/notes`, undefined, 404);
      expect(missing).toEqual({ error: 'Memo not found' });
      await send('POST', `/api/memos/${draft}/notes`, { body: 'Hi' }, 404, people.Rita);
      await send(
        'POST',
        `/api/memos/${draft}/notes`,
        { body: 'Note to self' },
        201,
        authors[0].auth,
      );
      const notes = await send('GET', `/api/memos/${draft}/notes`, undefined, 200, authors[0].auth);
      expect(notes).toEqual([expect.objectContaining({ body: 'Note to self' })]);
    });

    it("includes, counts and joins only the memos each caller may read (a User's memos, a note's memo)", async () => {
      // config/routes/memos.json: GET /api/authors(/:id) count Ada's memos (and include them), GET
      // /api/notes includes each note's memo (a belongsTo: null where the caller may not read it).
      const ada = authors[0];
      const all = (await send(
        'GET',
        '/api/memos?limit=100',
        undefined,
        200,
        people.Alma,
      )) as unknown as Row[];
      const adas = all.filter((memo) => memo.authorId === ada.id);
      expect(adas.map((memo) => memo.status).sort()).toEqual(
        ['archived', 'draft', 'draft', 'draft', 'shared', 'shared'].sort(),
      );
      const noteOn = async (memo: Row, auth: Record<string, string>) =>
        String(
          (await send('POST', `/api/memos/${String(memo.id)}/notes`, { body: 'n' }, 201, auth)).id,
        );
      const noteOf = new Map<string, Row>();
      for (const memo of adas)
        noteOf.set(await noteOn(memo, memo.status === 'archived' ? people.Alma : ada.auth), memo);
      // Memo's rules, read independently: shared, or the author's, or an editor's or admin's; never
      // an archived one but for an admin.
      const reads = (id: string | null, role: string | null, memo: Row) =>
        (memo.status === 'shared' ||
          (id !== null && id === memo.authorId) ||
          ['editor', 'admin'].includes(role ?? '')) &&
        !(memo.status === 'archived' && role !== 'admin');
      const identities: Array<[string, string | null, string | null, Record<string, string>]> = [
        ['anonymous', null, null, {}],
        ['the author', ada.id, 'member', ada.auth],
        ['a member', peopleIds.Rita, 'member', people.Rita],
        ['an editor', peopleIds.Eddie, 'editor', people.Eddie],
        ['an admin', peopleIds.Alma, 'admin', people.Alma],
      ];
      const counts: number[] = [];
      for (const [who, id, role, auth] of identities) {
        const readable = adas
          .filter((memo) => reads(id, role, memo))
          .map((memo) => String(memo.id));
        const notes = role === 'editor' || role === 'admin';
        const author = await send('GET', `/api/authors/${ada.id}`, undefined, 200, auth);
        const included = author.memos as Row[];
        expect([who, author.memosCount, included.map((memo) => memo.id)]).toEqual([
          who,
          readable.length,
          [...readable].sort(),
        ]);
        // Memo's rule on reviewNote applies to the included memos too.
        expect([who, included.filter((memo) => 'reviewNote' in memo).length]).toEqual([
          who,
          notes ? readable.length : 0,
        ]);
        const listed = (await send(
          'GET',
          '/api/authors',
          undefined,
          200,
          auth,
        )) as unknown as Row[];
        expect([who, listed.find((user) => user.id === ada.id)?.memosCount]).toEqual([
          who,
          readable.length,
        ]);
        counts.push(readable.length);
        const page = (await send('GET', '/api/notes', undefined, 200, auth)) as unknown as Row[];
        for (const [noteId, memo] of noteOf) {
          const joined = page.find((note) => note.id === noteId)?.memo as Row | null | undefined;
          const shown = readable.includes(String(memo.id));
          expect([who, memo.status, joined?.id ?? null]).toEqual([
            who,
            memo.status,
            shown ? memo.id : null,
          ]);
          if (shown) expect([who, 'reviewNote' in (joined as Row)]).toEqual([who, notes]);
        }
      }
      // Each identity sees a different share of the same six memos.
      expect(counts).toEqual([2, 5, 2, 5, 6]);
    });

    it('refuses a write no rule allows (403, the rule in the log) and checks the new values', async () => {
      const shared = String(memos.shared[0].id);
      const draft = String(memos.draft[1].id);
      const ada = authors[0].auth;
      // Readable but not hers: no rule allows a member to update it.
      expect(
        await send('PATCH', `/api/memos/${shared}`, { title: 'Mine' }, 403, people.Rita),
      ).toEqual({
        error: 'Forbidden',
      });
      expect(server.output()).toMatch(
        /403 PATCH \/api\/memos\/\S+: no rule of config\/models\/Memo\.json "access" allows update, for user \S+ \(role member\)/,
      );
      // Her own: allowed; but the new values may not archive it (a deny rule on update): 403, unchanged.
      await send('PATCH', `/api/memos/${draft}`, { title: 'Edited by Ada' }, 200, ada);
      await send('PATCH', `/api/memos/${draft}`, { status: 'archived' }, 403, ada);
      expect(server.output()).toContain(
        'the new values break config/models/Memo.json access[5] denies update (only admins archive memos or change archived ones), for user',
      );
      expect(await send('GET', `/api/memos/${draft}`, undefined, 200, ada)).toMatchObject({
        title: 'Edited by Ada',
        status: 'draft',
      });
      // A create is checked alike: nothing is written.
      await send(
        'POST',
        '/api/memos',
        { title: 'Archived at birth', status: 'archived' },
        403,
        ada,
      );
      expect((await allPages(people.Alma)).titles).not.toContain('Archived at birth');
      // Delete: editors and admins only; the author is refused, an editor deletes.
      await send('DELETE', `/api/memos/${draft}`, undefined, 403, ada);
      await send('DELETE', `/api/memos/${draft}`, undefined, 200, people.Eddie);
      await send('GET', `/api/memos/${draft}`, undefined, 404, ada);
      memos.draft.splice(1, 1);
    });

    it('leaves out a field the caller may not read, and refuses one they may not write', async () => {
      const memo = String(memos.shared[1].id);
      const ada = authors[0].auth;
      // Only editors and admins read and write reviewNote (config/models/Memo.json).
      await send('PATCH', `/api/memos/${memo}`, { reviewNote: 'Mine' }, 403, ada).then((body) =>
        expect(body).toEqual({ error: 'Forbidden: you may not write "reviewNote"' }),
      );
      expect(server.output()).toContain(
        'config/models/Memo.json fields.reviewNote.access.write refused user',
      );
      await send('POST', '/api/memos', { title: 'With a note', reviewNote: 'x' }, 403, ada);
      const reviewed = await send(
        'PATCH',
        `/api/memos/${memo}`,
        { reviewNote: 'Looks good' },
        200,
        people.Alma,
      );
      expect(reviewed.reviewNote).toBe('Looks good');
      const asAuthor = await send('GET', `/api/memos/${memo}`, undefined, 200, ada);
      expect(asAuthor.title).toBe('shared memo 1');
      expect('reviewNote' in asAuthor).toBe(false);
      const asEditor = await send('GET', `/api/memos/${memo}`, undefined, 200, people.Eddie);
      expect(asEditor.reviewNote).toBe('Looks good');
      // Lists alike, for each record.
      const listed = (await send(
        'GET',
        '/api/memos?status=shared',
        undefined,
        200,
      )) as unknown as Row[];
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.filter((row) => 'reviewNote' in row)).toEqual([]);
      // Her other fields are hers to change: only the refused field is named, nothing is dropped.
      await send('PATCH', `/api/memos/${memo}`, { title: 'shared memo 1' }, 200, ada);
    });

    it('lets project code read through the rules for the caller, and as the system when it says so', async () => {
      // tests/e2e/fixtures/blog/orm/<orm>/src/functions: readableMemos reads Memo with
      // memoAccess.where("read", await callerOf(userId)) and memoFields.hiding; memoCensus counts
      // every memo with memoAccess.where("read", SYSTEM).
      await send('GET', '/api/memos/readable', undefined, 401);
      const everyMemo = await allPages(people.Alma);
      const byStatus = (rows: Row[]) => {
        const census: Record<string, number> = {};
        for (const row of rows) census[String(row.status)] = (census[String(row.status)] ?? 0) + 1;
        return census;
      };
      const all = (await send(
        'GET',
        '/api/memos?limit=100',
        undefined,
        200,
        people.Alma,
      )) as unknown as Row[];
      expect(all.length).toBe(everyMemo.total);
      for (const [who, headers] of [
        ['the author', authors[0].auth],
        ['a member', people.Rita],
        ['an editor', people.Eddie],
        ['an admin', people.Alma],
      ] as const) {
        const readable = (await send(
          'GET',
          '/api/memos/readable',
          undefined,
          200,
          headers,
        )) as unknown as Row[];
        const listed = await allPages(headers);
        expect([who, titles(readable), readable.length]).toEqual([
          who,
          listed.titles,
          listed.total,
        ]);
        // The rule on reviewNote, through memoFields.hiding.
        const sendsNote = readable.some((memo) => 'reviewNote' in memo);
        expect([who, sendsNote]).toEqual([who, who === 'an editor' || who === 'an admin']);
        // As the system: every memo, whoever asks (a member reads no archived one herself).
        expect([who, await send('GET', '/api/memos/census', undefined, 200, headers)]).toEqual([
          who,
          byStatus(all),
        ]);
      }
      expect(byStatus(all).archived).toBeGreaterThan(0);
    });

    it('answers each identity on each route and record as the rules say (the matrix)', async () => {
      // The rules of config/models/Memo.json, read independently of appgen: who reads, updates
      // and deletes a memo of a status by an author.
      type Who = {
        name: string;
        id: string | null;
        role: string | null;
        auth: Record<string, string>;
      };
      const roleOf = (who: Who) => who.role;
      const reads = (who: Who, status: string, authorId: string) =>
        (status === 'shared' ||
          (who.id !== null && who.id === authorId) ||
          ['editor', 'admin'].includes(roleOf(who) ?? '')) &&
        !(status === 'archived' && roleOf(who) !== 'admin');
      const updates = (who: Who, status: string, authorId: string) =>
        ((who.id !== null && who.id === authorId) || roleOf(who) === 'admin') &&
        !(status === 'archived' && roleOf(who) !== 'admin');
      const deletes = (who: Who) => ['editor', 'admin'].includes(roleOf(who) ?? '');
      const ada = authors[0];
      const identities: Who[] = [
        { name: 'anonymous', id: null, role: null, auth: {} },
        { name: 'author (member)', id: ada.id, role: 'member', auth: ada.auth },
        { name: 'member', id: peopleIds.Rita, role: 'member', auth: people.Rita },
        { name: 'editor', id: peopleIds.Eddie, role: 'editor', auth: people.Eddie },
        { name: 'admin', id: peopleIds.Alma, role: 'admin', auth: people.Alma },
      ];
      /** A memo of Ada's with this status (an admin archives it: no one else may). */
      const memoOf = async (status: string) => {
        const created = await send(
          'POST',
          '/api/memos',
          { title: `matrix ${status}`, status: status === 'archived' ? 'draft' : status },
          201,
          ada.auth,
        );
        if (status === 'archived')
          await send('PATCH', `/api/memos/${String(created.id)}`, { status }, 200, people.Alma);
        return String(created.id);
      };
      const cells: string[] = [];
      const expectCell = (who: Who, what: string, got: unknown, expected: unknown) => {
        cells.push(`${who.name} ${what}`);
        expect([who.name, what, got]).toEqual([who.name, what, expected]);
      };
      for (const status of ['draft', 'shared', 'archived']) {
        const id = await memoOf(status);
        for (const who of identities) {
          const readable = reads(who, status, ada.id);
          const one = await request(base, 'GET', `/api/memos/${id}`, undefined, {
            origin: base,
            ...who.auth,
          });
          expectCell(who, `GET ${status}`, one.status, readable ? 200 : 404);
          if (readable)
            expectCell(
              who,
              `GET ${status} reviewNote sent`,
              'reviewNote' in (one.body as Row),
              ['editor', 'admin'].includes(who.role ?? ''),
            );
          const page = await request(base, 'GET', '/api/memos?limit=100', undefined, {
            origin: base,
            ...who.auth,
          });
          const listed = (page.body as Row[]).map((row) => String(row.id));
          expectCell(who, `GET list has ${status}`, listed.includes(id), readable);
          const patched = await request(
            base,
            'PATCH',
            `/api/memos/${id}`,
            { title: `matrix ${status}` },
            { origin: base, 'content-type': 'application/json', ...who.auth },
          );
          expectCell(
            who,
            `PATCH ${status}`,
            patched.status,
            who.id === null ? 401 : !readable ? 404 : updates(who, status, ada.id) ? 200 : 403,
          );
          const copy = await memoOf(status);
          const deleted = await request(base, 'DELETE', `/api/memos/${copy}`, undefined, {
            origin: base,
            ...who.auth,
          });
          expectCell(
            who,
            `DELETE ${status}`,
            deleted.status,
            who.id === null ? 401 : !readable ? 404 : deletes(who) ? 200 : 403,
          );
          const after = await request(base, 'GET', `/api/memos/${copy}`, undefined, {
            origin: base,
            ...people.Alma,
          });
          expectCell(
            who,
            `DELETE ${status} removed it`,
            after.status === 404,
            deleted.status === 200,
          );
        }
      }
      // Five cells a status and identity, and whether reviewNote is sent where the memo is read.
      expect(cells.length).toBeGreaterThanOrEqual(3 * identities.length * 5);
    });

    it('reads the role fresh and changes only readable records on a collection', async () => {
      // A member's collection delete changes nothing (no rule lets members delete).
      expect(await send('DELETE', '/api/memos?status=shared', undefined, 200, people.Rita)).toEqual(
        {
          count: 0,
        },
      );
      // An editor may delete, but sees no archived memo: nothing is deleted.
      const none = await send('DELETE', '/api/memos?status=archived', undefined, 200, people.Eddie);
      expect(none).toEqual({ count: 0 });
      expect((await allPages(people.Alma)).titles).toContain('archived memo 0');
      // A token the app does not accept is refused, even on a route anyone may read.
      await send('GET', '/api/memos', undefined, 401, { authorization: 'Bearer forged' });
    });

    it('changes on a collection PATCH only what the caller may update, and checks the new values', async () => {
      const ada = authors[0].auth;
      const before = await allPages(people.Alma);
      // No rule lets a member or an editor update another's memo: nothing changes.
      for (const who of [people.Rita, people.Eddie])
        expect(
          await send('PATCH', '/api/memos?status=shared', { title: 'Taken' }, 200, who),
        ).toEqual({ count: 0 });
      // The author may update her drafts, but not archive them: the new values break a deny rule,
      // so the whole change is rolled back (403), logged with the rule.
      await send('PATCH', '/api/memos?status=draft', { status: 'archived' }, 403, ada);
      expect(server.output()).toMatch(
        /403 PATCH \/api\/memos: the new values break config\/models\/Memo\.json access\[5\] denies update \(only admins archive memos or change archived ones\), for user \S+ \(role member\)/,
      );
      expect(await allPages(people.Alma)).toEqual(before);
      // Sharing them is allowed: every draft of hers changes, and nothing else.
      const drafts = (await allPages(ada, '&status=draft')).total;
      const readable = (await allPages(people.Rita)).total;
      expect(drafts).toBeGreaterThan(0);
      expect(
        await send('PATCH', '/api/memos?status=draft', { status: 'shared' }, 200, ada),
      ).toEqual({ count: drafts });
      expect((await allPages(people.Rita)).total).toBe(readable + drafts);
      // An admin archives what she selects; then no one else reads them.
      const shared = (await allPages(people.Alma, '&status=shared')).total;
      expect(
        await send('PATCH', '/api/memos?status=shared', { status: 'archived' }, 200, people.Alma),
      ).toEqual({ count: shared });
      expect((await allPages({})).total).toBe(0);
      expect((await allPages(people.Alma)).total).toBe(before.total);
    });
  });

  describe('roles', () => {
    let post: Row;
    const member = () => authors[1];
    const admin = () => authors[2];
    const users = (args: string[]) =>
      run(process.execPath, [APPGEN, 'users', ...args], {
        cwd: project.dir,
        env: project.env,
        timeoutMs: 120_000,
      });

    beforeAll(async () => {
      post = await send('POST', '/api/posts', { title: 'By Ada' }, 201, authors[0].auth);
    });

    it('gives a sign-up the default role, whatever role its body sends', async () => {
      const user = await send(
        'POST',
        '/api/signup',
        { name: 'Mallory', email: 'mallory@example.com', password: PASSWORD, role: 'admin' },
        201,
      );
      expect(user.role).toBe('member');
      const stored = await send('GET', `/api/users/${String(admin().id)}`, undefined, 200);
      expect(stored.role).toBe('member');
    });

    it('refuses a member on an admin route (403, the rule in the log) and a visitor (401)', async () => {
      const rolePath = `/api/users/${member().id}/role`;
      const refused = await send('PATCH', rolePath, { role: 'admin' }, 403, member().auth);
      expect(refused).toEqual({ error: 'Forbidden' });
      await send('PATCH', rolePath, { role: 'admin' }, 401);
      await send(
        'PATCH',
        `/api/posts/${String(post.id)}`,
        { title: 'Not mine' },
        403,
        admin().auth,
      );
      expect(server.output()).toContain(
        `config/routes/users.json routes[3].voter "role:admin" refused user ${member().id} (role "member")`,
      );
      expect(await html(admin().auth)).not.toMatch(/data-method="(PATCH|DELETE)"/);
    });

    it('appgen users role refuses an unknown user or role, exit 1 with the fix', async () => {
      const nobody = await users(['role', 'nobody@example.com', 'admin']);
      expect([nobody.code, nobody.stderr]).toEqual([
        1,
        expect.stringContaining('No user has the email "nobody@example.com"'),
      ]);
      const typo = await users(['role', admin().email, 'admim']);
      expect([typo.code, typo.stderr]).toEqual([
        1,
        expect.stringContaining('did you mean "admin"?'),
      ]);
    });

    it("makes a user admin with appgen users role: their very next request is an admin's", async () => {
      const promoted = await users(['role', admin().email, 'admin']);
      expect([promoted.code, promoted.stdout]).toEqual([
        0,
        expect.stringContaining('now has the role admin (was member)'),
      ]);
      // The token signed before the change: no new log-in.
      const edited = await send(
        'PATCH',
        `/api/posts/${String(post.id)}`,
        { title: 'By Ada, edited by an admin' },
        200,
        admin().auth,
      );
      expect([edited.title, edited.authorId]).toEqual([
        'By Ada, edited by an admin',
        authors[0].id,
      ]);
      const changed = await send(
        'PATCH',
        `/api/users/${member().id}/role`,
        { role: 'editor' },
        200,
        admin().auth,
      );
      expect(changed.role).toBe('editor');
      // An editor is not an admin: the route still refuses them.
      await send('PATCH', `/api/users/${member().id}/role`, { role: 'admin' }, 403, member().auth);
    });

    it("shows the admin the edit and delete controls on another's post; and takes them away with the role", async () => {
      const served = await html(admin().auth);
      expect(served).toMatch(/data-method="PATCH"/);
      expect(served).toContain('Delete post');
      expect(await html(member().auth)).not.toMatch(/data-method="(PATCH|DELETE)"/);
      const demoted = await users(['role', admin().email, 'member']);
      expect(demoted.code).toBe(0);
      expect(await html(admin().auth)).not.toMatch(/data-method="(PATCH|DELETE)"/);
      await send('DELETE', `/api/posts/${String(post.id)}`, undefined, 403, admin().auth);
    });

    /** The post's page as served to a client with these headers. */
    async function html(headers: Record<string, string>): Promise<string> {
      const response = await fetch(new URL(`/posts/${String(post.id)}`, base), { headers });
      expect(response.status).toBe(200);
      return response.text();
    }
  });

  describe('list query styles (config/routes/styles.json)', () => {
    type Post = {
      id: string;
      title: string;
      views: number;
      status: string;
      featured: boolean;
      createdAt: string;
    };
    const posts: Post[] = [];
    const TITLES = ['Alpha', 'beta', 'Gamma 50%', 'delta', 'Epsilon', 'zeta'];
    const VIEWS = [5, 3, 3, 8, 1, 5];
    /** Lists answer JSON; the headers that carry the total come back too. */
    const list = async (route: string, search: string) => {
      const response = await fetch(`${base}/api/styled/${route}/posts${search}`);
      const body = (await response.json()) as unknown;
      return { status: response.status, body, headers: response.headers };
    };
    const titles = (body: unknown) =>
      (body as Post[]).map((post) => post.title.replace('Styled ', ''));
    /** The posts of this block in an order: by views descending, then title (code point), then id. */
    const byViewsThenTitle = () =>
      [...posts]
        .sort((a, b) => b.views - a.views || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0))
        .map((post) => post.title.replace('Styled ', ''));
    const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

    beforeAll(async () => {
      for (let n = 0; n < TITLES.length; n++)
        posts.push(
          (await send(
            'POST',
            '/api/posts',
            {
              title: `Styled ${TITLES[n]}`,
              views: VIEWS[n],
              status: STATUSES[n % 3],
              featured: n % 2 === 0,
            },
            201,
            authors[0].auth,
          )) as unknown as Post,
        );
    });

    it('appgen: pages, several sorts, any of, every operator, X-Total-Count', async () => {
      const mine = 'title[startsWith]=styled';
      const page = await list('appgen', `?${mine}&sort=-views,title&limit=2&offset=1`);
      expect(page.status).toBe(200);
      expect(titles(page.body)).toEqual(byViewsThenTitle().slice(1, 3));
      expect(page.headers.get('x-total-count')).toBe('6');
      const anyOf = await list('appgen', `?${mine}&id=${posts[1].id}&id=${posts[4].id}&sort=title`);
      expect(titles(anyOf.body)).toEqual(['Epsilon', 'beta']);
      const cases: Array<[string, string[]]> = [
        ['views[gte]=3&views[lt]=8', ['Alpha', 'Gamma 50%', 'beta', 'zeta']],
        ['views[gt]=3&views[lte]=5', ['Alpha', 'zeta']],
        ['status[ne]=draft', ['Epsilon', 'Gamma 50%', 'beta', 'zeta']],
        ['featured[ne]=true', ['beta', 'delta', 'zeta']],
        ['title[contains]=GAMMA', ['Gamma 50%']],
        // % and _ are plain characters, not wildcards.
        ['title[contains]=50%25', ['Gamma 50%']],
        ['title[contains]=_', []],
        [`createdAt[gte]=${encodeURIComponent(posts[3].createdAt)}`, ['Epsilon', 'delta', 'zeta']],
        [`createdAt[lt]=${encodeURIComponent(posts[1].createdAt)}`, ['Alpha']],
        ['status=draft&status=archived', ['Alpha', 'Gamma 50%', 'delta', 'zeta']],
      ];
      for (const [search, expected] of cases) {
        const answer = await list('appgen', `?${mine}&${search}&sort=title`);
        expect(`${search}: ${JSON.stringify(titles(answer.body))}`).toBe(
          `${search}: ${JSON.stringify(expected)}`,
        );
        expect(answer.headers.get('x-total-count')).toBe(String(expected.length));
      }
      expect((await list('appgen', `?views[gte]=many`)).body).toEqual({
        error: 'Query parameter "views[gte]" must be a whole number',
      });
    });

    it('json-server: _start/_end, _sort/_order, field_like/_gte/_lte/_ne, X-Total-Count', async () => {
      const page = await list(
        'json-server',
        '?title_like=styled&_sort=views,title&_order=desc,asc&_start=1&_end=3',
      );
      expect(titles(page.body)).toEqual(byViewsThenTitle().slice(1, 3));
      expect(page.headers.get('x-total-count')).toBe('6');
      const pageTwo = await list(
        'json-server',
        '?title_like=styled&_sort=views,title&_order=desc,asc&_page=2&_limit=4',
      );
      expect(titles(pageTwo.body)).toEqual(byViewsThenTitle().slice(4));
      const filtered = await list(
        'json-server',
        `?title_like=styled&views_gte=3&views_lte=5&status_ne=published&id=${posts[0].id}&id=${posts[2].id}&id=${posts[3].id}&_sort=title`,
      );
      expect(titles(filtered.body)).toEqual(['Alpha', 'Gamma 50%']);
      expect(filtered.headers.get('x-total-count')).toBe('2');
    });

    it('simple-rest: range (inclusive), sort pair, filter object with arrays and operators, Content-Range', async () => {
      const page = await list(
        'simple-rest',
        `?filter=${json({ title_like: 'styled' })}&sort=${json(['views', 'DESC'])}&range=${json([0, 1])}`,
      );
      expect((page.body as Post[]).map((post) => post.views)).toEqual([8, 5]);
      expect(page.headers.get('content-range')).toBe('posts 0-1/6');
      const many = await list(
        'simple-rest',
        `?filter=${json({ id: [posts[1].id, posts[5].id], title_like: 'STYLED' })}&sort=${json(['title', 'ASC'])}&range=${json([0, 24])}`,
      );
      expect(titles(many.body)).toEqual(['beta', 'zeta']);
      expect(many.headers.get('content-range')).toBe('posts 0-1/2');
      const none = await list(
        'simple-rest',
        `?filter=${json({ title_like: 'styled', views_gt: 100 })}`,
      );
      expect(none.body).toEqual([]);
      expect(none.headers.get('content-range')).toBe('posts */0');
      expect((await list('simple-rest', `?range=${json([0, 100])}`)).status).toBe(400);
    });

    it("simple-rest: react-admin's Range header, alone or beside range, and a 400 naming it", async () => {
      const ranged = async (
        header: string,
        search = `?filter=${json({ title_like: 'styled' })}`,
      ) => {
        const response = await fetch(`${base}/api/styled/simple-rest/posts${search}`, {
          headers: { range: header },
        });
        return { status: response.status, body: await response.json(), headers: response.headers };
      };
      const sort = `&sort=${json(['views', 'DESC'])}`;
      const alone = await ranged('posts=1-2', `?filter=${json({ title_like: 'styled' })}${sort}`);
      expect((alone.body as Post[]).map((post) => post.views)).toEqual([5, 5]);
      expect(alone.headers.get('content-range')).toBe('posts 1-2/6');
      const both = await ranged('posts=0-1', `?range=${json([0, 1])}${sort}`);
      expect(both.headers.get('content-range')).toMatch(/^posts 0-1\/\d+$/);
      expect((await ranged('bytes=0-1')).headers.get('content-range')).toBe('posts 0-5/6');
      expect(await ranged('posts=0-9', `?range=${json([0, 1])}`)).toMatchObject({
        status: 400,
        body: {
          error: 'The "Range" header (posts=0-9) and "range" ([0,1]) ask for different records',
        },
      });
      expect(await ranged('0-24')).toMatchObject({
        status: 400,
        body: { error: 'The "Range" header must be <unit>=<first>-<last>, e.g. posts=0-24' },
      });
    });

    // ra-data-simple-rest and refine's simple-rest data providers, as a page of another site
    // runs them in Chromium (support/adminClient.ts: their requests, header for header): the
    // preflight of react-admin's Range header, the total read from the exposed Content-Range or
    // X-Total-Count.
    describe('from a page of another site in Chromium', () => {
      let tab: Page;
      let client: AdminClient;

      beforeAll(async () => {
        tab = await browser.newPage();
        await tab.goto(otherSite.origin);
        client = adminClient(tab, {
          simpleRest: `${base}/api/styled/simple-rest`,
          jsonServer: `${base}/api/styled/json-server`,
        });
      });

      afterAll(async () => {
        await tab?.close();
      });

      it('answers the preflight of a list with a Range header for the allowed origin only', async () => {
        const preflight = (origin: string) =>
          fetch(`${base}/api/styled/simple-rest/posts`, {
            method: 'OPTIONS',
            headers: {
              origin,
              'access-control-request-method': 'GET',
              'access-control-request-headers': 'range',
            },
          });
        const allowed = await preflight(otherSite.origin);
        expect(allowed.status).toBe(204);
        expect(allowed.headers.get('access-control-allow-origin')).toBe(otherSite.origin);
        expect(allowed.headers.get('access-control-allow-headers')).toMatch(/(^|, )Range(,|$)/);
        const other = await preflight('http://elsewhere.example');
        expect(other.headers.get('access-control-allow-origin')).toBeNull();
      });

      it("react-admin's getList, getMany and getManyReference read records and Content-Range", async () => {
        const styled = { title_like: 'styled' };
        const first = await client.simpleRest.getList('posts', {
          pagination: { page: 1, perPage: 2 },
          sort: { field: 'views', order: 'DESC' },
          filter: styled,
        });
        expect(first.data.map((post) => post.views)).toEqual([8, 5]);
        expect(first.total).toBe(6);
        const third = await client.simpleRest.getList('posts', {
          pagination: { page: 3, perPage: 2 },
          sort: { field: 'views', order: 'DESC' },
          filter: styled,
        });
        // One sort field (react-admin sends one), then by id: the order the posts were made in.
        const byViews = [...posts].sort((a, b) => b.views - a.views);
        expect(titles(third.data)).toEqual(titles(byViews.slice(4)));
        const many = await client.simpleRest.getMany('posts', {
          ids: [posts[0].id, posts[3].id, posts[5].id],
        });
        expect(many.data.map((post) => post.id).sort()).toEqual(
          [posts[0].id, posts[3].id, posts[5].id].sort(),
        );
        const byAuthor = (id: string) =>
          client.simpleRest.getManyReference('posts', {
            target: 'authorId',
            id,
            pagination: { page: 1, perPage: 25 },
            sort: { field: 'title', order: 'ASC' },
            filter: styled,
          });
        const own = await byAuthor(authors[0].id);
        expect(titles(own.data)).toEqual([
          'Alpha',
          'Epsilon',
          'Gamma 50%',
          'beta',
          'delta',
          'zeta',
        ]);
        expect(own.total).toBe(6);
        expect(await byAuthor(authors[1].id)).toEqual({ data: [], total: 0 });
      });

      it("refine's getList and getMany (json-server style) read records and X-Total-Count", async () => {
        const page = await client.jsonServer.getList('posts', {
          pagination: { current: 2, pageSize: 2 },
          sorters: [
            { field: 'views', order: 'desc' },
            { field: 'title', order: 'asc' },
          ],
          filters: [{ field: 'title', operator: 'contains', value: 'styled' }],
        });
        expect(titles(page.data)).toEqual(byViewsThenTitle().slice(2, 4));
        expect(page.total).toBe(6);
        const many = await client.jsonServer.getMany('posts', {
          ids: [posts[1].id, posts[2].id],
        });
        expect(titles(many.data).sort()).toEqual(['Gamma 50%', 'beta']);
      });

      it('reads the message of a 400 across origins', async () => {
        await expect(
          client.simpleRest.getList('posts', {
            pagination: { page: 1, perPage: 500 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
          }),
        ).rejects.toMatchObject({
          status: 400,
          body: { error: '"range" must hold from 1 to 100 records' },
        });
      });
    });

    it('jsonapi: page[offset]/page[limit], sort=-a,b, filter[field] and filter[field][op], X-Total-Count', async () => {
      const page = await list(
        'jsonapi',
        '?filter[title][startsWith]=styled&sort=-views,title&page[offset]=1&page[limit]=2',
      );
      expect(titles(page.body)).toEqual(byViewsThenTitle().slice(1, 3));
      expect(page.headers.get('x-total-count')).toBe('6');
      const filtered = await list(
        'jsonapi',
        '?filter[title][startsWith]=styled&filter[status]=draft&filter[status]=published&filter[views][lt]=5&sort=title',
      );
      expect(titles(filtered.body)).toEqual(['Epsilon', 'beta']);
    });

    describe('search (query.search: title, body)', () => {
      /** Posts whose words the searches look for; none has "styled" in its title. */
      const SEARCHED = [
        { title: 'Dragons of the north', body: 'Fire breathing dragons fly over the north' },
        { title: 'The dragonfly', body: 'A small insect' },
        { title: 'Cooking rice', body: 'Water, rice and a bowl with a dragon' },
        { title: 'Café society', body: null },
      ];
      const found = (body: unknown) => (body as Post[]).map((post) => post.title);
      let db: AppDatabase;

      beforeAll(async () => {
        for (const post of SEARCHED) await send('POST', '/api/posts', post, 201, authors[1].auth);
        db = await openAppDatabase(project.dir, orm, project.env.DATABASE_URL);
      });
      afterAll(() => db?.close());

      it("appgen: q finds every word (a word's start), by relevance, paged, with the total", async () => {
        const all = await list('appgen', '?q=dragon');
        expect(all.status).toBe(200);
        expect([...found(all.body)].sort()).toEqual([
          'Cooking rice',
          'Dragons of the north',
          'The dragonfly',
        ]);
        // Two of the words in one post: the most relevant on both databases.
        expect(found(all.body)[0]).toBe('Dragons of the north');
        expect(all.headers.get('x-total-count')).toBe('3');
        const second = await list('appgen', '?q=dragon&limit=1&offset=1');
        expect(found(second.body)).toEqual([found(all.body)[1]]);
        expect(second.headers.get('x-total-count')).toBe('3');
        const sorted = await list('appgen', '?q=DRAGON&sort=-title');
        expect(found(sorted.body)).toEqual([
          'The dragonfly',
          'Dragons of the north',
          'Cooking rice',
        ]);
        expect(found((await list('appgen', '?q=dragon%20fire')).body)).toEqual([
          'Dragons of the north',
        ]);
        expect(found((await list('appgen', '?q=fly')).body)).toEqual(['Dragons of the north']);
        expect(found((await list('appgen', '?q=caf%C3%A9')).body)).toEqual(['Café society']);
        expect(found((await list('appgen', '?q=dragon&title[startsWith]=the')).body)).toEqual([
          'The dragonfly',
        ]);
        expect((await list('appgen', '?q=unicorn')).body).toEqual([]);
        // No words: no search (the list as without q).
        const blank = await list('appgen', '?q=%20!&title[startsWith]=styled');
        expect(blank.headers.get('x-total-count')).toBe('6');
        expect((await list('appgen', '?q=a&q=b')).body).toEqual({
          error: 'Query parameter "q" is given more than once',
        });
      });

      it('json-server q, simple-rest filter.q and jsonapi filter[q] read the same search', async () => {
        const server = await list('json-server', '?q=dragon&_sort=title&_start=0&_end=2');
        expect(found(server.body)).toEqual(['Cooking rice', 'Dragons of the north']);
        expect(server.headers.get('x-total-count')).toBe('3');
        const rest = await list(
          'simple-rest',
          `?filter=${json({ q: 'dragon' })}&sort=${json(['title', 'ASC'])}&range=${json([1, 2])}`,
        );
        expect(found(rest.body)).toEqual(['Dragons of the north', 'The dragonfly']);
        expect(rest.headers.get('content-range')).toBe('posts 1-2/3');
        expect((await list('simple-rest', `?filter=${json({ q: 3 })}`)).body).toEqual({
          error: 'Query parameter "filter.q" must be a string',
        });
        const api = await list('jsonapi', '?filter[q]=dragon&page[limit]=1');
        expect(found(api.body)).toEqual(['Dragons of the north']);
        expect(api.headers.get('x-total-count')).toBe('3');
      });

      it('a route without search answers q with 400', async () => {
        const response = await fetch(`${base}/api/categories?q=dragon`);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          error: '"q" searches the records, and this route declares no search',
        });
      });

      it('the index follows writes: an update and a delete', async () => {
        const [post] = (await list('appgen', '?q=insect')).body as Post[];
        await db.run(`UPDATE "Post" SET "body" = $1 WHERE "id" = $2`, ['A small unicorn', post.id]);
        expect(found((await list('appgen', '?q=insect')).body)).toEqual([]);
        expect(found((await list('appgen', '?q=unicorn')).body)).toEqual(['The dragonfly']);
        await db.run(`DELETE FROM "Post" WHERE "id" = $1`, [post.id]);
        expect(found((await list('appgen', '?q=unicorn')).body)).toEqual([]);
      });

      it('the search reads its index (EXPLAIN), and SQLite ranks the matches once', async () => {
        // The SQL exactly as the generated code writes it: searchOf's templates around the
        // model's names, the search's text a parameter.
        const source = fs.readFileSync(path.join(project.dir, 'src/appgen/search.ts'), 'utf8');
        const template = (name: string) =>
          new RegExp(`${name} =>\\s+(?:Prisma\\.)?sql\`(.*)\`[,;]`).exec(source)?.[1] ?? '';
        const where = template('where: \\(text\\)');
        expect(where).not.toBe('');
        if (database === 'postgresql') {
          const vector = [.../const postVector =([^;]*);/.exec(source)![1].matchAll(/`([^`]*)`/g)]
            .map((part) => part[1])
            .join('');
          const words = template('const words = \\(text: string\\)');
          const condition = where
            .replace('${indexed}', vector)
            .replace('${words(text)}', words.replace('${text}', '$1'));
          // A handful of rows: PostgreSQL would read them in order; without that choice, the
          // plan shows whether the expression is the index's.
          await db.run('SET enable_seqscan = off');
          const plan = await db.rows(`EXPLAIN SELECT "id" FROM "Post" WHERE ${condition}`, [
            'dragon:*',
          ]);
          const text = plan.map((row) => String(row['QUERY PLAN'])).join('\n');
          expect(text).toMatch(/Bitmap Index Scan on "?Post_search_[0-9a-f]{8}"?/);
          expect(text).not.toMatch(/Seq Scan/);
        } else {
          const [, records, fts] = /searchOf\(`([^`]*)`, `([^`]*)`\)/.exec(source) ?? [];
          const named = (sql: string) =>
            sql.replaceAll('${records}', records).replaceAll('${index}', fts);
          const condition = named(where).replace('${text}', '$1');
          const matches = named(template('const matches = \\(text: string\\)'));
          const rank = named(template('const rankOf = \\(text: string\\)')).replace(
            '${matches(text)}',
            matches.replace('${text}', '$2'),
          );
          const order = (/\? \[(?:Prisma\.)?sql`(.*?)`\]/.exec(source)?.[1] ?? '').replace(
            '${rankOf(query.search)}',
            rank,
          );
          const plan = await db.rows(
            `EXPLAIN QUERY PLAN SELECT "id" FROM "Post" WHERE ${condition} ORDER BY ${order}`,
            ['"dragon"*', '"dragon"*'],
          );
          const text = plan.map((row) => String(row.detail)).join('\n');
          expect(text).toMatch(/SCAN Post_search VIRTUAL TABLE INDEX/);
          expect(text).not.toMatch(/SCAN Post\b(?! USING)/);
          // The matches' ranks are read once and looked up by an index, not an FTS5 query per
          // record (`INDEX 0:=M`: by rowid and MATCH, the whole query again for each one).
          expect(text).toMatch(/SEARCH m USING AUTOMATIC (COVERING )?INDEX/);
          expect(text).not.toMatch(/VIRTUAL TABLE INDEX 0:=/);
        }
      });
    });
  });
  // Issue 53, part 1: every session a route starts is stored (table AppgenSession), so a log-out,
  // a password change, "sign out everywhere" and a deleted user end tokens at once.
  describe('stored sessions (config/routes/account.json)', () => {
    let db: AppDatabase;
    const mail = (name: string) => `${name}@sessions.example.com`;
    const bearer = (answer: Row) => ({ authorization: `Bearer ${String(answer.token)}` });
    const logIn = async (email: string, password = PASSWORD) =>
      bearer(await send('POST', '/api/login', { email, password }, 200));
    /** The status of a signed-in read of the caller's own record with these headers. */
    const me = async (auth: Record<string, string>) =>
      (await request(base, 'GET', '/api/user', undefined, auth)).status;
    /** The `jti` of a token: the session's own id, whose SHA-256 the table keeps. */
    const tokenId = (auth: Record<string, string>) =>
      String(
        JSON.parse(Buffer.from(auth.authorization.split('.')[1], 'base64url').toString('utf8')).jti,
      );
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    const sessionRows = (userId: string) =>
      db.rows('SELECT "tokenHash", "expiresAt" FROM "AppgenSession" WHERE "userId" = $1', [userId]);

    beforeAll(async () => {
      db = await openAppDatabase(project.dir, orm, project.env.DATABASE_URL);
    });
    afterAll(async () => {
      await db?.close();
    });

    it("ends a token at log-out for every client holding it; the same user's other sessions stay", async () => {
      const signedUp = bearer(
        await send(
          'POST',
          '/api/signup',
          { name: 'Lin', email: mail('lin'), password: PASSWORD },
          201,
        ),
      );
      const laptop = await logIn(mail('lin'));
      const phone = await logIn(mail('lin'));
      expect([await me(signedUp), await me(laptop), await me(phone)]).toEqual([200, 200, 200]);
      // A copy of the laptop's token (stolen, or kept by a script) is the same session.
      const copy = { ...laptop };
      const out = await request(base, 'POST', '/api/logout', undefined, laptop);
      expect(out.status).toBe(200);
      expect(out.headers.get('set-cookie')).toMatch(/^appgen_session=;.*Max-Age=0/);
      expect([await me(laptop), await me(copy)]).toEqual([401, 401]);
      expect([await me(phone), await me(signedUp)]).toEqual([200, 200]);
    });

    it('ends every other session when the password changes, not the one that changed it', async () => {
      const kept = await logIn(mail('lin'));
      const other = await logIn(mail('lin'));
      await send('PATCH', '/api/user', { name: 'Lin' }, 200, kept);
      expect(await me(other)).toBe(200);
      const newPassword = 'a new horse battery staple';
      await send('PATCH', '/api/user', { password: newPassword }, 200, kept);
      expect([await me(kept), await me(other)]).toEqual([200, 401]);
      await send('POST', '/api/login', { email: mail('lin'), password: PASSWORD }, 401);
      expect(await me(await logIn(mail('lin'), newPassword))).toBe(200);
    });

    it("ends every session of a user whose password an admin sets (config/routes/users.json), not the admin's", async () => {
      const user = await send(
        'POST',
        '/api/signup',
        { name: 'Ravi', email: mail('ravi'), password: PASSWORD },
        201,
      );
      const own = bearer(user);
      const other = await logIn(mail('ravi'));
      const admin = await send(
        'POST',
        '/api/signup',
        { name: 'Ines', email: mail('ines'), password: PASSWORD },
        201,
      );
      await db.run('UPDATE "User" SET "role" = $1 WHERE "id" = $2', ['admin', admin.id]);
      const byAdmin = bearer(admin);
      const setPassword = `/api/users/${String(user.id)}/password`;
      const newPassword = 'set by the admin 456';
      // Refused (the voter is role:admin): nothing ends, not even the caller's own sessions.
      await send('PATCH', setPassword, { password: newPassword }, 403, own);
      expect([await me(own), await me(other)]).toEqual([200, 200]);
      await send('PATCH', setPassword, { password: newPassword }, 200, byAdmin);
      expect([await me(own), await me(other), await me(byAdmin)]).toEqual([401, 401, 200]);
      expect(await sessionRows(String(user.id))).toEqual([]);
      await send('POST', '/api/login', { email: mail('ravi'), password: PASSWORD }, 401);
      expect(await me(await logIn(mail('ravi'), newPassword))).toBe(200);
    });

    it("signs out everywhere: every session of the caller ends, others' stay; 401 without a session", async () => {
      const first = await logIn(authors[1].email);
      const second = await logIn(authors[1].email);
      const ended = await send('POST', '/api/sessions/end', undefined, 200, first);
      expect(ended).toEqual({ success: true });
      expect([await me(first), await me(second), await me(authors[1].auth)]).toEqual([
        401, 401, 401,
      ]);
      expect(await me(authors[0].auth)).toBe(200);
      await send('POST', '/api/sessions/end', undefined, 401, first);
      await send('POST', '/api/sessions/end', undefined, 401);
      // From the terminal: `appgen users sign-out` ends every session of one user, no server needed.
      const third = await logIn(authors[1].email);
      const signedOut = await run(
        process.execPath,
        [APPGEN, 'users', 'sign-out', authors[1].email],
        { cwd: project.dir, env: project.env, timeoutMs: 120_000 },
      );
      expect([signedOut.code, signedOut.stdout]).toEqual([
        0,
        expect.stringContaining(
          `${authors[1].email} (${authors[1].id}) is signed out everywhere: 1 session ended`,
        ),
      ]);
      expect([await me(third), await me(authors[0].auth)]).toEqual([401, 200]);
      const nobody = await run(process.execPath, [APPGEN, 'users', 'sign-out', mail('nobody')], {
        cwd: project.dir,
        env: project.env,
        timeoutMs: 120_000,
      });
      expect([nobody.code, nobody.stderr]).toEqual([
        1,
        expect.stringContaining(`No user has the email "${mail('nobody')}"`),
      ]);
      // The suite's later blocks sign in as this author again.
      authors[1].auth = await logIn(authors[1].email);
    });

    it("lists the caller's sessions: device, address, times, the current one first and marked", async () => {
      await send(
        'POST',
        '/api/signup',
        { name: 'Noor', email: mail('noor'), password: PASSWORD },
        201,
      );
      const from = async (userAgent: string) =>
        bearer(
          await send('POST', '/api/login', { email: mail('noor'), password: PASSWORD }, 200, {
            'user-agent': userAgent,
          }),
        );
      const tablet = await from('Tablet/1.0');
      const laptop = await from('Laptop/2.0');
      const list = async () =>
        (await send('GET', '/api/sessions', undefined, 200, laptop)) as unknown as Row[];
      const sessions = await list();
      expect(sessions).toHaveLength(3);
      expect(sessions[0]).toMatchObject({ userAgent: 'Laptop/2.0', current: true });
      expect(sessions.filter((session) => session.current)).toHaveLength(1);
      expect(sessions[1]).toMatchObject({ userAgent: 'Tablet/1.0', current: false });
      for (const session of sessions) {
        expect(Object.keys(session).sort()).toEqual([
          'address',
          'createdAt',
          'current',
          'expiresAt',
          'id',
          'lastSeenAt',
          'userAgent',
        ]);
        expect(session.address).toEqual(expect.any(String));
        expect(Date.parse(String(session.expiresAt))).toBeGreaterThan(Date.now() + 6 * 86_400_000);
      }
      await send('POST', '/api/logout', undefined, 200, tablet);
      expect((await list()).map((session) => session.userAgent)).not.toContain('Tablet/1.0');
      expect(await list()).toHaveLength(2);
      await send('GET', '/api/sessions', undefined, 401);
      await send('GET', '/api/sessions', undefined, 401, tablet);
    });

    it("ends one session chosen from the list; not another user's; the request's own with its cookie", async () => {
      await send(
        'POST',
        '/api/signup',
        { name: 'Ola', email: mail('ola'), password: PASSWORD },
        201,
      );
      const phone = await logIn(mail('ola'));
      const laptop = await logIn(mail('ola'));
      const list = async (auth: Record<string, string>) =>
        (await send('GET', '/api/sessions', undefined, 200, auth)) as unknown as Row[];
      /** The id of a session as the list shows it (the one current for its own token). */
      const idOf = async (auth: Record<string, string>) =>
        String((await list(auth)).find((row) => row.current)?.id);
      const phoneId = await idOf(phone);
      expect(await list(laptop)).toHaveLength(3);
      // Another user cannot end it (404, as for an unknown id), nor a visitor (401).
      const other = bearer(
        await send(
          'POST',
          '/api/signup',
          { name: 'Pat', email: mail('pat'), password: PASSWORD },
          201,
        ),
      );
      await send('DELETE', `/api/sessions/${phoneId}`, undefined, 404, other);
      await send('DELETE', `/api/sessions/${phoneId}`, undefined, 401);
      await send('DELETE', '/api/sessions/not-a-uuid', undefined, 400, laptop);
      // The session is checked before the path: a visitor's wrong id is 401 too.
      await send('DELETE', '/api/sessions/not-a-uuid', undefined, 401);
      expect(await me(phone)).toBe(200);
      // The laptop ends the phone's session: refused from then on; the other two stay.
      const ended = await request(base, 'DELETE', `/api/sessions/${phoneId}`, undefined, laptop);
      expect(ended.status).toBe(204);
      expect(ended.headers.get('set-cookie')).toBeNull();
      expect(await me(phone)).toBe(401);
      const after = await list(laptop);
      expect(after.map((row) => row.id)).not.toContain(phoneId);
      expect(after).toHaveLength(2);
      await send('DELETE', `/api/sessions/${phoneId}`, undefined, 404, laptop);
      // The request's own session: ended, its cookie removed, its token refused.
      const own = await request(
        base,
        'DELETE',
        `/api/sessions/${await idOf(laptop)}`,
        undefined,
        laptop,
      );
      expect(own.status).toBe(204);
      expect(own.headers.get('set-cookie')).toMatch(/^appgen_session=;.*Max-Age=0/);
      expect([await me(laptop), await me(other)]).toEqual([401, 200]);
    });

    it("keeps only the SHA-256 of a token's id; an expired row ends its token; a deleted user's sessions go", async () => {
      const user = await send(
        'POST',
        '/api/signup',
        { name: 'Kim', email: mail('kim'), password: PASSWORD },
        201,
      );
      const auth = bearer(user);
      const rows = await sessionRows(String(user.id));
      expect(rows.map((row) => row.tokenHash)).toEqual([sha256(tokenId(auth))]);
      const token = auth.authorization.slice('Bearer '.length);
      const stored = JSON.stringify(await db.rows('SELECT * FROM "AppgenSession"'));
      expect(stored).not.toContain(tokenId(auth));
      expect(stored).not.toContain(token);
      // Its row says it expired (the token's own expiry is days away): refused.
      const expiring = await logIn(mail('kim'));
      await db.run('UPDATE "AppgenSession" SET "expiresAt" = "createdAt" WHERE "tokenHash" = $1', [
        sha256(tokenId(expiring)),
      ]);
      expect([await me(expiring), await me(auth)]).toEqual([401, 200]);
      // A server deletes expired rows in the background, first when it checks a session after it
      // starts (then hourly): this one restarted, the expired row goes, the live one stays.
      await server.stop();
      server = await startBuiltApp(project.dir, project.env);
      base = server.url;
      const expiredRow = () =>
        db.rows('SELECT "id" FROM "AppgenSession" WHERE "tokenHash" = $1', [
          sha256(tokenId(expiring)),
        ]);
      expect(await expiredRow()).toHaveLength(1);
      expect(await me(auth)).toBe(200);
      for (let tries = 0; tries < 50 && (await expiredRow()).length > 0; tries++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await expiredRow()).toEqual([]);
      expect(await sessionRows(String(user.id))).toHaveLength(1);
      // Deleting the account deletes its sessions (the foreign key cascades): a route that
      // identifies callers without reading their record refuses the token at once.
      await send('GET', '/api/memos', undefined, 200, auth);
      await send('DELETE', '/api/user', undefined, 200, auth);
      expect(await sessionRows(String(user.id))).toEqual([]);
      await send('GET', '/api/memos', undefined, 401, auth);
    });
  });
  describe('API keys (config/routes/account.json)', () => {
    let db: AppDatabase;
    const mail = (name: string) => `${name}@keys.example.com`;
    const bearer = (token: unknown) => ({ authorization: `Bearer ${String(token)}` });
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    /** A signed-up user's session (its Authorization header) and id. */
    const signUp = async (name: string) => {
      const user = await send(
        'POST',
        '/api/signup',
        { name, email: mail(name), password: PASSWORD },
        201,
      );
      return { session: bearer(user.token), id: String(user.id) };
    };
    const newKey = async (session: Record<string, string>, body: Row) =>
      (await send('POST', '/api/keys', body, 201, session)) as Row & { key: string; id: string };

    beforeAll(async () => {
      db = await openAppDatabase(project.dir, orm, project.env.DATABASE_URL);
    });
    afterAll(async () => {
      await db?.close();
    });

    it('signs its owner in from the Authorization header, shown once and stored as its SHA-256', async () => {
      const ada = await signUp('ada');
      const created = await newKey(ada.session, { name: 'deploy script' });
      expect(created.key).toMatch(/^agk_[A-Za-z0-9_-]{43}$/);
      expect(created).toMatchObject({ name: 'deploy script', readOnly: false, lastUsedAt: null });
      const key = bearer(created.key);
      expect(await send('GET', '/api/user', undefined, 200, key)).toMatchObject({ id: ada.id });
      // A key that may write writes as its owner.
      expect(await send('PATCH', '/api/user', { name: 'Ada K' }, 200, key)).toMatchObject({
        name: 'Ada K',
      });
      const stored = await db.rows('SELECT * FROM "AppgenApiKey" WHERE "userId" = $1', [ada.id]);
      expect(stored).toHaveLength(1);
      expect(stored[0].keyHash).toBe(sha256(created.key));
      expect(JSON.stringify(stored)).not.toContain(created.key);
      // The list never holds the key; its use is noted.
      const listed = (await send(
        'GET',
        '/api/keys',
        undefined,
        200,
        ada.session,
      )) as unknown as Row[];
      expect(listed).toHaveLength(1);
      expect(Object.keys(listed[0]).sort()).toEqual([
        'createdAt',
        'expiresAt',
        'hint',
        'id',
        'lastUsedAt',
        'name',
        'readOnly',
        'routes',
      ]);
      expect(listed[0]).toMatchObject({ id: created.id, hint: created.key.slice(-4) });
      expect(listed[0].lastUsedAt).toEqual(expect.any(String));
      // A key outlives the session that made it (a log-out ends the session, not the key).
      await send('POST', '/api/logout', undefined, 200, ada.session);
      await send('GET', '/api/user', undefined, 200, key);
      // Sent in a cookie it is no session.
      await send('GET', '/api/user', undefined, 401, { cookie: `appgen_session=${created.key}` });
    });

    it('ends a key created with days to live at its expiry: 401 from then on, still listed', async () => {
      const gus = await signUp('gus');
      const created = await newKey(gus.session, { name: 'nightly', expiresInDays: 30 });
      expect(created.expiresAt).toBe(
        new Date(Date.parse(String(created.createdAt)) + 30 * 86_400_000).toISOString(),
      );
      const key = bearer(created.key);
      await send('GET', '/api/user', undefined, 200, key);
      // Its expiry reached (set to its creation in the table, as 30 days later would):
      await db.run('UPDATE "AppgenApiKey" SET "expiresAt" = "createdAt" WHERE "id" = $1', [
        created.id,
      ]);
      await send('GET', '/api/user', undefined, 401, key);
      const listed = (await send(
        'GET',
        '/api/keys',
        undefined,
        200,
        gus.session,
      )) as unknown as Row[];
      expect(listed.map((k) => [k.id, k.expiresAt])).toEqual([[created.id, listed[0].createdAt]]);
      // Without days to live a key never expires; 0 days, or more than 3650, is a 400.
      expect(await newKey(gus.session, { name: 'forever' })).toMatchObject({ expiresAt: null });
      expect(
        await send('POST', '/api/keys', { name: 'x', expiresInDays: 0 }, 400, gus.session),
      ).toMatchObject({
        fields: { expiresInDays: 'Expires in days must be a whole number from 1 to 3650.' },
      });
      await send('POST', '/api/keys', { name: 'x', expiresInDays: 'soon' }, 400, gus.session);
    });

    it('lets a read-only key read and refuses its writes with 403', async () => {
      const bo = await signUp('bo');
      const readOnly = bearer(
        (await newKey(bo.session, { name: 'dashboard', readOnly: true })).key,
      );
      await send('GET', '/api/user', undefined, 200, readOnly);
      const refused = await send('PATCH', '/api/user', { name: 'Mallory' }, 403, readOnly);
      expect(refused).toMatchObject({ error: 'This API key may only read (GET).' });
      expect(await send('GET', '/api/user', undefined, 200, bo.session)).toMatchObject({
        name: 'bo',
      });
    });

    it('limits a key to the routes it names, refusing the others with 403 and unknown ones at creation', async () => {
      const fay = await signUp('fay');
      const wrong = await send(
        'POST',
        '/api/keys',
        { name: 'typo', routes: ['GET /api/usr'] },
        400,
        fay.session,
      );
      expect(wrong).toMatchObject({
        fields: { routes: 'Routes: "GET /api/usr" is not a route of this app.' },
      });
      await send(
        'POST',
        '/api/keys',
        { name: 'ro', readOnly: true, routes: ['PATCH /api/user'] },
        400,
        fay.session,
      );
      const routes = ['GET /api/user', 'PATCH /api/posts/:id'];
      const scoped = await newKey(fay.session, { name: 'profile', routes });
      expect(scoped.routes).toEqual(routes);
      const key = bearer(scoped.key);
      await send('GET', '/api/user', undefined, 200, key);
      expect(await send('GET', '/api/memos', undefined, 403, key)).toMatchObject({
        error: 'This API key may not call this route.',
      });
      await send('PATCH', '/api/user', { name: 'Fay F' }, 403, key);
      // A path parameter matches any one segment: past the key's check, a missing post is the
      // route's own 404.
      await send('PATCH', `/api/posts/${randomUUID()}`, { title: 'x' }, 404, key);
      const listed = (await send(
        'GET',
        '/api/keys',
        undefined,
        200,
        fay.session,
      )) as unknown as Row[];
      expect(listed.map((k) => k.routes)).toEqual([routes]);
      // A page fetched with it is a visitor's page (the key may not call it), not an error.
      const page = await fetch(`${base}/posts`, { headers: key });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Log in');
    });

    it('never manages keys or sessions: those routes want a session', async () => {
      const cy = await signUp('cy');
      const key = bearer((await newKey(cy.session, { name: 'ci' })).key);
      await send('POST', '/api/keys', { name: 'another' }, 401, key);
      await send('GET', '/api/keys', undefined, 401, key);
      await send('GET', '/api/sessions', undefined, 401, key);
      await send('POST', '/api/keys', { name: 'x' }, 401);
      // The session is checked before the body and the path: a wrong one is 401 for a visitor or
      // a key, 400 only for a session.
      await send('POST', '/api/keys', { name: 'x', readOnly: 'yes' }, 401);
      await send('POST', '/api/keys', { name: 'x', readOnly: 'yes' }, 401, key);
      await send('DELETE', '/api/keys/not-a-uuid', undefined, 401);
      await send('DELETE', '/api/keys/not-a-uuid', undefined, 401, key);
      // A blank name, a name of the wrong type: 400 naming the field.
      expect(await send('POST', '/api/keys', { name: '   ' }, 400, cy.session)).toMatchObject({
        fields: { name: expect.any(String) },
      });
      await send('POST', '/api/keys', { name: 'x', readOnly: 'yes' }, 400, cy.session);
      expect(await send('GET', '/api/keys', undefined, 200, cy.session)).toHaveLength(1);
    });

    it("revokes one's own key, refused from then on; another user's is not theirs to revoke", async () => {
      const dee = await signUp('dee');
      const eve = await signUp('eve');
      const kept = await newKey(dee.session, { name: 'kept' });
      const revoked = await newKey(dee.session, { name: 'revoked' });
      await send('DELETE', `/api/keys/${revoked.id}`, undefined, 404, eve.session);
      await send('GET', '/api/user', undefined, 200, bearer(revoked.key));
      await send('DELETE', `/api/keys/${revoked.id}`, undefined, 204, dee.session);
      await send('GET', '/api/user', undefined, 401, bearer(revoked.key));
      await send('DELETE', `/api/keys/${revoked.id}`, undefined, 404, dee.session);
      await send('DELETE', '/api/keys/not-a-uuid', undefined, 400, dee.session);
      const names = (
        (await send('GET', '/api/keys', undefined, 200, dee.session)) as unknown as Row[]
      ).map((k) => k.name);
      expect(names).toEqual(['kept']);
      await send('GET', '/api/user', undefined, 200, bearer(kept.key));
      // Deleting the account deletes its keys (the foreign key cascades).
      await send('DELETE', '/api/user', undefined, 200, dee.session);
      expect(
        await db.rows('SELECT "id" FROM "AppgenApiKey" WHERE "userId" = $1', [dee.id]),
      ).toEqual([]);
      await send('GET', '/api/memos', undefined, 401, bearer(kept.key));
    });
  });
  describe('sign-in with an OpenID Connect provider (appgen.config.json accounts.providers)', () => {
    let db: AppDatabase;
    let corp: TestProvider;
    const bearer = (token: unknown) => ({ authorization: `Bearer ${String(token)}` });
    /**
     * Signs in with "corp" in a browser of its own from the login page's link: the provider's
     * development pages (any login and password, then consent). Answers the browser's context
     * (its cookies are the app's session) and the page it ended on.
     */
    const signInWithCorp = async (login: string) => {
      const context = await browser.newContext();
      const tab = await context.newPage();
      await signInThroughProvider(tab, base, 'Sign in with Corp', login, corp.issuer);
      return { context, tab };
    };
    const me = async (context: BrowserContext) => {
      const answer = await context.request.get(`${base}/api/user`);
      return { status: answer.status(), body: answer.ok() ? await answer.json() : null };
    };
    const identitiesOf = (userId: string) =>
      db.rows('SELECT "provider", "subject", "email" FROM "AppgenIdentity" WHERE "userId" = $1', [
        userId,
      ]);

    beforeAll(async () => {
      db = await openAppDatabase(project.dir, orm, project.env.DATABASE_URL);
      // Registered with the app's address now (earlier tests may have restarted it elsewhere).
      const redirectUri = `${base}/api/oidc/corp/callback`;
      corp = await startOidcProvider(providerPort, redirectUri, OIDC_ACCOUNTS);
    });
    afterAll(async () => {
      await corp?.close();
      await db?.close();
    });

    it('makes an account at the first sign-in, signs it in, and finds it at the next', async () => {
      const first = await signInWithCorp('newbie');
      try {
        // The link's ?next=/posts is where the sign-in lands, signed in with a session cookie.
        expect(new URL(first.tab.url()).pathname).toBe('/posts');
        const signedIn = await me(first.context);
        expect(signedIn).toMatchObject({
          status: 200,
          body: { email: 'newbie@corp.example.com', name: 'newbie', role: 'member' },
        });
        const id = String(signedIn.body.id);
        expect(await identitiesOf(id)).toEqual([
          { provider: 'corp', subject: 'newbie', email: 'newbie@corp.example.com' },
        ]);
        // The provider vouched for the address: it counts as verified.
        expect(
          await db.rows('SELECT "address" FROM "AppgenVerifiedAddress" WHERE "userId" = $1', [id]),
        ).toEqual([{ address: 'newbie@corp.example.com' }]);
        // No password signs in to it.
        await send(
          'POST',
          '/api/login',
          { email: 'newbie@corp.example.com', password: PASSWORD },
          401,
        );
        const again = await signInWithCorp('newbie');
        expect((await me(again.context)).body?.id).toBe(id);
        await again.context.close();
      } finally {
        await first.context.close();
      }
    });

    it('links an existing account by an address both the provider and the app verified; lists and unlinks it', async () => {
      const olga = await send(
        'POST',
        '/api/signup',
        { name: 'Olga', email: 'olga@oidc.example.com', password: PASSWORD },
        201,
      );
      // Anyone may sign up with any address: until the app has verified it, the account's
      // password may be someone else's, and the provider's sign-in does not join it.
      const early = await signInWithCorp('olga-corp');
      try {
        await expect(early.tab.getByRole('alert').textContent()).resolves.toBe(
          'An account with olga@oidc.example.com exists, and its address has not been verified here yet: ask for a password reset at that address (its link verifies it), then sign in with Corp again.',
        );
        expect((await me(early.context)).status).toBe(401);
        expect(await identitiesOf(String(olga.id))).toEqual([]);
      } finally {
        await early.context.close();
      }
      const { token } = linkOf(await mails.next('olga@oidc.example.com', /^Verify/));
      await send('POST', '/api/email/verify', { token }, 204);
      const { context } = await signInWithCorp('olga-corp');
      try {
        expect((await me(context)).body).toMatchObject({ id: olga.id, name: 'Olga' });
      } finally {
        await context.close();
      }
      const session = bearer(olga.token);
      const listed = (await send(
        'GET',
        '/api/identities',
        undefined,
        200,
        session,
      )) as unknown as Row[];
      expect(listed).toEqual([
        {
          id: expect.any(String),
          provider: 'corp',
          label: 'Corp',
          email: 'olga@oidc.example.com',
          createdAt: expect.any(String),
        },
      ]);
      await send('GET', '/api/identities', undefined, 401);
      await send('DELETE', '/api/identities/not-a-uuid', undefined, 401);
      await send(
        'DELETE',
        `/api/identities/${String(listed[0].id)}`,
        undefined,
        404,
        authors[0].auth,
      );
      await send('DELETE', `/api/identities/${String(listed[0].id)}`, undefined, 204, session);
      expect(await send('GET', '/api/identities', undefined, 200, session)).toEqual([]);
      expect(await identitiesOf(String(olga.id))).toEqual([]);
    });

    it('refuses to link an account by an address the provider has not verified', async () => {
      const pat = await send(
        'POST',
        '/api/signup',
        { name: 'Pat', email: 'pat@oidc.example.com', password: PASSWORD },
        201,
      );
      const { context, tab } = await signInWithCorp('pat-corp');
      try {
        await expect(tab.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
          'Sign-in refused',
        );
        await expect(tab.getByRole('alert').textContent()).resolves.toBe(
          'An account with pat@oidc.example.com exists, and Corp has not verified that address: log in with your password, then sign in with Corp to link it.',
        );
        // The refusal is a page of its own, in the app's look (its design tokens), light and dark.
        await checkPage(tab, 'pages-blog-sign-in-refused', { full: screenshots });
        expect((await me(context)).status).toBe(401);
        expect(await identitiesOf(String(pat.id))).toEqual([]);
      } finally {
        await context.close();
      }
    });

    /** Signs in with "github" in a browser of its own, from the login page's link. */
    const signInWithGithub = async (login: string) => {
      const context = await browser.newContext();
      const tab = await context.newPage();
      await tab.goto(`${base}/login`);
      await tab.getByRole('link', { name: 'Sign in with GitHub' }).click();
      await tab.getByLabel('Login').fill(login);
      await tab.getByRole('button', { name: 'Authorize' }).click();
      await tab.waitForURL((url) => url.origin === base);
      return { context, tab };
    };

    it('signs in with GitHub: OAuth 2.0 with PKCE, then the user and its verified primary address from the API', async () => {
      const first = await signInWithGithub('gia');
      try {
        expect(new URL(first.tab.url()).pathname).toBe('/posts');
        const signedIn = await me(first.context);
        expect(signedIn).toMatchObject({
          status: 200,
          body: { email: 'gia@github.example.com', name: 'Gia Hub', role: 'member' },
        });
        const id = String(signedIn.body.id);
        // The subject is GitHub's numeric id, which stays when the login is renamed.
        expect(await identitiesOf(id)).toEqual([
          { provider: 'github', subject: '5001', email: 'gia@github.example.com' },
        ]);
        expect(
          await db.rows('SELECT "address" FROM "AppgenVerifiedAddress" WHERE "userId" = $1', [id]),
        ).toEqual([{ address: 'gia@github.example.com' }]);
        expect(github.requests).toEqual(
          expect.arrayContaining([
            'POST /login/oauth/access_token',
            'GET /api/v3/user',
            'GET /api/v3/user/emails',
          ]),
        );
        const again = await signInWithGithub('gia');
        expect((await me(again.context)).body?.id).toBe(id);
        await again.context.close();
      } finally {
        await first.context.close();
      }
      // No name on GitHub: the login names the account.
      const nameless = await signInWithGithub('nameless-dev');
      try {
        expect((await me(nameless.context)).body).toMatchObject({
          email: 'nameless@github.example.com',
          name: 'nameless-dev',
        });
      } finally {
        await nameless.context.close();
      }
    });

    it('refuses to link an account by a primary address GitHub has not verified', async () => {
      const ulla = await send(
        'POST',
        '/api/signup',
        { name: 'Ulla', email: 'ulla@github.example.com', password: PASSWORD },
        201,
      );
      const { token } = linkOf(await mails.next('ulla@github.example.com', /^Verify/));
      await send('POST', '/api/email/verify', { token }, 204);
      const { context, tab } = await signInWithGithub('ulla');
      try {
        await expect(tab.getByRole('alert').textContent()).resolves.toBe(
          'An account with ulla@github.example.com exists, and GitHub has not verified that address: log in with your password, then sign in with GitHub to link it.',
        );
        expect((await me(context)).status).toBe(401);
        expect(await identitiesOf(String(ulla.id))).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('refuses a callback that no sign-in of this browser started, and an unknown provider', async () => {
      const context = await browser.newContext();
      try {
        const tab = await context.newPage();
        const answer = await tab.goto(`${base}/api/oidc/corp/callback?code=forged&state=forged`);
        expect(answer?.status()).toBe(400);
        await expect(tab.getByRole('alert').textContent()).resolves.toContain(
          'expired or was started elsewhere',
        );
        expect((await me(context)).status).toBe(401);
        const unknown = await context.request.get(`${base}/api/oidc/nobody`, { maxRedirects: 0 });
        expect(unknown.status()).toBe(404);
        // The sign-in itself: 302 to the provider, with PKCE (S256), a state and a nonce.
        const start = await context.request.get(`${base}/api/oidc/corp?next=//evil.example`, {
          maxRedirects: 0,
        });
        expect(start.status()).toBe(302);
        const to = new URL(start.headers().location);
        expect(to.origin).toBe(corp.issuer);
        expect(to.searchParams.get('code_challenge_method')).toBe('S256');
        for (const name of ['code_challenge', 'state', 'nonce'])
          expect(to.searchParams.get(name)).toEqual(expect.any(String));
        expect(to.searchParams.get('redirect_uri')).toBe(`${base}/api/oidc/corp/callback`);
        // The flow rides in an HTTP-only cookie; a `next` that leaves the app lands on "/".
        const cookie = start.headers()['set-cookie'];
        expect(cookie).toMatch(
          /^appgen_oidc=[A-Za-z0-9_-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=600/,
        );
        const flow = JSON.parse(
          Buffer.from(cookie.split(';')[0].split('=')[1], 'base64url').toString('utf8'),
        );
        expect(flow).toMatchObject({ provider: 'corp', next: '/' });
      } finally {
        await context.close();
      }
    });
  });

  describe('a second factor, one-time codes (config/routes/account.json)', () => {
    let db: AppDatabase;
    const mail = (name: string) => `${name}@totp.example.com`;
    const bearer = (token: unknown) => ({ authorization: `Bearer ${String(token)}` });
    const now = () => Math.floor(Date.now() / 1000);
    const logIn = (name: string, code: string | undefined, status: number) =>
      send('POST', '/api/login', { email: mail(name), password: PASSWORD, code }, status);
    /** A signed-up user who set up one-time codes: session, id, secret and recovery codes. */
    const enrolled = async (name: string) => {
      const user = await send(
        'POST',
        '/api/signup',
        { name, email: mail(name), password: PASSWORD },
        201,
      );
      const session = bearer(user.token);
      const { secret, uri, qrCode } = await send(
        'POST',
        '/api/totp/enrol',
        undefined,
        200,
        session,
      );
      const code = totpCode(String(secret), now());
      const { recoveryCodes } = await send('POST', '/api/totp/confirm', { code }, 200, session);
      return {
        session,
        id: String(user.id),
        secret: String(secret),
        uri: String(uri),
        qrCode: String(qrCode),
        recoveryCodes: recoveryCodes as string[],
      };
    };

    beforeAll(async () => {
      db = await openAppDatabase(project.dir, orm, project.env.DATABASE_URL);
    });
    afterAll(async () => {
      await db?.close();
    });

    it('enrols with a QR code, confirms with a code of the app, and is asked for a code at log-in', async () => {
      const ann = await enrolled('ann');
      // The issuer is the app's name (package.json), the account its address.
      const app = encodeURIComponent(
        JSON.parse(fs.readFileSync(path.join(project.dir, 'package.json'), 'utf8')).name,
      );
      expect(ann.uri).toBe(
        `otpauth://totp/${app}:ann%40totp.example.com?secret=${ann.secret}&issuer=${app}`,
      );
      expect(Buffer.from(ann.qrCode.split(',')[1], 'base64').toString()).toMatch(/^<svg /);
      expect(ann.recoveryCodes).toHaveLength(10);
      // The password alone is not enough; the answer says what is missing, under `code`.
      expect(await logIn('ann', undefined, 401)).toMatchObject({
        fields: { code: 'Enter the code of your authenticator app (or a recovery code).' },
      });
      await logIn('ann', '000000', 401);
      // The confirmation took this period's code; the next period's is good (a step of drift), once.
      const next = totpCode(ann.secret, now() + 30);
      expect(await logIn('ann', next, 200)).toMatchObject({
        id: ann.id,
        token: expect.any(String),
      });
      expect(await logIn('ann', next, 401)).toMatchObject({
        fields: { code: 'This code is wrong or was used already.' },
      });
      // A recovery code signs in once.
      await logIn('ann', ann.recoveryCodes[0].toUpperCase(), 200);
      await logIn('ann', ann.recoveryCodes[0], 401);
      // Stored: the secret for the codes, the recovery codes as hashes only.
      const [factor] = await db.rows('SELECT * FROM "AppgenTotp" WHERE "userId" = $1', [ann.id]);
      expect(factor).toMatchObject({ secret: ann.secret });
      const codes = await db.rows('SELECT * FROM "AppgenRecoveryCode" WHERE "userId" = $1', [
        ann.id,
      ]);
      expect(codes).toHaveLength(9);
      expect(JSON.stringify(codes)).not.toContain(ann.recoveryCodes[1]);
      // Set up already: no second enrolment over it.
      await send('POST', '/api/totp/enrol', undefined, 409, ann.session);
    });

    it('refuses without a session, with an API key, and a wrong confirmation code', async () => {
      const user = await send(
        'POST',
        '/api/signup',
        { name: 'ben', email: mail('ben'), password: PASSWORD },
        201,
      );
      const session = bearer(user.token);
      await send('POST', '/api/totp/enrol', undefined, 401);
      const { key } = await send('POST', '/api/keys', { name: 'script' }, 201, session);
      await send('POST', '/api/totp/enrol', undefined, 401, bearer(key));
      // The session before the body: a visitor's missing or malformed code is 401, not 400.
      await send('POST', '/api/totp/confirm', {}, 401);
      await send('POST', '/api/totp/disable', { code: 7 }, 401, bearer(key));
      await send('POST', '/api/totp/confirm', {}, 400, session);
      await send('POST', '/api/totp/confirm', { code: '123456' }, 409, session);
      const { secret } = await send('POST', '/api/totp/enrol', undefined, 200, session);
      expect(
        await send(
          'POST',
          '/api/totp/confirm',
          { code: totpCode(String(secret), now() - 600) },
          400,
          session,
        ),
      ).toMatchObject({ fields: { code: 'This code is wrong or was used already.' } });
      await send('POST', '/api/totp/confirm', {}, 400, session);
      // Not confirmed: the log-in asks no code.
      await logIn('ben', undefined, 200);
    });

    it('asks for the code on the login page, under its field, and signs in with it', async () => {
      const cat = await enrolled('cat');
      const context = await browser.newContext();
      const tab = await context.newPage();
      try {
        await tab.goto(`${base}/login`);
        await expect(
          tab.getByLabel('One-time code, if you set one up').getAttribute('autocomplete'),
        ).resolves.toBe('one-time-code');
        await tab.getByLabel('Email').fill(mail('cat'));
        await tab.getByLabel('Password').fill(PASSWORD);
        await tab.getByRole('button', { name: 'Log in' }).click();
        const code = tab.getByLabel('One-time code, if you set one up');
        await tab
          .getByText('Enter the code of your authenticator app (or a recovery code).')
          .first()
          .waitFor();
        await expect(code.getAttribute('aria-invalid')).resolves.toBe('true');
        if (screenshots) await checkPage(tab, 'blog-login-code', { full: true });
        await code.fill(cat.recoveryCodes[3]);
        await tab.getByRole('button', { name: 'Log in' }).click();
        await tab.waitForURL(`${base}/posts`);
      } finally {
        await context.close();
      }
    });

    it('lets a moderator act as one only once their codes are confirmed (accounts.requireTotpFor)', async () => {
      const user = await send(
        'POST',
        '/api/signup',
        { name: 'eli', email: mail('eli'), password: PASSWORD },
        201,
      );
      const session = bearer(user.token);
      const role = await run(
        process.execPath,
        [APPGEN, 'users', 'role', mail('eli'), 'moderator'],
        {
          cwd: project.dir,
          env: project.env,
          timeoutMs: 120_000,
        },
      );
      expect(role.code).toBe(0);
      // A moderator without codes acts as a member: the moderators' route refuses them.
      await send('GET', '/api/moderation/users', undefined, 403, session);
      expect(server.output()).toContain(
        `config/routes/users.json routes[2].voter "role:moderator" refused user ${String(user.id)} (role "member")`,
      );
      const { secret } = await send('POST', '/api/totp/enrol', undefined, 200, session);
      await send('GET', '/api/moderation/users', undefined, 403, session);
      await send(
        'POST',
        '/api/totp/confirm',
        { code: totpCode(String(secret), now()) },
        200,
        session,
      );
      expect(await send('GET', '/api/moderation/users', undefined, 200, session)).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: user.id, role: 'moderator' })]),
      );
    });

    it('turns the codes off with a code, then the password alone signs in', async () => {
      const dan = await enrolled('dan');
      await send('POST', '/api/totp/disable', { code: '000000' }, 400, dan.session);
      await send('POST', '/api/totp/disable', { code: dan.recoveryCodes[5] }, 204, dan.session);
      await send('POST', '/api/totp/disable', { code: dan.recoveryCodes[6] }, 409, dan.session);
      expect(
        await db.rows('SELECT "id" FROM "AppgenRecoveryCode" WHERE "userId" = $1', [dan.id]),
      ).toEqual([]);
      await logIn('dan', undefined, 200);
      // Deleting the account deletes its factor (the foreign key cascades).
      const again = await send('POST', '/api/totp/enrol', undefined, 200, dan.session);
      expect(again.secret).not.toBe(dan.secret);
      await send('DELETE', '/api/user', undefined, 200, dan.session);
      expect(await db.rows('SELECT "id" FROM "AppgenTotp" WHERE "userId" = $1', [dan.id])).toEqual(
        [],
      );
    });

    it('counts wrong codes to turn them off per account: past the limit even a right one waits', async () => {
      const dora = await enrolled('dora');
      // accounts.throttle's perIdentity (5 by default) within its window.
      for (let i = 0; i < 5; i++)
        await send('POST', '/api/totp/disable', { code: `00000${i}` }, 400, dora.session);
      const refused = await request(
        base,
        'POST',
        '/api/totp/disable',
        { code: dora.recoveryCodes[0] },
        { origin: base, ...dora.session },
      );
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: 'Too many wrong codes; try again later' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // The factor stays; the password alone still does not sign in.
      await logIn('dora', undefined, 401);
    });
  });
  describe('password reset and e-mail verification (config/routes/account.json)', () => {
    let db: AppDatabase;
    const address = (name: string) => `${name}@mail.example.com`;
    const bearer = (answer: Row) => ({ authorization: `Bearer ${String(answer.token)}` });
    const me = async (auth: Record<string, string>) =>
      (await request(base, 'GET', '/api/user', undefined, auth)).status;
    const verifiedRows = (userId: string) =>
      db.rows('SELECT "address" FROM "AppgenVerifiedAddress" WHERE "userId" = $1', [userId]);

    beforeAll(async () => {
      db = await openAppDatabase(project.dir, orm, project.env.DATABASE_URL);
    });
    afterAll(async () => {
      await db?.close();
    });

    it('mails a verification link at sign-up; the link verifies the address once', async () => {
      const user = await send(
        'POST',
        '/api/signup',
        { name: 'Vera', email: address('vera'), password: PASSWORD },
        201,
      );
      const mail = await mails.next(address('vera'), /^Verify your e-mail address/);
      expect(mail.from).toContain('no-reply@blog.test');
      const { link, token } = linkOf(mail);
      expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/verify-email`);
      expect(mail.html).toContain('href="http://blog.test/verify-email?token=');
      // The table keeps the token's SHA-256 only.
      const stored = await db.rows(
        'SELECT "tokenHash" FROM "AppgenAccountToken" WHERE "userId" = $1',
        [String(user.id)],
      );
      expect(stored).toEqual([{ tokenHash: createHash('sha256').update(token).digest('hex') }]);
      expect(await verifiedRows(String(user.id))).toEqual([]);
      // The sign-up recorded the mail in its own transaction, as an outbox row its worker ran: a
      // process that died after the commit would have left the row to another instance.
      const recorded = (
        await db.rows('SELECT "status", "payload" FROM "AppgenEvent" WHERE "name" = $1', [
          'appgen.signUpVerification',
        ])
      ).filter((row) => JSON.stringify(row.payload).includes(String(user.id)));
      expect(recorded).toEqual([{ status: 'done', payload: expect.anything() }]);
      expect(JSON.stringify(recorded)).not.toContain('password');
      const bad = await send('POST', '/api/email/verify', { token: `${token}x` }, 400);
      expect(JSON.stringify(bad)).toContain('invalid, used or expired');
      await send('POST', '/api/email/verify', { token }, 204);
      expect(await verifiedRows(String(user.id))).toEqual([{ address: address('vera') }]);
      // Single-use: the same link again is refused.
      await send('POST', '/api/email/verify', { token }, 400);
      // A verified address gets no more verification mail; an unknown one gets none, with the same answer.
      await send('POST', '/api/email/resend', { email: address('vera') }, 204);
      await send('POST', '/api/email/resend', { email: address('nobody') }, 204);
      await send(
        'POST',
        '/api/signup',
        { name: 'Uma', email: address('uma'), password: PASSWORD },
        201,
      );
      await mails.next(address('uma'), /^Verify/);
      await send('POST', '/api/email/resend', { email: address('uma') }, 204);
      const again = await mails.next(address('uma'), /^Verify/);
      expect(linkOf(again).token).not.toBe(token);
      expect(mails.to(address('vera'))).toHaveLength(1);
      expect(mails.to(address('nobody'))).toEqual([]);
    });

    it('resets a password with the mailed link, ending every session; the same answer for unknown addresses', async () => {
      const signedUp = bearer(
        await send(
          'POST',
          '/api/signup',
          { name: 'Rex', email: address('rex'), password: PASSWORD },
          201,
        ),
      );
      await mails.next(address('rex'), /^Verify/);
      // A token someone took before the owner noticed.
      const stolen = bearer(
        await send('POST', '/api/login', { email: address('rex'), password: PASSWORD }, 200),
      );
      expect(
        await request(base, 'POST', '/api/password/forgot', { email: address('ghost') }).then(
          (r) => r.status,
        ),
      ).toBe(204);
      await send('POST', '/api/password/forgot', { email: address('rex') }, 204);
      const mail = await mails.next(address('rex'), /^Reset your/);
      const { link, token } = linkOf(mail);
      expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
      expect(mail.text).toContain('works once, for 1 hour');
      // A verification token does not reset a password, nor a made-up one.
      await send(
        'POST',
        '/api/password/reset',
        { token: 'made-up', password: 'another battery staple' },
        400,
      );
      const newPassword = 'a reset horse battery staple';
      await send('POST', '/api/password/reset', { token, password: newPassword }, 204);
      expect([await me(signedUp), await me(stolen)]).toEqual([401, 401]);
      await send('POST', '/api/login', { email: address('rex'), password: PASSWORD }, 401);
      await send('POST', '/api/login', { email: address('rex'), password: newPassword }, 200);
      await send(
        'POST',
        '/api/password/reset',
        { token, password: 'yet another battery staple' },
        400,
      );
      // The mail proved the address: it is verified.
      const [row] = await db.rows('SELECT "id" FROM "User" WHERE "email" = $1', [address('rex')]);
      expect(await verifiedRows(String(row.id))).toEqual([{ address: address('rex') }]);
      expect(mails.to(address('ghost'))).toEqual([]);
    });

    it('refuses an expired link, and a link to an address the account no longer has', async () => {
      const user = await send(
        'POST',
        '/api/signup',
        { name: 'Eve', email: address('eve'), password: PASSWORD },
        201,
      );
      const { token } = linkOf(await mails.next(address('eve'), /^Verify/));
      await send('POST', '/api/password/forgot', { email: address('eve') }, 204);
      const reset = linkOf(await mails.next(address('eve'), /^Reset/)).token;
      await db.run(
        'UPDATE "AppgenAccountToken" SET "expiresAt" = "createdAt" WHERE "tokenHash" = $1',
        [createHash('sha256').update(reset).digest('hex')],
      );
      await send(
        'POST',
        '/api/password/reset',
        { token: reset, password: 'too late battery staple' },
        400,
      );
      await send('PATCH', '/api/user', { name: 'Eve' }, 200, bearer(user));
      await db.run('UPDATE "User" SET "email" = $1 WHERE "id" = $2', [
        address('eve2'),
        String(user.id),
      ]);
      await send('POST', '/api/email/verify', { token }, 400);
      expect(await verifiedRows(String(user.id))).toEqual([]);
    });

    it('throttles requests for mail per address, known or not, with Retry-After', async () => {
      for (let n = 0; n < 3; n++)
        await send('POST', '/api/password/forgot', { email: address('nobody-else') }, 204);
      const refused = await request(base, 'POST', '/api/password/forgot', {
        email: ` ${address('NOBODY-ELSE')}`.trim(),
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });
});
