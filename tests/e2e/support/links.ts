import fs from 'fs';
import http from 'http';
import path from 'path';
import { expectError, expectInvalidBody } from './assertions';
import { request } from './http';
import { REPO_ROOT } from './paths';
import { startBuiltApp } from './server';

/** The golden case whose models and routes these cases drive. */
const CONFIG = path.join(REPO_ROOT, 'tests', 'golden', 'links');
const MISSING = '00000000-0000-4000-8000-000000000000';
const OTHER = '00000000-0000-4000-8000-000000000001';

type Row = Record<string, unknown>;

/**
 * A request with the headers given and no others, Host included (fetch sets its own Host): the
 * status and the parsed answer.
 */
function withHeaders(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const sent = http.request(
      { host: hostname, port, path, method, headers, setHost: false },
      (answer) => {
        let text = '';
        answer.on('data', (chunk) => (text += chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    sent.on('error', reject);
    sent.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** Adds the golden links case's models, routes and events to a project's config, before its build. */
export function addLinksConfig(projectDir: string): void {
  for (const folder of ['models', 'routes', 'events'])
    fs.cpSync(path.join(CONFIG, 'config', folder), path.join(projectDir, 'config', folder), {
      recursive: true,
    });
}

/** The built project whose server `url` is: more servers of the same build start from it. */
export interface BuiltApp {
  dir: string;
  env: NodeJS.ProcessEnv;
}

// The links of manyToMany relations that generated routes write (uuid[] body fields), over HTTP,
// with the golden case tests/golden/links: POST connects, PUT sets (absent: none), PATCH sets
// (absent: unchanged), every id checked first (409). Run inside a suite whose build has the config
// of addLinksConfig: starter-app.test.ts, one build per ORM × database (Drizzle's transactions
// differ between better-sqlite3, synchronous, and node-postgres, async). Then the url fields of
// the case's Article and Label (model `computed` with "url"): their origin, forwarded headers
// trusted only from a trusted proxy, and APPGEN_PUBLIC_URL (other servers of the same build).
export function describeLinks(url: () => string, app: () => BuiltApp): void {
  describe('links written by routes (tests/golden/links)', () => {
    let base: string;
    const labels: Record<string, string> = {};
    let reader: string;

    const names = (records: unknown) => (records as Row[]).map((r) => r.name).sort();
    const article = async (id: string) =>
      (await request(base, 'GET', `/api/articles/${id}`)).body as Row;
    /** Creates an article linked to these labels; its id. */
    const createArticle = async (title: string, labelIds: string[]) =>
      ((await request(base, 'POST', '/api/articles', { title, labels: labelIds })).body as Row)
        .id as string;
    const linked = async (label: string) =>
      ((await request(base, 'GET', `/api/labels/${labels[label]}`)).body as Row).articles as Row[];

    beforeAll(async () => {
      base = url();
      for (const name of ['a', 'b', 'c']) {
        const created = await request(base, 'POST', '/api/labels', { name });
        expect(created.status).toBe(201);
        labels[name] = (created.body as Row).id as string;
      }
      reader = ((await request(base, 'POST', '/api/readers', { name: 'Ada' })).body as Row)
        .id as string;
    });

    it('POST connects the listed records (each once) and sends them when the route includes them', async () => {
      const created = await request(base, 'POST', '/api/articles', {
        title: 'One',
        labels: [labels.a, labels.b, labels.a],
      });
      expect(created.status).toBe(201);
      expect(names((created.body as Row).labels)).toEqual(['a', 'b']);
      expect((created.body as Row).readers).toEqual([]);
      const bare = (await request(base, 'POST', '/api/articles', { title: 'Bare' })).body as Row;
      expect((await article(bare.id as string)).labels).toEqual([]);
    });

    it('a POST that answers no record (no response, or a redirect) still writes it with its links', async () => {
      const quick = await request(base, 'POST', '/api/articles/quick', {
        title: 'Quick',
        labels: [labels.b],
      });
      expect({ status: quick.status, body: quick.body }).toEqual({
        status: 201,
        body: { success: true },
      });
      const form = await request(base, 'POST', '/api/articles/form', {
        title: 'Form',
        labels: [labels.b],
      });
      expect(form.status).toBe(303);
      expect(new URL(form.headers.get('location') ?? '', base).pathname).toBe('/');
      expect((await linked('b')).map((a) => a.title)).toEqual(
        expect.arrayContaining(['Quick', 'Form']),
      );
    });

    it('a GET with a redirect answers 307 when its record exists and 404 when not (its include and fields unread)', async () => {
      const go = await request(base, 'GET', `/api/labels/${labels.a}/go`);
      expect({ status: go.status, body: go.body }).toEqual({ status: 307, body: '' });
      expect(new URL(go.headers.get('location') ?? '', base).pathname).toBe('/');
      expectError(await request(base, 'GET', `/api/labels/${MISSING}/go`), 404, 'Not found');
    });

    it("orders a computed field's values by an optional field: by code point, empty ones last", async () => {
      const created = await request(base, 'POST', '/api/labels', { name: 'summed' });
      const label = (created.body as Row).id as string;
      for (const summary of ['beta', null, 'Alpha', 'alpha']) {
        const article = await request(base, 'POST', '/api/articles', { title: 'S' });
        const put = await request(base, 'PUT', `/api/articles/${(article.body as Row).id}`, {
          title: 'S',
          ...(summary === null ? {} : { summary }),
          labels: [label],
        });
        expect(put.status).toBe(200);
      }
      expect((await request(base, 'GET', `/api/labels/${label}/summaries`)).body).toEqual({
        name: 'summed',
        summaries: ['Alpha', 'alpha', 'beta', null],
      });
    });

    it('counts the links of the records of a list, and of the records a route includes', async () => {
      // articleCount counts a label's side of the links ("B" of _Article_labels).
      const counts = async () =>
        Object.fromEntries(
          ((await request(base, 'GET', '/api/labels')).body as Row[]).map((label) => [
            label.name,
            label.articleCount,
          ]),
        );
      const before = await counts();
      expect(before.a).toBe((await linked('a')).length);
      const id = await createArticle('Counted', [labels.c, labels.a]);
      expect(await counts()).toEqual({ ...before, a: before.a + 1, c: before.c + 1 });
      // The included labels in the order of their ids (a before c), with their counts.
      expect((await request(base, 'GET', `/api/articles/${id}/counts`)).body).toEqual({
        title: 'Counted',
        labels: [
          { name: 'a', articleCount: before.a + 1 },
          { name: 'c', articleCount: before.c + 1 },
        ],
      });
    });

    it('refuses an id of no record with 409 naming each missing one, and writes nothing', async () => {
      const before = (await linked('a')).length;
      expectError(
        await request(base, 'POST', '/api/articles', {
          title: 'Lost',
          labels: [MISSING, labels.a, OTHER],
        }),
        409,
        `Label not found: ${MISSING}, ${OTHER}`,
      );
      expectError(
        await request(base, 'POST', '/api/articles', { title: 'Lost', readers: [labels.a] }),
        409,
        `Reader not found: ${labels.a}`,
      );
      expect((await linked('a')).length).toBe(before);
    });

    it.each([
      [{ labels: 'nope' }, 'Labels must be a list of UUIDs.'],
      [{ labels: [MISSING, 'nope'] }, 'Labels must be a list of UUIDs.'],
      [{ labels: null }, 'Labels is required.'],
      [{ labels: Array(1001).fill(MISSING) }, 'Labels must be a list of at most 1000 UUIDs.'],
    ])('answers a body that is not a list of UUIDs with 400 (%j)', async (fields, message) => {
      expectInvalidBody(await request(base, 'POST', '/api/articles', { title: 'Bad', ...fields }), {
        labels: message,
      });
    });

    it('PUT sets the links to exactly the list, and removes them all when the list is absent', async () => {
      const id = await createArticle('Two', [labels.a, labels.b]);
      const replaced = await request(base, 'PUT', `/api/articles/${id}`, {
        title: 'Two',
        labels: [labels.c, labels.b],
      });
      expect(replaced.status).toBe(200);
      expect(names((replaced.body as Row).labels)).toEqual(['b', 'c']);
      expect((await request(base, 'PUT', `/api/articles/${id}`, { title: 'Two' })).status).toBe(
        200,
      );
      expect((await article(id)).labels).toEqual([]);
    });

    it('a PUT with a string[] of names replaces the links, creating the labels missing, and clears them when absent', async () => {
      const id = (
        (await request(base, 'POST', '/api/articles', { title: 'Named', labels: [labels.a] }))
          .body as Row
      ).id as string;
      const named = await request(base, 'PUT', `/api/articles/${id}/labels`, {
        title: 'Named',
        labelNames: ['b', 'fresh', 'b'],
      });
      expect(named.status).toBe(200);
      expect(names((named.body as Row).labels)).toEqual(['b', 'fresh']);
      const fresh = ((named.body as Row).labels as Row[]).find((label) => label.name === 'fresh');
      expect((await request(base, 'GET', `/api/labels/${fresh?.id}`)).status).toBe(200);
      expectInvalidBody(
        await request(base, 'PUT', `/api/articles/${id}/labels`, {
          title: 'Named',
          labelNames: ['c', ''],
        }),
        { labelNames: 'Label names: item 2 must not be empty.' },
      );
      const cleared = await request(base, 'PUT', `/api/articles/${id}/labels`, { title: 'Named' });
      expect([cleared.status, (cleared.body as Row).labels]).toEqual([200, []]);
      expectError(
        await request(base, 'PUT', `/api/articles/${MISSING}/labels`, {
          title: 'Named',
          labelNames: ['x'],
        }),
        404,
        'Not found',
      );
    });

    it('PATCH sets the links present in the body and keeps those absent; the answer has them only with include', async () => {
      const id = (
        (await request(base, 'POST', '/api/articles', { title: 'Three', labels: [labels.a] }))
          .body as Row
      ).id as string;
      const patched = await request(base, 'PATCH', `/api/articles/${id}`, { readers: [reader] });
      expect(patched.status).toBe(200);
      expect(Object.keys(patched.body as Row)).toEqual(['id', 'title', 'summary', 'url']);
      let current = await article(id);
      expect([names(current.labels), names(current.readers)]).toEqual([['a'], ['Ada']]);
      expect(
        (
          await request(base, 'PATCH', `/api/articles/${id}`, {
            readers: [],
            labels: [labels.b, labels.c],
          })
        ).status,
      ).toBe(200);
      current = await article(id);
      expect([names(current.labels), names(current.readers)]).toEqual([['b', 'c'], []]);
    });

    it('answers 404 for a missing record before 409 for a missing linked one', async () => {
      expectError(
        await request(base, 'PATCH', `/api/articles/${MISSING}`, { readers: [MISSING] }),
        404,
        'Not found',
      );
      expectError(
        await request(base, 'PUT', `/api/articles/${MISSING}`, { title: 'X', labels: [MISSING] }),
        404,
        'Not found',
      );
    });

    it('deleting a linked record removes its links, not the records linked to it', async () => {
      const id = await createArticle('Four', [labels.a, labels.c]);
      expect((await request(base, 'DELETE', `/api/labels/${labels.c}`)).status).toBe(200);
      expect(names((await article(id)).labels)).toEqual(['a']);
    });

    it("checks a function route's uuid[] as a plain list before calling the function", async () => {
      expectInvalidBody(await request(base, 'POST', '/api/articles/import', { labels: 'nope' }), {
        labels: 'Labels must be a list of UUIDs.',
      });
      expectInvalidBody(await request(base, 'POST', '/api/articles/import', {}), {
        labels: 'Labels is required.',
      });
      expectError(
        await request(base, 'POST', '/api/articles/import', { labels: [MISSING] }),
        501,
        'Function importArticles is not implemented yet',
      );
    });
  });

  describe('url fields: the absolute URL of each record (tests/golden/links)', () => {
    let base: string;
    let label: Row;
    let article: Row;
    const FORGED = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

    beforeAll(async () => {
      base = url();
      label = (await request(base, 'POST', '/api/labels', { name: 'urls' })).body as Row;
      article = (
        await request(base, 'POST', '/api/articles', { title: 'Located', labels: [label.id] })
      ).body as Row;
    });

    it('sends it after the fields of every answer of the model, included records too, on the origin the client used', async () => {
      const own = `${base}/api/articles/${article.id}`;
      const labelUrl = `${base}/api/labels/${label.id}`;
      expect(label).toEqual({ id: label.id, name: 'urls', url: labelUrl });
      // The keys in order: fields, url fields, then included relations.
      expect(Object.keys(article)).toEqual(['id', 'title', 'summary', 'url', 'labels', 'readers']);
      expect([article.url, (article.labels as Row[])[0]]).toEqual([own, label]);
      const read = await request(base, 'GET', `/api/articles/${article.id}`);
      expect(read.text).toBe(JSON.stringify(article));
      const patched = await request(base, 'PATCH', `/api/articles/${article.id}`, {
        summary: 's',
        readers: [],
      });
      expect((patched.body as Row).url).toBe(own);
      // A route whose `fields` leave it out does not send it.
      const summaries = await request(base, 'GET', `/api/labels/${label.id}/summaries`);
      expect(summaries.body).toEqual({ name: 'urls', summaries: ['s'] });
      // A list of plain values ("values": "url"), ordered by name.
      const urls = (await request(base, 'GET', '/api/label-urls')).body as string[];
      expect(urls).toContain(labelUrl);
      expect(urls.every((u) => u.startsWith(`${base}/api/labels/`))).toBe(true);
    });

    it('ignores X-Forwarded-Host and -Proto from a client when no proxy is trusted', async () => {
      const read = await request(base, 'GET', `/api/articles/${article.id}`, undefined, FORGED);
      expect((read.body as Row).url).toBe(`${base}/api/articles/${article.id}`);
    });

    // Issue 49, item 3: a Host that is not host[:port] would start every url field of the answer
    // (RFC 9112 asks for 400): refused before the route reads or writes anything.
    it('refuses a Host that is not host[:port] with 400, writing nothing; serves host:port', async () => {
      const before = (await request(base, 'GET', '/api/label-urls')).body as string[];
      const refused = {
        status: 400,
        body: { error: 'Invalid Host header: expected host[:port]' },
      };
      for (const host of ['<script>', '', 'evil.example/x?y#']) {
        const read = await withHeaders(base, 'GET', `/api/articles/${article.id}`, { host });
        expect([host, read]).toEqual([host, refused]);
        const write = await withHeaders(
          base,
          'POST',
          '/api/labels',
          { host, 'content-type': 'application/json' },
          { name: `bad host ${host}` },
        );
        expect([host, write]).toEqual([host, refused]);
      }
      expect((await request(base, 'GET', '/api/label-urls')).body).toEqual(before);
      const served = await withHeaders(base, 'GET', `/api/labels/${label.id}`, {
        host: 'api.example:8080',
      });
      expect([served.status, (served.body as Row).url]).toEqual([
        200,
        `http://api.example:8080/api/labels/${label.id}`,
      ]);
    });

    it('honours them behind a trusted proxy (APPGEN_TRUST_PROXY), and APPGEN_PUBLIC_URL over both', async () => {
      const built = app();
      for (const [env, origin] of [
        [{ APPGEN_TRUST_PROXY: '1' }, 'https://evil.example'],
        [
          { APPGEN_TRUST_PROXY: '1', APPGEN_PUBLIC_URL: 'https://api.example.com/v1/' },
          'https://api.example.com/v1',
        ],
      ] as const) {
        const other = await startBuiltApp(built.dir, { ...built.env, ...env });
        try {
          const read = await request(
            other.url,
            'GET',
            `/api/articles/${article.id}`,
            undefined,
            FORGED,
          );
          expect(read.body).toEqual({
            ...article,
            url: `${origin}/api/articles/${article.id}`,
            labels: [{ ...label, url: `${origin}/api/labels/${label.id}` }],
            summary: 's',
          });
          // Issue 49, item 3: what the trusted proxy forwards must be host[:port] too.
          const forwarded = { host: '127.0.0.1', 'x-forwarded-proto': 'https' };
          expect(
            await withHeaders(other.url, 'GET', `/api/articles/${article.id}`, {
              ...forwarded,
              'x-forwarded-host': 'evil.example/x?y#',
            }),
          ).toEqual({
            status: 400,
            body: { error: 'Invalid X-Forwarded-Host header: expected host[:port]' },
          });
          // A production server whose url fields take their host from requests says so at start.
          expect(other.output().includes('[appgen] warning: APPGEN_PUBLIC_URL is not set')).toBe(
            !('APPGEN_PUBLIC_URL' in env),
          );
        } finally {
          await other.stop();
        }
      }
    });
  });
}
