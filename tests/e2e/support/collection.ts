import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import { openAppDatabase } from './appDatabase';
import { expectError, expectInvalidBody } from './assertions';
import { rawRequest, request } from './http';
import type { Orm } from './orms';
import { REPO_ROOT } from './paths';

/** The golden case whose models, routes and events these cases drive. */
const CONFIG = path.join(REPO_ROOT, 'tests', 'golden', 'collection', 'config');
/** Its files that ride on the starter app's build (the starter has a User model of its own). */
const FILES = [
  'models/Board.json',
  'models/Task.json',
  'routes/tasks.json',
  'routes/boards.json',
  'events/tasks.json',
];
const MISSING = '00000000-0000-4000-8000-000000000000';

type Row = Record<string, unknown>;

/** Adds the golden collection case's Board and Task models, routes and events to a project's config, before its build. */
export function addCollectionConfig(projectDir: string): void {
  for (const file of FILES) {
    fs.mkdirSync(path.dirname(path.join(projectDir, 'config', file)), { recursive: true });
    fs.copyFileSync(path.join(CONFIG, file), path.join(projectDir, 'config', file));
  }
}

/** What the cases need of the running app: its URL, its database and its output. */
export interface CollectionApp {
  base: string;
  orm: Orm;
  projectDir: string;
  /** The PostgreSQL URL of the app's database; undefined on SQLite (the project's file). */
  databaseUrl: string | undefined;
  /** What the server printed so far (the scaffolded events log each run). */
  output: () => string;
}

// DELETE and PATCH of every record a route selects (`"collection": true`, issue 38), over HTTP,
// with the golden case tests/golden/collection (Task belongs to Board and to the starter's User):
// by filter, all, under a parent (the count), scoped to the caller (the count under its key), the
// updated records as an answer, events per record (outbox rows; inRequest events in the server's
// output), and refusals (401, the scaffolded voter's 403, an unknown filter's 400) that change
// nothing. Run inside a suite whose build has addCollectionConfig's files: starter-app.test.ts,
// one build per ORM × database. Every answer is also checked against the app's OpenAPI document.
export function describeCollections(app: () => CollectionApp): void {
  describe('operations on a collection (tests/golden/collection)', () => {
    let base: string;
    const boards: Record<string, { id: string; name: string }> = {};
    const sessions: Record<string, { token: string; id: string }> = {};
    const bearer = (who: string) => ({ authorization: `Bearer ${sessions[who].token}` });
    const suffix = crypto.randomBytes(3).toString('hex');

    const tasks = async () =>
      ((await request(base, 'GET', '/api/tasks')).body as Row[]).map((t) => ({
        title: t.title,
        done: t.done,
      }));
    const titles = async () => (await tasks()).map((t) => t.title).sort();
    const create = async (who: string, title: string, fields: Row = {}) => {
      const created = await request(base, 'POST', '/api/tasks', { title, ...fields }, bearer(who));
      expect(created.status).toBe(201);
      return created.body as Row;
    };
    /** The payloads of the outbox rows of an event, read from the app's database. */
    const outbox = async (event: string): Promise<Array<{ operation: string; record: Row }>> => {
      const { orm, projectDir, databaseUrl } = app();
      const db = await openAppDatabase(projectDir, orm, databaseUrl);
      try {
        const rows = await db.rows('select "payload" from "AppgenEvent" where "name" = $1', [
          event,
        ]);
        return rows.map((row) =>
          typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
        ) as Array<{ operation: string; record: Row }>;
      } finally {
        await db.close();
      }
    };
    const eventsFor = async (operation: string, ids: unknown[]) =>
      (await outbox('taskChanged')).filter(
        (p) => p.operation === operation && ids.includes(p.record.id),
      );

    beforeAll(async () => {
      base = app().base;
      for (const who of ['ada', 'bob']) {
        const signedUp = await request(base, 'POST', '/api/signup', {
          name: who,
          email: `${who}-${suffix}@example.com`,
          password: 'correct horse battery',
        });
        expect(signedUp.status).toBe(201);
        const body = signedUp.body as { token: string; id: string };
        sessions[who] = { token: body.token, id: body.id };
      }
      for (const name of ['home', 'work']) {
        const created = await request(base, 'POST', '/api/boards', { name: `${name}-${suffix}` });
        expect(created.status).toBe(201);
        boards[name] = created.body as { id: string; name: string };
      }
    });

    it('DELETE with a filter deletes the records it selects, each with its events, and answers 204', async () => {
      const done1 = await create('ada', 'done 1', { done: true, boardId: boards.home.id });
      const done2 = await create('bob', 'done 2', { done: true });
      await create('ada', 'open 1', { boardId: boards.home.id });
      const deleted = await request(base, 'DELETE', '/api/tasks?done=true');
      expect({ status: deleted.status, text: deleted.text }).toEqual({ status: 204, text: '' });
      expect(await titles()).toEqual(['open 1']);
      // One worker event per record deleted, with the record as it was; the inRequest event too.
      const events = await eventsFor('delete', [done1.id, done2.id]);
      expect(events.map((e) => e.record.title).sort()).toEqual(['done 1', 'done 2']);
      for (const task of [done1, done2])
        expect(app().output()).toContain(`[event] taskRemoved: Task delete ${task.id}`);
    });

    it('DELETE with a filter through a relation deletes the records of that board only', async () => {
      await create('ada', 'work 1', { boardId: boards.work.id });
      const deleted = await request(base, 'DELETE', `/api/tasks?board=${boards.home.name}`);
      expect(deleted.status).toBe(204);
      expect(await titles()).toEqual(['work 1']);
    });

    it('refuses a query parameter the route does not have (400) and deletes nothing', async () => {
      expectError(
        await request(base, 'DELETE', '/api/tasks?completed=true'),
        400,
        'Unknown query parameter "completed" (allowed: done, board)',
      );
      expectError(
        await request(base, 'DELETE', '/api/tasks?done=maybe'),
        400,
        'Query parameter "done" must be true or false',
      );
      expect(await titles()).toEqual(['work 1']);
    });

    // Issue 49, item 1: the route reads no body, so filters sent there would be ignored and the
    // DELETE would empty the table. Refused before anything is read or deleted.
    const FILTERS_GO = 'send filters in the query string, e.g. ?done=true';
    it('refuses filters sent as a JSON body (400, saying where they go) and deletes nothing', async () => {
      expectError(
        await request(base, 'DELETE', '/api/tasks', { done: true }),
        400,
        `This route takes no request body; ${FILTERS_GO}`,
      );
      expectError(
        await rawRequest(base, 'DELETE', '/api/tasks', '{"done":true}', {}, true),
        400,
        `This route takes no request body; ${FILTERS_GO}`,
      );
      // Before the voter: a scoped DELETE with a body is refused for the body, not by the voter.
      expectError(
        await request(base, 'DELETE', '/api/tasks/mine', { done: true }, bearer('ada')),
        400,
        'This route takes no request body; send parameters in the path or the query string',
      );
      expect(await titles()).toEqual(['work 1']);
    });

    it('refuses a body of a type it does not read (415) and deletes nothing', async () => {
      expectError(
        await request(base, 'DELETE', '/api/tasks', 'done=true', { 'content-type': 'text/plain' }),
        415,
        `Unsupported Content-Type: this route takes no request body; ${FILTERS_GO}`,
      );
      expectError(
        await request(base, 'DELETE', '/api/tasks', '{}', {
          'content-type': 'application/x-www-form-urlencoded',
        }),
        415,
      );
      expect(await titles()).toEqual(['work 1']);
    });

    it('refuses a body on a GET of the list, which fetch cannot send', async () => {
      expectError(
        await rawRequest(base, 'GET', '/api/tasks', '{"done":true}', {
          'content-type': 'application/json',
        }),
        400,
        `This route takes no request body; ${FILTERS_GO}`,
      );
      expectError(
        await rawRequest(base, 'GET', '/api/tasks', 'done', { 'content-type': 'text/plain' }),
        415,
      );
    });

    it('takes an empty body, {} and a JSON Content-Type without a body as no body', async () => {
      const json = { 'content-type': 'application/json' };
      expect((await request(base, 'DELETE', '/api/tasks?done=true', {})).status).toBe(204);
      expect((await rawRequest(base, 'DELETE', '/api/tasks?done=true', '', json)).status).toBe(204);
      expect(
        (await rawRequest(base, 'DELETE', '/api/tasks?done=true', '{}', json, true)).status,
      ).toBe(204);
      const listed = await rawRequest(base, 'GET', '/api/tasks?done=false', '', json);
      expect((listed.body as Row[]).map((t) => t.title)).toEqual(['work 1']);
      expect(await titles()).toEqual(['work 1']);
    });

    it('PATCH of every record answers them updated, in id order, with what the route includes', async () => {
      const before = (await request(base, 'GET', '/api/tasks')).body as Row[];
      const second = await create('bob', 'work 2', { boardId: boards.work.id });
      await new Promise((resolve) => setTimeout(resolve, 10));
      const patched = await request(base, 'PATCH', '/api/tasks', { done: true });
      expect(patched.status).toBe(200);
      const records = patched.body as Row[];
      expect(records.map((r) => [r.title, r.done, (r.board as Row).name])).toEqual([
        ['work 1', true, boards.work.name],
        ['work 2', true, boards.work.name],
      ]);
      expect(records.map((r) => r.id)).toEqual([before[0].id, second.id]);
      // date_updated fields take the time of the change.
      expect(Date.parse(records[0].updatedAt as string)).toBeGreaterThan(
        Date.parse(before[0].updatedAt as string),
      );
      expect((await eventsFor('update', [second.id])).map((e) => e.record.done)).toEqual([true]);
    });

    it('PATCH with a filter changes only what it selects; a body that changes nothing is refused', async () => {
      await create('ada', 'open 2');
      const patched = await request(base, 'PATCH', '/api/tasks?done=false', { title: 'renamed' });
      expect((patched.body as Row[]).map((r) => r.title)).toEqual(['renamed']);
      expect(await titles()).toEqual(['renamed', 'work 1', 'work 2']);
      expectInvalidBody(
        await request(base, 'PATCH', '/api/tasks', {}),
        {},
        'No field to change: send "done" or "title".',
      );
      expect(await titles()).toEqual(['renamed', 'work 1', 'work 2']);
    });

    it("PATCH scoped to the caller changes only the caller's records and answers their number under its key", async () => {
      const patched = await request(
        base,
        'PATCH',
        '/api/tasks/mine',
        { done: false },
        bearer('ada'),
      );
      expect({ status: patched.status, body: patched.body }).toEqual({
        status: 200,
        body: { updated: 2 },
      });
      expect(
        (await tasks()).sort((a, b) => String(a.title).localeCompare(String(b.title))),
      ).toEqual([
        { title: 'renamed', done: false },
        { title: 'work 1', done: false },
        { title: 'work 2', done: true },
      ]);
    });

    it("refuses an anonymous caller (401) and the voter's no (403), changing nothing and recording no event", async () => {
      const before = await tasks();
      const events = (await outbox('taskChanged')).length;
      expectError(
        await request(base, 'PATCH', '/api/tasks/mine', { done: true }),
        401,
        'Unauthorized',
      );
      expectError(await request(base, 'DELETE', '/api/tasks/mine'), 401, 'Unauthorized');
      // The scaffolded voter src/voters/mayClearTasks.ts denies until it is written.
      expectError(
        await request(base, 'DELETE', '/api/tasks/mine', undefined, bearer('ada')),
        403,
        'Forbidden',
      );
      expect(await tasks()).toEqual(before);
      expect((await outbox('taskChanged')).length).toBe(events);
    });

    it('DELETE under a parent answers the count: the records of that board, then none; 404 for no board', async () => {
      const count = (await tasks()).filter((t) => t.title !== 'renamed').length;
      const deleted = await request(base, 'DELETE', `/api/boards/${boards.work.id}/tasks`);
      expect({ status: deleted.status, body: deleted.body }).toEqual({
        status: 200,
        body: { count },
      });
      expect((await request(base, 'DELETE', `/api/boards/${boards.work.id}/tasks`)).body).toEqual({
        count: 0,
      });
      expectError(
        await request(base, 'DELETE', `/api/boards/${MISSING}/tasks`),
        404,
        'Board not found',
      );
      expect(await titles()).toEqual(['renamed']);
    });

    it('DELETE without a filter deletes every record', async () => {
      await create('bob', 'last');
      expect((await request(base, 'DELETE', '/api/tasks')).status).toBe(204);
      expect(await tasks()).toEqual([]);
      expect((await request(base, 'DELETE', '/api/tasks')).status).toBe(204);
    });

    it('DELETE of 7,500 records queues an event for each, more than one statement can bind (65,535 parameters on PostgreSQL)', async () => {
      await create('ada', 'bulk');
      // 7,499 copies of that row, written by SQL: the ORM's own column formats, no 7,499 requests.
      const { orm, projectDir, databaseUrl } = app();
      const db = await openAppDatabase(projectDir, orm, databaseUrl);
      try {
        const series = databaseUrl
          ? `select gen_random_uuid() as id from generate_series(1, 7499)`
          : `with recursive n(i) as (select 1 union all select i + 1 from n where i < 7499) select lower(hex(randomblob(16))) as id from n`;
        await db.run(
          `insert into "Task" ("id", "title", "done", "updatedAt") select s.id, t."title", t."done", t."updatedAt" from "Task" t, (${series}) s`,
        );
        expect(await db.rows('select count(*) as n from "Task"')).toEqual([
          { n: databaseUrl ? '7500' : 7500 },
        ]);
      } finally {
        await db.close();
      }
      expect((await request(base, 'DELETE', '/api/tasks')).status).toBe(204);
      const queued = (await outbox('taskChanged')).filter(
        (p) => p.operation === 'delete' && p.record.title === 'bulk',
      );
      expect(queued.length).toBe(7500);
      expect(new Set(queued.map((p) => p.record.id)).size).toBe(7500);
    });
  });
}
