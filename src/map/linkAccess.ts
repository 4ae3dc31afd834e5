import { segmentsOf, type PathSegment } from '../domain/appPaths';
import { pageParamOf, type ParamBinding } from '../domain/viewParamBinding';
import type { ProjectElement, ProjectView } from '../validate/checkedProject';
import type { FormAccessContext } from './contexts';
import { formAccess, signInTextOf } from './formAccess';
import { elementsOf } from './projectElements';
import type { BoundRoute } from './viewRouteCalls';

/**
 * A page of the project as a link can lead to it: its path, and the write route its forms are
 * bound to when a visitor may be refused it (see guardOf), else null.
 */
export interface LinkTarget {
  segments: PathSegment[];
  guard: { route: BoundRoute; binding: ParamBinding } | null;
}

/**
 * The route a link to the view asks (issue 50 §3): the view's forms bound to write routes must
 * all be bound to one route (with the same `params`) that has `auth` or a voter
 * (MethodContext.probed). A page without a write form, with a form everyone may use, or with
 * forms of several routes is linked to as it is.
 */
function guardOf(view: ProjectView, routes: ReadonlyMap<string, BoundRoute>): LinkTarget['guard'] {
  const forms = elementsOf(view.root).flatMap((element) => {
    const ref = element.type === 'form' ? element.route : undefined;
    const route = ref && routes.get(`${ref.method} ${ref.path}`);
    return route && route.method.method !== 'GET' ? [{ route, binding: element.params }] : [];
  });
  const keys = new Set(
    forms.map(
      (f) =>
        `${f.route.method.method} ${f.route.method.urlPath} ${JSON.stringify(f.binding ?? {})}`,
    ),
  );
  const [first] = forms;
  if (!first || keys.size !== 1 || !forms.every((f) => f.route.method.probed)) return null;
  return first;
}

/** Every view as a link target; the order does not matter (linkAccess picks as Next.js does). */
export function linkTargets(
  views: readonly ProjectView[],
  routes: ReadonlyMap<string, BoundRoute>,
): LinkTarget[] {
  return views.map((view) => ({ segments: view.segments, guard: guardOf(view, routes) }));
}

/** Whether a view's path serves the link's: same length, its fixed segments written alike. */
const serves = (target: PathSegment[], href: PathSegment[]): boolean =>
  target.length === href.length &&
  target.every(
    (s, i) => s.param !== undefined || (href[i].param === undefined && s.text === href[i].text),
  );

/** Next.js's choice between two views that serve a path: the first fixed segment wins. */
const moreSpecific = (a: PathSegment[], b: PathSegment[]): number => {
  const i = a.findIndex((s, n) => (s.param === undefined) !== (b[n].param === undefined));
  return i < 0 ? 0 : a[i].param === undefined ? -1 : 1;
};

/**
 * The access check of a `link` to a page of the project whose forms are bound to a guarded write
 * route (see guardOf): the page shows the link only when that route would let the visitor
 * through, with the link's own path parameters bound into the target's (`/posts/:id/edit` asks
 * `PATCH /api/posts/:id` for this page's `id`); a "Log in to <label>" link when it needs a
 * sign-in; else nothing. Null (the link shown to everyone) for any other link: external, to a
 * page without such a form, or one that fills a parameter the route needs with fixed text.
 */
export function linkAccess(
  targets: readonly LinkTarget[],
  link: ProjectElement,
  earlier: readonly FormAccessContext[],
): FormAccessContext | null {
  const href = link.hrefSegments;
  if (!href) return null;
  const [target] = targets
    .filter((t) => serves(t.segments, href))
    .sort((a, b) => moreSpecific(a.segments, b.segments));
  if (!target?.guard) return null;
  const { route, binding } = target.guard;
  // Route parameter → the target page's parameter (the form's `params`) → this page's, from the href.
  const composed: Record<string, string> = {};
  for (const { name } of route.method.folderParams) {
    const targetParam = pageParamOf(binding, name);
    const at = target.segments.findIndex((s) => s.param === targetParam);
    const pageParam = at < 0 ? undefined : href[at].param;
    if (pageParam === undefined) return null;
    composed[name] = pageParam;
  }
  return formAccess(route, signInTextOf(link.label ?? null, 'open this page'), earlier, composed);
}

/**
 * Whether a same-site link leads to a GET route of the app (a provider's sign-in) and to no page
 * (no view serves its path): such a link is a plain anchor, since next/link would prefetch it
 * and navigate on the client.
 */
export function leadsToRoute(
  targets: readonly LinkTarget[],
  routes: ReadonlyMap<string, BoundRoute>,
  link: ProjectElement,
): boolean {
  const href = link.hrefSegments;
  if (href === undefined || targets.some((t) => serves(t.segments, href))) return false;
  return [...routes.values()].some(
    (route) => route.method.method === 'GET' && serves(segmentsOf(route.method.urlPath), href),
  );
}
