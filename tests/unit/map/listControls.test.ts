import type { ElementContext, ProjectContext, RouteCallContext } from '../../../src/map/contexts';
import { listPrefixes } from '../../../src/map/mapListControls';
import { mapProject } from '../../../src/map/mapProject';
import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { SQLITE_OPTIONS } from '../support/generateOptions';

// A blog's posts with their author: what a list bound to a route with a `query` offers.
const POST = {
  name: 'Post',
  fields: {
    title: 'string',
    status: { type: 'enum', values: ['draft', 'published'], default: 'draft' },
    views: { type: 'int', default: 0 },
    featured: { type: 'boolean', default: false },
    createdAt: 'date_now',
    authorId: 'uuid',
  },
  relations: {
    author: { type: 'belongsTo', model: 'User' },
    tags: { type: 'manyToMany', model: 'Tag' },
  },
  indexes: [['title'], ['views'], ['createdAt'], ['status'], ['featured']],
};
const TAG = {
  name: 'Tag',
  fields: { name: { type: 'string', unique: true } },
  relations: { posts: { type: 'manyToMany', model: 'Post' } },
};
const QUERY = {
  filter: [
    'authorId',
    'status',
    'featured',
    'views',
    'createdAt',
    { name: 'tag', path: 'tags.name' },
  ],
  sort: ['title', 'views'],
  defaultSort: '-views',
  pageSize: 10,
  count: true,
};
const ROUTES = {
  routes: [
    { method: 'GET', path: '/api/posts', response: 'Post[]', include: ['author'], query: QUERY },
    { method: 'GET', path: '/api/drafts', response: 'Post[]', query: { sort: ['title'] } },
    { method: 'GET', path: '/api/all-posts', response: 'Post[]' },
    {
      method: 'GET',
      path: '/api/post-pages',
      response: 'Post[]',
      envelope: { response: 'posts', count: 'postsCount' },
      query: { sort: ['createdAt'], pageSize: 5, pagination: 'cursor', count: true },
    },
  ],
};

function files(root: unknown) {
  return minimalProject({
    'config/models/Post.json': POST,
    'config/models/Tag.json': TAG,
    'config/routes/posts.json': ROUTES,
    'config/views/posts.json': { name: 'PostsPage', path: '/posts', root },
  });
}
const list = (route: string, columns: unknown[] = ['title']) => ({ type: 'list', route, columns });
const view = (root: unknown) =>
  mapProject(checkedProject(files(root)), SQLITE_OPTIONS).views.find(
    (v) => v.name === 'PostsPage',
  )!;
const loadsOf = (root: unknown): RouteCallContext[] => view(root).loads;
const problems = (root: unknown) => problemsIn(files(root)).map(describeProblem);

describe('the controls of a list, from its route’s query', () => {
  it('gives a list the filters, sorts and pages of its route, each filter asked for by its type', () => {
    const [load] = loadsOf(list('GET /api/posts'));
    expect(load.loadPartial).toBe('view/load/list');
    expect(load.list).toMatchObject({
      state: 'list0',
      prefix: '',
      filters: true,
      envelopeArguments: '',
    });
    const entries = load.list!.specEntries;
    // The route's own spec, so the page accepts exactly what the route does.
    expect(entries).toContain(
      'route: { filters: { authorId: { type: "uuid" }, status: { type: "enum", values: ["draft", "published"] }',
    );
    expect(entries).toContain(
      'sorts: ["title", "views"], defaultSort: { field: "views", descending: true }, pageSize: 10',
    );
    expect(entries).toContain('{ name: "authorId", label: "Author id", input: "text" }');
    expect(entries).toContain(
      '{ name: "status", label: "Status", input: "select", options: [{ value: "draft", label: "Draft" }, { value: "published", label: "Published" }] }',
    );
    expect(entries).toContain(
      '{ name: "featured", label: "Featured", input: "select", options: [{ value: "true", label: "Yes" }, { value: "false", label: "No" }] }',
    );
    expect(entries).toContain('{ name: "views", label: "Views", input: "number" }');
    expect(entries).toContain('{ name: "createdAt", label: "Created at", input: "date" }');
    expect(entries).toContain('{ name: "tag", label: "Tag", input: "text" }');
    expect(entries).toMatch(/counts: true$/);
  });

  it('makes the columns the route sorts by sortable headings, and no other', () => {
    const root = list('GET /api/posts', ['title', 'status', 'views']);
    const element = view(root).root as ElementContext;
    expect(element.columns.map((c) => [c.field, c.header, c.sortState])).toEqual([
      ['title', 'view/header/sort', 'list0'],
      ['status', 'view/header/plain', null],
      ['views', 'view/header/sort', 'list0'],
    ]);
  });

  it('reads the page’s query only when a list has controls', () => {
    const withControls = view(list('GET /api/drafts'));
    expect(withControls.propsParameter).toBe(
      'props: { searchParams: Promise<Record<string, string | string[] | undefined>> }',
    );
    expect(withControls.setup.map((s) => s.pageStep)).toEqual([
      'view/setup/here',
      'view/setup/search',
      'view/setup/locale',
    ]);
    expect(withControls.viewHelpers).toEqual([
      'callList',
      'cellText',
      'formatValue',
      'pageLocale',
      'shownValue',
    ]);
    const plain = view(list('GET /api/all-posts'));
    expect(plain.loads[0].list).toBeNull();
    expect(plain.propsParameter).toBe('');
    expect(plain.hasListControls).toBe(false);
  });

  it('reads the count and the next cursor of an enveloped list under its keys', () => {
    const [load] = loadsOf(list('GET /api/post-pages'));
    expect(load.list?.envelopeArguments).toBe(', "posts", "postsCount"');
    expect(load.list?.specEntries).toContain('cursor: { createdAt: "date" }');
    expect(load.list?.filters).toBe(false);
  });

  it('puts the parameters of each of several lists under a prefix of its own', () => {
    const loads = loadsOf({
      type: 'section',
      children: [list('GET /api/posts'), list('GET /api/all-posts'), list('GET /api/drafts')],
    });
    expect(loads.map((l) => l.list?.prefix ?? null)).toEqual(['posts.', null, 'drafts.']);
    expect(
      listPrefixes(['/api/posts', '/api/users/:id/posts', '/api/posts/:postId/comments']),
    ).toEqual(['posts.', 'posts2.', 'comments.']);
    expect(listPrefixes(['/api/posts'])).toEqual(['']);
  });
});

describe('columns of an included relation (`author.name`)', () => {
  it('shows a field of the relation the route includes, formatted by its type', () => {
    const element = view(
      list('GET /api/posts', [
        'title',
        'author.name',
        { field: 'author.createdAt', label: 'Joined' },
      ]),
    ).root as ElementContext;
    expect(
      element.columns.slice(1).map((c) => [c.relation, c.field, c.label, c.kind, c.value]),
    ).toEqual([
      ['author', 'name', 'Author name', 'string', 'view/value/related'],
      ['author', 'createdAt', 'Joined', 'datetime', 'view/value/related'],
    ]);
    expect(problems(list('GET /api/posts', ['author.name']))).toEqual([]);
  });

  it('refuses a relation the route does not include, with one error and the fix', () => {
    expect(problems(list('GET /api/all-posts', ['author.name']))).toEqual([
      'config/views/posts.json:8:7 root.columns[0] | column "author.name" needs "author", which "GET /api/all-posts" does not include, so its answer has no author | add "include": ["author"] to the route "GET /api/all-posts".',
    ]);
  });

  it('refuses an unknown relation or field with a did-you-mean, and a relation to many', () => {
    const [relation] = problems(list('GET /api/posts', ['autor.name']));
    expect(relation).toMatch(
      /column "autor.name": "autor" is not a relation of model Post \| .*author/,
    );
    const [field] = problems(list('GET /api/posts', ['author.nmae']));
    expect(field).toMatch(/column "author.nmae": "nmae" is not a field of model User \| .*name/);
    const [many] = problems(list('GET /api/posts', ['tags.name']));
    expect(many).toMatch(/"tags" is a manyToMany relation, many records per row/);
    // One relation deep only: a longer path is one error that says so, with the fix.
    expect(problems(list('GET /api/posts', ['author.name.first']))).toEqual([
      expect.stringContaining('column "author.name.first" reaches through 2 relations'),
    ]);
  });
});

export type { ProjectContext };
