import { mapProject } from '../../../src/map/mapProject';
import { checkedProject } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { SQLITE_OPTIONS } from '../support/generateOptions';
import { renderFiles } from '../support/renderFiles';
import { evaluateModule } from '../support/typescriptSource';

// Issue 50 §1: the proxy shows the not-found page, complete in the HTML, for a record page whose
// record does not exist (src/appgen/missingRecords.ts). The map says which pages it checks and
// how each calls its routes of one record, as the page does.
const USER_PAGE = {
  name: 'UserPage',
  path: '/users/:userId',
  root: {
    type: 'section',
    children: [
      { type: 'detail', route: 'GET /api/users/:id', params: { id: 'userId' }, columns: ['name'] },
      { type: 'list', route: 'GET /api/users', columns: ['name'] },
    ],
  },
};
const USERS_PAGE = {
  name: 'UsersPage',
  path: '/users',
  root: { type: 'list', route: 'GET /api/users', columns: ['name'] },
};

it('checks the one-record loads of pages with parameters, among every page and route path', () => {
  const files = minimalProject({
    'config/views/user.json': USER_PAGE,
    'config/views/users.json': USERS_PAGE,
  });
  const { missingRecords } = mapProject(checkedProject(files), SQLITE_OPTIONS);
  const checked = missingRecords.pages.filter((page) => page.loads.length > 0);
  expect(checked.map((page) => page.segments)).toEqual(['["users", ":userId"]']);
  expect(checked[0].loads.map((load) => [load.urlPath, load.paramsArgument])).toEqual([
    ['/api/users/:userId', '{ id: params.userId }'],
  ]);
  // The other pages take part in choosing the page (a static segment wins), unchecked; /api never.
  expect(missingRecords.pages.some((page) => page.segments.startsWith('["api"'))).toBe(false);
  expect(missingRecords.pages.map((page) => page.segments)).toEqual(
    expect.arrayContaining(['["login"]', '["users"]']),
  );
  expect(missingRecords.routeImports).toEqual([
    { handler: checked[0].loads[0].handler, module: '@/app/api/users/[id]/route' },
  ]);
});

it('checks nothing without a page that loads one record by its parameters', () => {
  const files = minimalProject({ 'config/views/users.json': USERS_PAGE });
  const { missingRecords } = mapProject(checkedProject(files), SQLITE_OPTIONS);
  expect(missingRecords).toEqual({ pages: [], routeImports: [] });
});

// The generated check, run: it calls the route of the page Next.js would pick, as the visitor.
describe('missingRecord at run time', () => {
  const files = renderFiles(
    minimalProject({
      'config/views/user.json': USER_PAGE,
      'config/views/users.json': USERS_PAGE,
      'config/views/newUser.json': { ...USERS_PAGE, name: 'NewUserPage', path: '/users/new' },
    }),
  );
  const calls: Array<{ url: string; params: unknown; cookie: string | null }> = [];
  let status = 404;
  const pageRequest = evaluateModule(
    'pageRequest.ts',
    String(files.get('src/appgen/pageRequest.ts')?.content),
  );
  const { missingRecord } = evaluateModule(
    'missingRecords.ts',
    String(files.get('src/appgen/missingRecords.ts')?.content),
    {
      './pageRequest': pageRequest,
      '@/app/api/users/[id]/route': {
        GET: async (request: Request, ctx: { params: Promise<unknown> }) => {
          calls.push({
            url: request.url,
            params: await ctx.params,
            cookie: request.headers.get('cookie'),
          });
          if (status === 500) throw new Error('down');
          return new Response(null, { status });
        },
      },
    },
  ) as { missingRecord: (request: Request) => Promise<boolean> };
  const ask = (path: string, method = 'GET') =>
    missingRecord(new Request(`http://app.test${path}`, { method, headers: { cookie: 's=1' } }));

  beforeEach(() => {
    calls.length = 0;
    status = 404;
  });

  it("answers true on the route's 404, called with the decoded parameter and the headers", async () => {
    await expect(ask('/users/caf%C3%A9')).resolves.toBe(true);
    expect(calls).toEqual([
      { url: 'http://app.test/api/users/caf%C3%A9', params: { id: 'café' }, cookie: 's=1' },
    ]);
    await expect(ask('/users/x', 'HEAD')).resolves.toBe(true);
  });

  it('leaves every other answer, and failures, to the page', async () => {
    for (const other of [200, 401, 403, 500]) {
      status = other;
      await expect(ask('/users/x')).resolves.toBe(false);
    }
  });

  it('calls nothing for a static page, the API, a write or a path that does not decode', async () => {
    for (const [path, method] of [
      ['/users/new', 'GET'],
      ['/users', 'GET'],
      ['/api/users/x', 'GET'],
      ['/users/x', 'POST'],
      ['/users/%E0%A4%A', 'GET'],
      ['/users/x/y', 'GET'],
    ])
      await expect(ask(path, method)).resolves.toBe(false);
    expect(calls).toEqual([]);
  });
});
