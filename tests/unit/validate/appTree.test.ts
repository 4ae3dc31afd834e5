import { describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

const view = (name: string, path: string) => ({ name, path, root: { type: 'button', label: 'Go' } });

describe('rules of the Next.js app folder across routes and views', () => {
  it('rejects two names for the dynamic folder at one position', () => {
    const problems = problemsIn(
      minimalProject({ 'config/routes/zz-posts.json': { routes: [{ method: 'GET', path: '/api/users/:userId/posts', params: { userId: 'uuid' }, function: 'listPosts' }] } }),
    );
    expect(problems.map(describeProblem)).toEqual([
      'config/routes/zz-posts.json:5:15 routes[0].path | ":userId" sits where config/routes/users.json uses ":id"; Next.js needs one name per dynamic folder | rename it to ":id" (and its "params" entry).',
    ]);
  });

  it('checks view paths against route paths for dynamic names too', () => {
    const problems = problemsIn(minimalProject({ 'config/views/user.json': view('UserPage', '/api/users/:userId/card') }));
    expect(problems.map((p) => [p.file, p.jsonPath, p.hint])).toEqual([['config/views/user.json', 'path', 'rename it to ":id" (and its "params" entry).']]);
  });

  it('allows the same name at one position and a static sibling of a dynamic folder', () => {
    const routes = [
      { method: 'GET', path: '/api/users/:id/friends', params: { id: 'uuid' }, function: 'friends' },
      { method: 'GET', path: '/api/users/me', function: 'me' },
    ];
    expect(problemsIn(minimalProject({ 'config/routes/zz-more.json': { routes } }))).toEqual([]);
  });

  it('rejects a page and an API route at the same path', () => {
    const problems = problemsIn(minimalProject({ 'config/views/users.json': view('UsersPage', '/api/users') }));
    expect(problems.map(describeProblem)).toEqual([
      'config/views/users.json:3:11 path | a page and an API route cannot share a path (config/routes/users.json has the other) | serve pages and API routes at different paths, e.g. API routes under /api.',
    ]);
  });

  it('rejects a page and a route whose paths differ only in parameter names', () => {
    const problems = problemsIn(minimalProject({ 'config/views/user.json': view('UserPage', '/api/users/:id') }));
    expect(problems.map((p) => p.message)).toEqual(['a page and an API route cannot share a path (config/routes/users.json has the other)']);
  });

  it('rejects a route at the root when a page is at the root', () => {
    const problems = problemsIn(
      minimalProject({ 'config/views/home.json': view('HomePage', '/'), 'config/routes/zz-root.json': { routes: [{ method: 'GET', path: '/', function: 'home' }] } }),
    );
    expect(problems.map((p) => p.message)).toEqual([expect.stringContaining('a page and an API route cannot share a path')]);
  });
});
