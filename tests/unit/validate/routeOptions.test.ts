import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

const files = (...routes: unknown[]) => minimalProject({ 'config/routes/more.json': { routes } });
const problems = (...routes: unknown[]) => problemsIn(files(...routes)).map(describeProblem);
const ONE = { path: '/api/people/:id', params: { id: 'uuid' } };

describe('"status" and "partial"', () => {
  it('accepts a success status and a partial PUT', () => {
    const project = checkedProject(
      files(
        {
          method: 'POST',
          path: '/api/people',
          body: { name: 'string', email: 'string' },
          response: 'User',
          status: 200,
        },
        { method: 'DELETE', ...ONE, model: 'User', status: 204 },
        { method: 'PUT', ...ONE, body: { name: 'string' }, response: 'User', partial: true },
      ),
    );
    const more = project.routes.filter((r) => r.file === 'config/routes/more.json');
    expect(more.map((r) => [r.method, r.status, r.operation])).toEqual([
      ['POST', 200, 'create'],
      ['DELETE', 204, 'delete'],
      ['PUT', null, 'update'],
    ]);
    // A partial PUT leaves absent fields alone, so none is required.
    expect(more[2].body.map((f) => f.required)).toEqual([false]);
  });

  it('refuses a status beside a redirect, 204 on a GET or beside a response', () => {
    expect(
      problems(
        {
          method: 'POST',
          path: '/api/people',
          body: { name: 'string', email: 'string' },
          model: 'User',
          redirect: '/users',
          status: 201,
        },
        { method: 'GET', ...ONE, response: 'User', status: 204 },
        { method: 'DELETE', ...ONE, response: 'User', status: 204 },
      ),
    ).toEqual([
      'config/routes/more.json:12:7 routes[0].status | "status" does not apply to a route with "redirect" (it answers 303) | remove "status" or "redirect".',
      'config/routes/more.json:21:17 routes[1].status | a GET answers with a body, and 204 sends none | remove "status", or use 200.',
      'config/routes/more.json:30:17 routes[2].status | 204 sends no body, so the User of "response" would never be sent | name the model with "model": "User" instead of "response", or use 200.',
    ]);
  });

  it('refuses a redirect on a list, which would read its records for nothing', () => {
    expect(
      problems({ method: 'GET', path: '/api/people', response: 'User[]', redirect: '/' }),
    ).toEqual([
      'config/routes/more.json:7:7 routes[0].redirect | a list with "redirect" would read its User[] only to answer 307 without them | remove "redirect", or answer one record ("response": "User" with an id in the path) to redirect when it exists.',
    ]);
  });

  it('refuses "partial" on methods other than PUT', () => {
    expect(
      problems({
        method: 'PATCH',
        ...ONE,
        body: { name: 'string' },
        response: 'User',
        partial: true,
      }),
    ).toEqual([
      'config/routes/more.json:13:7 routes[0].partial | "partial" applies to PUT routes only (PATCH is partial already) | remove "partial".',
    ]);
  });

  it('refuses a status the schema does not list', () => {
    expect(problems({ method: 'DELETE', ...ONE, model: 'User', status: 301 })).toEqual([
      expect.stringContaining('routes[0].status'),
    ]);
  });
});
