import type { MethodContext, ProjectContext } from '../../../src/map/contexts';
import { mapProject } from '../../../src/map/mapProject';
import { checkedProject } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { SQLITE_OPTIONS } from '../support/generateOptions';
import type { ProjectFiles } from '../support/tempProject';

// What the map stage makes of url fields, `values` and `token`: the shapes handlers send, the
// fields an included record's url needs read, and the sessions and settings the app then needs.
const map = (files: ProjectFiles): ProjectContext =>
  mapProject(checkedProject(files), SQLITE_OPTIONS);

const LIST = {
  name: 'List',
  fields: { title: 'string', slug: { type: 'string', unique: true } },
  relations: { todos: { type: 'hasMany', model: 'Todo' } },
  computed: { url: { url: '/api/lists/:slug' } },
};
const TODO = {
  name: 'Todo',
  fields: { title: 'string', listId: 'uuid' },
  relations: { list: { type: 'belongsTo', model: 'List' } },
  computed: { url: { url: '/api/todos/:id' }, href: { url: '/api/lists/:listId/todos/:id' } },
};
const ROUTES = [
  { method: 'GET', path: '/api/lists/:slug', params: { slug: 'string' }, response: 'List' },
  { method: 'GET', path: '/api/todos/:id', params: { id: 'uuid' }, response: 'Todo' },
  {
    method: 'GET',
    path: '/api/lists/:listId/todos/:id',
    params: { listId: 'uuid', id: 'uuid' },
    response: 'Todo',
    fields: ['title'],
  },
  {
    method: 'GET',
    path: '/api/todos',
    response: 'Todo[]',
    include: { list: { fields: ['title', 'url'] } },
  },
  { method: 'GET', path: '/api/todo-urls', response: 'Todo[]', values: 'href' },
  { method: 'GET', path: '/api/todo-titles', response: 'Todo[]', values: 'title' },
];

const project = map(
  minimalProject({
    'config/models/List.json': LIST,
    'config/models/Todo.json': TODO,
    'config/routes/todos.json': { routes: ROUTES },
  }),
);
const method = (path: string): MethodContext =>
  project.methods.find((m) => m.urlPath === path) as MethodContext;

describe('answer shapes', () => {
  it('sends every url field of a record sent whole, and those `fields` name', () => {
    const one = method('/api/todos/:id');
    expect([one.fields, one.urls.map((u) => u.name), one.sendsUrls]).toEqual([
      null,
      ['url', 'href'],
      true,
    ]);
    expect(one.urls[1]).toEqual({
      name: 'href',
      path: '/api/lists/:listId/todos/:id',
      params: ['listId', 'id'],
    });
    expect(one.shapeName).toBe('getApiTodosByIdShape');
    const chosen = method('/api/lists/:listId/todos/:id');
    expect([chosen.urls, chosen.sendsUrls, chosen.shapeName]).toEqual([
      [],
      false,
      'getApiListsByListIdTodosByIdShape',
    ]);
  });

  it("reads the fields an included record's url needs, and sends only those `fields` name", () => {
    const [list] = method('/api/todos').include;
    expect([list.fields, list.plainFields, list.urls.map((u) => u.name)]).toEqual([
      ['title', 'url'],
      ['title', 'slug'],
      ['url'],
    ]);
  });

  it('shapes a list of values only when the value is not a plain field', () => {
    expect([method('/api/todo-urls').values, method('/api/todo-urls').shapeName]).toEqual([
      'href',
      'getApiTodoUrlsShape',
    ]);
    expect([method('/api/todo-titles').values, method('/api/todo-titles').shapeName]).toEqual([
      'title',
      null,
    ]);
  });

  it('lists APPGEN_PUBLIC_URL and its start-up check for an app whose answers send urls', () => {
    expect(project.envVariables.map((v) => v.name)).toContain('APPGEN_PUBLIC_URL');
    expect(project.startupChecks).toContainEqual({
      module: '@/appgen/requestOrigin',
      name: 'publicUrlProblem',
    });
    const plain = map(minimalProject());
    expect(plain.envVariables.map((v) => v.name)).not.toContain('APPGEN_PUBLIC_URL');
  });

  it('issues sessions for `token` routes: held on GET, new on PUT, and checks the secret at start', () => {
    const accounts = map(
      minimalProject({
        'appgen.config.json': { orm: 'prisma' },
        'config/models/User.json': {
          name: 'User',
          fields: { email: { type: 'string', unique: true }, password: 'password' },
        },
        'config/routes/users.json': {
          routes: [
            {
              method: 'GET',
              path: '/api/user',
              record: 'currentUser',
              auth: true,
              token: true,
              response: 'User',
            },
            {
              method: 'PUT',
              path: '/api/user',
              record: 'currentUser',
              auth: true,
              token: true,
              partial: true,
              body: { password: 'password' },
              response: 'User',
            },
          ],
        },
      }),
    );
    const [get, put] = accounts.methods.filter((m) => m.urlPath === '/api/user');
    expect([get.sessionToken, put.sessionToken]).toEqual(['held', 'new']);
    expect(accounts.startupChecks).toContainEqual({
      module: '@/appgen/session',
      name: 'sessionSecretProblem',
    });
    expect(
      accounts.envVariables.find((v) => v.name === 'APPGEN_SESSION_SECRET')?.requiredInProduction,
    ).toBe(true);
  });
});
