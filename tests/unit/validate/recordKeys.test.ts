import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

const ARTICLE = {
  name: 'Article',
  fields: {
    slug: { type: 'string', unique: true },
    title: 'string',
    authorId: 'uuid',
    code: 'int',
  },
  relations: { author: { type: 'belongsTo', model: 'User' } },
  indexes: [{ fields: ['code'], unique: true }],
};
const COMMENT = {
  name: 'Comment',
  fields: { body: 'text', articleId: 'uuid' },
  relations: { article: { type: 'belongsTo', model: 'Article', onDelete: 'cascade' } },
};
const files = (...routes: unknown[]) =>
  minimalProject({
    'config/models/Article.json': ARTICLE,
    'config/models/Comment.json': COMMENT,
    'config/routes/articles.json': { routes },
  });
const problems = (...routes: unknown[]) => problemsIn(files(...routes)).map(describeProblem);
const route = (method: string, path: string, extra: object = {}) => ({
  method,
  path,
  params: Object.fromEntries([...path.matchAll(/:(\w+)/g)].map((m) => [m[1], 'string'])),
  ...extra,
});

describe('records named by any unique field', () => {
  it('accepts a route on one record named by a unique field or a single-field unique index', () => {
    expect(
      problems(
        route('GET', '/api/articles/:slug', { response: 'Article' }),
        route('PUT', '/api/articles/:slug', {
          body: { title: 'string', authorId: 'uuid', code: 'int' },
          response: 'Article',
        }),
        route('PATCH', '/api/articles/:slug', { body: { title: 'string' }, response: 'Article' }),
        route('DELETE', '/api/articles/:slug', { model: 'Article' }),
        {
          ...route('GET', '/api/articles/by-code/:code'),
          params: { code: 'int' },
          response: 'Article',
        },
      ),
    ).toEqual([]);
  });

  it('refuses a record key that is not unique, once, with the fix', () => {
    expect(problems(route('GET', '/api/articles/:title', { response: 'Article' }))).toEqual([
      'config/routes/articles.json:5:15 routes[0].path | GET /api/articles/:title works on one Article, but "title" is not unique in Article | make Article.title unique ("unique": true), or name the record by ":id", ":slug", ":code". Or handle it with a "function".',
    ]);
  });

  it('accepts nested routes under a parent named by its unique field', () => {
    const project = checkedProject(
      files(
        route('GET', '/api/articles/:slug/comments', { response: 'Comment[]' }),
        route('POST', '/api/articles/:slug/comments', {
          body: { body: 'text' },
          response: 'Comment',
        }),
        {
          ...route('DELETE', '/api/articles/:slug/comments/:id'),
          params: { slug: 'string', id: 'uuid' },
          model: 'Comment',
        },
      ),
    );
    const [list, create, remove] = project.routes.filter((r) => r.path.startsWith('/api/articles'));
    const parent = {
      relation: 'article',
      model: 'Article',
      field: 'slug',
      foreignKey: 'articleId',
    };
    expect(list.params).toEqual([{ name: 'slug', type: 'string', field: null, parent }]);
    expect(create.params).toEqual([{ name: 'slug', type: 'string', field: null, parent }]);
    expect(remove.params).toEqual([
      { name: 'slug', type: 'string', field: null, parent },
      { name: 'id', type: 'uuid', field: 'id', parent: null },
    ]);
  });

  it('does not ask a create under a parent for the foreign key the parent sets', () => {
    expect(
      problems(
        route('POST', '/api/articles/:slug/comments', {
          body: { body: 'text' },
          response: 'Comment',
        }),
      ),
    ).toEqual([]);
  });

  it('points to the parent field to make unique when a parameter names a non-unique one', () => {
    expect(
      problems(route('GET', '/api/articles/:title/comments', { response: 'Comment[]' })),
    ).toEqual([
      'config/routes/articles.json:7:9 routes[0].params.title | parameter "title" is not a field of Comment, nor a unique field of a model Comment belongs to, so it cannot select records | make Article.title unique ("unique": true) so it can name one record.',
    ]);
  });

  it('checks the type of a parent key against the parent field', () => {
    expect(
      problems({
        ...route('GET', '/api/articles/:code/comments'),
        params: { code: 'string' },
        response: 'Comment[]',
      }),
    ).toEqual([
      'config/routes/articles.json:7:17 routes[0].params.code | parameter "code" is string but Article.code is int | make the types agree.',
    ]);
  });

  it('lets owner voters see a record named by a unique field', () => {
    const project = checkedProject(
      files(
        route('DELETE', '/api/articles/:slug', {
          model: 'Article',
          auth: true,
          voter: 'owner:authorId',
        }),
      ),
    );
    const remove = project.routes.find((r) => r.path === '/api/articles/:slug');
    expect(remove?.voterSeesRecord).toBe(true);
  });
});
