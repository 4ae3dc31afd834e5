import { mapProject } from '../../../src/map/mapProject';
import { buildOpenApiDocument } from '../../../src/render/openapi/buildOpenApiDocument';
import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

// Issue 52 §2: access rules on a model ("access"), checked by generate and compiled into
// src/appgen/access/<model>.ts for every query of the model's routes.

const USER = {
  name: 'User',
  fields: { name: 'string', email: { type: 'string', unique: true } },
  relations: { posts: { type: 'hasMany', model: 'Post' } },
};
const TAG = { name: 'Tag', fields: { name: 'string' } };
const post = (access: unknown[], extra: Record<string, unknown> = {}) => ({
  name: 'Post',
  fields: {
    authorId: 'uuid',
    title: 'string',
    views: 'int',
    status: { type: 'enum', values: ['draft', 'published'] },
    publishedAt: { type: 'datetime', optional: true },
  },
  relations: {
    author: { type: 'belongsTo', model: 'User' },
    tags: { type: 'manyToMany', model: 'Tag' },
  },
  access,
  ...extra,
});
const LIST = { method: 'GET', path: '/api/posts', response: 'Post[]' };

function project(
  access: unknown[],
  {
    routes = [LIST],
    roles = true,
    extra = {},
  }: { routes?: unknown[]; roles?: boolean; extra?: Record<string, unknown> } = {},
) {
  return minimalProject({
    'appgen.config.json': {
      orm: 'prisma',
      accounts: roles ? { model: 'User', roles: ['member', 'admin'] } : { model: 'User' },
    },
    'config/models/User.json': USER,
    'config/models/Tag.json': TAG,
    'config/models/Post.json': post(access, extra),
    'config/routes/posts.json': { routes },
  });
}
const problems = (access: unknown[], options?: Parameters<typeof project>[1]) =>
  problemsIn(project(access, options)).map(describeProblem);

describe('access rules: what generate accepts', () => {
  it('reads fields, currentUser, relation paths, roles and any/all/not into one condition', () => {
    const rules = [
      { allow: 'read', when: { status: 'published', views: 3 } },
      { allow: 'read', when: { any: [{ author: 'currentUser' }, { authorId: 'currentUser' }] } },
      { allow: 'read', when: { 'currentUser.role': ['admin'] } },
      { deny: 'read', when: { not: { currentUser: 'signedIn' }, publishedAt: null } },
    ];
    expect(problems(rules)).toEqual([]);
    const checked = checkedProject(project(rules));
    const model = checked.models.find((m) => m.name === 'Post');
    expect(model?.access.map((rule) => [rule.index, rule.effect, rule.operations])).toEqual([
      [0, 'allow', ['read']],
      [1, 'allow', ['read']],
      [2, 'allow', ['read']],
      [3, 'deny', ['read']],
    ]);
    expect(model?.access[1].condition).toEqual({
      kind: 'any',
      items: [
        { kind: 'reachesCaller', relations: ['author'] },
        { kind: 'isCaller', field: 'authorId' },
      ],
    });
    expect(model?.access[3].condition).toEqual({
      kind: 'all',
      items: [
        { kind: 'not', item: { kind: 'signedIn' } },
        { kind: 'equals', field: 'publishedAt', value: null },
      ],
    });
    const context = mapProject(checked, { provider: 'sqlite', defaultDatabaseUrl: 'file:x' });
    expect(
      context.accessModules.map((m) => [m.outputPath, m.rules.map((r) => r.readsCaller)]),
    ).toEqual([['src/appgen/access/post.ts', [false, true, true, true]]]);
    const list = context.methods.find((m) => m.urlPath === '/api/posts');
    expect(list?.access).toEqual({
      name: 'postAccess',
      module: 'post',
      readsRole: true,
      write: null,
      checksAfterWrite: false,
      checksBefore: false,
    });
    // Anyone may call the list: a signed-in caller is identified for the rules.
    expect(list?.optionalAuth).toBe(true);
  });

  it('checks a write before (404, 403) and its new values after, in a transaction', () => {
    const rules = [{ allow: 'all', when: { author: 'currentUser' } }];
    const routes = [
      LIST,
      {
        method: 'POST',
        path: '/api/posts',
        auth: true,
        body: { title: 'string', views: 'int', status: 'enum' },
        set: { authorId: 'currentUser' },
        response: 'Post',
      },
      {
        method: 'PATCH',
        path: '/api/posts/:id',
        params: { id: 'uuid' },
        auth: true,
        body: { title: 'string' },
        response: 'Post',
      },
      { method: 'DELETE', path: '/api/posts/:id', params: { id: 'uuid' }, auth: true },
    ];
    expect(problems(rules, { routes })).toEqual([]);
    const context = mapProject(checkedProject(project(rules, { routes })), {
      provider: 'sqlite',
      defaultDatabaseUrl: 'file:x',
    });
    const of = (method: string) => context.methods.find((m) => m.method === method);
    expect(
      ['POST', 'PATCH', 'DELETE'].map((m) => [
        m,
        of(m)?.access?.write,
        of(m)?.access?.checksBefore,
        of(m)?.access?.checksAfterWrite,
        of(m)?.orm.writesInTransaction,
      ]),
    ).toEqual([
      ['POST', 'create', false, true, true],
      ['PATCH', 'update', true, true, true],
      ['DELETE', 'delete', true, false, false],
    ]);
    expect(of('PATCH')?.steps.map((step) => step.step)).toEqual(
      expect.arrayContaining(['handler/caller', 'orm/prisma/accessCheck']),
    );
  });
});

describe('access rules: what generate refuses, with the fix', () => {
  it.each([
    [
      [{ allow: 'read', when: { titel: 'x' } }],
      /has no field or relation "titel" \| did you mean "title"\?/,
    ],
    [
      [{ allow: 'read', when: { status: 'publshed' } }],
      /"publshed" is not a value of Post.status \| did you mean "published"\?/,
    ],
    [
      [{ allow: 'read', when: { views: 'many' } }],
      /"views" is a field of type int, and the rule compares it with "many"/,
    ],
    [[{ allow: 'read', when: { views: 1.5 } }], /"views" holds whole numbers/],
    [[{ allow: 'read', when: { title: null } }], /"title" of Post is required: it is never null/],
    [[{ allow: 'read', when: { views: 'currentUser' } }], /cannot hold the id of a User/],
    [
      [{ allow: 'read', when: { tags: 'currentUser' } }],
      /"tags" leads to Tag records, and the signed-in user is a User/,
    ],
    [
      [{ allow: 'read', when: { author: 'someone' } }],
      /"author" is a relation: a rule asks whether it reaches the signed-in user/,
    ],
    [
      [{ allow: 'read', when: { 'currentUser.role': 'admn' } }],
      /"admn" is not a role of accounts.roles \| did you mean "admin"\?/,
    ],
    [[{ allow: 'read', when: { currentUser: 'yes' } }], /"currentUser" takes "signedIn"/],
    [[{ when: {} }], /says "allow" or "deny", and this one says neither/],
    [[{ allow: 'read', deny: 'read' }], /and this one says both/],
  ])('%j', (rules, message) => {
    expect(problems(rules as unknown[])).toEqual([expect.stringMatching(message)]);
  });

  it('points at the rule in its file', () => {
    expect(problems([{ allow: 'read', when: { any: [{ titel: 'x' }] } }])).toEqual([
      expect.stringMatching(
        /^config\/models\/Post\.json:\d+:\d+ access\[0\]\.when\.any\[0\]\.titel \|/,
      ),
    ]);
  });

  it('refuses roles without accounts.roles', () => {
    expect(
      problems([{ allow: 'read', when: { 'currentUser.role': 'admin' } }], { roles: false }),
    ).toEqual([
      expect.stringContaining("asks for the caller's role, and the project declares no roles"),
    ]);
  });

  it("reads included records, counts and lists of values through the related model's rules", () => {
    // Tag has rules (and a rule on a field); Post includes it, counts it and lists its names.
    const tag = {
      ...TAG,
      fields: {
        name: 'string',
        note: { type: 'string', access: { read: { 'currentUser.role': 'admin' } } },
        ownerId: 'uuid',
      },
      relations: { owner: { type: 'belongsTo', model: 'User' } },
      access: [{ allow: 'read', when: { owner: 'currentUser' } }],
    };
    const tagged = (computed: Record<string, unknown>, routes: unknown[]) =>
      minimalProject({
        'appgen.config.json': { orm: 'prisma', accounts: { model: 'User', roles: ['admin'] } },
        'config/models/User.json': USER,
        'config/models/Tag.json': tag,
        'config/models/Post.json': { ...post([]), access: undefined, computed },
        'config/routes/posts.json': { routes },
      });
    const computed = { tagCount: { count: 'tags' }, tagNames: { values: 'tags', field: 'name' } };
    const routes = [
      { ...LIST, include: ['tags'] },
      { ...LIST, path: '/api/posts/named', fields: ['title', 'tagCount', 'tagNames'] },
    ];
    expect(problemsIn(tagged(computed, routes)).map(describeProblem)).toEqual([]);
    const checked = checkedProject(tagged(computed, routes));
    const context = mapProject(checked, { provider: 'sqlite', defaultDatabaseUrl: 'file:x' });
    const [list, named] = ['/api/posts', '/api/posts/named'].map((path) =>
      context.methods.find((m) => m.urlPath === path),
    );
    const rules = { name: 'tagAccess', module: 'tag' };
    expect(list?.include.map((i) => [i.name, i.access, i.fieldAccess])).toEqual([
      ['tags', rules, { name: 'tagFields', module: 'tag' }],
    ]);
    expect(list?.hidesIncluded).toBe('{ tags: tagFields }');
    expect(named?.computed.map((c) => [c.name, c.access])).toEqual([
      ['tagCount', rules],
      ['tagNames', rules],
    ]);
    // Post has no rules: the routes identify their caller for Tag's (whose rule on a field asks
    // for the role).
    for (const method of [list, named]) {
      expect(method?.accessCaller).toEqual({ readsRole: true });
      expect(method?.optionalAuth).toBe(true);
    }
    // A list of values of a field only some callers may read is refused, with the way round.
    const noted = tagged({ tagNotes: { values: 'tags', field: 'note' } }, [LIST]);
    expect(problemsIn(noted).map(describeProblem)).toEqual([
      expect.stringMatching(
        /Post\.json:\d+:\d+ computed\.tagNotes\.field \| computed field "tagNotes" lists Tag\.note, which a rule on the field lets only some callers read.* \| list \(and order by\) a field without a read rule, or send the Tag records themselves \(include "tags"\)/,
      ),
    ]);
    const ordered = tagged({ tagNames: { values: 'tags', field: 'name', orderBy: '-note' } }, [
      LIST,
    ]);
    expect(problemsIn(ordered).map(describeProblem)).toEqual([
      expect.stringMatching(
        /computed\.tagNames\.orderBy \| computed field "tagNames" is ordered by Tag\.note/,
      ),
    ]);
  });

  it('refuses a filter through a relation to a model with rules, or on a field with a read rule', () => {
    // A list filtered by a hidden record's value would tell its value to a caller who may not read it.
    const tag = {
      ...TAG,
      fields: {
        name: 'string',
        note: { type: 'string', access: { read: { 'currentUser.role': 'admin' } } },
      },
      indexes: [['name'], ['note']],
    };
    const filtered = (path: string, access?: unknown[]) =>
      minimalProject({
        'appgen.config.json': { orm: 'prisma', accounts: { model: 'User', roles: ['admin'] } },
        'config/models/User.json': USER,
        'config/models/Tag.json': { ...tag, ...(access ? { access } : {}) },
        'config/models/Post.json': { ...post([]), access: undefined },
        'config/routes/posts.json': {
          routes: [{ ...LIST, query: { filter: [{ name: 'tag', path }] } }],
        },
      });
    expect(problemsIn(filtered('tags.name')).map(describeProblem)).toEqual([]);
    expect(problemsIn(filtered('tags.note')).map(describeProblem)).toEqual([
      expect.stringMatching(
        /posts\.json:\d+:\d+ routes\[0\]\.query\.filter\[0\]\.path \| a rule on Tag\.note lets only some callers read it, and a filter through tags would tell a caller who may not read a Tag whether one has this value \| filter through a relation to a model without rules/,
      ),
    ]);
    const ruled = filtered('tags.name', [{ allow: 'read', when: { name: 'open' } }]);
    expect(problemsIn(ruled).map(describeProblem)).toEqual([
      expect.stringMatching(
        /query\.filter\[0\]\.path \| Tag has access rules, and a filter through tags/,
      ),
    ]);
    // A belongsTo's way round names its foreign key.
    const byAuthor = minimalProject({
      'appgen.config.json': { orm: 'prisma', accounts: { model: 'User', roles: ['admin'] } },
      'config/models/User.json': {
        ...USER,
        access: [{ allow: 'read', when: { id: 'currentUser' } }],
      },
      'config/models/Tag.json': TAG,
      'config/models/Post.json': { ...post([]), access: undefined },
      'config/routes/posts.json': {
        routes: [{ ...LIST, query: { filter: [{ name: 'author', path: 'author.id' }] } }],
      },
    });
    expect(problemsIn(byAuthor).map(describeProblem)).toEqual([
      expect.stringMatching(
        /User has access rules.* \| filter by the foreign key instead \("authorId" in "filter"\)/,
      ),
    ]);
  });

  it('makes a belongsTo of a model with read rules nullable in the types and the OpenAPI document', () => {
    const routes = [
      {
        method: 'GET',
        path: '/api/users/:id',
        params: { id: 'uuid' },
        response: 'User',
        include: ['posts'],
      },
    ];
    const comment = {
      name: 'Comment',
      fields: { postId: 'uuid', body: 'text' },
      relations: { post: { type: 'belongsTo', model: 'Post' } },
    };
    const checked = checkedProject(
      minimalProject({
        'appgen.config.json': { orm: 'drizzle', accounts: { model: 'User' } },
        'config/models/User.json': USER,
        'config/models/Tag.json': TAG,
        'config/models/Post.json': post([{ allow: 'read', when: { status: 'published' } }]),
        'config/models/Comment.json': comment,
        'config/routes/users.json': { routes },
        'config/routes/comments.json': {
          routes: [
            { method: 'GET', path: '/api/comments', response: 'Comment[]', include: ['post'] },
          ],
        },
      }),
    );
    const context = mapProject(checked, { provider: 'sqlite', defaultDatabaseUrl: 'file:x' });
    const comments = context.methods.find((m) => m.urlPath === '/api/comments');
    expect(comments?.include.map((i) => [i.name, i.optional, i.access?.name])).toEqual([
      ['post', true, 'postAccess'],
    ]);
    expect(context.clientRoutes.find((r) => r.name === 'getApiComments')?.resultType).toBe(
      'Array<Omit<Comment, "post"> & { post: Post | null }>',
    );
    const document = buildOpenApiDocument(context) as {
      components: { schemas: Record<string, unknown> };
      paths: Record<string, { get: { responses: Record<string, unknown> } }>;
    };
    expect(JSON.stringify(document.paths['/api/comments'].get.responses['200'])).toContain(
      '"post":{"anyOf":[{"$ref":"#/components/schemas/Post"},{"type":"null"}]}',
    );
    // A route of a model without rules reads its included records per request, for its caller.
    const user = context.methods.find((m) => m.urlPath === '/api/users/:id');
    expect(user?.preparesRead).toBe(false);
    expect(user?.accessCaller).toEqual({ readsRole: false });
  });

  it('accepts a PATCH of a collection on a model whose rules allow updates; refuses one writing a field with a rule on writes', () => {
    const patchAll = {
      method: 'PATCH',
      path: '/api/posts',
      auth: true,
      collection: true,
      body: { title: 'string' },
      status: 200,
    };
    expect(problems([{ allow: ['read', 'update'] }], { routes: [LIST, patchAll] })).toEqual([]);
    const guarded = minimalProject({
      'appgen.config.json': {
        orm: 'prisma',
        accounts: { model: 'User', roles: ['member', 'admin'] },
      },
      'config/models/User.json': USER,
      'config/models/Tag.json': TAG,
      'config/models/Post.json': {
        ...post([{ allow: ['read', 'update'] }]),
        fields: {
          ...post([]).fields,
          authorId: { type: 'uuid', access: { write: { 'currentUser.role': 'admin' } } },
          title: { type: 'string', access: { write: { 'currentUser.role': 'admin' } } },
        },
      },
      'config/routes/posts.json': {
        routes: [LIST, { ...patchAll, set: { authorId: 'currentUser' } }],
      },
    });
    expect(problemsIn(guarded).map(describeProblem)).toEqual([
      expect.stringMatching(
        /posts\.json:\d+:\d+ routes\[1\]\.body\.title \| PATCH \/api\/posts writes "title" on every record it selects, and the rule of Post\.title on writes is checked one record at a time \| leave "title" out of this route's body and change it with PATCH \/api\/posts\/:id/,
      ),
      expect.stringMatching(/routes\[1\]\.set\.authorId \| PATCH \/api\/posts writes "authorId"/),
    ]);
  });
});

describe('access rules: indexes', () => {
  it('warns of a field a rule compares that no index starts with, once, with the fix', () => {
    const rules = [
      { allow: 'read', when: { views: 3, authorId: 'currentUser' } },
      { deny: 'read', when: { not: { views: 0 } } },
      { allow: 'create', when: { title: 'x' } },
    ];
    const warnings = checkedProject(project(rules)).warnings.map(describeProblem);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^config\/models\/Post\.json:\d+:\d+ access\[0\]\.when\.views \| Post\.views is compared by an access rule and no index starts with it: lists of Post read the whole table for the rule \| add "indexes": \[\["views"\]\] to Post/,
      ),
    ]);
    const indexed = checkedProject(project(rules, { extra: { indexes: [['views']] } })).warnings;
    expect(indexed).toEqual([]);
  });
});
