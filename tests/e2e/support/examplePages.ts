import crypto from 'crypto';
import path from 'path';
import type { Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { sendExpecting } from './http';
import { checkPage } from './pageChecks';
import { startBuiltApp } from './server';
import type { TestProject } from './testProject';
import { handMadeJwt, TEST_SESSION_SECRET } from './tokens';

type Row = Record<string, unknown>;

/** A page to open: its address, the status it must answer, and its screenshots' name. */
interface Visit {
  name: string;
  address: string;
  status?: number;
  /** Text the page must show as a reader sees it (the body's innerText, line breaks kept). */
  shows?: string[];
  /**
   * A list whose cells must each be at most a wrapping box wide at 390 px (24rem and the cell's
   * padding): a long word breaks in its cell instead of widening the table.
   */
  narrowCells?: boolean;
}

/** What an example's pages need: records written through its API, then the pages to open. */
interface ExamplePages {
  /**
   * Writes the example's records with `send`; returns the pages to open signed out, and those to
   * open signed in with `token` (the session cookie's value).
   */
  seed(send: Send): Promise<{
    visitor: Visit[];
    signedIn: { token: string; visits: Visit[] };
  }>;
}

type Send = (
  method: string,
  pathName: string,
  body: unknown,
  status: number,
  headers?: Record<string, string>,
) => Promise<Row>;

/** Text a page shows only when something failed: an error answer or a render that threw. */
const ERROR_TEXT =
  /Application error|Internal Server Error|not implemented|This page couldn.t load|Unexpected error/i;

/**
 * A session token of `userId` for the app's default getAuthUser, signed with the suites' secret
 * (what a log-in function issues with createSessionToken): for examples whose users have no
 * password to log in with.
 */
function sessionToken(userId: string): string {
  const now = Math.floor(Date.now() / 1000);
  return handMadeJwt(
    { sub: userId, iss: 'appgen', iat: now, exp: now + 3600 },
    TEST_SESSION_SECRET,
  );
}

const paragraphs = (...lines: string[]) => lines.join('\n\n');

/**
 * examples/blog: three writers (POST /api/users, as its sign-up page does), posts of each with
 * paragraphs, a long word and every status (POST /api/users/:userId/posts, signed in), a comment.
 */
const BLOG: ExamplePages = {
  async seed(send) {
    const signIn = (userId: string) => ({ authorization: `Bearer ${sessionToken(userId)}` });
    const users: Row[] = [];
    for (const [name, role, bio] of [
      ['Ada Lovelace', 'author', 'Writes about engines that weave algebraic patterns.'],
      ['Grace Hopper', 'author', null],
      ['Edsger Dijkstra', 'reader', 'Reads everything, comments rarely.'],
    ] as const)
      users.push(
        await send(
          'POST',
          '/api/users',
          {
            name,
            email: `${name.split(' ')[0].toLowerCase()}@example.com`,
            role,
            ...(bio ? { bio } : {}),
            age: 36,
            website: 'https://example.com',
          },
          201,
        ),
      );
    const [ada, grace] = users;
    const posts: Row[] = [];
    const drafts = [
      ['Notes on the Analytical Engine', 'published', ada],
      ['The first compiler', 'draft', grace],
      ['Why COBOL reads like English', 'archived', grace],
      [`Supercalifragilistic${'expialidocious'.repeat(6)}`, 'published', ada],
    ] as const;
    for (const [n, [title, status, author]] of drafts.entries())
      posts.push(
        await send(
          'POST',
          `/api/users/${String(author.id)}/posts`,
          {
            title,
            slug: `post-${n + 1}`,
            status,
            body: paragraphs(
              `${title}: the first paragraph, long enough to wrap on a phone and on a laptop alike.`,
              'A second paragraph, after a blank line.',
            ),
            ...(status === 'published' ? { publishedAt: '2026-03-01T09:30:00Z' } : {}),
            metadata: { readingMinutes: 4 + n },
          },
          201,
          signIn(String(author.id)),
        ),
      );
    await send(
      'POST',
      '/api/comments',
      { postId: posts[0].id, authorEmail: 'grace@example.com', content: 'Lovely notes.' },
      201,
    );
    const post = `/posts/${String(posts[0].id)}`;
    return {
      visitor: [
        { name: 'home', address: '/' },
        // A title of one long word breaks in its cell.
        { name: 'posts', address: '/posts', narrowCells: true },
        // A JSON field on the record page, indented as written (the first post's metadata).
        { name: 'post', address: post, shows: ['{\n  "readingMinutes": 4\n}'] },
        { name: 'post-long-title', address: `/posts/${String(posts[3].id)}` },
        { name: 'user', address: `/users/${String(ada.id)}` },
        { name: 'user-without-posts', address: `/users/${String(users[2].id)}` },
        { name: 'signup', address: '/signup' },
        { name: 'login', address: '/login' },
        { name: 'newsletter', address: '/newsletter' },
        { name: 'thanks', address: '/thanks' },
        { name: 'search', address: '/search' },
        { name: 'not-found', address: `/posts/${crypto.randomUUID()}`, status: 404 },
      ],
      // The post's author: the post with its Edit and Delete, and its edit form.
      signedIn: {
        token: sessionToken(String(ada.id)),
        visits: [
          { name: 'post-author', address: post },
          { name: 'edit-post', address: `${post}/edit` },
        ],
      },
    };
  },
};

/**
 * tests/e2e/fixtures/combinations (over examples/publishing): two accounts signed up (the API's
 * own sign-up, which issues the session), an article by the first with a comment by the second.
 */
const COMBINATIONS: ExamplePages = {
  async seed(send) {
    const members: Row[] = [];
    for (const username of ['jake', 'ada'])
      members.push(
        (
          await send(
            'POST',
            '/api/users',
            {
              user: {
                username,
                email: `${username}@example.com`,
                password: `${username} secret 123`,
              },
            },
            201,
          )
        ).user as Row,
      );
    const [jake, ada] = members;
    const as = (member: Row) => ({ authorization: `Token ${String(member.token)}` });
    const article = (
      await send(
        'POST',
        '/api/x/articles',
        {
          article: {
            title: 'How to train your dragon',
            description: 'Ever wonder how?',
            body: paragraphs('You have to believe.', 'And then practise, every day.'),
          },
        },
        201,
        as(jake),
      )
    ).article as Row;
    const slug = String(article.slug);
    await send(
      'POST',
      `/api/x/articles/${slug}/comments`,
      { comment: { body: 'It worked for me.' } },
      201,
      as(ada),
    );
    return {
      visitor: [
        { name: 'login', address: '/login' },
        { name: 'articles', address: '/x/articles' },
        { name: 'comments', address: `/x/articles/${slug}/comments` },
        { name: 'counted', address: '/x/counted' },
        { name: 'profile', address: '/x/profiles/jake' },
      ],
      // The article's author: the article page (its owner's), the feed and the new-article form.
      signedIn: {
        token: String(jake.token),
        visits: [
          { name: 'article', address: `/x/articles/${slug}` },
          { name: 'feed', address: '/x/feed' },
          { name: 'new', address: '/x/new' },
        ],
      },
    };
  },
};

/** The examples (and fixtures built like them) whose views are opened in a browser, by folder. */
export const EXAMPLE_PAGES: Record<string, ExamplePages> = {
  'examples/blog': BLOG,
  'tests/e2e/fixtures/combinations': COMBINATIONS,
};

/** The widest a list cell with a wrapping box (`.appgen-wrap`, at most 24rem) is: with its padding. */
const WRAPPING_CELL = 24 * 16 + 2 * 16;

/** The width in px of each cell of the page's lists at 390 px; the viewport is left as it was. */
async function cellWidths(page: Page): Promise<number[]> {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    return await page
      .locator('.appgen-table td')
      .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().width));
  } finally {
    if (viewport) await page.setViewportSize(viewport);
  }
}

/**
 * Starts the built example, writes its records through its API, and opens every view of it in
 * Chromium, signed out and (where a page needs it) signed in: each answers its status with no
 * error answer (5xx) on the way, no error text, no script error, and passes checkPage (no
 * sideways scrolling at 390 px, axe-core's serious and critical rules), writing
 * test-artifacts/examples-<example>-<page>-<width>-<scheme>.png.
 */
export async function openExamplePages(
  example: string,
  project: TestProject,
  pages: ExamplePages,
): Promise<void> {
  const prefix = `examples-${path.basename(example)}`;
  const server = await startBuiltApp(project.dir, project.env);
  const base = server.url;
  const browser = await launchBrowser();
  try {
    const send: Send = (...args) => sendExpecting(base, ...args);
    const { visitor, signedIn } = await pages.seed(send);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`${page.url()}: script error ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 500)
        problems.push(`${response.url()}: answered ${response.status()}`);
    });
    const open = async ({ name, address, status = 200, shows = [], narrowCells }: Visit) => {
      const answer = await page.goto(`${base}${address}`);
      expect([address, answer?.status()]).toEqual([address, status]);
      const text = (await page.locator('body').innerText()) ?? '';
      expect([address, ERROR_TEXT.exec(text)?.[0] ?? null]).toEqual([address, null]);
      for (const shown of shows)
        expect([address, text]).toEqual([address, expect.stringContaining(shown)]);
      const errors = await page.locator('.appgen-error').allInnerTexts();
      expect([address, errors.filter((error) => error.trim() !== '')]).toEqual([address, []]);
      await checkPage(page, `${prefix}-${name}`, {
        full: true,
      });
      if (narrowCells) {
        const widths = await cellWidths(page);
        expect(widths.length).toBeGreaterThan(0);
        expect([address, widths.filter((width) => width > WRAPPING_CELL)]).toEqual([address, []]);
      }
    };
    for (const visit of visitor) await open(visit);
    await context.addCookies([{ name: 'appgen_session', value: signedIn.token, url: base }]);
    for (const visit of signedIn.visits) await open(visit);
    expect(problems).toEqual([]);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}
