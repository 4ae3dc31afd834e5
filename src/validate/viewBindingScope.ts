import type { QueryStyle } from '../config/configTypes';
import type { ModelConfig, ViewConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import type { ParamBinding } from '../domain/viewParamBinding';
import { isUrlComputed } from '../domain/computed';
import { computedOf, isSentField } from '../domain/computedFields';
import { fieldOf, fieldOptions, modelFieldNames } from '../domain/fields';
import { parseRouteRef } from '../domain/routeRefs';
import { uncheckedKey } from './uncheckedRoutes';
import type { CheckedModel, CheckedRoute } from './checkedProject';
import { unfilledParamHint, unfilledParams } from './checkParamBinding';
import { diagnosticAt } from './locate';
import { parseResponse } from './resolveRouteModel';
import { findRouteByRef } from './viewRoutes';

/** What checking one view's bindings to routes needs, and the problems it collects. */
export interface BindingScope {
  document: ConfigDocument;
  view: ViewConfig;
  routes: readonly CheckedRoute[];
  models: ReadonlyMap<string, CheckedModel>;
  /** `METHOD /path` of routes declared in files or entries that have problems of their own. */
  unchecked: ReadonlySet<string>;
  /** The project's `queryStyle` (a route's `query.style` overrides it). */
  queryStyle?: QueryStyle;
  problems: Diagnostic[];
}

/** The route an element names, or a problem (with the closest declared route) and undefined. */
export function boundRoute(
  scope: BindingScope,
  ref: string,
  pointer: string,
  binding: ParamBinding,
): CheckedRoute | undefined {
  const route = findRouteByRef(scope.routes, ref);
  if (route) {
    const [missing] = unfilledParams(route.config.path, scope.view.path, binding);
    if (missing !== undefined) {
      scope.problems.push(
        diagnosticAt(
          scope.document,
          pointer,
          `route "${ref}" needs ":${missing}", which is not a parameter of this view's path "${scope.view.path}"`,
          unfilledParamHint(missing, scope.view.path),
        ),
      );
    }
    return route;
  }
  const { method, path } = parseRouteRef(ref);
  // Declared, but refused for its own problems (or its model's): those are reported already.
  if (scope.unchecked.has(uncheckedKey(`${method} ${path}`))) return undefined;
  const candidates = scope.routes
    .filter((r) => r.config.method === method)
    .map((r) => `${r.config.method} ${r.config.path}`);
  scope.problems.push(
    diagnosticAt(
      scope.document,
      pointer,
      `no route "${ref}" is declared in config/routes`,
      candidates.length
        ? suggest(ref, candidates, `a declared ${method} route:`)
        : `declare a ${method} route with that path, or bind another one.`,
    ),
  );
  return undefined;
}

/** The model a GET route answers, checked to be a list or a single record as the element needs. */
export function answeredModel(
  scope: BindingScope,
  route: CheckedRoute,
  ref: string,
  pointer: string,
  wantArray: boolean,
): ModelConfig | undefined {
  const response = parseResponse(route.config.response);
  const what = wantArray ? 'a list (e.g. "Post[]")' : 'one record (e.g. "Post")';
  if (route.config.values !== undefined) {
    scope.problems.push(
      diagnosticAt(
        scope.document,
        pointer,
        `route "${ref}" answers plain values of "${route.config.values}" ("values"), not records a page can show`,
        'bind a GET route without "values".',
      ),
    );
    return undefined;
  }
  if (!response.name || response.isArray !== wantArray) {
    scope.problems.push(
      diagnosticAt(
        scope.document,
        pointer,
        `route "${ref}" does not answer ${what}`,
        `bind a GET route whose "response" is ${what}.`,
      ),
    );
    return undefined;
  }
  return scope.models.get(response.name)?.config;
}

export function checkModelFields(
  scope: BindingScope,
  model: ModelConfig,
  names: Array<{ name: string; pointer: string }>,
  what: string,
  /** The route whose answer must hold the fields (a page shows them); absent: any field will do. */
  sentBy?: { route: CheckedRoute; ref: string },
): void {
  const fields = modelFieldNames(model);
  const chosen = sentBy?.route.config.fields;
  for (const { name, pointer } of names) {
    const problem = (message: string, hint: string) =>
      scope.problems.push(diagnosticAt(scope.document, pointer, message, hint));
    const config = computedOf(model, name);
    const computed = config !== undefined;
    // Url fields are sent unless `fields` leave them out; other computed fields only when named.
    const sentUnchosen = config !== undefined && isUrlComputed(config);
    if (!fields.includes(name) && !computed) {
      problem(
        `${what} "${name}" is not a field of model ${model.name}`,
        suggest(name, fields, 'a field of the model:'),
      );
    } else if (!sentBy) {
      continue;
    } else if (!computed && !isSentField(model, name)) {
      const field = fieldOf(model, name);
      const kind = field && fieldOptions(field).type === 'password' ? 'a password' : 'hidden';
      problem(
        `${what} "${name}" is never sent (${model.name}.${name} is ${kind}), so the page could not show it`,
        'remove it from the view.',
      );
    } else if (chosen ? !chosen.includes(name) : computed && !sentUnchosen) {
      problem(
        `${what} "${name}" is not among the fields "${sentBy.ref}" sends`,
        chosen
          ? `add "${name}" to the route's "fields", or remove it from the view.`
          : `a computed field is sent only when the route lists it: give "${sentBy.ref}" a "fields" list that includes "${name}".`,
      );
    }
  }
}
