import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

// What other clients need from an API: a record's absolute URL (`url` computed fields), a list of
// plain values (`values`), the session token on current-user routes (`token`) and `fields` on
// sign-up and log-in. Each mistake is one error at its file:line, with a fix.

const USER = {
  name: 'User',
  fields: {
    email: { type: 'string', unique: true },
    username: { type: 'string', unique: true },
    password: 'password',
    bio: { type: 'text', optional: true },
    createdAt: 'date_now',
  },
  relations: {
    followers: { type: 'manyToMany', model: 'User', via: 'follows' },
    follows: { type: 'manyToMany', model: 'User', via: 'followers' },
  },
  computed: { following: { callerIn: 'followers' } },
};
const TODO = {
  name: 'Todo',
  fields: {
    title: 'string',
    secret: { type: 'string', hidden: true },
    ownerId: 'uuid',
    kind: 'string',
  },
  relations: {
    owner: { type: 'belongsTo', model: 'User' },
    tags: { type: 'manyToMany', model: 'Tag' },
  },
  computed: {
    url: { url: '/api/todos/:id' },
    tagCount: { count: 'tags' },
  },
};
const TAG = { name: 'Tag', fields: { name: { type: 'string', unique: true } } };
const TODO_ROUTES = [
  { method: 'GET', path: '/api/todos', response: 'Todo[]' },
  { method: 'GET', path: '/api/todos/:id', params: { id: 'uuid' }, response: 'Todo' },
];
const SIGN_UP = {
  method: 'POST',
  path: '/api/users',
  account: 'signUp',
  body: { email: 'string', username: 'string', password: { type: 'password', required: true } },
  response: 'User',
};
const LOG_IN = {
  method: 'POST',
  path: '/api/users/login',
  account: 'logIn',
  body: {
    email: { type: 'string', required: true },
    password: { type: 'password', required: true },
  },
  response: 'User',
};
const ME = {
  method: 'GET',
  path: '/api/user',
  record: 'currentUser',
  auth: true,
  response: 'User',
};

const files = (
  routes: { todos?: unknown[]; users?: unknown[]; tags?: unknown[] },
  todo: object = TODO,
  settings: object = { orm: 'prisma' },
) =>
  minimalProject({
    'appgen.config.json': settings,
    'config/models/User.json': USER,
    'config/models/Todo.json': todo,
    'config/models/Tag.json': TAG,
    'config/routes/todos.json': { routes: routes.todos ?? TODO_ROUTES },
    'config/routes/users.json': { routes: routes.users ?? [] },
    'config/routes/tags.json': { routes: routes.tags ?? [] },
  });
const problems = (...args: Parameters<typeof files>) =>
  problemsIn(files(...args)).map(describeProblem);
const withUrl = (url: unknown) => ({ ...TODO, computed: { url: { url } } });

describe('url computed fields', () => {
  it('accepts the path of a GET route of one record of the model, and normalises it apart', () => {
    expect(problems({})).toEqual([]);
    const todo = checkedProject(files({})).models.find((m) => m.name === 'Todo');
    expect(todo?.urls).toEqual([{ name: 'url', path: '/api/todos/:id' }]);
    expect(todo?.computed.map((c) => c.name)).toEqual(['tagCount']);
  });

  it('accepts a path whose parameters are fields of the record, one of them unique', () => {
    const routes = [
      ...TODO_ROUTES,
      {
        method: 'GET',
        path: '/api/users/:ownerId/todos/:id',
        params: { ownerId: 'uuid', id: 'uuid' },
        response: 'Todo',
      },
    ];
    expect(problems({ todos: routes }, withUrl('/api/users/:ownerId/todos/:id'))).toEqual([]);
  });

  it('refuses what is not a path, a path no GET of one record has, and names the close one', () => {
    expect(problems({}, withUrl('https://example.com/api/todos/:id'))).toEqual([
      expect.stringMatching(
        /^config\/models\/Todo\.json:\d+:\d+ computed\.url\.url \| "url" is the path of a route of Todo, filled with the record's key; "https:\/\/example\.com\/api\/todos\/:id" is not a path \| name a GET route of one Todo, e\.g\. "\/api\/todos\/:id"/,
      ),
    ]);
    expect(problems({}, withUrl('/api/todo/:id'))).toEqual([
      expect.stringMatching(
        /Todo\.json:\d+:\d+ computed\.url\.url \| no GET route of one record has the path "\/api\/todo\/:id" \| did you mean "\/api\/todos\/:id"\?/,
      ),
    ]);
    // A list is no route of one record.
    expect(problems({}, withUrl('/api/todos'))).toEqual([
      expect.stringMatching(/no GET route of one record has the path "\/api\/todos"/),
    ]);
  });

  it('refuses a route of another model, and paths that do not name one record by its own fields', () => {
    const users = [
      { method: 'GET', path: '/api/users/:id', params: { id: 'uuid' }, response: 'User' },
      ME,
    ];
    const byTag = {
      method: 'GET',
      path: '/api/tags/:name/todo',
      params: { name: 'string' },
      response: 'Todo',
      function: 'todoOfTag',
    };
    expect(problems({ users }, withUrl('/api/users/:id'))).toEqual([
      expect.stringMatching(
        /computed\.url\.url \| GET \/api\/users\/:id answers User, not Todo \| did you mean "\/api\/todos\/:id"\?/,
      ),
    ]);
    // A function route answers what it wants: it is no GET of one record.
    expect(problems({ todos: [...TODO_ROUTES, byTag] }, withUrl('/api/tags/:name/todo'))).toEqual([
      expect.stringMatching(/no GET route of one record has the path "\/api\/tags\/:name\/todo"/),
    ]);
    const userUrl = { ...USER, computed: { ...USER.computed, url: { url: '/api/user' } } };
    expect(
      problemsIn({
        ...files({ users }),
        'config/models/User.json': userUrl,
      }).map(describeProblem),
    ).toEqual([
      expect.stringMatching(
        /User\.json:\d+:\d+ computed\.url\.url \| "\/api\/user" names no record: every User would have the same url \| name a route whose path has the record's key, e\.g\. "\/api\/users\/:email"\./,
      ),
    ]);
  });

  it('refuses a path parameter that names a parent, not a field of the record', () => {
    const byOwner = {
      method: 'GET',
      path: '/api/users/:username/todos/:id',
      params: { username: 'string', id: 'uuid' },
      response: 'Todo',
    };
    expect(
      problems({ todos: [...TODO_ROUTES, byOwner] }, withUrl('/api/users/:username/todos/:id')),
    ).toEqual([
      expect.stringMatching(
        /computed\.url\.url \| ":username" of "\/api\/users\/:username\/todos\/:id" is not a field of Todo: a url is filled from the record's own fields/,
      ),
    ]);
  });

  it('lets a route send its url fields or leave them out with `fields`, and refuses options of other kinds', () => {
    const routes = [
      { ...TODO_ROUTES[0], fields: ['title', 'url'] },
      { ...TODO_ROUTES[1], fields: ['title'] },
    ];
    expect(problems({ todos: routes })).toEqual([]);
    const [list, one] = checkedProject(files({ todos: routes })).routes.filter(
      (r) => r.model === 'Todo',
    );
    expect([list.fields, one.fields]).toEqual([['title', 'url'], ['title']]);
    expect(
      problems({}, { ...TODO, computed: { url: { url: '/api/todos/:id', field: 'id' } } }),
    ).toEqual([
      expect.stringMatching(
        /computed\.url\.field \| "field" applies to "values" computed fields only/,
      ),
    ]);
  });
});

describe('a list of plain values (`values`)', () => {
  const tags = (route: object) => ({
    tags: [{ method: 'GET', path: '/api/tags', response: 'Tag[]', ...route }],
  });

  it('accepts a field or computed field with a query, a count and an envelope', () => {
    const route = {
      values: 'name',
      envelope: { response: 'tags', count: 'tagsCount' },
      query: { sort: ['name'], pageSize: 20, count: true },
    };
    expect(problems(tags(route))).toEqual([]);
    const checked = checkedProject(files(tags(route))).routes.find((r) => r.path === '/api/tags');
    expect([checked?.values, checked?.fields]).toEqual(['name', ['name']]);
    expect(
      problems({ todos: [...TODO_ROUTES.slice(1), { ...TODO_ROUTES[0], values: 'url' }] }),
    ).toEqual([]);
  });

  it('refuses it beside `fields` or `include`, off lists, and on fields no answer sends', () => {
    expect(problems(tags({ values: 'name', fields: ['name'] }))).toEqual([
      expect.stringMatching(
        /tags\.json:\d+:\d+ routes\[0\]\.fields \| "fields" and "values" both choose what the list sends: "values" sends one field of each record, alone \| remove "fields" or "values"\./,
      ),
    ]);
    expect(problems(tags({ values: 'name', include: ['todos'] }))).toEqual([
      expect.stringMatching(
        /routes\[0\]\.include \| a list of values \("values": "name"\) has no records to include relations in/,
      ),
    ]);
    expect(
      problems({
        tags: [
          {
            method: 'GET',
            path: '/api/tags/:id',
            params: { id: 'uuid' },
            response: 'Tag',
            values: 'name',
          },
        ],
      }),
    ).toEqual([
      expect.stringMatching(
        /routes\[0\]\.values \| "values" answers a list as plain values of one field, and GET \/api\/tags\/:id answers no list of records \| remove "values", or use it on a GET with "response": "<Model>\[\]"\./,
      ),
    ]);
    expect(problems(tags({ values: 'nme' }))).toEqual([
      expect.stringMatching(
        /routes\[0\]\.values \| Tag has no field or computed field "nme" \| did you mean "name"\?/,
      ),
    ]);
    expect(problems({ todos: [{ ...TODO_ROUTES[0], values: 'secret' }, TODO_ROUTES[1]] })).toEqual([
      expect.stringMatching(/routes\[0\]\.values \| "secret" of Todo is hidden/),
    ]);
  });

  it('refuses it on an account route', () => {
    expect(problems({ users: [{ ...LOG_IN, values: 'email' }] })).toEqual([
      expect.stringMatching(
        /routes\[0\]\.values \| "values" does not apply to an account route: appgen writes its whole work/,
      ),
    ]);
  });
});

describe('the session token on current-user routes (`token`)', () => {
  const put = {
    method: 'PUT',
    path: '/api/user',
    record: 'currentUser',
    auth: true,
    partial: true,
    body: { bio: 'text' },
    response: 'User',
  };

  it("accepts it on GET, PUT and PATCH of the caller's own record", () => {
    const users = [
      { ...ME, token: true },
      { ...put, token: true },
      { ...put, method: 'PATCH', partial: undefined, token: true },
    ];
    expect(problems({ users })).toEqual([]);
    const routes = checkedProject(files({ users })).routes.filter((r) => r.path === '/api/user');
    expect(routes.map((r) => r.token)).toEqual([true, true, true]);
  });

  it('refuses it where there is no session to give', () => {
    const todo = { ...TODO_ROUTES[1], token: true };
    expect(problems({ todos: [TODO_ROUTES[0], todo] })).toEqual([
      expect.stringMatching(
        /todos\.json:\d+:\d+ routes\[1\]\.token \| "token" gives the session token in the answers of the signed-in user's own record, and GET \/api\/todos\/:id has no "record": "currentUser" \| add "record": "currentUser" and "auth": true/,
      ),
    ]);
    expect(
      problems({
        users: [
          { ...SIGN_UP, token: true },
          { ...LOG_IN, token: true },
          { method: 'POST', path: '/api/users/logout', account: 'logOut', token: true },
          {
            method: 'DELETE',
            path: '/api/user',
            record: 'currentUser',
            auth: true,
            model: 'User',
            token: true,
          },
          {
            ...ME,
            path: '/api/me',
            token: true,
            response: undefined,
            model: 'User',
            redirect: '/',
          },
        ],
      }),
    ).toEqual([
      expect.stringMatching(
        /routes\[0\]\.token \| a sign-up answers its session token by itself \| remove "token"\./,
      ),
      expect.stringMatching(/routes\[1\]\.token \| a log-in answers its session token by itself/),
      expect.stringMatching(
        /routes\[2\]\.token \| a log-out starts no session: it has no token to give/,
      ),
      expect.stringMatching(
        /routes\[3\]\.token \| DELETE \/api\/user removes the signed-in user's account: it has no session to give/,
      ),
      expect.stringMatching(
        /routes\[4\]\.token \| GET \/api\/me answers no record for the token to go with \(it redirects\)/,
      ),
    ]);
  });

  it('refuses it without a database', () => {
    expect(problems({ users: [{ ...ME, token: true }] }, TODO, { orm: 'none' })).toEqual([
      expect.stringMatching(
        /routes\[0\]\.token \| "token" needs a database, and this project has orm "none"/,
      ),
    ]);
  });
});

describe('`fields` on sign-up and log-in', () => {
  it("accepts the account's own fields and its url fields", () => {
    const users = [
      { ...SIGN_UP, fields: ['username', 'bio', 'url'] },
      { ...LOG_IN, fields: ['email', 'username'] },
      {
        method: 'GET',
        path: '/api/profiles/:username',
        params: { username: 'string' },
        response: 'User',
      },
    ];
    const withUserUrl = {
      ...files({ users }),
      'config/models/User.json': { ...USER, computed: { url: { url: '/api/profiles/:username' } } },
    };
    expect(problemsIn(withUserUrl).map(describeProblem)).toEqual([]);
    const [signUp, logIn] = checkedProject(withUserUrl).routes.filter((r) => r.account);
    expect([signUp.fields, logIn.fields]).toEqual([
      ['username', 'bio', 'url'],
      ['email', 'username'],
    ]);
  });

  it('refuses computed fields read from relations, unknown fields, and fields on a log-out', () => {
    expect(
      problems({
        users: [
          { ...SIGN_UP, fields: ['username', 'following'] },
          { ...LOG_IN, fields: ['usernme'] },
          { method: 'POST', path: '/api/users/logout', account: 'logOut', fields: ['email'] },
        ],
      }),
    ).toEqual([
      expect.stringMatching(
        /routes\[0\]\.fields\[1\] \| "following" is read from a relation, and an account route answers the account's own fields \(and its url fields\) \| remove "following"; a route with "record": "currentUser" can send it\./,
      ),
      expect.stringMatching(
        /routes\[1\]\.fields\[0\] \| User has no field or computed field "usernme" \| did you mean "username"\?/,
      ),
      expect.stringMatching(
        /routes\[2\]\.fields \| "fields" applies to routes that answer records of a model/,
      ),
    ]);
  });
});

describe('pages bound to these answers', () => {
  const page = (route: string, columns: string[]) => ({
    'config/views/todos.json': {
      name: 'TodosPage',
      path: '/todos',
      root: { type: 'list', route, columns },
    },
  });

  it('show a url field of a route without `fields`, and refuse a list of plain values', () => {
    const todos = [
      ...TODO_ROUTES,
      { method: 'GET', path: '/api/todo-titles', response: 'Todo[]', values: 'title' },
    ];
    expect(
      problemsIn({ ...files({ todos }), ...page('GET /api/todos', ['title', 'url']) }),
    ).toEqual([]);
    expect(
      problemsIn({ ...files({ todos }), ...page('GET /api/todo-titles', ['title']) }).map(
        describeProblem,
      ),
    ).toEqual([
      expect.stringMatching(
        /todos\.json:\d+:\d+ root\.route \| route "GET \/api\/todo-titles" answers plain values of "title" \("values"\), not records a page can show \| bind a GET route without "values"\./,
      ),
    ]);
  });
});
