import type { ElementConfig, ModelConfig } from '../config/configTypes';
import { pathParams } from '../domain/appPaths';
import { fieldOptions, modelFieldNames, modelFields } from '../domain/fields';
import { relationField } from '../domain/relations';
import type { CheckedRoute } from './checkedProject';
import { childPointer, diagnosticAt } from './locate';
import { parseResponse } from './resolveRouteModel';
import { answeredModel, boundRoute, checkModelFields, type BindingScope } from './viewBindingScope';
import { findRouteByRef } from './viewRoutes';

/** The belongsTo relation of `model` whose key field is `field`, with its name. */
function belongsToByKey(
  model: ModelConfig,
  field: string,
): { name: string; model: string } | undefined {
  const [name, relation] =
    Object.entries(model.relations ?? {}).find(
      ([name, r]) => r.type === 'belongsTo' && relationField(name, r) === field,
    ) ?? [];
  return name && relation ? { name, model: relation.model } : undefined;
}

/** Declared GET routes without path parameters answering a list of `model`, for a fix. */
function listRoutesOf(scope: BindingScope, model: string): string[] {
  return scope.routes
    .filter((r) => r.config.method === 'GET' && pathParams(r.config.path).length === 0)
    .filter((r) => r.config.values === undefined)
    .filter((r) => {
      const response = parseResponse(r.config.response);
      return response.isArray && response.name === model;
    })
    .map((r) => `"GET ${r.config.path}"`);
}

/** A text field of the model to suggest as the option label (`name`, `title`...), if any. */
function labelCandidate(model: ModelConfig): string | undefined {
  const fields = modelFields(model);
  return modelFieldNames(model).find((name) => {
    const type = fieldOptions(fields[name]).type;
    return type === 'string' || type === 'slug';
  });
}

/**
 * A select whose options are the records of a GET list route (`"options": "GET /api/categories"`,
 * `"optionLabel": "name"`): the route is declared, takes no path parameters, answers a list; in a
 * form bound to a route of a model, the select's field is the key of a belongsTo relation to the
 * model the route answers; `optionLabel` is a field that route sends.
 */
export function checkSelectOptionsRoute(
  scope: BindingScope,
  element: ElementConfig,
  pointer: string,
  formRoute: CheckedRoute | undefined,
): void {
  const ref = element.options as string;
  const at = childPointer(pointer, 'options');
  const problem = (where: string, message: string, hint: string) =>
    scope.problems.push(diagnosticAt(scope.document, where, message, hint));
  const declared = findRouteByRef(scope.routes, ref);
  const params = declared ? pathParams(declared.config.path) : [];
  if (declared && params.length > 0) {
    problem(
      at,
      `route "${ref}" has path parameters (${params.map((p) => `:${p}`).join(', ')}), but the options of a select are read from a route without`,
      'bind a GET route that lists all the records to choose from, e.g. "GET /api/categories".',
    );
    return;
  }
  const route = boundRoute(scope, ref, at, {});
  const model = route && answeredModel(scope, route, ref, at, true);
  if (!model) return;
  const formModel = formRoute?.model ? scope.models.get(formRoute.model)?.config : undefined;
  const id = element.id ?? '';
  const relation = formModel && belongsToByKey(formModel, id);
  if (formModel && !relation) {
    problem(
      at,
      `select "${id}" sends the id of a ${model.name} record, but "${id}" is not the field of a belongsTo relation of ${formModel.name}`,
      `give ${formModel.name} a relation { "type": "belongsTo", "model": "${model.name}", "field": "${id}" }, or list the choices in "options".`,
    );
    return;
  }
  if (relation && relation.model !== model.name) {
    const routes = listRoutesOf(scope, relation.model);
    problem(
      at,
      `route "${ref}" answers ${model.name} records, but "${id}" holds the id of a ${relation.model} (relation "${relation.name}")`,
      routes.length > 0
        ? `bind a route listing ${relation.model} records: ${routes.join(', ')}.`
        : `declare a GET route answering "${relation.model}[]" (e.g. "GET /api/${relation.model.toLowerCase()}s") and bind it.`,
    );
    return;
  }
  if (element.optionLabel === undefined) {
    const candidate = labelCandidate(model);
    problem(
      pointer,
      `select "${id}" takes its options from "${ref}" but has no "optionLabel" to show for each ${model.name}`,
      `add "optionLabel": the field of ${model.name} to show${candidate ? `, e.g. "optionLabel": "${candidate}"` : ''}.`,
    );
    return;
  }
  checkModelFields(
    scope,
    model,
    [{ name: element.optionLabel, pointer: childPointer(pointer, 'optionLabel') }],
    'optionLabel',
    { route, ref },
  );
}
