import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import type { ProjectFiles } from '../support/tempProject';

const ARTICLE = {
  name: 'Article',
  fields: {
    title: 'string',
    authorId: 'uuid',
    editorId: { type: 'uuid', optional: true },
    publishedAt: { type: 'datetime', optional: true },
    created: 'date_now',
  },
  relations: {
    author: { type: 'belongsTo', model: 'User' },
    editor: { type: 'belongsTo', model: 'User' },
    favoritedBy: { type: 'manyToMany', model: 'User' },
    tags: { type: 'manyToMany', model: 'Tag' },
  },
};
const TAG = { name: 'Tag', fields: { name: { type: 'string', unique: true } } };
const KEY = { path: '/api/articles/:id', params: { id: 'uuid' } };
const files = (routes: unknown[], extra: ProjectFiles = {}) =>
  minimalProject({
    'config/models/Article.json': ARTICLE,
    'config/models/Tag.json': TAG,
    'config/routes/articles.json': { routes },
    ...extra,
  });
const problems = (routes: unknown[], extra?: ProjectFiles) =>
  problemsIn(files(routes, extra)).map((d) => describeProblem(d).replace(/^\S+ /, ''));

describe('routes that use the signed-in user', () => {
  it('accepts set, record, optional auth and link, and normalises them', () => {
    const project = checkedProject(
      files([
        {
          method: 'POST',
          path: '/api/articles',
          auth: true,
          body: { title: 'string' },
          set: { authorId: 'currentUser', publishedAt: 'now' },
          response: 'Article',
        },
        { method: 'GET', path: '/api/articles', auth: 'optional', response: 'Article[]' },
        {
          method: 'POST',
          ...KEY,
          path: '/api/articles/:id/favorite',
          auth: true,
          link: 'favoritedBy',
          response: 'Article',
        },
        { method: 'GET', path: '/api/me', record: 'currentUser', auth: true, response: 'User' },
      ]),
    );
    const [create, list, favorite, me] = project.routes.filter(
      (r) => r.path !== '/api/users' && !r.path.startsWith('/api/users/'),
    );
    expect(create.set).toEqual([
      { field: 'authorId', value: 'currentUser' },
      { field: 'publishedAt', value: 'now' },
    ]);
    expect([list.auth, list.optionalAuth]).toEqual([false, true]);
    expect([favorite.operation, favorite.link]).toEqual(['link', 'favoritedBy']);
    expect([me.operation, me.currentUserRecord]).toEqual(['get', true]);
    expect(project.accounts.model).toBe('User');
    expect(project.warnings).toEqual([]);
  });

  it('explains each misuse of "set", once', () => {
    expect(
      problems([
        {
          method: 'POST',
          path: '/api/articles',
          body: { title: 'string' },
          set: {
            authorId: 'currentUser',
            created: 'now',
            title: 'now',
            nope: 'now',
            editorId: 'now',
          },
          model: 'Article',
        },
        {
          method: 'GET',
          path: '/api/articles',
          set: { authorId: 'currentUser' },
          response: 'Article[]',
        },
      ]),
    ).toEqual([
      'routes[0].set.authorId | "currentUser" needs a signed-in caller | add "auth": true to the route.',
      'routes[0].set.created | "created" is a date_now field, set by the server already | remove it from "set".',
      'routes[0].set.title | "title" is in "body" too: a field comes from the request or from the server, not both | remove it from "body" (the server sets it) or from "set".',
      'routes[0].set.nope | "nope" is not a field of Article | use a field: "title", "authorId", "editorId", "publishedAt", "created".',
      'routes[0].set.editorId | "now" sets a time, and Article.editorId is uuid | set a datetime field.',
      'routes[1].set | "set" applies to routes that write a model (POST, PUT, PATCH without "function"), and GET /api/articles does not | remove "set"; a function sets what it wants.',
    ]);
  });

  it('lets "currentUser" fill an optional field on an optional sign-in, not a required one', () => {
    const route = (set: object) => ({
      method: 'POST',
      path: '/api/articles',
      auth: 'optional',
      body: { title: 'string', authorId: 'uuid' },
      set,
      model: 'Article',
    });
    expect(problems([route({ editorId: 'currentUser' })])).toEqual([]);
    expect(
      problems([{ ...route({ authorId: 'currentUser' }), body: { title: 'string' } }]),
    ).toEqual([
      'routes[0].set.authorId | "currentUser" is null for an anonymous caller, and Article.authorId is required | use "auth": true, or make "authorId" optional.',
    ]);
  });

  it('needs the accounts model for "currentUser" and "link", and checks the one named', () => {
    const noUser = {
      'config/models/User.json': { name: 'Person', fields: { name: 'string' } },
      'config/routes/users.json': { routes: [] },
      'config/views/login.json': {
        name: 'Login',
        path: '/login',
        root: { type: 'text', text: 'x' },
      },
    };
    const article = { ...ARTICLE, relations: {} };
    expect(
      problems(
        [{ method: 'GET', path: '/api/me', record: 'currentUser', auth: true, response: 'Person' }],
        { ...noUser, 'config/models/Article.json': article },
      ),
    ).toEqual([
      'routes[0].record | "currentUser" needs the model of the app\'s users | name the model of your users in appgen.config.json: "accounts": { "model": "User" }.',
    ]);
    expect(
      problemsIn(files([], { 'appgen.config.json': { accounts: { model: 'Usr' } } })).map(
        describeProblem,
      ),
    ).toEqual([
      expect.stringContaining('accounts.model | unknown model "Usr" | did you mean "User"?'),
    ]);
  });

  it('explains each misuse of "link" and "record"', () => {
    expect(
      problems([
        { method: 'PUT', ...KEY, link: 'favoritedBy', model: 'Article' },
        {
          method: 'POST',
          ...KEY,
          path: '/api/articles/:id/tag',
          auth: true,
          link: 'tags',
          model: 'Article',
        },
        {
          method: 'DELETE',
          ...KEY,
          path: '/api/articles/:id/fav',
          link: 'favoritedBy',
          model: 'Article',
        },
        {
          method: 'POST',
          ...KEY,
          path: '/api/articles/:id/x',
          auth: true,
          link: 'favourites',
          model: 'Article',
        },
        {
          method: 'GET',
          path: '/api/mine',
          record: 'currentUser',
          auth: true,
          response: 'Article',
        },
        {
          method: 'GET',
          path: '/api/me/:id',
          params: { id: 'uuid' },
          record: 'currentUser',
          auth: true,
          response: 'User',
        },
        {
          method: 'PATCH',
          path: '/api/me',
          record: 'currentUser',
          body: { name: 'string' },
          response: 'User',
        },
      ]),
    ).toEqual([
      'routes[0].link | "link" applies to POST (link) and DELETE (unlink), not PUT | use POST to link the signed-in user and DELETE to unlink them.',
      'routes[1].link | "link" links the signed-in user (a User), and Article.tags links Tag records | name a manyToMany relation of Article to User.',
      'routes[2].link | "link" needs a signed-in caller | add "auth": true to the route.',
      'routes[3].link | Article has no relation "favourites" | use a manyToMany relation to the users: "favoritedBy".',
      'routes[4].record | the signed-in user\'s record is a User, and this route works on Article | answer "User", or remove "record".',
      'routes[5].params | the route works on the signed-in user\'s record, so its path names no record | remove the path parameters (e.g. "/api/user"), or remove "record".',
      'routes[6].record | "currentUser" needs a signed-in caller | add "auth": true to the route.',
    ]);
  });

  it('warns when an auth route takes a user id from its body, and generates anyway', () => {
    const project = checkedProject(
      files([
        {
          method: 'POST',
          path: '/api/articles',
          auth: true,
          body: { title: 'string', authorId: 'uuid' },
          response: 'Article',
        },
      ]),
    );
    expect(project.warnings.map(describeProblem)).toEqual([
      expect.stringContaining(
        'routes[0].body.authorId | POST /api/articles takes "authorId" from the request body: any signed-in user can write it as someone else\'s id | set it from the session instead: remove it from "body" and add "set": { "authorId": "currentUser" }.',
      ),
    ]);
  });

  it('does not warn when the access rules check the user id against the caller', () => {
    const route = (method: string, path: string) => ({
      method,
      path,
      auth: true,
      body: { title: { type: 'string', required: method === 'POST' }, authorId: 'uuid' },
      ...(method === 'PATCH' ? { collection: true, status: 200, model: 'Article' } : {}),
      ...(method === 'POST' ? { response: 'Article' } : {}),
    });
    const warned = (access: unknown[]) =>
      checkedProject(
        files([route('POST', '/api/articles'), route('PATCH', '/api/articles')], {
          'config/models/Article.json': { ...ARTICLE, access },
        }),
      ).warnings.map((w) => `${w.message.split(' takes')[0]}`);
    // Every rule allowing the write names the caller (by id or role), one compares the author.
    expect(
      warned([
        { allow: 'read' },
        { allow: ['create', 'update'], when: { author: 'currentUser' } },
        {
          allow: 'update',
          when: { any: [{ authorId: 'currentUser' }, { editor: 'currentUser' }] },
        },
      ]),
    ).toEqual([]);
    // A rule any signed-in caller meets, or none comparing the author: the warning stays.
    expect(
      warned([
        { allow: 'create', when: { author: 'currentUser' } },
        {
          allow: 'update',
          when: { any: [{ author: 'currentUser' }, { currentUser: 'signedIn' }] },
        },
      ]),
    ).toEqual(['PATCH /api/articles']);
    expect(warned([{ allow: 'all', when: { editor: 'currentUser' } }])).toEqual([
      'POST /api/articles',
      'PATCH /api/articles',
    ]);
  });
});
