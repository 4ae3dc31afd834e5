import { appFolderNamer } from '../../../src/domain/appFolders';
import { parseAppPath, pathShape } from '../../../src/domain/appPaths';
import { problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

describe('parseAppPath keeps every path inside src/app', () => {
  it.each([
    ['/api/../secret', 'contains "..", which would leave its folder'],
    ['/..', 'contains "..", which would leave its folder'],
    ['/api/./x', 'contains ".", which would leave its folder'],
    ['/api/%2e%2e/secret', 'has characters that cannot be a folder name'],
    ['/api/%2E%2E', 'has characters that cannot be a folder name'],
    ['/api/..%2fetc', 'has characters that cannot be a folder name'],
    ['/api/..\\secret', 'has characters that cannot be a folder name'],
    ['/api\\users', 'has characters that cannot be a folder name'],
    ['/api//users', 'has an empty segment ("//")'],
    ['//evil.example/x', 'has an empty segment ("//")'],
    ['/api/users/', 'ends with "/"'],
    ['api/users', 'must start with "/"'],
    ['/api/(group)/x', 'has characters that cannot be a folder name'],
    ['/api/[id]', 'has characters that cannot be a folder name'],
    ['/api/@slot', 'has characters that cannot be a folder name'],
    ['/api/_private', 'has characters that cannot be a folder name'],
    ['/api/.hidden', 'has characters that cannot be a folder name'],
    ['/api/x y', 'has characters that cannot be a folder name'],
    ['/api/:', 'is not a valid parameter'],
    ['/api/:user-id', 'is not a valid parameter'],
  ])('rejects %s', (path, message) => {
    const result = parseAppPath(path);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toContain(message);
      expect(result.hint).not.toBe('');
    }
  });

  it.each([
    ['/', ''],
    ['/login', 'login'],
    ['/api/users/:id', 'api/users/[id]'],
    ['/api/v1.2/users', 'api/v1.2/users'],
    ['/api/users/:userId/posts', 'api/users/[userId]/posts'],
    ['/docs/getting-started~1', 'docs/getting-started~1'],
  ])('maps %s to the folder "%s"', (path, folder) => {
    const result = parseAppPath(path);
    if (!result.ok) throw new Error(result.message);
    expect(appFolderNamer([path])(path).folder).toBe(folder);
  });

  it('gives paths that differ only in parameter names the same shape', () => {
    const shape = (path: string) => {
      const result = parseAppPath(path);
      if (!result.ok) throw new Error(result.message);
      return pathShape(result.segments);
    };
    expect(shape('/api/users/:id')).toBe(shape('/api/users/:userId'));
    expect(shape('/api/users/:id')).not.toBe(shape('/api/users/id'));
  });
});

describe('path checks apply to route paths, view paths and redirects', () => {
  it('reports a traversing route path at its "path"', () => {
    const problems = problemsIn(
      minimalProject({
        'config/routes/zz.json': {
          routes: [{ method: 'GET', path: '/api/../../etc', function: 'steal' }],
        },
      }),
    );
    expect(problems.map((p) => [p.file, p.jsonPath, p.location])).toEqual([
      ['config/routes/zz.json', 'routes[0].path', { line: 5, column: 15 }],
    ]);
    expect(problems[0].hint).toBe('write the path without "." or ".." segments.');
  });

  it('reports an encoded route path', () => {
    const problems = problemsIn(
      minimalProject({
        'config/routes/zz.json': {
          routes: [{ method: 'GET', path: '/api/%2e%2e/etc', function: 'steal' }],
        },
      }),
    );
    expect(problems.map((p) => p.hint)).toEqual([expect.stringContaining('no %-encoding')]);
  });

  it('reports a traversing view path', () => {
    const problems = problemsIn(
      minimalProject({
        'config/views/login.json': {
          name: 'LoginPage',
          path: '/../login',
          root: { type: 'button', label: 'Go' },
        },
      }),
    );
    expect(problems.map((p) => [p.jsonPath, p.message])).toEqual([
      ['path', 'path "/../login" contains "..", which would leave its folder'],
    ]);
  });

  it('reports a redirect that leaves the app or has parameters', () => {
    const routes = [
      { method: 'POST', path: '/api/a', function: 'a', redirect: '//evil.example/x' },
      { method: 'POST', path: '/api/b', function: 'b', redirect: '/users/:id' },
      { method: 'POST', path: '/api/c', function: 'c', redirect: '/welcome' },
    ];
    const problems = problemsIn(minimalProject({ 'config/routes/zz.json': { routes } }));
    expect(problems.map((p) => [p.jsonPath, p.message])).toEqual([
      [
        'routes[0].redirect',
        'path "//evil.example/x" leads to another site: browsers read "//" or "/\\" at the start as the address of another host',
      ],
      ['routes[1].redirect', 'redirect "/users/:id" must be a fixed path'],
    ]);
  });
});
