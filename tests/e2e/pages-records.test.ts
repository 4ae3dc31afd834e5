import fs from 'fs';
import path from 'path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { checkPage } from './support/pageChecks';
import { REPO_ROOT } from './support/paths';
import { variantDatabase } from './support/postgres';
import { RunningServer, startBuiltApp } from './support/server';
import { createTestProject } from './support/testProject';

jest.setTimeout(600_000);

const FIXTURE = path.join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'blog-records');

const CASES = [
  ['prisma', 'sqlite'],
  ['drizzle', 'sqlite'],
  ['prisma', 'postgresql'],
  ['drizzle', 'postgresql'],
] as const;

type Row = Record<string, unknown>;

// Record pages of a blog (tests/e2e/fixtures/blog-records): a post's page titled by the post,
// its text with its paragraphs, its author linked to the author's page, its comments (a list on
// GET /api/posts/:postId/comments bound to the page's :id with `params`) and a form that adds
// one; a comments page at /posts/:postId/comments beside /posts/:id (one folder name for both).
// Lists go through the ORM, so every ORM and database builds the app once and runs every case.
describe.each(CASES)('record pages with %s on %s', (orm, database) => {
  let server: RunningServer;
  let dropDatabase: (() => Promise<void>) | undefined;
  let browser: Browser;
  let page: Page;
  let author: Row;
  let post: Row;
  let quiet: Row;
  const comments: Row[] = [];

  async function send(method: string, urlPath: string, body?: unknown): Promise<Row> {
    const response = await fetch(new URL(urlPath, server.url), {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as Row;
    if (!response.ok) throw new Error(`${method} ${urlPath}: ${response.status} ${answer.error}`);
    return answer;
  }

  beforeAll(async () => {
    const variant = await variantDatabase(database);
    dropDatabase = variant.drop;
    const project = await createTestProject(`pages-records-${orm}-${database}`, {
      orm,
      configFrom: FIXTURE,
      env: variant.env,
    });
    await project.appgen(['build']);
    server = await startBuiltApp(project.dir, project.env);
    author = await send('POST', '/api/users', { name: 'Ada Lovelace', email: 'ada@example.com' });
    post = await send('POST', '/api/posts', {
      authorId: author.id,
      title: 'Notes on <the> Engine',
      body: 'The first paragraph.\n\nThe second one,\nover two lines.',
    });
    quiet = await send('POST', '/api/posts', {
      authorId: author.id,
      title: 'A quiet post',
      body: 'Nobody wrote here yet.',
    });
    for (const [name, content] of [
      ['Bob', 'First!'],
      ['Cy', 'Lovely.'],
      ['Di', 'On page two.'],
    ])
      comments.push(
        await send('POST', `/api/posts/${post.id}/comments`, { author: name, content }),
      );
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await dropDatabase?.();
  });

  it("titles a post's page by the post, in the h1 and the document title", async () => {
    const response = await page.goto(`${server.url}/posts/${post.id}`);
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

  it("links the author to the author's page, titled by the author's name", async () => {
    const link = page.getByRole('link', { name: String(author.id) });
    await expect(link.getAttribute('href')).resolves.toBe(`/users/${author.id}`);
    await link.click();
    await page.waitForURL(`${server.url}/users/${author.id}`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Ada Lovelace');
    await expect(page.title()).resolves.toBe('Ada Lovelace');
  });

  it("lists the post's comments under it: the route's first page, bound to the page's :id", async () => {
    await page.goto(`${server.url}/posts/${post.id}`);
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
    await page.goto(`${server.url}/posts/${quiet.id}`);
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
      await fetch(`${server.url}/api/posts/${quiet.id}/comments`)
    ).json()) as Row[];
    expect(stored.map((c) => [c.postId, c.author])).toEqual([[quiet.id, 'Eve']]);
  });

  it('serves the comments page at /posts/:postId/comments beside /posts/:id', async () => {
    const response = await page.goto(`${server.url}/posts/${post.id}/comments`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').textContent()).resolves.toBe('All comments');
    await expect(
      page.locator('table.appgen-table tbody tr td:first-child').allTextContents(),
    ).resolves.toEqual(['Bob', 'Cy']);
  });

  it('shows the not-found page for a post that does not exist', async () => {
    const response = await page.goto(`${server.url}/posts/01900000-0000-7000-8000-000000000000`);
    expect(response?.status()).toBe(404);
  });

  it('reads without JavaScript: the HTML holds the title, the text and the comments', async () => {
    const html = await (await fetch(`${server.url}/posts/${post.id}`)).text();
    expect(html).toContain('<title>Notes on &lt;the&gt; Engine</title>');
    expect(html).toMatch(/<h1>Notes on &lt;the&gt; Engine<\/h1>/);
    expect(html).toContain('First!');
    expect(html).toContain(`href="/users/${author.id}"`);
  });

  // Every page of the fixture (support/pageChecks.ts): nothing scrolls sideways at 390 px, no
  // serious axe-core violation in the light or the dark scheme; screenshots from one pair.
  it('fits a phone (390 px) on every page, passes axe-core light and dark, and keeps screenshots', async () => {
    for (const [name, address] of [
      ['post', `/posts/${post.id}`],
      ['posts', '/posts'],
      ['comments', `/posts/${post.id}/comments`],
      ['user', `/users/${author.id}`],
      ['not-found', '/posts/01900000-0000-7000-8000-000000000000'],
    ]) {
      await page.goto(`${server.url}${address}`);
      await checkPage(page, `pages-records-${name}`, {
        screenshots: orm === 'prisma' && database === 'sqlite',
      });
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
    };
    for (const view of views) {
      const filled = view.path.replace(/:(\w+)/g, (_, name: string) =>
        encodeURIComponent(String(values[view.path]?.[name])),
      );
      const response = await fetch(new URL(filled, server.url));
      const html = await response.text();
      expect([filled, response.status]).toEqual([filled, 200]);
      expect([filled, html.includes('appgen-error')]).toEqual([filled, false]);
    }
    expect(comments).toHaveLength(3);
  });
});
