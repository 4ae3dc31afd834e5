import type { ElementConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { closestMatch, suggest } from '../diagnostics/didYouMean';
import { pathParams } from '../domain/appPaths';
import type { ParamBinding } from '../domain/viewParamBinding';
import type { ConfigDocument } from '../load/configDocument';
import { childPointer, diagnosticAt } from './locate';

export interface ParamBindingScope {
  document: ConfigDocument;
  viewPath: string;
  problems: Diagnostic[];
}

/**
 * An element's `params` against the routes it binds (a form's `route` and `load`) and the page's
 * path: each key a parameter of one of those routes, each value a parameter of the page.
 */
export function checkParamBinding(
  scope: ParamBindingScope,
  element: ElementConfig,
  pointer: string,
  routes: Array<{ ref: string; path: string }>,
): void {
  const binding = element.params;
  if (binding === undefined) return;
  const at = childPointer(pointer, 'params');
  const routeParams = [...new Set(routes.flatMap((r) => pathParams(r.path)))];
  const pageParams = pathParams(scope.viewPath);
  const refs = routes.map((r) => `"${r.ref}"`).join(' or ');
  for (const [routeParam, pageParam] of Object.entries(binding)) {
    if (!routeParams.includes(routeParam)) {
      scope.problems.push(
        diagnosticAt(
          scope.document,
          childPointer(at, routeParam),
          routes.length === 0
            ? `"params" binds ":${routeParam}", but the element has no route to pass it to`
            : `":${routeParam}" is not a parameter of ${refs}`,
          routeParams.length > 0
            ? suggest(routeParam, routeParams, "a parameter of the route's path:")
            : 'remove it: the route takes no path parameters.',
          'key',
        ),
      );
    } else if (!pageParams.includes(pageParam)) {
      scope.problems.push(
        diagnosticAt(
          scope.document,
          childPointer(at, routeParam),
          `":${routeParam}" is bound to ":${pageParam}", which is not a parameter of this view's path "${scope.viewPath}"`,
          pageParams.length > 0
            ? suggest(pageParam, pageParams, "a parameter of the view's path:")
            : `give the view a path with ":${pageParam}".`,
        ),
      );
    }
  }
}

/**
 * The route's path parameters that the page cannot fill: not bound by `params` (a bad binding is
 * reported by checkParamBinding) and not a parameter of the page of the same name.
 */
export function unfilledParams(
  routePath: string,
  viewPath: string,
  binding: ParamBinding,
): string[] {
  const pageParams = pathParams(viewPath);
  const routeParams = pathParams(routePath);
  // A misspelt key (`postID`) is reported once, with did-you-mean, by checkParamBinding.
  const misspelt = Object.keys(binding ?? {}).filter((key) => !routeParams.includes(key));
  return routeParams.filter(
    (name) =>
      !(binding && Object.hasOwn(binding, name)) &&
      !pageParams.includes(name) &&
      closestMatch(name, misspelt) === undefined,
  );
}

/** How to fix a route parameter the page cannot fill: bind it, or give the page the parameter. */
export function unfilledParamHint(name: string, viewPath: string): string {
  const pageParams = pathParams(viewPath);
  return pageParams.length > 0
    ? `bind it to a parameter of the page, e.g. "params": { "${name}": "${pageParams[0]}" }, or give the view a path with ":${name}".`
    : `give the view a path with ":${name}" (the page passes its parameters to the route by name).`;
}
