import fs from 'fs';
import path from 'path';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { launchBrowser } from './support/browser';
import { checkPage } from './support/pageChecks';
import { REPO_ROOT } from './support/paths';
import { RunningServer, startBuiltApp } from './support/server';
import { createTestProject, TestProject } from './support/testProject';

jest.setTimeout(300_000);

const FIXTURE = path.join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'views');
const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');

/** The computed background colour of an element, read in the page (no DOM types in this project). */
const background = (element: unknown): string =>
  (
    element as {
      ownerDocument: { defaultView: { getComputedStyle(e: unknown): { backgroundColor: string } } };
    }
  ).ownerDocument.defaultView.getComputedStyle(element).backgroundColor;

/** Share of pixels that differ from the top-left one: 0 for a blank page. */
function inkRatio(png: Buffer): number {
  const image = PNG.sync.read(png);
  const [r, g, b] = image.data;
  let differing = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    if (
      Math.abs(image.data[i] - r) +
        Math.abs(image.data[i + 1] - g) +
        Math.abs(image.data[i + 2] - b) >
      48
    )
      differing++;
  }
  return differing / (image.width * image.height);
}

// Generated pages in a real browser (headless Debian Chromium via playwright-core) against a
// built Prisma app on SQLite: sign-up, log-in with errors shown next to the form, auth
// redirects, lists, details and edit forms.
describe('views in a browser', () => {
  let project: TestProject;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let base: string;

  const alert = () => page.locator('form [role="alert"]');
  /** The message under the field labelled `label` (FieldError). */
  const fieldError = (label: string) =>
    page
      .locator('.appgen-field')
      .filter({ has: page.getByLabel(label) })
      .locator('.appgen-field-error');

  /**
   * The shared page check (support/pageChecks.ts) of the page as it is now: screenshots at a
   * desktop and a phone width, light and dark, into test-artifacts/ (to be looked at), nothing
   * wider than a phone, no serious axe-core violation; and the page is not blank.
   */
  async function screenshots(name: string): Promise<void> {
    await checkPage(page, `views-${name}`, { full: true });
    expect(inkRatio(await page.screenshot({ fullPage: true }))).toBeGreaterThan(0.01);
  }

  beforeAll(async () => {
    project = await createTestProject('views', { configFrom: FIXTURE });
    fs.cpSync(path.join(FIXTURE, 'src'), path.join(project.dir, 'src'), { recursive: true });
    await project.appgen(['build']);
    server = await startBuiltApp(project.dir, project.env);
    base = server.url;
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1000, height: 700 }, locale: 'en-US' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends a visitor who is not signed in from an auth page to the login page, with ?next=', async () => {
    await page.goto(`${base}/notes`);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/notes');
    await expect(page.locator('h1').textContent()).resolves.toBe('Log in');
  });

  it("labels every field and gives the browser the route's rules as hints", async () => {
    await page.goto(`${base}/login`);
    await expect(page.getByLabel('Email').getAttribute('type')).resolves.toBe('email');
    await expect(page.getByLabel('Email').getAttribute('required')).resolves.toBe('');
    await expect(page.getByLabel('Password').getAttribute('type')).resolves.toBe('password');
    await expect(page.getByLabel('Password').getAttribute('minlength')).resolves.toBe('8');
    // A log-in form (a function route): the browser offers the saved password.
    await expect(page.getByLabel('Password').getAttribute('autocomplete')).resolves.toBe(
      'current-password',
    );
  });

  it('links an icon (no /favicon.ico 404 in the browser)', async () => {
    const missing: string[] = [];
    const listener = (response: { status(): number; url(): string }) => {
      if (response.status() === 404) missing.push(response.url());
    };
    page.on('response', listener);
    await page.goto(`${base}/login`);
    await page.waitForLoadState('networkidle');
    page.off('response', listener);
    expect(missing).toEqual([]);
    const href = await page.locator('link[rel="icon"]').first().getAttribute('href');
    const icon = await fetch(new URL(href!, base));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
  });

  it("shows the server's error next to the form for a bad email, and stays on the page", async () => {
    await page.goto(`${base}/login?next=/notes`);
    // "ada@example" passes the browser's email check but not the route's isEmail.
    await page.getByLabel('Email').fill('ada@example');
    await page.getByLabel('Password').fill('correct horse');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(fieldError('Email').textContent()).resolves.toBe(
      'Email must be an email address.',
    );
    await expect(alert().textContent()).resolves.toBe('Please correct the field marked above.');
    // The field is marked for assistive technology, and the focus is on it.
    const email = page.getByLabel('Email');
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(email.getAttribute('aria-describedby')).resolves.toBe('email-error');
    await expect(email.evaluate((e) => e === e.ownerDocument.activeElement)).resolves.toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it("signs up with a valid form and follows the route's redirect (303) to the login page", async () => {
    await page.goto(`${base}/signup`);
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${base}/login`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Log in');
  });

  it("shows a function route's own error (wrong password), then logs in and follows ?next=", async () => {
    await page.goto(`${base}/login?next=/notes`);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(alert().textContent()).resolves.toBe('Wrong email or password');
    await page.getByLabel('Password').fill('correct horse');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${base}/notes`);
    await expect(page.locator('h1').textContent()).resolves.toBe('My notes');
    await expect(page.locator('.appgen-empty').textContent()).resolves.toBe('No notes yet.');
  });

  it('creates a record with the form and shows it in the list, with typed values', async () => {
    await page.getByLabel('Title').fill('Buy milk <b>& "eggs"</b>');
    await page.getByLabel('Text').fill('Two litres');
    await page.getByLabel('Priority').selectOption('high');
    await page.getByLabel('Due').fill('2030-05-17');
    await page.getByLabel('Already done').check();
    await page.getByRole('button', { name: 'Add note' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved\.$/ })
      .waitFor();
    const row = page.locator('table.appgen-table tbody tr');
    await row.first().waitFor(); // the page refreshes its list after the write
    await expect(row.count()).resolves.toBe(1);
    // The enum's value in words (issue 50: enum labels); the select still sends `high`.
    await expect(row.locator('td').allTextContents()).resolves.toEqual([
      'Buy milk <b>& "eggs"</b>',
      'High',
      'Yes',
      'May 17, 2030', // the date sent, a date with no time, in the page's language (en-US)
    ]);
    await expect(page.getByLabel('Title').inputValue()).resolves.toBe('');
  });

  it('reads a page parameter as the visitor wrote it (Next.js hands pages their segments encoded)', async () => {
    const title = 'Buy milk <b>& "eggs"</b>';
    await page.goto(`${base}/titles/${encodeURIComponent(title)}`);
    const row = page.locator('table.appgen-table tbody tr');
    await expect(row.locator('td').allTextContents()).resolves.toEqual([title, 'High']);
    await page.goto(`${base}/titles/${encodeURIComponent('Café & co')}`);
    await expect(page.getByText('No note has this title').count()).resolves.toBe(1);
    // Signed out, the way back is the page's own path, encoded once.
    const visitor = await browser.newPage();
    try {
      await visitor.goto(`${base}/titles/caf%C3%A9`);
      expect(new URL(visitor.url()).searchParams.get('next')).toBe('/titles/caf%C3%A9');
    } finally {
      await visitor.close();
    }
    await page.goto(`${base}/notes`);
  });

  it("refuses an invalid record with the route's message (required field, left empty)", async () => {
    await page.getByLabel('Title').fill('   ');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(fieldError('Title').textContent()).resolves.toBe('Title must not be empty.');
    await expect(page.locator('table.appgen-table tbody tr').count()).resolves.toBe(1);
    await screenshots('form-errors');
  });

  // Issue 50 §4: a failed network call says so, and nothing claims to be saved.
  it('says so when the server cannot be reached', async () => {
    await page.route('**/api/notes', (route) => route.abort());
    try {
      await page.getByLabel('Title').fill('Lost in the network');
      await page.getByRole('button', { name: 'Add note' }).click();
      await expect(alert().textContent()).resolves.toBe(
        'The server could not be reached, so nothing was saved. Check the connection and try again.',
      );
      await expect(page.getByText('Saved.', { exact: true }).count()).resolves.toBe(0);
    } finally {
      await page.unroute('**/api/notes');
    }
  });

  // Issue 50 §4: a 401 under a form offers the way to log in, and back.
  it('offers a link to log in when the session is gone, which comes back to the page', async () => {
    const cookies = await page.context().cookies();
    await page.context().clearCookies();
    try {
      await page.getByLabel('Title').fill('After the session');
      await page.getByRole('button', { name: 'Add note' }).click();
      const logIn = alert().getByRole('link', { name: 'Log in' });
      await expect(logIn.getAttribute('href')).resolves.toBe('/login?next=%2Fnotes');
    } finally {
      await page.context().addCookies(cookies);
    }
    await page.goto(`${base}/notes`);
  });

  it('keeps a screenshot of a generated page, and it is not blank', async () => {
    const png = await page.screenshot({ fullPage: true });
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    fs.writeFileSync(path.join(ARTIFACTS, 'views-notes.png'), png);
    expect(inkRatio(png)).toBeGreaterThan(0.01);
  });

  it('opens a record from the list, edits it with a form filled from the record, and shows the change', async () => {
    await page.getByRole('link', { name: 'Buy milk <b>& "eggs"</b>' }).click();
    await page.waitForURL(/\/notes\/[0-9a-f-]{36}$/);
    const detail = page.locator('dl.appgen-detail dd');
    await expect(detail.allTextContents()).resolves.toEqual([
      'Buy milk <b>& "eggs"</b>',
      'Two litres',
      'High',
      'Yes',
      'May 17, 2030', // the date sent, a date with no time, in the page's language (en-US)
    ]);
    const notePath = new URL(page.url()).pathname;
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`${base}${notePath}/edit`);
    await expect(page.getByLabel('Title').inputValue()).resolves.toBe('Buy milk <b>& "eggs"</b>');
    await expect(page.getByLabel('Done').isChecked()).resolves.toBe(true);
    // Issue 50 §4: emptying a required field is refused under it, and the record keeps its title.
    await page.getByLabel('Title').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(fieldError('Title').textContent()).resolves.toBe('Title is required.');
    await expect(page.getByText('Saved.', { exact: true }).count()).resolves.toBe(0);
    expect(new URL(page.url()).pathname).toBe(`${notePath}/edit`);
    await screenshots('edit-form-errors');
    await page.getByLabel('Title').fill('Buy oat milk');
    await page.getByLabel('Text').fill('');
    await page.getByLabel('Done').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${base}${notePath}`);
    await expect(detail.allTextContents()).resolves.toEqual([
      'Buy oat milk',
      '—',
      'High',
      'No',
      'May 17, 2030', // the date sent, a date with no time, in the page's language (en-US)
    ]);
  });

  it('sends the same field from a second form of the page, whose input has an id of its own', async () => {
    const notePath = new URL(page.url()).pathname;
    await page.goto(`${base}${notePath}/edit`);
    await expect(page.getByLabel('Title').getAttribute('id')).resolves.toBe('title');
    await expect(page.getByLabel('Rename to').getAttribute('id')).resolves.toBe('title-2');
    await page.getByLabel('Rename to').fill('Oat milk, quickly');
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByText('Saved.').waitFor();
    await page.goto(`${base}${notePath}`);
    await expect(page.locator('dl.appgen-detail dd').first().textContent()).resolves.toBe(
      'Oat milk, quickly',
    );
  });

  it('asks before deleting in a dialog, and a delete button does not look like Save', async () => {
    const url = page.url();
    const deleteColour = await page.getByRole('button', { name: 'Delete' }).evaluate(background);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this?' });
    await dialog.waitFor();
    await expect(dialog.getByText('This cannot be undone.').count()).resolves.toBe(1);
    // The safe choice has the focus; Escape closes the dialog and sends nothing.
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    await expect(cancel.evaluate((e) => e === e.ownerDocument.activeElement)).resolves.toBe(true);
    await screenshots('delete-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForTimeout(300);
    expect(page.url()).toBe(url); // cancelled: nothing sent, still on the record
    await page.goto(`${base}/signup`);
    const saveColour = await page.getByRole('button', { name: 'Sign up' }).evaluate(background);
    expect(deleteColour).not.toBe(saveColour);
    await page.goto(url);
  });

  it('passes the page checks on every page of the fixture', async () => {
    const notePath = new URL(page.url()).pathname;
    for (const [name, address] of [
      ['note', notePath],
      ['note-edit', `${notePath}/edit`],
      ['notes', '/notes'],
      ['titles', `/titles/${encodeURIComponent('Oat milk, quickly')}`],
      ['login', '/login'],
      ['signup', '/signup'],
    ]) {
      await page.goto(`${base}${address}`);
      await screenshots(name);
    }
    await page.goto(`${base}${notePath}`);
  });

  // Decided (docs/config.md, "Forms"): without JavaScript a page reads in full and its forms
  // send nothing; a delete never happens unconfirmed.
  it('reads without JavaScript, and its delete form then deletes nothing', async () => {
    const url = page.url();
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      await context.addCookies(await page.context().cookies());
      const plain = await context.newPage();
      await plain.goto(url);
      await expect(plain.locator('dl.appgen-detail dd').first().textContent()).resolves.toBe(
        'Oat milk, quickly',
      );
      await expect(plain.getByRole('dialog').count()).resolves.toBe(0);
      await plain.getByRole('button', { name: 'Delete' }).click();
      await plain.waitForLoadState();
      await plain.goto(url);
      await expect(plain.locator('dl.appgen-detail dd').first().textContent()).resolves.toBe(
        'Oat milk, quickly',
      );
    } finally {
      await context.close();
    }
  });

  // A browser without JavaScript submits a form itself: by POST, so a password never lands in
  // the URL (a GET would write it into the address, the history and the server's logs).
  it('without JavaScript, submitting the log-in form puts nothing into the URL', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await context.newPage();
      await plain.goto(`${base}/login`);
      await plain.getByLabel('Email').fill('someone@example.com');
      await plain.getByLabel('Password').fill('secret-password-1');
      await plain.getByRole('button', { name: 'Log in' }).click();
      await plain.waitForLoadState();
      expect(plain.url()).not.toContain('secret-password-1');
      expect(new URL(plain.url()).search).toBe('');
    } finally {
      await context.close();
    }
  });

  it('deletes the record with a button form and goes back to the list', async () => {
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(`${base}/notes`);
    await expect(page.locator('.appgen-empty').textContent()).resolves.toBe('No notes yet.');
  });

  it('shows the not-found page for a record that does not exist', async () => {
    const response = await page.goto(`${base}/notes/00000000-0000-4000-8000-000000000000`);
    expect(response?.status()).toBe(404);
  });

  // Its log-in and sign-up pages are bound to function routes, not account routes: pages for
  // everyone, listed first; the page that needs sign-in after them.
  it('links every view without parameters in the navigation: pages for everyone, then those that need sign-in', async () => {
    await expect(page.locator('nav.appgen-nav a').allTextContents()).resolves.toEqual([
      'Log in',
      'Sign up',
      'My notes',
    ]);
  });

  it('after logging in, follows ?next= only to a path of its own origin', async () => {
    // Another origin that really answers (the same server under another name), so that a leak
    // shows as a page at the wrong origin rather than as a failed lookup of evil.example.
    // Pages' code (src/appgen/form.tsx) does not depend on the ORM or the database: this one
    // Prisma-on-SQLite app stands for all four pairs.
    const other = `localhost:${new URL(base).port}`;
    const hostile = [
      `/\t/${other}/notes`,
      `/\n/${other}/notes`,
      `/\r\n/${other}/notes`,
      `/\\${other}/notes`,
      `//${other}/notes`,
      `http://${other}/notes`,
      '/\t/evil.example/users',
      'https://evil.example/',
      'javascript:alert(document.domain)',
      // On this origin as text, but "." and ".." segments resolve to the path "//host", which the
      // router read as another host (issue 36).
      `/.//${other}/notes`,
      `/..//${other}/notes`,
      `/x/..//${other}/notes`,
      `/%2e//${other}/notes`,
      '/.//evil.example/x',
      '/..//evil.example/x',
      '/x/..//evil.example/x',
      '/%2e//evil.example/x',
    ];
    const landed: string[] = [];
    for (const next of hostile) {
      await page.goto(`${base}/login?next=${encodeURIComponent(next)}`);
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByLabel('Password').fill('correct horse');
      await page.getByRole('button', { name: 'Log in' }).click();
      // Refused: the form's own "success" page, on the app's origin.
      await page
        .waitForURL((url) => url.pathname === '/notes' || url.origin !== base, { timeout: 15_000 })
        .catch(() => undefined);
      landed.push(page.url());
    }
    expect(landed).toEqual(hostile.map(() => `${base}/notes`));
    // A path of the app is still followed, with its query and fragment.
    await page.goto(`${base}/login?next=${encodeURIComponent('/signup?from=login#top')}`);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('correct horse');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${base}/signup?from=login#top`);
  });

  it("sends a signed-out visitor to the login page with a ?next= of its own origin, whatever the page's parameters", async () => {
    const visitor = await browser.newPage();
    try {
      for (const id of ['%2F%2Fevil.example', '%5Cevil.example', '%09%2F%2Fevil.example']) {
        await visitor.goto(`${base}/notes/${id}/edit`);
        const url = new URL(visitor.url());
        expect(url.pathname).toBe('/login');
        // The page's own path, its parameter URL-encoded again: a path of the app whatever it holds.
        const next = new URL(url.searchParams.get('next') ?? '', base);
        expect([next.origin, next.pathname]).toEqual([
          base,
          expect.stringMatching(/^\/notes\/[^/]+\/edit$/),
        ]);
      }
    } finally {
      await visitor.close();
    }
  });

  it('shows the OpenAPI document at /api/docs with Swagger UI, loading nothing from outside the app', async () => {
    const requested: string[] = [];
    const docs = await browser.newPage();
    docs.on('request', (request) => requested.push(request.url()));
    await docs.goto(`${base}/api/docs`);
    // Swagger UI renders one block per operation, from /api/openapi.json.
    await docs
      .locator('.swagger-ui .opblock-summary-path', { hasText: '/api/notes/{id}' })
      .first()
      .waitFor({ timeout: 30_000 });
    await expect(docs.locator('.swagger-ui .opblock').count()).resolves.toBeGreaterThan(2);
    expect(requested).toContain(`${base}/api/openapi.json`);
    expect(
      requested.filter((url) => !url.startsWith(`${base}/`) && !url.startsWith('data:')),
    ).toEqual([]);
    await docs.close();
  });
});
