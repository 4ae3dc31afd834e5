import { describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject, USER_ROUTES } from '../support/configs';

const GET_BY_ID = {
  method: 'GET',
  path: '/api/users/:id',
  params: { id: 'uuid' },
  response: 'User',
};

describe('no two routes share method and path', () => {
  it('reports the second of two identical routes in one file, naming the first', () => {
    const problems = problemsIn(
      minimalProject({
        'config/routes/users.json': { routes: [...USER_ROUTES.routes, GET_BY_ID] },
      }),
    );
    expect(problems.map(describeProblem)).toEqual([
      'config/routes/users.json:39:5 routes[4] | GET /api/users/:id is declared twice (first in config/routes/users.json routes[2]) | remove one of them; paths that differ only in parameter names are the same route.',
    ]);
  });

  it('finds duplicates across files', () => {
    const problems = problemsIn(
      minimalProject({
        'config/routes/zz-more.json': {
          routes: [{ method: 'GET', path: '/api/users', response: 'User[]' }],
        },
      }),
    );
    expect(problems.map((p) => [p.file, p.jsonPath, p.message])).toEqual([
      [
        'config/routes/zz-more.json',
        'routes[0]',
        'GET /api/users is declared twice (first in config/routes/users.json routes[0])',
      ],
    ]);
  });

  it('treats paths that differ only in parameter names as the same route', () => {
    const problems = problemsIn(
      minimalProject({
        'config/routes/zz-more.json': {
          routes: [
            {
              method: 'GET',
              path: '/api/users/:userId',
              params: { userId: 'uuid' },
              function: 'loadUser',
            },
          ],
        },
      }),
    );
    expect(problems.map((p) => p.message)).toEqual([
      'GET /api/users/:userId is declared twice (first in config/routes/users.json routes[2])',
    ]);
  });

  it('allows the same path with different methods', () => {
    const routes = [
      GET_BY_ID,
      { ...GET_BY_ID, method: 'PUT', body: { name: 'string', email: 'string' } },
      { ...GET_BY_ID, method: 'PATCH', body: { name: 'string' } },
      { ...GET_BY_ID, method: 'DELETE' },
    ];
    expect(problemsIn(minimalProject({ 'config/routes/users.json': { routes } }))).toEqual([]);
  });
});

describe('views have unique names and paths', () => {
  const view = (name: string, path: string) => ({
    name,
    path,
    root: { type: 'button', label: 'Go' },
  });

  it('reports a second view at the same path', () => {
    const problems = problemsIn(
      minimalProject({ 'config/views/login2.json': view('SignInPage', '/login') }),
    );
    expect(problems.map(describeProblem)).toEqual([
      'config/views/login2.json:3:11 path | path "/login" is already served by config/views/login.json | give each view its own path.',
    ]);
  });

  it('reports a second view with the same name', () => {
    const problems = problemsIn(
      minimalProject({ 'config/views/login2.json': view('LoginPage', '/sign-in') }),
    );
    expect(problems.map(describeProblem)).toEqual([
      'config/views/login2.json:2:11 name | view "LoginPage" is already declared in config/views/login.json | give each view a unique name.',
    ]);
  });
});
