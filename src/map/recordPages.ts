import { pathParams } from '../domain/appPaths';
import { pageParamOf } from '../domain/viewParamBinding';
import type { ProjectView } from '../validate/checkedProject';
import { elementsOf } from './projectElements';
import type { BoundRoute } from './viewRouteCalls';

/** A model's record page: its path, with the one parameter that takes the record's id. */
export interface RecordPage {
  path: string;
  param: string;
}

/** The model a view shows as its record, by id: see recordPages. */
function recordShown(view: ProjectView, routes: ReadonlyMap<string, BoundRoute>) {
  const params = pathParams(view.path);
  for (const element of elementsOf(view.root)) {
    if (element.type !== 'detail' || !element.route) continue;
    const method = routes.get(`${element.route.method} ${element.route.path}`)?.method;
    const byId = method?.matches.length === 1 && method.matches[0].field === 'id';
    if (!method?.responseModel || method.responseIsArray || !byId) continue;
    const param = pageParamOf(element.params, method.matches[0].param.name);
    if (params.length === 1 && params[0] === param)
      return { model: method.responseModel, page: { path: view.path, param } };
  }
  return null;
}

/**
 * Each model's record page, where a belongsTo field links to: the view whose only path parameter
 * is the id of the record a `detail` on it shows (`/users/:id` with a detail of
 * `GET /api/users/:id`). When several views qualify, the first by path.
 */
export function recordPages(
  views: readonly ProjectView[],
  routes: ReadonlyMap<string, BoundRoute>,
): ReadonlyMap<string, RecordPage> {
  const pages = new Map<string, RecordPage>();
  const sorted = [...views].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const view of sorted) {
    const shown = recordShown(view, routes);
    if (shown && !pages.has(shown.model)) pages.set(shown.model, shown.page);
  }
  return pages;
}

/** The path of the record a belongsTo field names, `:name` to fill from the record (`/users/:authorId`). */
export function recordLink(page: RecordPage, field: string): string {
  return page.path
    .split('/')
    .map((segment) => (segment === `:${page.param}` ? `:${field}` : segment))
    .join('/');
}
