import type { ElementConfig, ModelConfig, QueryStyle, ViewConfig } from '../config/configTypes';
import { FIELD_ELEMENTS } from '../config/elements';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { closestMatch, suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import { bodyFieldOptions, isBodyFieldRequired } from '../domain/bodyFields';
import { isSentField } from '../domain/computedFields';
import type { CheckedModel, CheckedRoute } from './checkedProject';
import { relatedColumnProblem } from './checkRelatedColumn';
import { checkSelectOptionsRoute } from './checkSelectOptionsRoute';
import { fieldElementMismatch } from './fieldElementFit';
import { checkParamBinding } from './checkParamBinding';
import { pointerToJsonPath } from './jsonPath';
import { childPointer, diagnosticAt } from './locate';
import { answeredModel, boundRoute, checkModelFields, type BindingScope } from './viewBindingScope';
import { columnField, findRouteByRef, placeholders } from './viewRoutes';
import { walkElements } from './walkElements';

function checkDataElement(scope: BindingScope, element: ElementConfig, pointer: string): void {
  const ref = element.route as string;
  const before = scope.problems.length;
  const route = boundRoute(scope, ref, childPointer(pointer, 'route'), element.params);
  checkBinding(scope, element, pointer, [{ ref, route }]);
  // A route that does not fit the page may not be the one meant: its columns are not checked
  // against it (they would repeat the one mistake as "not a field" errors).
  if (scope.problems.length > before) return;
  const style = route?.config.query ? (route.config.query.style ?? scope.queryStyle) : undefined;
  if (element.type === 'list' && style !== undefined && style !== 'appgen') {
    scope.problems.push(
      diagnosticAt(
        scope.document,
        childPointer(pointer, 'route'),
        `${ref} reads its query parameters in the "${style}" style, and a page's list asks in appgen's (?sort=, ?offset=, filters by name)`,
        `list a route with "query": { "style": "appgen" } here (a route of its own beside the one for ${style} clients).`,
      ),
    );
    return;
  }
  const model =
    route &&
    answeredModel(scope, route, ref, childPointer(pointer, 'route'), element.type === 'list');
  if (!model) return;
  const columns = (element.columns ?? []).map((column, index) => ({
    name: columnField(column),
    pointer: childPointer(childPointer(pointer, 'columns'), index),
  }));
  const [related, own] = [
    columns.filter((c) => c.name.includes('.')),
    columns.filter((c) => !c.name.includes('.')),
  ];
  checkModelFields(scope, model, own, 'column', { route, ref });
  const include = route.config.include;
  for (const column of related) {
    const problem = relatedColumnProblem(column.name, {
      model,
      models: scope.models,
      include,
      ref,
    });
    if (problem)
      scope.problems.push(
        diagnosticAt(scope.document, column.pointer, problem.message, problem.hint),
      );
  }
  if (element.heading !== undefined)
    checkModelFields(
      scope,
      model,
      [{ name: element.heading, pointer: childPointer(pointer, 'heading') }],
      'heading',
      { route, ref },
    );
  if (element.link)
    checkModelFields(
      scope,
      model,
      placeholders(element.link).map((name) => ({ name, pointer: childPointer(pointer, 'link') })),
      'link parameter',
      { route, ref },
    );
}

function checkForm(
  scope: BindingScope,
  form: ElementConfig,
  pointer: string,
  fields: Array<{ element: ElementConfig; pointer: string }>,
): void {
  const ref = form.route as string;
  const route = boundRoute(scope, ref, childPointer(pointer, 'route'), form.params);
  const loadRoute = form.load
    ? boundRoute(scope, form.load, childPointer(pointer, 'load'), form.params)
    : undefined;
  checkBinding(scope, form, pointer, [
    { ref, route },
    { ref: form.load ?? '', route: loadRoute },
  ]);
  if (!route) return;
  const body = route.config.body ?? {};
  const model = route.model ? scope.models.get(route.model)?.config : undefined;
  for (const field of fields) {
    const id = field.element.id as string;
    if (!Object.hasOwn(body, id)) {
      const hint = Object.keys(body).length
        ? suggest(id, Object.keys(body), 'a body field:')
        : `"${ref}" has no body: remove the field, or declare it in the route's "body".`;
      scope.problems.push(
        diagnosticAt(
          scope.document,
          childPointer(field.pointer, 'id'),
          `"${id}" is not a body field of "${ref}", so the server would drop it`,
          hint,
        ),
      );
      continue;
    }
    const mismatch = fieldElementMismatch(field.element, bodyFieldOptions(body[id]));
    if (mismatch)
      scope.problems.push(
        diagnosticAt(scope.document, field.pointer, mismatch.message, mismatch.hint),
      );
  }
  const ids = fields.map((f) => f.element.id);
  // A misspelt id ("titel") is reported once, at the field, with "did you mean": not again here.
  const strays = ids.filter(
    (id): id is string => typeof id === 'string' && !Object.hasOwn(body, id),
  );
  for (const [name, field] of Object.entries(body)) {
    if (closestMatch(name, strays)) continue;
    if (!ids.includes(name) && isBodyFieldRequired(name, field, route.operation, model)) {
      scope.problems.push(
        diagnosticAt(
          scope.document,
          childPointer(pointer, 'route'),
          `the form has no field for "${name}", which "${ref}" requires`,
          `add an element with "id": "${name}" to the form's fields.`,
        ),
      );
    }
  }
  if (form.load) {
    const loaded =
      loadRoute && answeredModel(scope, loadRoute, form.load, childPointer(pointer, 'load'), false);
    if (loaded) {
      const named = fields.map((f) => ({
        name: f.element.id as string,
        pointer: childPointer(f.pointer, 'id'),
      }));
      const before = scope.problems.length;
      checkModelFields(scope, loaded, named, `field to fill from "${form.load}"`);
      if (scope.problems.length === before && loadRoute)
        checkLoadedFields(scope, loaded, named, { route: loadRoute, ref: form.load });
    }
  }
}

/**
 * A form that loads its record starts each field with the record's value: a field the load route
 * leaves out (its `fields` list) would start empty, and saving the form would clear the record's
 * value. Fields never sent (passwords, hidden fields) start empty on purpose.
 */
function checkLoadedFields(
  scope: BindingScope,
  model: ModelConfig,
  named: Array<{ name: string; pointer: string }>,
  load: { route: CheckedRoute; ref: string },
): void {
  const chosen = load.route.config.fields;
  if (!chosen) return;
  for (const { name, pointer } of named) {
    if (chosen.includes(name) || !isSentField(model, name)) continue;
    scope.problems.push(
      diagnosticAt(
        scope.document,
        pointer,
        `"${name}" would start empty: "${load.ref}" does not send it (its "fields": ${chosen.map((f) => `"${f}"`).join(', ')}), so saving the form would clear ${model.name}.${name}`,
        `add "${name}" to the "fields" of "${load.ref}", or load the form from a route that sends it.`,
      ),
    );
  }
}

/** The element's `params` against the routes it binds that are declared. */
function checkBinding(
  scope: BindingScope,
  element: ElementConfig,
  pointer: string,
  bound: Array<{ ref: string; route: CheckedRoute | undefined }>,
): void {
  const routes = bound.flatMap(({ ref, route }) =>
    route ? [{ ref, path: route.config.path }] : [],
  );
  // A route that is not declared is reported already; its parameters are unknown.
  if (routes.length < bound.filter((b) => b.ref !== '').length) return;
  checkParamBinding({ ...scope, viewPath: scope.view.path }, element, pointer, routes);
}

/**
 * Checks what a view's elements are bound to: forms to declared write routes (every field a body
 * field of the right type, every required body field present), lists and details to GET routes
 * answering records whose fields they show, and every route parameter to one of the page's own.
 */
export function checkViewBindings(
  document: ConfigDocument,
  view: ViewConfig,
  routes: readonly CheckedRoute[],
  models: ReadonlyMap<string, CheckedModel>,
  unchecked: ReadonlySet<string> = new Set(),
  queryStyle?: QueryStyle,
): Diagnostic[] {
  const scope: BindingScope = {
    document,
    view,
    routes,
    models,
    unchecked,
    queryStyle,
    problems: [],
  };
  const visits = walkElements(view.root);
  const headings = visits.filter((v) => v.element.heading !== undefined);
  for (const { pointer } of headings.slice(1))
    scope.problems.push(
      diagnosticAt(
        document,
        childPointer(pointer, 'heading'),
        'a page has one heading: another detail of this view already gives it',
        `remove "heading" here, or from ${pointerToJsonPath(headings[0].pointer)}.`,
      ),
    );
  for (const { element, pointer, form } of visits) {
    if (element.type === 'list' || element.type === 'detail')
      checkDataElement(scope, element, pointer);
    if (element.type === 'select' && typeof element.options === 'string') {
      const formRoute = form?.element.route;
      checkSelectOptionsRoute(
        scope,
        element,
        pointer,
        formRoute ? findRouteByRef(routes, formRoute) : undefined,
      );
    }
    if (element.type === 'form' && element.route) {
      const fields = visits.filter(
        (v) => v.form?.element === element && FIELD_ELEMENTS.includes(v.element.type),
      );
      checkForm(scope, element, pointer, fields);
    }
    const unbound = ['load', 'success', 'params'].find((k) => Object.hasOwn(element, k));
    if (element.type === 'form' && !element.route && unbound) {
      scope.problems.push(
        diagnosticAt(
          document,
          childPointer(pointer, unbound),
          `"${unbound}" needs the form to be bound to a route`,
          'add "route", e.g. "PATCH /api/posts/:id".',
        ),
      );
    }
  }
  return scope.problems;
}
