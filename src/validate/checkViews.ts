import type { QueryStyle } from '../config/configTypes';
import type { ViewConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import { parseAppPath, pathShape, PathSegment } from '../domain/appPaths';
import type { CheckedModel, CheckedRoute, CheckedView } from './checkedProject';
import { checkViewBindings } from './checkViewBindings';
import { checkViewElements } from './checkViewElements';
import { diagnosticAt } from './locate';
import { isReservedName, whyReserved } from './reservedNames';
import { findRouteByRef } from './viewRoutes';
import { walkElements } from './walkElements';

interface ViewChecks {
  routes: readonly CheckedRoute[];
  models: ReadonlyMap<string, CheckedModel>;
  loginPath: string;
  /** `METHOD /path` of declared routes that failed their own checks (see checkViewBindings). */
  uncheckedRoutes?: ReadonlySet<string>;
  /** The project's `queryStyle`: a page's list reads its route in appgen's style. */
  queryStyle?: QueryStyle;
}

/** Whether a page only works for a signed-in user: its own `auth`, or a route it shows needs it. */
function needsSignIn(view: ViewConfig, routes: readonly CheckedRoute[]): boolean {
  if (view.auth) return true;
  return walkElements(view.root).some(({ element }) => {
    const ref =
      element.type === 'list' || element.type === 'detail'
        ? element.route
        : element.type === 'form'
          ? element.load
          : typeof element.options === 'string'
            ? element.options
            : undefined;
    return Boolean(ref && findRouteByRef(routes, ref)?.config.auth === true);
  });
}

/** Checks views one by one and across files (unique names and paths, a page to sign in at). */
export function checkViews(
  documents: ConfigDocument[],
  checks: ViewChecks,
): {
  views: CheckedView[];
  tree: Array<{ document: ConfigDocument; pointer: string; segments: PathSegment[] }>;
  diagnostics: Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  const views: CheckedView[] = [];
  const tree: Array<{ document: ConfigDocument; pointer: string; segments: PathSegment[] }> = [];
  const names = new Map<string, string>();
  const shapes = new Map<string, string>();
  for (const document of documents) {
    const config = document.value as ViewConfig;
    const problems: Diagnostic[] = [];
    if (names.has(config.name))
      problems.push(
        diagnosticAt(
          document,
          '/name',
          `view "${config.name}" is already declared in ${names.get(config.name)}`,
          'give each view a unique name.',
        ),
      );
    if (isReservedName(config.name))
      problems.push(
        diagnosticAt(
          document,
          '/name',
          `"${config.name}" is a reserved name in generated code: ${whyReserved(config.name)}`,
          `rename it, e.g. "${config.name}Page".`,
        ),
      );
    names.set(config.name, document.file);
    const parsed = parseAppPath(config.path);
    if (!parsed.ok) {
      problems.push(diagnosticAt(document, '/path', parsed.message, parsed.hint));
    } else {
      const shape = pathShape(parsed.segments);
      if (shapes.has(shape))
        problems.push(
          diagnosticAt(
            document,
            '/path',
            `path "${config.path}" is already served by ${shapes.get(shape)}`,
            'give each view its own path.',
          ),
        );
      shapes.set(shape, document.file);
      tree.push({ document, pointer: '', segments: parsed.segments });
    }
    problems.push(...checkViewElements(document, config));
    if (parsed.ok)
      problems.push(
        ...checkViewBindings(
          document,
          config,
          checks.routes,
          checks.models,
          checks.uncheckedRoutes,
          checks.queryStyle,
        ),
      );
    diagnostics.push(...problems);
    views.push({ config, origin: { file: document.file, pointer: '' } });
  }
  const loginView = views.some((v) => v.config.path === checks.loginPath);
  for (const [index, view] of views.entries()) {
    if (loginView || !needsSignIn(view.config, checks.routes)) continue;
    const why = view.config.auth ? 'has "auth": true' : 'shows a route that needs a signed-in user';
    diagnostics.push(
      diagnosticAt(
        documents[index],
        view.config.auth ? '/auth' : '/root',
        `view "${view.config.name}" ${why}, but no view is at the login path "${checks.loginPath}" to send visitors to`,
        `add a view with "path": "${checks.loginPath}" (a form bound to your login route), or set "loginPath" in appgen.config.json.`,
      ),
    );
  }
  return { views, tree, diagnostics };
}
