import fs from 'fs';
import path from 'path';
import type { ElementContext, MethodContext, ProjectContext } from '../../../src/map/contexts';
import { HANDLER_STEP_PARTIALS } from '../../../src/domain/handlerSteps';
import { mapProject } from '../../../src/map/mapProject';
import { checkedProject } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { SQLITE_OPTIONS } from '../support/generateOptions';
import { renderFiles } from '../support/renderFiles';

// Issue 50 §3: a page shows a form bound to a write route with `auth` or a voter only to visitors
// the route lets through, asking the route's own handler in probe mode (src/appgen/probe.ts). A
// probe runs the handler's checks and stops after the last one: it never reads a body or writes.
const POST_MODEL = {
  name: 'Post',
  fields: { title: 'string', done: { type: 'boolean', default: false }, ownerId: 'string' },
};
const ROUTES = [
  { method: 'GET', path: '/api/posts', response: 'Post[]' },
  { method: 'GET', path: '/api/posts/:id', params: { id: 'uuid' }, response: 'Post' },
  {
    method: 'POST',
    path: '/api/posts',
    auth: true,
    body: { title: 'string', ownerId: 'string' },
    response: 'Post',
  },
  {
    method: 'POST',
    path: '/api/posts/open',
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
  {
    method: 'DELETE',
    path: '/api/posts/:id',
    params: { id: 'uuid' },
    voter: 'mayDelete',
  },
  { method: 'PATCH', path: '/api/posts', collection: true, auth: true, body: { done: 'boolean' } },
  {
    method: 'POST',
    path: '/api/posts/:id/publish',
    params: { id: 'uuid' },
    auth: true,
    function: 'publish',
  },
];
const POST_PAGE = {
  name: 'PostPage',
  path: '/posts/:id',
  root: {
    type: 'section',
    children: [
      { type: 'detail', route: 'GET /api/posts/:id', columns: ['title'] },
      {
        type: 'form',
        route: 'PATCH /api/posts/:id',
        load: 'GET /api/posts/:id',
        fields: [
          { type: 'input', id: 'title', label: 'Title' },
          { type: 'button', label: 'Save' },
        ],
      },
      {
        type: 'form',
        route: 'DELETE /api/posts/:id',
        fields: [{ type: 'button', label: 'Delete post' }],
      },
      {
        type: 'form',
        route: 'POST /api/posts/open',
        fields: [
          { type: 'input', id: 'title', label: 'Title' },
          { type: 'input', id: 'ownerId', label: 'Owner' },
          { type: 'button', label: 'Add' },
        ],
      },
    ],
  },
};
const files = minimalProject({
  'config/models/Post.json': POST_MODEL,
  'config/routes/posts.json': { routes: ROUTES },
  'config/views/post.json': POST_PAGE,
});
const project: ProjectContext = mapProject(checkedProject(files), SQLITE_OPTIONS);
const method = (verb: string, urlPath: string): MethodContext => {
  const found = project.methods.find((m) => m.method === verb && m.urlPath === urlPath);
  if (!found) throw new Error(`no ${verb} ${urlPath}`);
  return found;
};
const steps = (m: MethodContext) => m.steps.map((s) => s.step);
/** A step as HANDLER_STEP_PARTIALS names it (`orm/prisma/load` is `orm/*\/load`). */
const isCheck = (step: string) => CHECKS.has(step.replace(/^orm\/\w+\//, 'orm/*/'));

/** The checks of a handler, in the order methodSteps puts them before any work. */
const CHECKS = new Set(
  HANDLER_STEP_PARTIALS.slice(0, HANDLER_STEP_PARTIALS.indexOf('handler/probeStop')),
);

describe('which routes a page probes (MethodContext.probed)', () => {
  it('writes with auth or a voter, and nothing else', () => {
    const probed = project.methods.filter((m) => m.probed).map((m) => `${m.method} ${m.urlPath}`);
    expect(probed.sort()).toEqual(
      [
        'POST /api/posts',
        'PATCH /api/posts/:id',
        'DELETE /api/posts/:id',
        'PATCH /api/posts',
        'POST /api/posts/:id/publish',
      ].sort(),
    );
  });

  it('writes of a model whose access rules decide them, with no auth and no voter', () => {
    // Access rules decide who creates or changes a Note: a page asks them before showing a form.
    const ruled = minimalProject({
      'appgen.config.json': {
        orm: 'prisma',
        accounts: { model: 'User', roles: ['member', 'editor'] },
      },
      'config/models/User.json': {
        name: 'User',
        fields: { name: 'string', email: { type: 'string', unique: true } },
      },
      'config/models/Note.json': {
        name: 'Note',
        fields: { title: 'string' },
        access: [
          { allow: 'read' },
          { allow: ['create', 'delete'], when: { 'currentUser.role': 'editor' } },
        ],
      },
      'config/routes/notes.json': {
        routes: [
          { method: 'GET', path: '/api/notes', response: 'Note[]' },
          { method: 'POST', path: '/api/notes', body: { title: 'string' }, response: 'Note' },
          { method: 'DELETE', path: '/api/notes/:id', params: { id: 'uuid' } },
        ],
      },
    });
    const context = mapProject(checkedProject(ruled), SQLITE_OPTIONS);
    const probed = context.methods.filter((m) => m.probed).map((m) => `${m.method} ${m.urlPath}`);
    expect(probed.sort()).toEqual(['DELETE /api/notes/:id', 'POST /api/notes']);
    const create = context.methods.find((m) => m.method === 'POST');
    const order = create?.steps.map((s) => s.step) ?? [];
    // The probe stops after the rules refused a caller no create rule can let through.
    expect(order.indexOf('handler/accessCreate')).toBeLessThan(order.indexOf('handler/probeStop'));
    expect(order).toContain('handler/probedBody');
  });

  it('stops a probe after the last check and before any work, and reads no body in a probe', () => {
    for (const m of project.methods) {
      const list = steps(m);
      const stop = list.indexOf('handler/probeStop');
      if (!m.probed) {
        expect([m.handlerName, stop, list.includes('handler/probedBody')]).toEqual([
          m.handlerName,
          -1,
          false,
        ]);
        continue;
      }
      expect(list.slice(0, stop).every(isCheck)).toBe(true);
      expect(list.slice(stop + 1).some(isCheck)).toBe(false);
      expect(list.slice(stop + 1).length).toBeGreaterThan(0);
      expect(list.includes('handler/body')).toBe(false);
      expect(list.includes('handler/probedBody')).toBe(m.hasBody);
    }
    // The voter, the record's load and sign-in all come before the stop.
    expect(steps(method('PATCH', '/api/posts/:id'))).toEqual(
      expect.arrayContaining(['handler/auth', 'orm/prisma/load', 'handler/voterOwner']),
    );
    const patch = steps(method('PATCH', '/api/posts/:id'));
    expect(patch.indexOf('handler/voterOwner')).toBe(patch.indexOf('handler/probeStop') - 1);
  });
});

describe('the page side: guarded forms', () => {
  const view = project.views.find((v) => v.name === 'PostPage');
  const flatten = (e: ElementContext): ElementContext[] => [e, ...e.children.flatMap(flatten)];
  const forms = view ? flatten(view.root).filter((e) => e.type === 'form') : [];

  it('asks the route of each form with auth or a voter, and no other', () => {
    expect(forms.map((f) => [f.form?.method, f.partial, f.form?.access?.variable ?? null])).toEqual(
      [
        ['PATCH', 'view/guarded', 'access0'],
        ['DELETE', 'view/guarded', 'access1'],
        ['POST', 'view/form', null],
      ],
    );
    expect(forms.map((f) => f.form?.shownPartial)).toEqual([
      'view/form/loaded',
      'view/form',
      'view/form',
    ]);
    expect(view?.accessChecks.map((c) => [c.handler, c.method, c.paramsArgument])).toEqual([
      ['patchApiPostsById', 'PATCH', '{ id: params.id }'],
      ['deleteApiPostsById', 'DELETE', '{ id: params.id }'],
    ]);
    expect(view?.routeImports.map((r) => `${r.method} ${r.handler}`)).toEqual([
      'DELETE deleteApiPostsById',
      'GET getApiPostsById',
      'PATCH patchApiPostsById',
    ]);
  });

  it('names the log-in link after the button', () => {
    expect(view?.accessChecks.map((c) => c.signInText)).toEqual([
      'Log in to save',
      'Log in to delete post',
    ]);
  });

  it('renders the probe call, the form for the allowed and the log-in link that comes back', () => {
    const page = renderFiles(files).get('src/app/posts/[id]/page.tsx')?.content ?? '';
    expect(page).toContain(
      [
        '  const access0 = await routeAccess(',
        '    patchApiPostsById,',
        '    "PATCH",',
        '    "/api/posts/" + encodeURIComponent(String(params.id)),',
        '    { id: params.id },',
        '  );',
      ].join('\n'),
    );
    expect(page).toContain('{access0 === "allowed" ? (');
    expect(page).toContain('<Link href={loginUrl(here)}>{"Log in to save"}</Link>');
    expect(page).toContain(
      'import { PATCH as patchApiPostsById } from "@/app/api/posts/[id]/route";',
    );
    // The open form has no check.
    expect(page.match(/routeAccess\(/g)?.length).toBe(2);
  });
});

describe('a probe cannot write (every golden case)', () => {
  const GOLDEN = path.join(__dirname, '../../golden');
  const routeFiles = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return routeFiles(full);
      return entry.name === 'route.ts' ? [full] : [];
    });
  const handlers = fs
    .readdirSync(GOLDEN)
    .flatMap((name) => routeFiles(path.join(GOLDEN, name, 'expected', 'src', 'app', 'api')))
    .flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split(/^export async function /m)
        .slice(1)
        .map((text) => ({ file, text })),
    );
  const probing = handlers.filter((h) => h.text.includes('probeAllowed()'));

  it('finds handlers that answer probes', () => {
    expect(probing.length).toBeGreaterThan(20);
  });

  it.each([
    '.create(',
    '.update(',
    '.delete(',
    '.upsert(',
    '.insert(',
    'deleteMany(',
    'updateMany(',
    '$transaction',
    'transaction(',
    'hashPassword(',
    'runEvents(',
  ])('reaches no %s before the probe stops', (write) => {
    const early = probing.filter((h) => h.text.split('probeAllowed()')[0].includes(write));
    expect(early.map((h) => h.file)).toEqual([]);
  });

  it('reads a body only when the request is no probe', () => {
    for (const { file, text } of probing) {
      const before = text.split('probeAllowed()')[0];
      const reads = before.match(/readBody</g)?.length ?? 0;
      const guarded =
        before.match(/isProbe\(request\)\s*\?\s*undefined\s*:\s*await readBody</g)?.length ?? 0;
      expect([file, reads]).toEqual([file, guarded]);
    }
  });
});
