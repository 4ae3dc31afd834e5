import path from 'path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { checkPage } from './support/pageChecks';
import { request } from './support/http';
import { ORMS, type Orm } from './support/orms';
import { REPO_ROOT } from './support/paths';
import { createTestDatabase, postgresAvailable } from './support/postgres';
import { RunningServer, startBuiltApp } from './support/server';
import { createTestProject, type TestProject } from './support/testProject';

jest.setTimeout(600_000);

// The pages of a blog (users, posts with their author and tags, comments under posts) as a
// visitor meets them, in a real browser, built once per ORM × database: issue 50's pages.
// Lists: pages, sorting, filters, URL state, no JavaScript needed, bad parameters, related
// columns, long values at 390 px.
const FIXTURE = path.join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'blog-pages');
const POSTS = 45;
const STATUSES = ['draft', 'published', 'archived'];
/** A word longer than any phone is wide: it must wrap (or be cut), never widen the page. */
const LONG_WORD = `Supercalifragilistic${'expialidocious'.repeat(12)}`;

type Variant = { orm: Orm; database: 'sqlite' | 'postgresql' };
const VARIANTS: Variant[] = ORMS.flatMap((orm) => [
  { orm, database: 'sqlite' as const },
  { orm, database: 'postgresql' as const },
]);

/** The page's document is no wider than its window (nothing scrolls sideways). */
const overflows = (page: Page) =>
  page.evaluate(
    'document.documentElement.scrollWidth > document.documentElement.clientWidth',
  ) as Promise<boolean>;

describe.each(VARIANTS)('blog pages ($orm on $database)', ({ orm, database }) => {
  let project: TestProject;
  let server: RunningServer;
  let base: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let browser: Browser;
  let page: Page;
  const authors: Array<{ id: string; name: string }> = [];

  const post = async (pathName: string, body: unknown): Promise<Record<string, unknown>> => {
    const answer = await request(base, 'POST', pathName, body, { origin: base });
    expect(answer.status).toBe(201);
    return answer.body as Record<string, unknown>;
  };
  const rows = () => page.locator('table.appgen-table tbody tr');
  const column = (index: number) =>
    page.locator(`table.appgen-table tbody tr td:nth-child(${index})`).allTextContents();
  const summary = () => page.locator('.appgen-pager-summary').textContent();
  const param = (name: string) => new URL(page.url()).searchParams.get(name);

  beforeAll(async () => {
    const env: NodeJS.ProcessEnv = {};
    if (database === 'postgresql') {
      if (!(await postgresAvailable()))
        throw new Error('PostgreSQL at 127.0.0.1:5432 is not reachable; .ci/run starts it');
      const created = await createTestDatabase();
      env.DATABASE_URL = created.url;
      dropDatabase = created.drop;
    }
    project = await createTestProject(`blog-pages-${orm}-${database}`, {
      orm,
      env,
      configFrom: FIXTURE,
    });
    await project.appgen(['build']);
    server = await startBuiltApp(project.dir, project.env);
    base = server.url;
    for (const name of ['Ada Lovelace', 'Grace Hopper', 'Edsger Dijkstra']) {
      const email = `${name.split(' ')[0].toLowerCase()}@example.com`;
      const user = await post('/api/users', { name, email });
      authors.push({ id: String(user.id), name });
    }
    // One at a time: createdAt follows the order written, the list's default order.
    for (let n = 0; n < POSTS; n++)
      await post('/api/posts', {
        title: `Post ${String(n).padStart(2, '0')}`,
        body: n === POSTS - 1 ? LONG_WORD : `Text of post ${n}`,
        status: STATUSES[n % 3],
        views: (n * 7) % POSTS,
        featured: n % 5 === 0,
        authorId: authors[n % 3].id,
      });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await dropDatabase?.();
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

  it('keeps a long word inside the page at 390 px; every page passes the page checks (screenshots)', async () => {
    await page.goto(`${base}/posts?sort=-createdAt`);
    // The post with the long body is the newest: its cell is cut, the whole value in its title.
    const cell = page.locator('table.appgen-table tbody tr').first().locator('td').last();
    await expect(cell.locator('span').getAttribute('title')).resolves.toBe(LONG_WORD);
    expect(await overflows(page)).toBe(false);
    // Each page of the fixture at both widths, light and dark (support/pageChecks.ts).
    const screenshots = orm === 'prisma' && database === 'sqlite';
    await checkPage(page, 'pages-blog-posts', { screenshots });
    await page.goto(`${base}/posts?status=published&sort=-views&page=2`);
    await checkPage(page, 'pages-blog-posts-filtered', { screenshots });
    await page.goto(`${base}/archive`);
    await checkPage(page, 'pages-blog-archive', { screenshots });
    await page.goto(`${base}/posts`);
    await page.locator('table.appgen-table tbody tr a').first().click();
    await page.waitForURL(/\/posts\/[^/?]+$/);
    await checkPage(page, 'pages-blog-post', { screenshots });
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
    expect(param('posts.page')).toBe('2');
    await expect(lists.nth(0).locator('tbody tr').count()).resolves.toBe(20);
    await expect(lists.nth(0).locator('tbody tr td').first().textContent()).resolves.toBe(
      'Post 24',
    );
    // A cursor that is not one the route gave shows the first page, not an error.
    await page.goto(`${base}/archive?post-pages.cursor=bogus`);
    await expect(lists.nth(0).locator('tbody tr td').first().textContent()).resolves.toBe(
      'Post 44',
    );
  });
});
