import type { ElementContext, ProjectContext, ViewContext } from '../../../src/map/contexts';
import { mapProject } from '../../../src/map/mapProject';
import { blogProject } from '../support/blog';
import { checkedProject } from '../support/checkConfig';
import { SQLITE_OPTIONS } from '../support/generateOptions';
import type { ProjectFiles } from '../support/tempProject';

const map = (files: ProjectFiles): ProjectContext =>
  mapProject(checkedProject(files), SQLITE_OPTIONS);

const flatten = (element: ElementContext): ElementContext[] => [
  element,
  ...element.children.flatMap(flatten),
];

describe('record pages', () => {
  const context = map(blogProject());
  const view = (name: string): ViewContext => {
    const found = context.views.find((v) => v.name === name);
    if (!found) throw new Error(`no view ${name}`);
    return found;
  };
  const post = view('PostPage');
  const elements = flatten(post.root);

  it("passes each route parameter under its handler's folder name, from the page parameter bound to it", () => {
    // GET /api/posts/:postId/comments lives in api/posts/[id]/comments (beside /api/posts/:id):
    // its handler reads `id`. The post's page binds :postId to its own :id.
    // (The second is the edit form's record.)
    expect(post.loads.map((l) => [l.urlPath, l.params, l.paramsArgument])).toEqual([
      ['/api/posts/:id', ['id'], '{ id: params.id }'],
      ['/api/posts/:id', ['id'], '{ id: params.id }'],
      ['/api/posts/:id/comments', ['id'], '{ id: params.id }'],
    ]);
    // Without `params`, by name: the comments page's :postId (its folder is [id] too).
    const comments = view('PostCommentsPage');
    expect(comments.folderParams).toEqual([{ name: 'postId', folder: 'id' }]);
    expect(comments.loads.map((l) => [l.urlPath, l.paramsArgument])).toEqual([
      ['/api/posts/:postId/comments', '{ id: params.postId }'],
    ]);
  });

  it("fills a form's action from the page parameter its `params` names", () => {
    const form = elements.find((e) => e.form?.method === 'POST')?.form;
    expect(form?.urlPath).toBe('/api/posts/:id/comments');
    expect(form?.props.find((p) => p.name === 'action')?.value).toBe('/api/posts/:id/comments');
  });

  it('shows the edit and delete forms (auth, voter owner) to those their routes let through', () => {
    const forms = elements.filter((e) => e.form !== null);
    expect(
      forms.map((e) => [e.form?.method, e.partial, e.form?.access?.signInText ?? null]),
    ).toEqual([
      ['PATCH', 'view/guarded', 'Log in to save post'],
      ['DELETE', 'view/guarded', 'Log in to delete post'],
      ['POST', 'view/form', null],
    ]);
    // One "Log in to ..." per page: the link to the edit page asks first (access0, see
    // linkAccess.test.ts); each form's shows only when no earlier one does.
    expect(forms.map((e) => e.form?.access?.earlier ?? null)).toEqual([
      ['access0'],
      ['access0', 'access1'],
      null,
    ]);
  });

  it("names each table by the heading before its list, else the page's title", () => {
    expect(elements.filter((e) => e.type === 'list').map((e) => e.tableLabel)).toEqual([
      'Comments',
    ]);
    const archive = flatten(view('ArchivePage').root).filter((e) => e.type === 'list');
    expect(archive.map((e) => e.tableLabel)).toEqual(['Newest first, by cursor', 'All posts']);
    const posts = flatten(view('PostsPage').root).filter((e) => e.type === 'list');
    expect(posts.map((e) => e.tableLabel)).toEqual(['Posts']);
    expect(elements.filter((e) => e.type !== 'list').every((e) => e.tableLabel === '')).toBe(true);
  });

  it("titles the page by the record's heading field, in the h1 and the document title", () => {
    expect(post.heading).toMatchObject({
      field: 'title',
      kind: 'string',
      load: { variable: 'data0' },
    });
    expect(post.headingPartial).toBe('view/title/record');
    expect(post.metadataPartial).toBe('view/metadata/record');
    expect(post.metadataSetup.map((s) => s.pageStep)).toEqual([
      'view/setup/params',
      'view/setup/here',
    ]);
    expect(post.viewHelpers).toContain('recordTitle');
    const posts = view('PostsPage');
    expect([posts.heading, posts.headingPartial, posts.metadataPartial]).toEqual([
      null,
      'view/title/fixed',
      'view/metadata/fixed',
    ]);
  });

  it("links a field of an included belongsTo to the related record's page by the record's key, and keeps a text field's lines", () => {
    const detail = elements.find((e) => e.type === 'detail');
    expect(
      detail?.columns.map((c) => [c.relation, c.field, c.link, c.cell, c.value, c.valueClass]),
    ).toEqual([
      [null, 'body', null, 'view/field/value', 'view/value/own', 'appgen-multiline'],
      ['author', 'name', '/users/:authorId', 'view/field/relatedLink', 'view/value/related', null],
      [null, 'createdAt', null, 'view/field/value', 'view/value/own', null],
      [null, 'views', null, 'view/field/value', 'view/value/own', null],
    ]);
    expect(post.usesLink).toBe(true);
  });

  /** The post page's detail with these columns, in a blog changed by `overrides`. */
  const postDetail = (columns: unknown[], overrides: ProjectFiles = {}) => {
    const postView = {
      name: 'PostPage',
      path: '/posts/:id',
      root: { type: 'detail', route: 'GET /api/posts/:id', columns },
    };
    const mapped = map(blogProject({ 'config/views/post.json': postView, ...overrides }));
    const page = mapped.views.find((v) => v.name === 'PostPage');
    return page && flatten(page.root).find((e) => e.type === 'detail');
  };

  it("links a belongsTo key field shown itself (authorId) to the related record's page", () => {
    expect(postDetail(['authorId'])?.columns[0]).toMatchObject({
      link: '/users/:authorId',
      cell: 'view/field/link',
    });
  });

  it('links nothing when the related model has no record page', () => {
    const detail = postDetail(['authorId', 'author.name'], { 'config/views/user.json': undefined });
    expect(detail?.columns.map((c) => [c.link, c.cell])).toEqual([
      [null, 'view/field/value'],
      [null, 'view/field/value'],
    ]);
  });
});
