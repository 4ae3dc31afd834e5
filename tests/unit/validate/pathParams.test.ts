import { describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

const POST_MODEL = {
  name: 'Post',
  fields: { userId: 'uuid', title: 'string', views: { type: 'int', default: 0 } },
};
const withRoutes = (...routes: unknown[]) =>
  minimalProject({ 'config/routes/users.json': { routes }, 'config/models/Post.json': POST_MODEL });
const problems = (...routes: unknown[]) => problemsIn(withRoutes(...routes)).map(describeProblem);

describe('path parameters and "params"', () => {
  it('reports a :param that "params" does not declare, once, at the path', () => {
    expect(problems({ method: 'GET', path: '/api/users/:id', response: 'User' })).toEqual([
      'config/routes/users.json:5:15 routes[0].path | path parameter ":id" is not declared in "params" | add "params": { "id": "uuid" } (or "string", "int").',
    ]);
  });

  it('reports a declared parameter that the path does not use, once, at its key', () => {
    expect(
      problems({ method: 'GET', path: '/api/users', params: { id: 'uuid' }, response: 'User[]' }),
    ).toEqual([
      'config/routes/users.json:7:9 routes[0].params.id | parameter "id" is declared but path "/api/users" has no ":id" segment | remove it from "params".',
    ]);
  });

  it('suggests the path parameter a declared name was probably meant to be', () => {
    expect(
      problems({
        method: 'GET',
        path: '/api/users/:id',
        params: { id: 'uuid', idd: 'uuid' },
        response: 'User',
      }),
    ).toEqual([
      'config/routes/users.json:8:9 routes[0].params.idd | parameter "idd" is declared but path "/api/users/:id" has no ":idd" segment | did you mean "id"?',
    ]);
  });

  it('reports a parameter used twice in one path', () => {
    expect(
      problems({
        method: 'GET',
        path: '/api/x/:a/y/:a',
        params: { a: 'string' },
        function: 'load',
      }),
    ).toEqual([
      expect.stringContaining(
        'routes[0].path | path "/api/x/:a/y/:a" uses ":a" twice | give each parameter its own name.',
      ),
    ]);
  });

  it('reports a parameter segment that is not an identifier', () => {
    expect(problems({ method: 'GET', path: '/api/x/:1st', function: 'load' })).toEqual([
      expect.stringContaining(
        '":1st" in path "/api/x/:1st" is not a valid parameter | a parameter is ":" followed by an identifier, e.g. ":id".',
      ),
    ]);
  });

  it('requires :id on routes that work on one record', () => {
    expect(problems({ method: 'GET', path: '/api/users', response: 'User' })).toEqual([
      'config/routes/users.json:5:15 routes[0].path | GET /api/users works on one User, but no path parameter names it | name it in the path by a unique field: ":id" (e.g. "/api/users/:id" with "params": { "id": "uuid" }). Or handle it with a "function".',
    ]);
  });

  it('requires id to be a uuid', () => {
    expect(
      problems({ method: 'GET', path: '/api/users/:id', params: { id: 'int' }, response: 'User' }),
    ).toEqual([
      'config/routes/users.json:7:15 routes[0].params.id | "id" is a uuid on every model, not int | declare "id": "uuid".',
    ]);
  });

  it('rejects :id on a list or create route', () => {
    expect(
      problems({
        method: 'GET',
        path: '/api/posts/:id',
        params: { id: 'uuid' },
        response: 'Post[]',
      }),
    ).toEqual([
      expect.stringContaining(
        'routes[0].params.id | ":id" on a list route has no meaning | remove it, or use a "function".',
      ),
    ]);
  });

  it('lets another parameter select by the model field of its name (nested path)', () => {
    expect(
      problems(
        {
          method: 'GET',
          path: '/api/users/:userId/posts',
          params: { userId: 'uuid' },
          response: 'Post[]',
        },
        {
          method: 'POST',
          path: '/api/users/:userId/posts',
          params: { userId: 'uuid' },
          body: { title: 'string' },
          response: 'Post',
        },
        {
          method: 'GET',
          path: '/api/posts/by-views/:views',
          params: { views: 'int' },
          response: 'Post[]',
        },
      ),
    ).toEqual([]);
  });

  it('reports a parameter that is not a field of the model, listing the fields', () => {
    expect(
      problems({
        method: 'GET',
        path: '/api/groups/:groupId/posts',
        params: { groupId: 'uuid' },
        response: 'Post[]',
      }),
    ).toEqual([
      'config/routes/users.json:7:9 routes[0].params.groupId | parameter "groupId" is not a field of Post, nor a unique field of a model Post belongs to, so it cannot select records | use a field: "userId", "title", "views". Or handle the route with a "function".',
    ]);
  });

  it('reports a parameter whose type does not match its field', () => {
    expect(
      problems({
        method: 'GET',
        path: '/api/posts/by-title/:title',
        params: { title: 'int' },
        response: 'Post[]',
      }),
    ).toEqual([
      expect.stringContaining(
        'routes[0].params.title | parameter "title" is int but Post.title is string | make the types agree.',
      ),
    ]);
    expect(
      problems({
        method: 'GET',
        path: '/api/posts/by-views/:views',
        params: { views: 'string' },
        response: 'Post[]',
      }),
    ).toEqual([expect.stringContaining('parameter "views" is string but Post.views is int')]);
  });

  it('does not take names of Object.prototype for declared parameters or fields', () => {
    expect(
      problems({ method: 'GET', path: '/api/authors/:constructor/posts', function: 'load' }),
    ).toEqual([
      expect.stringContaining('path parameter ":constructor" is not declared in "params"'),
    ]);
    expect(
      problems({
        method: 'GET',
        path: '/api/authors/:constructor/posts',
        params: { constructor: 'string' },
        response: 'Post[]',
      }),
    ).toEqual([expect.stringContaining('parameter "constructor" is not a field of Post')]);
  });

  it('leaves the parameters of a function route to the function', () => {
    expect(
      problems({
        method: 'GET',
        path: '/api/reports/:year',
        params: { year: 'int' },
        response: 'User[]',
        function: 'report',
      }),
    ).toEqual([]);
  });
});
