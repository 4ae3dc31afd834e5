import type { ModelConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import { computedKinds, isUrlComputed, urlPathParams } from '../domain/computed';
import { isSentField } from '../domain/computedFields';
import { fieldOf } from '../domain/fields';
import { uniqueFields } from '../domain/routeParams';
import type { CheckedModel, CheckedRoute } from './checkedProject';
import { uncheckedKey } from './uncheckedRoutes';
import { childPointer, diagnosticAt } from './locate';

interface UrlCheck {
  document: ConfigDocument;
  model: ModelConfig;
  /** The GET routes that answer one record, by path. */
  gets: ReadonlyMap<string, CheckedRoute>;
  /** `METHOD /path` of routes in files that failed their checks: a url naming one is not reported again. */
  uncheckedRoutes: ReadonlySet<string>;
}

function checkOne(check: UrlCheck, name: string, path: string): Diagnostic[] {
  const { document, model, gets, uncheckedRoutes } = check;
  const at = childPointer(childPointer('/computed', name), 'url');
  const problem = (message: string, fix: string) => [diagnosticAt(document, at, message, fix)];
  const own = [...gets.values()]
    .filter((route) => route.model === model.name)
    .map((route) => route.config.path);
  const example = own[0] ?? `/api/${model.name.toLowerCase()}s/:id`;
  if (!path.startsWith('/'))
    return problem(
      `"url" is the path of a route of ${model.name}, filled with the record's key; "${path}" is not a path`,
      `name a GET route of one ${model.name}, e.g. "${example}" (the origin is the request's, or APPGEN_PUBLIC_URL).`,
    );
  if (uncheckedRoutes.has(uncheckedKey(`GET ${path}`))) return [];
  const route = gets.get(path);
  if (!route)
    return problem(
      `no GET route of one record has the path "${path}"`,
      suggest(path, own, `a GET route of one ${model.name}:`) ||
        `declare { "method": "GET", "path": "${path}", "response": "${model.name}" } in config/routes/.`,
    );
  if (route.model !== model.name)
    return problem(
      `GET ${path} answers ${route.model ?? 'no model'}, not ${model.name}`,
      suggest(path, own, `a GET route of one ${model.name}:`) ||
        `name a GET route whose "response" is "${model.name}".`,
    );
  const params = urlPathParams(path);
  for (const param of params) {
    if (isSentField(model, param)) continue;
    return problem(
      fieldOf(model, param)
        ? `":${param}" of "${path}" is a field of ${model.name} that answers never send`
        : `":${param}" of "${path}" is not a field of ${model.name}: a url is filled from the record's own fields`,
      `name a route whose path parameters are fields of ${model.name} (e.g. "/api/${model.name.toLowerCase()}s/:id").`,
    );
  }
  // A GET of one record names it by a unique field (checkRouteParams), but the caller's own
  // record (`record: "currentUser"`) has no key in its path.
  if (params.length === 0)
    return problem(
      `"${path}" names no record: every ${model.name} would have the same url`,
      `name a route whose path has the record's key, e.g. "/api/${model.name.toLowerCase()}s/:${uniqueFields(model).find((f) => f !== 'id') ?? 'id'}".`,
    );
  return [];
}

/**
 * Checks every model's `url` computed fields against the routes: each names the path of a GET
 * route of one record of the model, whose parameters are fields of the model (the record fills
 * them), one of them unique.
 */
export function checkComputedUrls(
  documents: ReadonlyMap<string, ConfigDocument>,
  models: ReadonlyMap<string, CheckedModel>,
  routes: readonly CheckedRoute[],
  uncheckedRoutes: ReadonlySet<string>,
): Diagnostic[] {
  const gets = new Map(
    routes.filter((route) => route.operation === 'get').map((route) => [route.config.path, route]),
  );
  return [...models.values()].flatMap(({ config: model }) => {
    const document = documents.get(model.name);
    if (!document || !model.computed) return [];
    const check = { document, model, gets, uncheckedRoutes };
    return Object.entries(model.computed).flatMap(([name, config]) =>
      // A field that names two kinds is reported by checkComputed.
      isUrlComputed(config) && computedKinds(config).length === 1
        ? checkOne(check, name, config.url)
        : [],
    );
  });
}
