import type { ProjectContext } from '../../../src/map/contexts';
import { mapProject } from '../../../src/map/mapProject';
import { delegateName, routeTypeName } from '../../../src/domain/names';
import { checkedProject } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { SQLITE_OPTIONS } from '../support/generateOptions';
import type { ProjectFiles } from '../support/tempProject';

const map = (files: ProjectFiles): ProjectContext =>
  mapProject(checkedProject(files), SQLITE_OPTIONS);

const BLOG_POST = {
  name: 'BlogPost',
  fields: {
    authorId: 'uuid',
    title: 'string',
    status: { type: 'enum', values: ['draft', 'live'], default: 'draft' },
    note: { type: 'text', optional: true },
    data: { type: 'json', optional: true },
    views: { type: 'int', default: 0 },
    createdAt: 'date_now',
  },
};
const ITEM = { path: '/api/posts/:id', params: { id: 'uuid' } };

describe('mapProject', () => {
  it('names Prisma delegates by lower-casing the first letter', () => {
    expect(delegateName('User')).toBe('user');
    expect(delegateName('BlogPost')).toBe('blogPost');
    const project = map(minimalProject({ 'config/models/BlogPost.json': BLOG_POST }));
    expect(project.models.map((m) => [m.name, m.delegate])).toEqual([
      ['BlogPost', 'blogPost'],
      ['User', 'user'],
    ]);
  });

  it('puts id first (adding it when left out) and maps types and Prisma attributes', () => {
    const [post] = map(minimalProject({ 'config/models/BlogPost.json': BLOG_POST })).models;
    expect(
      post.fields.map((f) => [f.name, f.tsType, f.prismaType, f.prismaAttributes, f.optional]),
    ).toEqual([
      ['id', 'string', 'String', '@id @default(uuid(7))', false],
      ['authorId', 'string', 'String', '', false],
      ['title', 'string', 'String', '', false],
      ['status', '"draft" | "live"', 'String', '@default("draft")', false],
      ['note', 'string', 'String', '', true],
      ['data', 'JsonValue', 'Json', '', true],
      ['views', 'number', 'Int', '@default(0)', false],
      ['createdAt', 'string', 'DateTime', '@default(now())', false],
    ]);
  });

  it('groups routes by path into one file each, with methods in a fixed order', () => {
    const routes = [
      { method: 'DELETE', ...ITEM, model: 'BlogPost' },
      { method: 'PATCH', ...ITEM, body: { title: 'string' }, response: 'BlogPost' },
      { method: 'GET', path: '/api/posts', response: 'BlogPost[]' },
      { method: 'PUT', ...ITEM, body: { authorId: 'uuid', title: 'string' }, response: 'BlogPost' },
      { method: 'GET', ...ITEM, response: 'BlogPost' },
      {
        method: 'POST',
        path: '/api/posts',
        body: { authorId: 'uuid', title: 'string' },
        response: 'BlogPost',
      },
    ];
    const project = map(
      minimalProject({
        'config/models/BlogPost.json': BLOG_POST,
        'config/routes/posts.json': { routes },
      }),
    );
    expect(
      project.routeFiles.map((f) => [f.outputPath, f.urlPath, f.methods.map((m) => m.method)]),
    ).toEqual([
      ['src/app/api/posts/[id]/route.ts', '/api/posts/:id', ['GET', 'PUT', 'PATCH', 'DELETE']],
      ['src/app/api/posts/route.ts', '/api/posts', ['GET', 'POST']],
      ['src/app/api/users/[id]/route.ts', '/api/users/:id', ['GET', 'DELETE']],
      ['src/app/api/users/route.ts', '/api/users', ['GET', 'POST']],
    ]);
    expect(project.methods).toHaveLength(10);
    const postsItem = project.routeFiles[0];
    expect(postsItem.methods.map((m) => [m.operation, m.model?.delegate, m.responseModel])).toEqual(
      [
        ['get', 'blogPost', 'BlogPost'],
        ['replace', 'blogPost', 'BlogPost'],
        ['update', 'blogPost', 'BlogPost'],
        ['delete', 'blogPost', null],
      ],
    );
    expect(postsItem.params).toEqual([{ name: 'id', type: 'uuid', isId: true, field: 'id' }]);
    expect(postsItem.sources).toEqual(['config/routes/posts.json']);
  });

  it('marks body fields required when declared so, or when a create or replace must set them', () => {
    const body = {
      authorId: 'uuid',
      title: 'string',
      status: 'enum',
      note: 'text',
      views: { type: 'int', required: true },
    };
    const routes = [
      { method: 'POST', path: '/api/posts', body, response: 'BlogPost' },
      { method: 'PUT', ...ITEM, body, response: 'BlogPost' },
      { method: 'PATCH', ...ITEM, body, response: 'BlogPost' },
    ];
    const project = map(
      minimalProject({
        'config/models/BlogPost.json': BLOG_POST,
        'config/routes/posts.json': { routes },
      }),
    );
    const required = (method: string) => {
      const found = project.methods.find(
        (m) => m.method === method && m.model?.name === 'BlogPost',
      );
      return found?.body.map((f) => `${f.name}${f.required ? '!' : ''}${f.nullable ? '?' : ''}`);
    };
    expect(required('POST')).toEqual(['authorId!', 'title!', 'status', 'note?', 'views!']);
    expect(required('PUT')).toEqual(['authorId!', 'title!', 'status', 'note?', 'views!']);
    expect(required('PATCH')).toEqual(['authorId', 'title', 'status', 'note?', 'views!']);
  });

  it('maps validators to names and literal arguments, and enum values from the model', () => {
    const body = {
      title: {
        type: 'string',
        validation: ['notEmpty', 'maxLength:80', 'matches:^"a"$', 'isIn:x|y'],
      },
      status: 'enum',
      views: { type: 'int', validation: ['min:-1.5'] },
    };
    const routes = [{ method: 'PATCH', ...ITEM, body, model: 'BlogPost' }];
    const project = map(
      minimalProject({
        'config/models/BlogPost.json': BLOG_POST,
        'config/routes/posts.json': { routes },
      }),
    );
    const method = project.methods.find((m) => m.method === 'PATCH');
    expect(method?.body.map((f) => [f.name, f.tsType, f.values, f.validators])).toEqual([
      [
        'title',
        'string',
        null,
        [
          { name: 'notEmpty', argument: null },
          { name: 'maxLength', argument: '80' },
          { name: 'matches', argument: '"^\\"a\\"$"' },
          { name: 'isIn', argument: '["x", "y"]' },
        ],
      ],
      ['status', '"draft" | "live"', ['draft', 'live'], []],
      ['views', 'number', null, [{ name: 'min', argument: '-1.5' }]],
    ]);
    expect([method?.bodyTypeName, method?.bodySpecName]).toEqual([
      'PatchApiPostsByIdBody',
      'patchApiPostsByIdBodySpec',
    ]);
    expect(method?.responseModel).toBeNull();
  });

  it('selects by non-id parameters and names route types after method and path', () => {
    const routes = [
      {
        method: 'GET',
        path: '/api/authors/:authorId/posts',
        params: { authorId: 'uuid' },
        response: 'BlogPost[]',
      },
    ];
    const project = map(
      minimalProject({
        'config/models/BlogPost.json': BLOG_POST,
        'config/routes/posts.json': { routes },
      }),
    );
    const file = project.routeFiles[0];
    expect([
      file.outputPath,
      file.hasParams,
      file.methods[0].hasIdParam,
      file.methods[0].matches.map((m) => m.field),
    ]).toEqual(['src/app/api/authors/[authorId]/posts/route.ts', true, false, ['authorId']]);
    expect(routeTypeName('POST', '/api/users/:userId/posts')).toBe('PostApiUsersByUserIdPosts');
    expect(routeTypeName('GET', '/api/v1.2/user-profiles')).toBe('GetApiV12UserProfiles');
  });

  it('maps function, voter, auth and redirect routes, and lists functions and voters once', () => {
    const routes = [
      {
        method: 'POST',
        path: '/api/a',
        function: 'save',
        voter: 'canWrite',
        auth: true,
        redirect: '/done',
      },
      { method: 'GET', path: '/api/b', function: 'save', voter: 'canWrite', redirect: '/done' },
      { method: 'DELETE', path: '/api/users/:id', params: { id: 'uuid' }, voter: 'canDelete' },
    ];
    const project = map(
      minimalProject({
        'config/routes/users.json': {
          routes: [...routes, { method: 'GET', path: '/api/users', response: 'User[]' }],
        },
      }),
    );
    expect(project.functions).toEqual(['save']);
    expect(project.voters).toEqual(['canDelete', 'canWrite']);
    expect(project.hasAuth).toBe(true);
    const a = project.methods.find((m) => m.source.endsWith('routes[0]'));
    expect([a?.operation, a?.redirectStatus, a?.auth]).toEqual(['function', 303, true]);
    expect(project.methods.find((m) => m.source.endsWith('routes[1]'))?.redirectStatus).toBe(307);
  });

  it('reads no included records, computed fields or shape for a record the answer does not send', () => {
    const post = {
      ...BLOG_POST,
      relations: {
        author: { type: 'belongsTo', model: 'User' },
        readers: { type: 'manyToMany', model: 'User' },
      },
      computed: { readerCount: { count: 'readers' } },
    };
    const shaped = { fields: ['title', 'readerCount'], include: { author: { fields: ['name'] } } };
    const routes = [
      { method: 'GET', ...ITEM, response: 'BlogPost', ...shaped },
      {
        method: 'GET',
        path: '/api/posts/:id/go',
        params: { id: 'uuid' },
        response: 'BlogPost',
        ...shaped,
        redirect: '/',
      },
      {
        method: 'GET',
        path: '/api/posts/:id/mine',
        params: { id: 'uuid' },
        response: 'BlogPost',
        ...shaped,
        auth: true,
        voter: 'owner:authorId',
        redirect: '/',
      },
      {
        method: 'POST',
        path: '/api/posts',
        body: { title: 'string', authorId: 'uuid' },
        response: 'BlogPost',
        ...shaped,
        redirect: '/',
      },
      {
        method: 'PATCH',
        ...ITEM,
        body: { title: 'string' },
        response: 'BlogPost',
        ...shaped,
        redirect: '/',
      },
    ];
    const methods = map(
      minimalProject({
        'config/models/BlogPost.json': post,
        'config/routes/posts.json': { routes },
        'config/events/events.json': {
          events: [{ name: 'postCreated', model: 'BlogPost', on: ['create'] }],
        },
      }),
    ).methods.filter((m) => m.model?.name === 'BlogPost');
    // In config order (methods are grouped by route file).
    const byRoute = (source: string) => methods.find((m) => m.source.endsWith(source))!;
    const flags = ['routes[0]', 'routes[1]', 'routes[2]', 'routes[3]', 'routes[4]']
      .map(byRoute)
      .map((m) => ({
        route: `${m.method} ${m.urlPath}`,
        answers: m.answersRecord,
        // A GET writes nothing (no readsWritten in its member of MethodContext): it reads what it answers.
        reads: 'readsWritten' in m ? m.readsWritten : m.answersRecord,
        related: m.related,
        include: m.include.map((i) => i.name),
        computed: m.computed.map((c) => c.name),
        shaped: m.shapeName !== null,
      }));
    // A route that reads no record: nothing included, computed or shaped.
    const readsNothing = (route: string) => ({
      route,
      answers: false,
      reads: false,
      related: false,
      include: [],
      computed: [],
      shaped: false,
    });
    expect(flags).toEqual([
      // Sent: read with what it includes and computes, then shaped.
      {
        route: 'GET /api/posts/:id',
        answers: true,
        reads: true,
        related: true,
        include: ['author'],
        computed: ['readerCount'],
        shaped: true,
      },
      // A redirect only checks that the record exists (a voter's record too).
      readsNothing('GET /api/posts/:id/go'),
      readsNothing('GET /api/posts/:id/mine'),
      // Its event reads the created record, computed fields and all, in the write's transaction
      // (the outbox): nothing reads it after; nothing shapes a redirect.
      {
        route: 'POST /api/posts',
        answers: false,
        reads: false,
        related: true,
        include: ['author'],
        computed: ['readerCount'],
        shaped: false,
      },
      readsNothing('PATCH /api/posts/:id'),
    ]);
    expect(byRoute('routes[2]').loadsRecord).toBe(true);
  });

  it("gives each field an HTML id of its own on the page, its name staying the body field's", () => {
    // The second form is bound to no route (its fields need not be a route's body fields).
    const form = (ids: string[], route?: string) => ({
      type: 'form',
      ...(route ? { route } : {}),
      fields: [
        ...ids.map((id) => ({ type: 'input', id, label: id })),
        { type: 'button', label: 'Save' },
      ],
    });
    const project = map(
      minimalProject({
        'config/views/twice.json': {
          name: 'TwicePage',
          path: '/twice',
          root: {
            type: 'section',
            children: [form(['email', 'name'], 'POST /api/users'), form(['email', 'email-2'])],
          },
        },
      }),
    );
    const forms = project.views.find((v) => v.name === 'TwicePage')!.root.children;
    const ids = forms.map((f) => f.children.filter((e) => e.id).map((e) => [e.id, e.domId]));
    expect(ids).toEqual([
      [
        ['email', 'email'],
        ['name', 'name'],
      ],
      [
        ['email', 'email-2'],
        ['email-2', 'email-2-2'],
      ],
    ]);
  });

  it('maps views with titles, input types and their output paths, sorted by path', () => {
    const views = {
      'config/views/signup.json': {
        name: 'SignUpPage',
        path: '/sign-up',
        root: {
          type: 'form',
          fields: [
            { type: 'input', id: 'userEmail', label: 'E-mail' },
            { type: 'input', id: 'newPassword', label: 'Password' },
            {
              type: 'input',
              id: 'age',
              label: 'Age',
              inputType: 'number',
              required: true,
              placeholder: '42',
            },
            { type: 'button', label: 'Go' },
          ],
        },
      },
      'config/views/edit.json': {
        name: 'EditUserPage',
        path: '/users/:id/edit',
        title: 'Edit',
        root: { type: 'button', label: 'Save' },
      },
    };
    const project = map(minimalProject(views));
    expect(project.views.map((v) => [v.urlPath, v.outputPath, v.title, v.params])).toEqual([
      ['/login', 'src/app/login/page.tsx', 'Login', []],
      ['/sign-up', 'src/app/sign-up/page.tsx', 'Sign Up', []],
      ['/users/:id/edit', 'src/app/users/[id]/edit/page.tsx', 'Edit', ['id']],
    ]);
    expect(
      project.views[1].root.children.map((c) => [c.type, c.inputType, c.required, c.placeholder]),
    ).toEqual([
      ['input', 'email', false, null],
      ['input', 'password', false, null],
      ['input', 'number', true, '42'],
      ['button', 'text', false, null],
    ]);
    expect(project.navLinks).toEqual([
      {
        href: '/login',
        label: 'Login',
        signedOutOnly: false,
        signedInOnly: false,
        navPartial: 'view/nav/link',
        homePartial: 'view/home/link',
      },
      {
        href: '/sign-up',
        label: 'Sign Up',
        signedOutOnly: false,
        signedInOnly: false,
        navPartial: 'view/nav/link',
        homePartial: 'view/home/link',
      },
    ]);
  });

  it("prepares the one-record GET with Drizzle only, naming it within PostgreSQL's 63 characters", () => {
    const long = 'postsofeveryauthorwhowroteforthismagazinesinceitbegan';
    const routes = [
      { method: 'GET', ...ITEM, response: 'BlogPost' },
      { method: 'PATCH', ...ITEM, body: { title: 'string' }, response: 'BlogPost' },
      { method: 'GET', path: `/api/${long}/:id`, params: { id: 'uuid' }, response: 'BlogPost' },
    ];
    const files = (orm: string) =>
      minimalProject({
        'appgen.config.json': { orm },
        'config/models/BlogPost.json': BLOG_POST,
        'config/routes/posts.json': { routes },
      });
    const prepared = (orm: string) =>
      map(files(orm))
        .methods.filter((m) => m.model?.name === 'BlogPost')
        .map((m) => [m.method, m.urlPath, m.preparesRead, m.readStatement]);
    const [first, second, third] = prepared('drizzle');
    expect(first).toEqual(['GET', '/api/posts/:id', true, 'getApiPostsById(id)']);
    expect(second).toEqual(['PATCH', '/api/posts/:id', false, null]);
    const name = third[3] as string;
    expect(name).toHaveLength(63);
    expect(name).toMatch(/^getApiPostsofeveryauthorwhowroteforthismagazinesin~[0-9a-f]{12}$/);
    expect(prepared('prisma').every(([, , prepares, statement]) => !prepares && !statement)).toBe(
      true,
    );
  });

  it('uses the orm none partials and no database with orm none', () => {
    const project = map(minimalProject({ 'appgen.config.json': { orm: 'none' } }));
    expect([project.usesDatabase, project.orm]).toEqual([false, 'none']);
    expect(project.methods.map((m) => m.operation)).toEqual(['get', 'delete', 'list', 'create']);
  });
});
