import { mapProject } from '../../../src/map/mapProject';
import { checkedProject } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { SQLITE_OPTIONS } from '../support/generateOptions';

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
