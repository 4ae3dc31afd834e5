import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

// Routes on a collection (`"collection": true`, docs/config.md "Operations on a collection"):
// what a DELETE or PATCH of every record a route selects may carry, each mistake one error with
// its file:line, JSON path and fix.

const USER = {
  name: 'User',
  fields: {
    name: 'string',
    email: { type: 'string', unique: true },
    password: { type: 'password', optional: true },
  },
};
const BOARD = { name: 'Board', fields: { name: { type: 'string', unique: true } } };
const TASK = {
  name: 'Task',
  fields: {
    title: 'string',
    slug: { type: 'string', unique: true },
    done: { type: 'boolean', default: false },
    note: { type: 'text', optional: true },
    boardId: { type: 'uuid', optional: true },
    ownerId: { type: 'uuid', optional: true },
  },
  relations: {
    board: { type: 'belongsTo', model: 'Board', onDelete: 'cascade' },
    owner: { type: 'belongsTo', model: 'User', onDelete: 'cascade' },
    tags: { type: 'manyToMany', model: 'Board' },
    watchers: { type: 'manyToMany', model: 'User' },
  },
  indexes: [['done'], ['boardId'], ['ownerId']],
};
const LIST = { method: 'GET', path: '/api/tasks', response: 'Task[]' };

const files = (...routes: unknown[]) =>
  minimalProject({
    'config/models/User.json': USER,
    'config/models/Board.json': BOARD,
    'config/models/Task.json': TASK,
    'config/routes/tasks.json': { routes: [LIST, ...routes] },
  });
const problems = (...routes: unknown[]) => problemsIn(files(...routes)).map(describeProblem);
const DELETE_ALL = { method: 'DELETE', path: '/api/tasks', collection: true };
const PATCH_ALL = {
  method: 'PATCH',
  path: '/api/tasks',
  collection: true,
  body: { done: 'boolean' },
};

describe('routes on a collection', () => {
  it('accepts a DELETE and a PATCH of every record, with filters, a parent, scope, a voter and each answer', () => {
    const project = checkedProject(
      files(
        { ...DELETE_ALL, query: { filter: ['done', { name: 'board', path: 'board.name' }] } },
        { ...PATCH_ALL, response: 'Task[]', include: ['board'], fields: ['title', 'done'] },
        {
          method: 'DELETE',
          path: '/api/boards/:boardId/tasks',
          params: { boardId: 'uuid' },
          model: 'Task',
          collection: true,
          status: 200,
          envelope: { count: 'deleted' },
        },
        {
          method: 'PATCH',
          path: '/api/tasks/mine',
          model: 'Task',
          collection: true,
          auth: true,
          scope: { owner: 'currentUser' },
          voter: 'mayEdit',
          body: { done: { type: 'boolean', required: true } },
        },
      ),
    );
    const collections = project.routes.filter(
      (r) => r.path.includes('tasks') && r.method !== 'GET',
    );
    expect(collections.map((r) => `${r.method} ${r.path} ${r.operation}`)).toEqual([
      'DELETE /api/tasks deleteMany',
      'PATCH /api/tasks updateMany',
      'DELETE /api/boards/:boardId/tasks deleteMany',
      'PATCH /api/tasks/mine updateMany',
    ]);
  });
});

/** Each mistake: the routes beside the list, and the one error it gives (file:line:column, JSON path, message, fix). */
const MISTAKES: Array<[string, unknown[], string[]]> = [
  [
    'a DELETE without a key names "collection" as the fix for deleting every record',
    [{ method: 'DELETE', path: '/api/tasks', model: 'Task' }],
    [
      'config/routes/tasks.json:10:15 routes[1].path | DELETE /api/tasks works on one Task, but no path parameter names it | name it in the path by a unique field: ":id", ":slug" (e.g. "/api/tasks/:id" with "params": { "id": "uuid" }). Or handle it with a "function". Or, to delete every Task the route selects, add "collection": true.',
    ],
  ],
  [
    'a PATCH whose parameter is not unique names "collection" too',
    [
      {
        method: 'PATCH',
        path: '/api/tasks/:title',
        params: { title: 'string' },
        body: { done: 'boolean' },
      },
    ],
    [
      'config/routes/tasks.json:10:15 routes[1].path | PATCH /api/tasks/:title works on one Task, but "title" is not unique in Task | make Task.title unique ("unique": true), or name the record by ":id", ":slug". Or handle it with a "function". Or, to update every Task the route selects, add "collection": true.',
    ],
  ],
  [
    'refuses "collection" on a GET (a list is "<Model>[]")',
    [{ method: 'GET', path: '/api/tasks/all', response: 'Task[]', collection: true }],
    [
      'config/routes/tasks.json:12:7 routes[1].collection | "collection" applies to DELETE and PATCH routes, and GET /api/tasks/all is a GET | remove "collection" (a GET of every record is a list: "response": "<Model>[]").',
    ],
  ],
  [
    'refuses "collection" on a POST',
    [
      {
        method: 'POST',
        path: '/api/tasks',
        body: { title: 'string', slug: 'string' },
        response: 'Task',
        collection: true,
      },
    ],
    [
      'config/routes/tasks.json:16:7 routes[1].collection | "collection" applies to DELETE and PATCH routes, and POST /api/tasks is a POST | remove "collection" (a POST creates one record).',
    ],
  ],
  [
    'refuses "collection" on a PUT, pointing at PATCH',
    [
      {
        method: 'PUT',
        path: '/api/tasks',
        model: 'Task',
        body: { title: 'string', slug: 'string' },
        collection: true,
      },
    ],
    [
      'config/routes/tasks.json:16:7 routes[1].collection | "collection" applies to DELETE and PATCH routes, and PUT /api/tasks is a PUT | remove "collection" (a PUT replaces one record; use PATCH to change fields of every record the route selects).',
    ],
  ],
  [
    'refuses "collection" beside a function',
    [{ ...DELETE_ALL, function: 'clearTasks' }],
    [
      'config/routes/tasks.json:11:7 routes[1].collection | "collection" tells appgen\'s handler which records to work on, and a "function" handles DELETE /api/tasks itself | remove "collection" (the function decides what it changes), or remove "function".',
    ],
  ],
  [
    'refuses "collection" beside "record": "currentUser"',
    [
      {
        method: 'DELETE',
        path: '/api/user',
        model: 'User',
        record: 'currentUser',
        auth: true,
        collection: true,
      },
    ],
    [
      'config/routes/tasks.json:14:7 routes[1].collection | "collection" works on every record the route selects, and "record" on the signed-in user\'s own record | remove "collection" or "record".',
    ],
  ],
  [
    'refuses "collection" beside "link"',
    [
      {
        method: 'DELETE',
        path: '/api/tasks/:id/owner',
        params: { id: 'uuid' },
        model: 'Task',
        link: 'watchers',
        auth: true,
        collection: true,
      },
    ],
    [
      'config/routes/tasks.json:17:7 routes[1].collection | "collection" works on every record the route selects, and "link" on the one record the path names | remove "collection" or "link".',
    ],
  ],
  [
    'refuses "collection" on an account route',
    [
      {
        method: 'POST',
        path: '/api/login',
        account: 'logIn',
        body: { email: 'string', password: 'password' },
        collection: true,
      },
    ],
    [
      'config/routes/tasks.json:16:7 routes[1].collection | "collection" does not apply to an account route: appgen writes its whole work | remove "collection" (or "account" and handle the route yourself).',
    ],
  ],
  [
    'refuses ":id" in the path of a collection',
    [{ method: 'DELETE', path: '/api/tasks/:id', params: { id: 'uuid' }, collection: true }],
    [
      'config/routes/tasks.json:12:9 routes[1].params.id | ":id" names one Task, and "collection": true works on every record the route selects | remove "collection" to work on the one Task the path names, or remove ":id" from the path.',
    ],
  ],
  [
    'refuses a unique field in the path of a collection',
    [
      {
        method: 'PATCH',
        path: '/api/tasks/:slug',
        params: { slug: 'string' },
        body: { done: 'boolean' },
        collection: true,
      },
    ],
    [
      'config/routes/tasks.json:12:9 routes[1].params.slug | ":slug" names one Task, and "collection": true works on every record the route selects | remove "collection" to work on the one Task the path names, or remove ":slug" from the path.',
    ],
  ],
  [
    'refuses a "response" on a DELETE of a collection (it answers 204 or the count)',
    [{ ...DELETE_ALL, response: 'Task[]' }],
    [
      'config/routes/tasks.json:12:7 routes[1].response | a DELETE on a collection answers 204 or the number of records deleted, not the records | name the model with "model": "Task" instead (and add "status": 200 to answer { "count": n }).',
    ],
  ],
  [
    'refuses a "response" of one record on a PATCH of a collection',
    [{ ...PATCH_ALL, response: 'Task' }],
    [
      'config/routes/tasks.json:15:19 routes[1].response | a PATCH on a collection answers the records it updated, a list, and "response" is one Task | write "response": "Task[]", or name the model with "model": "Task" (the route then answers 204, or { "count": n } with "status": 200).',
    ],
  ],
  [
    'refuses a PATCH of a collection with nothing to change',
    [{ method: 'PATCH', path: '/api/tasks', collection: true }],
    [
      'config/routes/tasks.json:8:5 routes[1] | PATCH /api/tasks on a collection has no "body" (nor "set"): it would change nothing | add a "body" with the fields to change, e.g. "body": { "completed": "boolean" }.',
    ],
  ],
  [
    'refuses links in the body of a PATCH of a collection',
    [{ ...PATCH_ALL, body: { done: 'boolean', tags: 'uuid[]' } }],
    [
      'config/routes/tasks.json:14:9 routes[1].body.tags | "tags" writes links, and a PATCH on a collection writes fields only | remove "tags", or write it on one record (a PATCH whose path names it).',
    ],
  ],
  [
    'refuses a password in the body of a PATCH of a collection',
    [
      {
        method: 'PATCH',
        path: '/api/users',
        model: 'User',
        collection: true,
        body: { password: 'password' },
      },
    ],
    [
      'config/routes/tasks.json:14:9 routes[1].body.password | "password" is a password, and a PATCH on a collection would give every record the same one | remove "password", or write it on one record (a PATCH whose path names it).',
    ],
  ],
  [
    'takes only "filter" in "query": each other key is an error',
    [{ ...DELETE_ALL, query: { filter: ['done'], sort: ['done'], pageSize: 10 } }],
    [
      'config/routes/tasks.json:16:9 routes[1].query.sort | "sort" does not apply to DELETE /api/tasks: it works on every record its filters select, unsorted and without pages | remove "sort" (only "filter" applies here).',
      'config/routes/tasks.json:19:9 routes[1].query.pageSize | "pageSize" does not apply to DELETE /api/tasks: it works on every record its filters select, unsorted and without pages | remove "pageSize" (only "filter" applies here).',
    ],
  ],
  [
    'asks for an index on each filtered field, as lists do',
    [{ ...DELETE_ALL, query: { filter: ['title'] } }],
    [
      'config/routes/tasks.json:14:11 routes[1].query.filter[0] | Task.title has no index, so this query would read the whole table | add "indexes": [["title"]] to Task (or make the field unique).',
    ],
  ],
  [
    'names the field meant by a filter that is not one',
    [{ ...PATCH_ALL, query: { filter: ['dnoe'] } }],
    [
      'config/routes/tasks.json:17:11 routes[1].query.filter[0] | "dnoe" is not a field of Task | did you mean "done"?',
    ],
  ],
  [
    'a "query" on a DELETE of one record names "collection"',
    [
      {
        method: 'DELETE',
        path: '/api/tasks/:id',
        params: { id: 'uuid' },
        query: { filter: ['done'] },
      },
    ],
    [
      'config/routes/tasks.json:14:7 routes[1].query | "query" applies to GET routes that answer a list of a model (and to DELETE or PATCH with "collection": true), and DELETE /api/tasks/:id does neither | remove "query", or add "collection": true to delete every record it selects (with no ":id" in the path).',
    ],
  ],
  [
    'needs "auth": true for "scope", as lists do',
    [{ ...DELETE_ALL, scope: { owner: 'currentUser' } }],
    [
      'config/routes/tasks.json:12:7 routes[1].scope | "scope" needs a signed-in caller, and DELETE /api/tasks does not have "auth": true | add "auth": true (an anonymous caller then gets 401).',
    ],
  ],
  [
    'refuses the built-in voter owner:<field>, pointing at "scope"',
    [{ ...DELETE_ALL, auth: true, voter: 'owner:ownerId' }],
    [
      'config/routes/tasks.json:13:16 routes[1].voter | the built-in voter "owner:ownerId" compares a field of one record with the signed-in user, and DELETE /api/tasks works on every record it selects | to work on the caller\'s own records only, select them with "scope" (e.g. "scope": { "owner": "currentUser" }, with "auth": true); or write your own voter (it is asked once, with "record": null).',
    ],
  ],
  [
    'refuses the built-in voter self',
    [{ ...DELETE_ALL, auth: true, voter: 'self' }],
    [
      'config/routes/tasks.json:13:16 routes[1].voter | the built-in voter "self" compares the user the path names with the signed-in user, and DELETE /api/tasks works on every record it selects | to work on the caller\'s own records only, select them with "scope" (e.g. "scope": { "owner": "currentUser" }, with "auth": true); or write your own voter (it is asked once, with "record": null).',
    ],
  ],
  [
    'refuses envelope.count while the route answers 204',
    [{ ...DELETE_ALL, envelope: { count: 'deleted' } }],
    [
      'config/routes/tasks.json:13:18 routes[1].envelope.count | "count" names the key of the number of records changed, and DELETE /api/tasks answers 204 (no body) | add "status": 200 to answer { "deleted": n }.',
    ],
  ],
  [
    'refuses envelope.count beside a redirect',
    [{ ...DELETE_ALL, redirect: '/', envelope: { count: 'deleted' } }],
    [
      'config/routes/tasks.json:14:18 routes[1].envelope.count | "count" names the key of the number of records changed, and a route with "redirect" answers no body | remove "count", or "redirect".',
    ],
  ],
  [
    'refuses envelope.response on a count answer',
    [{ ...DELETE_ALL, status: 200, envelope: { response: 'result' } }],
    [
      'config/routes/tasks.json:14:9 routes[1].envelope.response | "response" has no answer to wrap: the route has no "response" | remove "response" from "envelope".',
    ],
  ],
  [
    'refuses "fields" on a DELETE of a collection (it answers no record)',
    [{ ...DELETE_ALL, fields: ['title'] }],
    [
      'config/routes/tasks.json:12:7 routes[1].fields | "fields" applies to routes that answer records of a model (with "response", without "function"), and DELETE /api/tasks does not | remove "fields".',
    ],
  ],
];

describe('mistakes on routes on a collection', () => {
  it.each(MISTAKES)('%s', (_title, routes, expected) => {
    expect(problems(...routes)).toEqual(expected);
  });
});
