import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject, USER_MODEL } from '../support/configs';

const withRoutes = (routes: unknown[], extra: Record<string, unknown> = {}) =>
  minimalProject({ 'config/routes/users.json': { routes }, ...extra });
const POST_MODEL = { name: 'Post', fields: { title: 'string' } };

describe('routes refer to models that exist', () => {
  it('reports an unknown response model with "did you mean"', () => {
    expect(
      problemsIn(withRoutes([{ method: 'GET', path: '/api/users', response: 'Usr[]' }])).map(
        describeProblem,
      ),
    ).toEqual([
      'config/routes/users.json:6:19 routes[0].response | unknown model "Usr" | did you mean "User[]"?',
    ]);
  });

  it('reports an unknown "model" the same way', () => {
    const problems = problemsIn(
      withRoutes([
        { method: 'DELETE', path: '/api/users/:id', params: { id: 'uuid' }, model: 'Users' },
      ]),
    );
    expect(problems.map(describeProblem)).toEqual([
      'config/routes/users.json:9:16 routes[0].model | unknown model "Users" | did you mean "User"?',
    ]);
  });

  it('lists the models when no name is close', () => {
    const problems = problemsIn(
      withRoutes([{ method: 'GET', path: '/api/users', response: 'Zebra[]' }], {
        'config/models/Post.json': POST_MODEL,
      }),
    );
    expect(problems.map((p) => p.hint)).toEqual(['use a model: "Post", "User".']);
  });

  it('says to declare a model when there are none', () => {
    const problems = problemsIn({
      'config/routes/users.json': {
        routes: [{ method: 'GET', path: '/api/users', response: 'User[]' }],
      },
    });
    expect(problems.map((p) => [p.message, p.hint])).toEqual([
      ['unknown model "User"', 'declare it in config/models/.'],
    ]);
  });

  it('finds a model declared in another file', () => {
    expect(
      problemsIn(
        withRoutes([{ method: 'GET', path: '/api/posts', response: 'Post[]' }], {
          'config/models/Post.json': POST_MODEL,
        }),
      ),
    ).toEqual([]);
  });

  it('infers the model of a route without response from the routes on its collection path', () => {
    const project = checkedProject(minimalProject());
    expect(project.routes.map((r) => [r.method, r.path, r.model, r.operation])).toEqual([
      ['GET', '/api/users', 'User', 'list'],
      ['POST', '/api/users', 'User', 'create'],
      ['GET', '/api/users/:id', 'User', 'get'],
      ['DELETE', '/api/users/:id', 'User', 'delete'],
    ]);
  });

  it('asks for "model" when nothing names one', () => {
    const problems = problemsIn(
      withRoutes([{ method: 'DELETE', path: '/api/things/:id', params: { id: 'uuid' } }]),
    );
    expect(problems.map(describeProblem)).toEqual([
      'config/routes/users.json:3:5 routes[0] | DELETE /api/things/:id has no "response" and no model can be inferred from it or from routes on the same path | add "model": "<Model>", or handle it with a "function".',
    ]);
  });

  it('asks for "model" when routes on the same path use several models', () => {
    const routes = [
      { method: 'GET', path: '/api/items', response: 'User[]' },
      { method: 'POST', path: '/api/items', body: { title: 'string' }, response: 'Post' },
      { method: 'DELETE', path: '/api/items/:id', params: { id: 'uuid' } },
    ];
    const problems = problemsIn(withRoutes(routes, { 'config/models/Post.json': POST_MODEL }));
    expect(problems.map((p) => p.message)).toEqual([
      'DELETE /api/items/:id has no "response" and routes on the same path use several models (Post, User)',
    ]);
  });

  it('asks a GET without response for a response or a function', () => {
    const problems = problemsIn(
      withRoutes([{ method: 'GET', path: '/api/users/:id', params: { id: 'uuid' } }]),
    );
    expect(problems.map((p) => [p.jsonPath, p.hint])).toEqual([
      ['routes[0]', 'add "response": "<Model>" (or "<Model>[]"), or a "function" that handles it.'],
    ]);
  });

  it('does not repeat a problem of a model in the routes that use it', () => {
    const problems = problemsIn(
      minimalProject({
        'config/models/User.json': {
          ...USER_MODEL,
          fields: { ...USER_MODEL.fields, name: { type: 'string', values: ['a'] } },
        },
      }),
    );
    expect(problems.map((p) => p.file)).toEqual(['config/models/User.json']);
  });
});
