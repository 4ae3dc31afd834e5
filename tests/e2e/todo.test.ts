import fs from 'fs';
import path from 'path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { checkPage } from './support/pageChecks';
import { fromPage, servePage, type OtherOrigin } from './support/otherOrigin';
import { RunningServer, startBuiltApp } from './support/server';
import { ORMS, type Orm } from './support/orms';
import { REPO_ROOT } from './support/paths';
import { variantDatabase } from './support/postgres';
import { createTestProject, folderPerOrm, type TestProject } from './support/testProject';

jest.setTimeout(300_000);

// examples/todo, the "todo backend" API (issue 38), built from its config alone on each ORM ×
// database and driven by a page of another site in Chromium: the page is served from
// http://localhost:<port>, the API from http://127.0.0.1:<port>, so every request the page
// sends is cross-site and CORS decides whether the page may read the answer. Writes with a JSON
// body, PATCH and DELETE are sent only after the browser's preflight passed.

const EXAMPLE = path.join(REPO_ROOT, 'examples', 'todo');

type Variant = { orm: Orm; database: 'sqlite' | 'postgresql' };
const VARIANTS: Variant[] = ORMS.flatMap((orm) => [
  { orm, database: 'sqlite' as const },
  { orm, database: 'postgresql' as const },
]);

interface Todo {
  id: string;
  title: string;
  completed: boolean;
  order: number | null;
  url: string;
}

/** The SQLite and PostgreSQL variants of an ORM share a folder: the second build starts warm. */
const projectFor = folderPerOrm();

describe.each(VARIANTS)(
  'the to-do API ($orm on $database) from another site',
  ({ orm, database }) => {
    let project: TestProject;
    let server: RunningServer;
    let api: string;
    let dropDatabase: (() => Promise<void>) | undefined;
    let browser: Browser;
    let client: OtherOrigin;
    let page: Page;
    const send = (method: string, pathOrUrl: string, body?: unknown) =>
      fromPage(page, method, pathOrUrl.startsWith('http') ? pathOrUrl : `${api}${pathOrUrl}`, {
        body,
      });
    const create = async (title: string, order?: number): Promise<Todo> => {
      const answer = await send(
        'POST',
        '/api/todos',
        order === undefined ? { title } : { title, order },
      );
      expect(answer.status).toBe(201);
      return answer.body as Todo;
    };

    beforeAll(async () => {
      const { env, drop } = await variantDatabase(database);
      dropDatabase = drop;
      project = await projectFor(orm, env, async () => {
        const created = await createTestProject(`todo-${orm}`, { orm, env, configFrom: EXAMPLE });
        // The example's settings, with the ORM under test.
        const settingsFile = path.join(created.dir, 'appgen.config.json');
        const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8'));
        fs.writeFileSync(settingsFile, JSON.stringify({ ...settings, orm }, null, 2));
        return created;
      });
      await project.appgen(['build']);
      server = await startBuiltApp(project.dir, project.env);
      api = server.url;
      client = await servePage('todo client');
      browser = await launchBrowser();
      page = await browser.newPage();
      await page.goto(client.origin);
    });

    afterAll(async () => {
      await browser?.close();
      await client?.close();
      await server?.stop();
      await dropDatabase?.();
    });

    it('answers the preflight of a JSON write with the CORS headers', async () => {
      const response = await fetch(`${api}/api/todos`, {
        method: 'OPTIONS',
        headers: {
          origin: client.origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-methods')).toMatch(/POST/);
      expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toMatch(
        /content-type/,
      );
      expect(response.headers.get('access-control-max-age')).toBe('600');
    });

    it('creates, lists, reads by url, patches and deletes one to-do from the page', async () => {
      const todo = await create('walk the dog');
      expect(todo).toMatchObject({ title: 'walk the dog', completed: false, order: null });
      // Its own absolute URL, on the origin the client used.
      expect(todo.url).toBe(`${api}/api/todos/${todo.id}`);

      const list = await send('GET', '/api/todos');
      expect(list.status).toBe(200);
      expect((list.body as Todo[]).map((t) => t.id)).toContain(todo.id);

      const read = await send('GET', todo.url);
      expect([read.status, read.body]).toEqual([200, todo]);

      const patched = await send('PATCH', todo.url, {
        title: 'walk the cat',
        completed: true,
        order: 7,
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toEqual({ ...todo, title: 'walk the cat', completed: true, order: 7 });
      expect((await send('GET', todo.url)).body).toEqual(patched.body);

      const deleted = await send('DELETE', todo.url);
      expect(deleted.status).toBe(204);
      // Errors carry the CORS headers too: the page can read the 404.
      const gone = await send('GET', todo.url);
      expect(gone.status).toBe(404);
    });

    it('marks every to-do completed, then deletes them all, with one request each', async () => {
      const made = [await create('one', 1), await create('two', 2), await create('three', 3)];
      const marked = await send('PATCH', '/api/todos', { completed: true });
      expect(marked.status).toBe(204);
      const after = (await send('GET', '/api/todos?sort=order')).body as Todo[];
      expect(after.filter((t) => made.some((m) => m.id === t.id)).map((t) => t.completed)).toEqual([
        true,
        true,
        true,
      ]);

      const cleared = await send('DELETE', '/api/todos');
      expect(cleared.status).toBe(204);
      expect((await send('GET', '/api/todos')).body).toEqual([]);
    });

    it('lets the page read a refusal (400), and blocks a method CORS does not allow', async () => {
      const bad = await send('POST', '/api/todos', { title: '' });
      expect(bad.status).toBe(400);
      // The sentence for end users, and each field's own under `fields`, readable across origins.
      expect(bad.body).toEqual({
        error: 'Title must not be empty.',
        fields: { title: 'Title must not be empty.' },
      });
      // PUT is no method of /api/todos: its preflight leaves it out, so the browser never sends it.
      await expect(send('PUT', '/api/todos', { title: 'x' })).rejects.toThrow(/Failed to fetch/);
      // Sent anyway (no browser), its 405 carries the CORS headers like every answer.
      const refused = await fetch(`${api}/api/todos`, {
        method: 'PUT',
        headers: { origin: client.origin, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(refused.status).toBe(405);
      expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    });

    // The example has no views: its pages are the home page and the not-found page, checked like
    // every page (support/pageChecks.ts) in a page of their own (the other one is the client's).
    it("shows its home page and its not-found page in the app's look", async () => {
      const own = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      try {
        const screenshots = orm === 'prisma' && database === 'sqlite';
        expect((await own.goto(`${api}/`))?.status()).toBe(200);
        await checkPage(own, 'todo-home', { full: screenshots });
        expect((await own.goto(`${api}/no-such-page`))?.status()).toBe(404);
        await checkPage(own, 'todo-not-found', { full: screenshots });
      } finally {
        await own.close();
      }
    });
  },
);
