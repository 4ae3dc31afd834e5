import type { ElementContext, ProjectContext, ViewContext } from '../../../src/map/contexts';
import { mapProject } from '../../../src/map/mapProject';
import { checkedProject } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { SQLITE_OPTIONS } from '../support/generateOptions';
import { renderFiles } from '../support/renderFiles';

// Issue 50 §3: a link to a page whose form is bound to a write route with `auth` or a voter is
// shown by the same probe of that route (with the link's parameters bound into the target's):
// the link, a "Log in to ..." link, or nothing. Any other link is shown to everyone.
const POST_MODEL = {
  name: 'Post',
  fields: { title: 'string', ownerId: 'string' },
};
const ROUTES = [
  { method: 'GET', path: '/api/posts', response: 'Post[]' },
  { method: 'GET', path: '/api/posts/:id', params: { id: 'uuid' }, response: 'Post' },
  {
    method: 'POST',
    path: '/api/posts',
    body: { title: 'string', ownerId: 'string' },
    response: 'Post',
  },
  {
    method: 'PATCH',
    path: '/api/posts/:id',
    params: { id: 'uuid' },
    auth: true,
    voter: 'owner:ownerId',
    body: { title: 'string' },
    response: 'Post',
  },
];
const link = (href: string, label: string) => ({ type: 'link', href, label });
const VIEWS = {
  'config/views/post.json': {
    name: 'PostPage',
    path: '/posts/:id',
    root: {
      type: 'section',
      children: [
        { type: 'detail', route: 'GET /api/posts/:id', columns: ['title'] },
        link('/posts/:id/edit', 'Edit'),
        link('/posts/:id/edit?from=post#title', 'Edit the title'),
        link('/posts/new', 'Write another'),
        link('/posts', 'All posts'),
        link('https://example.com/help', 'Help'),
        link('/posts/00000000-0000-4000-8000-000000000000/edit', 'Edit the first'),
      ],
    },
  },
  // The target names its parameter otherwise, and binds the route's `:id` to it.
  'config/views/editPost.json': {
    name: 'EditPostPage',
    path: '/posts/:postId/edit',
    root: {
      type: 'form',
      route: 'PATCH /api/posts/:id',
      params: { id: 'postId' },
      fields: [
        { type: 'input', id: 'title', label: 'Title' },
        { type: 'button', label: 'Save' },
      ],
    },
  },
  // `/posts/new` is served by this page, not by `/posts/:id`: its form is open to everyone.
  'config/views/newPost.json': {
    name: 'NewPostPage',
    path: '/posts/new',
    root: {
      type: 'form',
      route: 'POST /api/posts',
      fields: [
        { type: 'input', id: 'title', label: 'Title' },
        { type: 'input', id: 'ownerId', label: 'Owner' },
        { type: 'button', label: 'Add' },
      ],
    },
  },
  'config/views/posts.json': {
    name: 'PostsPage',
    path: '/posts',
    root: { type: 'list', route: 'GET /api/posts', columns: ['title'], link: '/posts/:id' },
  },
};
const files = minimalProject({
  'config/models/Post.json': POST_MODEL,
  'config/routes/posts.json': { routes: ROUTES },
  ...VIEWS,
});
const project: ProjectContext = mapProject(checkedProject(files), SQLITE_OPTIONS);
const flatten = (e: ElementContext): ElementContext[] => [e, ...e.children.flatMap(flatten)];
const view = project.views.find((v) => v.name === 'PostPage') as ViewContext;
const links = flatten(view.root).filter((e) => e.type === 'link');

describe('links to pages whose form is guarded', () => {
  it('asks the target form route for a link to its page, and for no other link', () => {
    expect(
      links.map((l) => [l.label, l.partial, l.shownPartial, l.access?.variable ?? null]),
    ).toEqual([
      ['Edit', 'view/guarded', 'view/link', 'access0'],
      ['Edit the title', 'view/guarded', 'view/link', 'access1'],
      ['Write another', 'view/link', 'view/link', null],
      ['All posts', 'view/link', 'view/link', null],
      ['Help', 'view/link/external', 'view/link/external', null],
      // A fixed id in the link: not this page's parameter, shown as it is.
      ['Edit the first', 'view/link', 'view/link', null],
    ]);
  });

  it("binds the link's parameters into the target's, through the form's params", () => {
    expect(
      view.accessChecks.map((c) => [
        c.handler,
        c.method,
        c.urlPath,
        c.paramsArgument,
        c.signInText,
        c.earlier,
      ]),
    ).toEqual([
      ['patchApiPostsById', 'PATCH', '/api/posts/:id', '{ id: params.id }', 'Log in to edit', []],
      [
        'patchApiPostsById',
        'PATCH',
        '/api/posts/:id',
        '{ id: params.id }',
        'Log in to edit the title',
        ['access0'],
      ],
    ]);
    expect(view.routeImports.map((r) => `${r.method} ${r.handler}`)).toEqual([
      'GET getApiPostsById',
      'PATCH patchApiPostsById',
    ]);
    expect(view.viewHelpers).toEqual(expect.arrayContaining(['loginUrl', 'routeAccess']));
  });

  it('renders the probe, the link for the allowed and the log-in link that comes back', () => {
    const page = renderFiles(files).get('src/app/posts/[id]/page.tsx')?.content ?? '';
    expect(page).toMatch(
      /const access0 = await routeAccess\(\s*patchApiPostsById,\s*"PATCH",\s*"\/api\/posts\/" \+ encodeURIComponent\(String\(params\.id\)\),\s*\{ id: params\.id \},\s*\);/,
    );
    expect(page).toMatch(
      /access0 === "allowed" \? \(\s*<>\s*<Link\s+className="appgen-link"\s+href=\{[^}]*params\.id[^}]*\}\s*>\s*\{"Edit"\}\s*<\/Link>/,
    );
    expect(page).toContain('<Link href={loginUrl(here)}>{"Log in to edit"}</Link>');
    expect(page).toContain('access1 === "signIn" && access0 !== "signIn" ?');
    expect(page).toContain('import Link from "next/link";');
  });
});
