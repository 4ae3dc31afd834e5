import fs from 'fs';
import path from 'path';
import { mapProject } from '../../../src/map/mapProject';
import { projectName } from '../../../src/project/projectName';
import { buildFileMap } from '../../../src/render/buildFileMap';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { TemplateSet } from '../../../src/render/templateSet';
import { checkedProject } from '../support/checkConfig';
import { LOGIN_VIEW, minimalProject } from '../support/configs';
import { SQLITE_OPTIONS } from '../support/generateOptions';
import { renderFiles } from '../support/renderFiles';
import { makeTempDir, removeTempProjects } from '../support/tempProject';

// Issue 40: `/` is appgen's home page (src/appgen/home.tsx, shown by the scaffolded
// src/app/page.tsx) unless a view has the path `/`; an address no page has gets the scaffolded,
// styled src/app/not-found.tsx. The browser side is in tests/e2e/starter-app.test.ts.

afterAll(removeTempProjects);

const USERS_VIEW = {
  name: 'UsersPage',
  path: '/users',
  title: 'Users',
  root: { type: 'list', route: 'GET /api/users', columns: ['name'] },
};

describe('the home page and the not-found page', () => {
  it("lists the views without parameters, the API documentation, and names the app (package.json's name)", () => {
    const files = buildFileMap(
      mapProject(checkedProject(minimalProject({ 'config/views/users.json': USERS_VIEW })), {
        ...SQLITE_OPTIONS,
        appName: 'field-notes',
      }),
      new TemplateSet(BUILTIN_TEMPLATES_DIR),
    );
    const home = files.get('src/appgen/home.tsx')?.content ?? '';
    expect(home).toContain('export const APP_NAME = "field-notes";');
    expect(home).toContain('<Link href={"/users"}>{"Users"}</Link>');
    expect(home).toContain('<Link href={"/login"}>');
    expect(home).toContain('href="/api/docs"');
    expect(files.get('src/app/layout.tsx')?.content).toContain('title: "field-notes"');
    expect(files.get('src/app/page.tsx')).toMatchObject({ owner: 'generated' });
    expect(files.get('src/app/page.tsx')?.content).toContain('return <AppHome />;');
    expect(files.get('src/app/not-found.tsx')).toMatchObject({ owner: 'generated' });
  });

  it('gives way to a view with the path /: no home page, no scaffolded page at /', () => {
    const files = renderFiles(
      minimalProject({ 'config/views/login.json': { ...LOGIN_VIEW, path: '/' } }),
    );
    expect(files.has('src/appgen/home.tsx')).toBe(false);
    expect(files.get('src/app/page.tsx')?.owner).toBe('generated');
    expect(files.has('src/app/not-found.tsx')).toBe(true);
  });

  it('gives way to an API route at /', () => {
    const files = renderFiles(
      minimalProject({
        'config/routes/zz-root.json': { routes: [{ method: 'GET', path: '/', function: 'home' }] },
      }),
    );
    expect(files.has('src/app/route.ts')).toBe(true);
    expect(files.has('src/appgen/home.tsx')).toBe(false);
    expect(files.has('src/app/page.tsx')).toBe(false);
  });

  it('calls the app "appgen app" without a package.json name', () => {
    const files = renderFiles(minimalProject());
    expect(files.get('src/appgen/home.tsx')?.content).toContain(
      'export const APP_NAME = "appgen app";',
    );
  });

  it("reads the project's name from its package.json, and only a non-empty string", () => {
    const root = makeTempDir('appgen-name-');
    expect(projectName(root)).toBeNull();
    const write = (text: string) => fs.writeFileSync(path.join(root, 'package.json'), text);
    write(JSON.stringify({ name: ' my-app ' }));
    expect(projectName(root)).toBe('my-app');
    for (const text of ['{ "name": 3 }', '{ "name": "" }', 'not json', '{}']) {
      write(text);
      expect(projectName(root)).toBeNull();
    }
  });
});
