import { describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { appFolderNamer } from '../../../src/domain/appFolders';

const view = (name: string, path: string) => ({
  name,
  path,
  root: { type: 'button', label: 'Go' },
});

describe('rules of the Next.js app folder across routes and views', () => {
  it('lets two names share the dynamic folder at one position (each path reads its own names)', () => {
    const files = minimalProject({
      'config/routes/zz-posts.json': {
        routes: [
          {
            method: 'GET',
            path: '/api/users/:userId/posts',
            params: { userId: 'uuid' },
            function: 'listPosts',
          },
        ],
      },
    });
    expect(problemsIn(files)).toEqual([]);
    const folderOf = appFolderNamer([
      '/api/users/:userId/posts',
      '/api/users/:id',
      '/users/:slug/edit',
    ]);
    expect(folderOf('/api/users/:userId/posts')).toEqual({
      folder: 'api/users/[id]/posts',
      params: [{ name: 'userId', folder: 'id' }],
    });
    expect(folderOf('/api/users/:id')).toEqual({
      folder: 'api/users/[id]',
      params: [{ name: 'id', folder: 'id' }],
    });
  });

  it('names each dynamic folder after the shortest path that has it, whatever the file order', () => {
    const a = appFolderNamer(['/a/:x/b/:y', '/a/:z', '/a/:w/c']);
    const b = appFolderNamer(['/a/:w/c', '/a/:x/b/:y', '/a/:z']);
    for (const folderOf of [a, b])
      expect(['/a/:x/b/:y', '/a/:w/c'].map((p) => folderOf(p).folder)).toEqual([
        'a/[z]/b/[y]',
        'a/[z]/c',
      ]);
  });

  it('gives a nested parameter its own folder name when an outer folder of the path has its name', () => {
    const folderOf = appFolderNamer([
      '/api/posts/:id',
      '/api/posts/:postId/comments/:id',
      '/api/posts/:postId/comments',
      '/x/:a/y/:a',
    ]);
    expect(folderOf('/api/posts/:postId/comments/:id')).toEqual({
      folder: 'api/posts/[id]/comments/[commentsId]',
      params: [
        { name: 'postId', folder: 'id' },
        { name: 'id', folder: 'commentsId' },
      ],
    });
    expect(folderOf('/x/:a/y/:a').folder).toBe('x/[a]/y/[yA]');
    expect(
      problemsIn(
        minimalProject({
          'config/routes/zz.json': {
            routes: [
              {
                method: 'GET',
                path: '/api/users/:userId/friends/:id',
                params: { userId: 'uuid', id: 'uuid' },
                function: 'friend',
              },
            ],
          },
        }),
      ),
    ).toEqual([]);
  });

  it('allows the same name at one position and a static sibling of a dynamic folder', () => {
    const routes = [
      {
        method: 'GET',
        path: '/api/users/:id/friends',
        params: { id: 'uuid' },
        function: 'friends',
      },
      { method: 'GET', path: '/api/users/me', function: 'me' },
    ];
    expect(problemsIn(minimalProject({ 'config/routes/zz-more.json': { routes } }))).toEqual([]);
  });

  it('rejects a page and an API route at the same path', () => {
    const problems = problemsIn(
      minimalProject({ 'config/views/users.json': view('UsersPage', '/api/users') }),
    );
    expect(problems.map(describeProblem)).toEqual([
      'config/views/users.json:3:11 path | a page and an API route cannot share a path (config/routes/users.json has the other) | serve pages and API routes at different paths, e.g. API routes under /api.',
    ]);
  });

  it('rejects a page and a route whose paths differ only in parameter names', () => {
    const problems = problemsIn(
      minimalProject({ 'config/views/user.json': view('UserPage', '/api/users/:id') }),
    );
    expect(problems.map((p) => p.message)).toEqual([
      'a page and an API route cannot share a path (config/routes/users.json has the other)',
    ]);
  });

  it('rejects a route at the root when a page is at the root', () => {
    const problems = problemsIn(
      minimalProject({
        'config/views/home.json': view('HomePage', '/'),
        'config/routes/zz-root.json': { routes: [{ method: 'GET', path: '/', function: 'home' }] },
      }),
    );
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringContaining('a page and an API route cannot share a path'),
    ]);
  });

  it('rejects a route or a view at the paths of the health checks, with the fix', () => {
    const problems = problemsIn(
      minimalProject({
        'config/views/health.json': view('HealthPage', '/api/health/live'),
        'config/routes/zz-health.json': {
          routes: [{ method: 'GET', path: '/api/health', function: 'health' }],
        },
      }),
    );
    expect(problems.map(describeProblem)).toEqual([
      expect.stringMatching(
        /^config\/routes\/zz-health\.json:\d+:\d+ routes\[0\]\.path \| \/api\/health is where appgen serves the readiness check \(GET \/api\/health\) \| choose another path/,
      ),
      expect.stringMatching(
        /^config\/views\/health\.json:\d+:\d+ path \| \/api\/health\/live is where appgen serves the liveness check/,
      ),
    ]);
  });

  it('rejects a route or a view at the paths of the OpenAPI document and the API docs page', () => {
    const problems = problemsIn(
      minimalProject({
        'config/views/docs.json': view('DocsPage', '/api/docs'),
        'config/routes/zz-doc.json': {
          routes: [{ method: 'GET', path: '/api/openapi.json', function: 'doc' }],
        },
      }),
    );
    expect(problems.map(describeProblem)).toEqual([
      expect.stringMatching(
        /^config\/routes\/zz-doc\.json:\d+:\d+ routes\[0\]\.path \| \/api\/openapi\.json is where appgen serves the OpenAPI document \| choose another path/,
      ),
      expect.stringMatching(
        /^config\/views\/docs\.json:\d+:\d+ path \| \/api\/docs is where appgen serves the API documentation page/,
      ),
    ]);
  });
});
