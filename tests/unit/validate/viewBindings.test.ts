import { describeProblem, problemsIn } from '../support/checkConfig';
import { blogProject } from '../support/blog';
import { minimalProject } from '../support/configs';

const FLAGS = {
  name: 'Flags',
  fields: {
    title: 'string',
    done: { type: 'boolean', default: false },
    count: { type: 'int', default: 0 },
    due: { type: 'datetime', optional: true },
    extra: { type: 'json', optional: true },
  },
};
const FLAG_ROUTES = {
  routes: [
    { method: 'GET', path: '/api/flags', response: 'Flags[]' },
    {
      method: 'GET',
      path: '/api/flags/:id',
      params: { id: 'uuid' },
      response: 'Flags',
      auth: true,
    },
    {
      method: 'POST',
      path: '/api/flags',
      body: { title: 'string', done: 'boolean', count: 'int', due: 'datetime', extra: 'json' },
      response: 'Flags',
    },
  ],
};

function view(root: unknown, extra: Record<string, unknown> = {}) {
  return minimalProject({
    'config/models/Flags.json': FLAGS,
    'config/routes/flags.json': FLAG_ROUTES,
    'config/views/page.json': { name: 'FlagsPage', path: '/flags/:id', root, ...extra },
  });
}

const problems = (files: ReturnType<typeof view>) => problemsIn(files).map(describeProblem);

describe('views bound to routes', () => {
  it('lets two forms of a page send the same field, not one form twice', () => {
    const form = (ids: string[]) => ({
      type: 'form',
      route: 'POST /api/flags',
      fields: [
        ...ids.map((id) => ({ type: 'input', id, label: id })),
        { type: 'button', label: 'Save' },
      ],
    });
    expect(
      problems(view({ type: 'section', children: [form(['title']), form(['title'])] })),
    ).toEqual([]);
    expect(
      problems(view({ type: 'section', children: [form(['title']), form(['title', 'title'])] })),
    ).toEqual([
      expect.stringMatching(
        /root\.children\[1\]\.fields\[1\]\.id \| id "title" is used twice in this form \| give each field of a form its own id\./,
      ),
    ]);
  });

  it('accepts forms, lists and details bound to fitting routes', () => {
    expect(
      problems(
        view({
          type: 'section',
          children: [
            {
              type: 'list',
              route: 'GET /api/flags',
              columns: ['title', { field: 'count', label: 'N' }],
              link: '/flags/:id',
            },
            { type: 'detail', route: 'GET /api/flags/:id', columns: ['title', 'due'] },
            { type: 'link', href: '/flags/:id/edit', label: 'Edit' },
            {
              type: 'form',
              route: 'POST /api/flags',
              success: '/flags/:id',
              fields: [
                { type: 'input', id: 'title', label: 'Title' },
                { type: 'checkbox', id: 'done', label: 'Done' },
                { type: 'input', id: 'count', label: 'Count' },
                { type: 'input', id: 'due', label: 'Due', inputType: 'date' },
                { type: 'textarea', id: 'extra', label: 'Extra' },
                { type: 'button', label: 'Save' },
              ],
            },
          ],
        }),
      ),
    ).toEqual([]);
  });

  it('names an unknown route and suggests the closest declared one', () => {
    expect(problems(view({ type: 'form', route: 'POST /api/flag', fields: [] }))).toEqual([
      expect.stringMatching(
        /config\/views\/page\.json:\d+:\d+ root\.route \| no route "POST \/api\/flag" is declared in config\/routes \| did you mean "POST \/api\/flags"\?/,
      ),
    ]);
  });

  it("needs every route parameter among the page's own", () => {
    const files = minimalProject({
      'config/models/Flags.json': FLAGS,
      'config/routes/flags.json': FLAG_ROUTES,
      'config/views/page.json': {
        name: 'FlagsPage',
        path: '/flags',
        root: { type: 'detail', route: 'GET /api/flags/:id', columns: ['title'] },
      },
    });
    expect(problems(files)).toEqual([
      expect.stringMatching(
        /root\.route \| route "GET \/api\/flags\/:id" needs ":id", which is not a parameter of this view's path "\/flags"/,
      ),
    ]);
  });

  it('refuses form fields the route would drop, wrong element kinds, and missing required fields', () => {
    expect(
      problems(
        view({
          type: 'form',
          route: 'POST /api/flags',
          fields: [
            { type: 'input', id: 'titel', label: 'Title' },
            { type: 'input', id: 'done', label: 'Done' },
            { type: 'checkbox', id: 'count', label: 'Count' },
            { type: 'input', id: 'due', label: 'Due', inputType: 'number' },
            { type: 'input', id: 'extra', label: 'Extra' },
          ],
        }),
      ),
    ).toEqual([
      expect.stringMatching(
        /root\.fields\[0\]\.id \| "titel" is not a body field of "POST \/api\/flags", so the server would drop it \| did you mean "title"\?/,
      ),
      expect.stringMatching(/root\.fields\[1\] \| body field "done" is boolean: use a checkbox/),
      expect.stringMatching(
        /root\.fields\[2\] \| a checkbox sends true or false, but body field "count" is int/,
      ),
      expect.stringMatching(
        /root\.fields\[3\] \| inputType "number" sends a number, but body field "due" is datetime/,
      ),
      expect.stringMatching(/root\.fields\[4\] \| body field "extra" is json: use a textarea/),
    ]);
  });

  it('refuses a uuid[] body field in a form: no element sends a list', () => {
    const files = minimalProject({
      'config/models/Flags.json': {
        ...FLAGS,
        relations: { labels: { type: 'manyToMany', model: 'User' } },
      },
      'config/routes/flags.json': {
        routes: [
          {
            method: 'POST',
            path: '/api/flags',
            body: { title: 'string', labels: 'uuid[]' },
            response: 'Flags',
          },
        ],
      },
      'config/views/page.json': {
        name: 'FlagsPage',
        path: '/flags',
        root: {
          type: 'form',
          route: 'POST /api/flags',
          fields: [
            { type: 'input', id: 'title', label: 'T' },
            { type: 'select', id: 'labels', label: 'L', options: ['a'] },
          ],
        },
      },
    });
    expect(problems(files)).toEqual([
      expect.stringMatching(
        /root\.fields\[1\] \| body field "labels" is uuid\[\] \(a list of ids\), which no form element can send \| remove the element from the form, and send the list from code of your own\./,
      ),
    ]);
  });

  it('needs a list route that answers a list, a detail route that answers one record, and known columns', () => {
    expect(
      problems(
        view({
          type: 'section',
          children: [
            { type: 'list', route: 'GET /api/flags/:id', columns: ['title'] },
            { type: 'detail', route: 'GET /api/flags', columns: ['title'] },
            { type: 'list', route: 'GET /api/flags', columns: ['titel'], link: '/flags/:ident' },
          ],
        }),
      ),
    ).toEqual([
      expect.stringMatching(
        /root\.children\[0\]\.route \| route "GET \/api\/flags\/:id" does not answer a list/,
      ),
      expect.stringMatching(
        /root\.children\[1\]\.route \| route "GET \/api\/flags" does not answer one record/,
      ),
      expect.stringMatching(
        /root\.children\[2\]\.columns\[0\] \| column "titel" is not a field of model Flags \| did you mean "title"\?/,
      ),
      expect.stringMatching(
        /root\.children\[2\]\.link \| link parameter "ident" is not a field of model Flags/,
      ),
    ]);
  });

  it('checks the fields of an edit form against the record it loads, and load/success need a route', () => {
    const files = view({
      type: 'section',
      children: [
        {
          type: 'form',
          route: 'POST /api/flags',
          load: 'GET /api/flags/:id',
          fields: [
            { type: 'input', id: 'title', label: 'T' },
            { type: 'input', id: 'count', label: 'C' },
          ],
        },
        { type: 'form', success: '/x', fields: [] },
      ],
    });
    expect(problems(files)).toEqual([
      expect.stringMatching(
        /root\.children\[1\]\.success \| "success" needs the form to be bound to a route/,
      ),
    ]);
  });
});

describe('an edit form loaded from a route that chooses its fields', () => {
  const routes = {
    routes: [
      ...FLAG_ROUTES.routes,
      {
        method: 'GET',
        path: '/api/flags/:id/short',
        params: { id: 'uuid' },
        response: 'Flags',
        fields: ['title'],
      },
    ],
  };
  const form = (fields: unknown[]) =>
    minimalProject({
      'config/models/Flags.json': FLAGS,
      'config/routes/flags.json': routes,
      'config/views/page.json': {
        name: 'FlagsPage',
        path: '/flags/:id',
        root: {
          type: 'form',
          route: 'POST /api/flags',
          load: 'GET /api/flags/:id/short',
          fields,
        },
      },
    });

  it('refuses a field the load route does not send: it would start empty and saving would clear it', () => {
    expect(
      problems(
        form([
          { type: 'input', id: 'title', label: 'T' },
          { type: 'input', id: 'count', label: 'C' },
        ]),
      ),
    ).toEqual([
      expect.stringMatching(
        /root\.fields\[1\]\.id \| "count" would start empty: "GET \/api\/flags\/:id\/short" does not send it \(its "fields": "title"\), so saving the form would clear Flags\.count \| add "count" to the "fields" of "GET \/api\/flags\/:id\/short", or load the form from a route that sends it\./,
      ),
    ]);
  });

  it('accepts the fields the route sends', () => {
    expect(problems(form([{ type: 'input', id: 'title', label: 'T' }]))).toEqual([]);
  });
});

describe('view elements', () => {
  it('refuses duplicate ids, links to unknown page parameters, nav on a dynamic page, and a select with nothing to choose', () => {
    expect(
      problems(
        view(
          {
            type: 'section',
            children: [
              { type: 'input', id: 'q', label: 'Q' },
              { type: 'textarea', id: 'q', label: 'Q again' },
              { type: 'link', href: '/x/:slug', label: 'X' },
              { type: 'select', id: 'pick', label: 'Pick' },
            ],
          },
          { nav: true },
        ),
      ),
    ).toEqual([
      expect.stringMatching(
        /nav \| a view with path parameters \(\/flags\/:id\) cannot be listed in the navigation/,
      ),
      expect.stringMatching(/root\.children\[1\]\.id \| id "q" is used twice in this view/),
      expect.stringMatching(
        /root\.children\[2\]\.href \| link "\/x\/:slug" uses ":slug", which is not a parameter of this view's path "\/flags\/:id" \| use one of :id/,
      ),
      expect.stringMatching(/root\.children\[3\] \| select "pick" has no options/),
    ]);
  });
});

describe('signing in', () => {
  const authView = (settings?: unknown) =>
    minimalProject({
      'config/views/login.json': {
        name: 'LoginPage',
        path: '/signin',
        root: { type: 'text', text: 'sign in' },
      },
      'config/views/secret.json': {
        name: 'SecretPage',
        path: '/secret',
        auth: true,
        root: { type: 'text', text: 'hi' },
      },
      ...(settings ? { 'appgen.config.json': settings } : {}),
    });

  it('needs a view at the login path when a page needs a signed-in user', () => {
    expect(problems(authView())).toEqual([
      expect.stringMatching(
        /config\/views\/secret\.json:\d+:\d+ auth \| view "SecretPage" has "auth": true, but no view is at the login path "\/login" to send visitors to \| add a view with "path": "\/login"/,
      ),
    ]);
  });

  it('accepts another login path from appgen.config.json', () => {
    expect(problems(authView({ loginPath: '/signin' }))).toEqual([]);
  });

  it('counts a page that shows an auth route as needing sign-in', () => {
    const files: Record<string, unknown> = view({
      type: 'detail',
      route: 'GET /api/flags/:id',
      columns: ['title'],
    });
    expect(problems(files as never)).toEqual([]);
    delete files['config/views/login.json'];
    expect(problems(files as never)).toEqual([
      expect.stringMatching(
        /root \| view "FlagsPage" shows a route that needs a signed-in user, but no view is at the login path "\/login"/,
      ),
    ]);
  });
});

describe('columns a page shows are fields the bound route sends', () => {
  const MEMBER = {
    name: 'Member',
    fields: {
      name: 'string',
      secret: { type: 'string', hidden: true },
      password: { type: 'password', optional: true },
    },
    relations: { notes: { type: 'hasMany', model: 'Note' } },
    computed: { noteCount: { count: 'notes' } },
  };
  const NOTE = {
    name: 'Note',
    fields: { text: 'string', memberId: 'uuid' },
    relations: { member: { type: 'belongsTo', model: 'Member' } },
  };
  const ROUTES = {
    routes: [
      { method: 'GET', path: '/api/members', response: 'Member[]' },
      {
        method: 'GET',
        path: '/api/members/short',
        response: 'Member[]',
        fields: ['id', 'name', 'noteCount'],
      },
    ],
  };
  const list = (route: string, columns: unknown[], link?: string) =>
    problemsIn(
      minimalProject({
        'config/models/Member.json': MEMBER,
        'config/models/Note.json': NOTE,
        'config/routes/members.json': ROUTES,
        'config/views/members.json': {
          name: 'MembersPage',
          path: '/members',
          root: { type: 'list', route, columns, ...(link ? { link } : {}) },
        },
      }),
    ).map(describeProblem);

  it('accepts sent fields, and a computed field the route lists in "fields"', () => {
    expect(list('GET /api/members', ['name', 'id'], '/members/:id')).toEqual([]);
    expect(list('GET /api/members/short', ['name', 'noteCount'])).toEqual([]);
  });

  it('refuses a hidden field and a password, which no answer holds', () => {
    expect(list('GET /api/members', ['secret', 'password'])).toEqual([
      expect.stringMatching(
        /root\.columns\[0\] \| column "secret" is never sent \(Member\.secret is hidden\), so the page could not show it \| remove it from the view\./,
      ),
      expect.stringMatching(
        /root\.columns\[1\] \| column "password" is never sent \(Member\.password is a password\)/,
      ),
    ]);
  });

  it('refuses a field left out of the route\'s "fields", and a computed field the route does not list', () => {
    expect(list('GET /api/members/short', ['name', 'secret'])).toEqual([
      expect.stringMatching(/root\.columns\[1\] \| column "secret" is never sent/),
    ]);
    expect(
      list('GET /api/members', ['noteCount'], '/members/:id').concat(
        list('GET /api/members/short', ['name'], '/members/:name/:secret'),
      ),
    ).toEqual([
      expect.stringMatching(
        /root\.columns\[0\] \| column "noteCount" is not among the fields "GET \/api\/members" sends \| a computed field is sent only when the route lists it: give "GET \/api\/members" a "fields" list that includes "noteCount"\./,
      ),
      expect.stringMatching(
        /root\.link \| link parameter "secret" is never sent \(Member\.secret is hidden\)/,
      ),
    ]);
  });
});

describe('binding route parameters to the page (`params`) and the heading', () => {
  const POST_VIEW = {
    name: 'PostPage',
    path: '/posts/:id',
    root: {
      type: 'section',
      children: [
        { type: 'detail', route: 'GET /api/posts/:id', heading: 'title', columns: ['body'] },
        {
          type: 'list',
          route: 'GET /api/posts/:postId/comments',
          params: { postId: 'id' },
          columns: ['content'],
        },
      ],
    },
  };
  const withPost = (change: (view: typeof POST_VIEW) => unknown) =>
    problems(
      blogProject({
        'config/views/post.json': change(JSON.parse(JSON.stringify(POST_VIEW))),
      }),
    );

  it('accepts the blog: a record and its nested list on one page, bound by `params`', () => {
    expect(problems(blogProject())).toEqual([]);
    expect(withPost((view) => view)).toEqual([]);
  });

  it('says how to bind a route parameter the page does not have', () => {
    expect(
      withPost((view) => {
        delete (view.root.children[1] as { params?: unknown }).params;
        return view;
      }),
    ).toEqual([
      expect.stringMatching(
        /config\/views\/post\.json:\d+:\d+ root\.children\[1\]\.route \| route "GET \/api\/posts\/:postId\/comments" needs ":postId", which is not a parameter of this view's path "\/posts\/:id" \| bind it to a parameter of the page, e\.g\. "params": \{ "postId": "id" \}, or give the view a path with ":postId"\./,
      ),
    ]);
  });

  it('refuses a binding of a parameter the route does not have, or to one the page does not have', () => {
    expect(
      withPost((view) => {
        view.root.children[1].params = { postID: 'id' } as never;
        return view;
      }),
    ).toEqual([
      expect.stringMatching(
        /root\.children\[1\]\.params\.postID \| ":postID" is not a parameter of "GET \/api\/posts\/:postId\/comments" \| did you mean "postId"\?/,
      ),
    ]);
    expect(
      withPost((view) => {
        view.root.children[1].params = { postId: 'ID' };
        return view;
      }),
    ).toEqual([
      expect.stringMatching(
        /root\.children\[1\]\.params\.postId \| ":postId" is bound to ":ID", which is not a parameter of this view's path "\/posts\/:id" \| did you mean "id"\?/,
      ),
    ]);
  });

  it('refuses `params` on a form without a route', () => {
    expect(
      withPost((view) => {
        view.root.children.push({
          type: 'form',
          params: { postId: 'id' },
          fields: [{ type: 'button', label: 'Go' }],
        } as never);
        return view;
      }),
    ).toEqual([
      expect.stringMatching(
        /root\.children\[2\]\.params \| "params" needs the form to be bound to a route/,
      ),
    ]);
  });

  it('checks the heading is a field the route sends, and that one detail gives it', () => {
    expect(
      withPost((view) => {
        view.root.children[0].heading = 'titel';
        return view;
      }),
    ).toEqual([
      expect.stringMatching(
        /root\.children\[0\]\.heading \| heading "titel" is not a field of model Post \| did you mean "title"\?/,
      ),
    ]);
    expect(
      withPost((view) => {
        view.root.children.push({ ...view.root.children[0] } as never);
        return view;
      }),
    ).toEqual([
      expect.stringMatching(
        /root\.children\[2\]\.heading \| a page has one heading: another detail of this view already gives it \| remove "heading" here, or from root\.children\[0\]\./,
      ),
    ]);
  });
});
