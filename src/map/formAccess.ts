import type { ParamBinding } from '../domain/viewParamBinding';
import type { ProjectElement } from '../validate/checkedProject';
import type { FormAccessContext } from './contexts';
import { routeCall, type BoundRoute } from './viewRouteCalls';

/** The first button of a form (its fields may sit in sections), whose label says what it does. */
function buttonLabel(element: ProjectElement): string | null {
  if (element.type === 'button') return element.label ?? null;
  for (const child of element.children) {
    const label = buttonLabel(child);
    if (label !== null) return label;
  }
  return null;
}

/**
 * "Log in to save" from the button "Save", "Log in to delete user" from "Delete user": an
 * initial capital becomes small unless the word is all capitals ("PDF"); without a button,
 * "Log in to use this form". A link's label reads alike ("Edit": "Log in to edit").
 */
export function signInText(form: ProjectElement): string {
  return signInTextOf(buttonLabel(form), 'use this form');
}

/** "Log in to <label>" (see signInText), or "Log in to <fallback>" without a label. */
export function signInTextOf(configured: string | null, fallback: string): string {
  const label = configured?.trim() ?? '';
  if (label === '') return `Log in to ${fallback}`;
  const [first] = label.split(/\s/, 1);
  const acronym = first.length > 1 && first === first.toUpperCase();
  return `Log in to ${acronym ? label : label.charAt(0).toLowerCase() + label.slice(1)}`;
}

/**
 * The access check of a form bound to `route` (or of a link to a page whose form it is, see
 * linkAccess.ts), when the route has `auth`, a voter or access rules deciding it (MethodContext.probed): the page asks the
 * route's handler in probe mode before showing it. Else null: the element is shown to everyone,
 * with no call. `signIn`: the text of the log-in link shown in its place (signInText);
 * `earlier`: the page's access checks before this one.
 */
export function formAccess(
  route: BoundRoute,
  signIn: string,
  earlier: readonly FormAccessContext[],
  binding?: ParamBinding,
): FormAccessContext | null {
  if (!route.method.probed) return null;
  const variable = `access${earlier.length}`;
  const call = routeCall(route, variable, binding);
  return {
    variable,
    handler: route.method.handlerName,
    method: route.method.method,
    module: route.module,
    urlPath: call.urlPath,
    paramsArgument: call.paramsArgument,
    signInText: signIn,
    earlier: earlier.map((check) => check.variable),
  };
}
