import { FIELD_TYPES, type FieldType } from '../config/fieldTypes';
import { moduleOf } from '../domain/outputPaths';
import { pageParamOf, pathInPageParams, type ParamBinding } from '../domain/viewParamBinding';
import type {
  ColumnContext,
  MethodContext,
  ModelContext,
  RouteCallContext,
  RouteFileContext,
} from './contexts';

export interface BoundRoute {
  method: MethodContext;
  /** Module of the route file, e.g. `@/app/api/posts/[id]/route`. */
  module: string;
}

/** Every route by its reference as views write it, `"GET /api/posts/:id"`. */
export function routesByRef(files: RouteFileContext[]): Map<string, BoundRoute> {
  const routes = new Map<string, BoundRoute>();
  for (const file of files) {
    const module = moduleOf(file.outputPath);
    for (const method of file.methods)
      routes.set(`${method.method} ${method.urlPath}`, { method, module });
  }
  return routes;
}

/**
 * How a page calls a route's handler. The handler reads its parameters under its folders' names
 * (`[id]` of `/api/posts/[id]/comments` holds `:postId`, a name another route chose), so each is
 * passed under its folder's name, taken from the page parameter it is bound to (`binding`, else
 * the page parameter of the route parameter's own name).
 */
export function routeCall(
  bound: BoundRoute,
  variable: string,
  binding?: ParamBinding,
): RouteCallContext {
  const { method, module } = bound;
  const taken = method.folderParams.map((p) => ({
    folder: p.folder,
    page: pageParamOf(binding, p.name),
  }));
  const model = method.responseModel ?? 'unknown';
  const envelope = method.envelope.response;
  return {
    variable,
    handler: method.handlerName,
    module,
    urlPath: pathInPageParams(method.urlPath, binding),
    params: taken.map((p) => p.page),
    model,
    isArray: method.responseIsArray,
    envelope,
    answerType: method.responseIsArray ? `${model}[]` : model,
    paramsArgument:
      taken.length > 0
        ? `{ ${taken.map((p) => `${p.folder}: params.${p.page}`).join(', ')} }`
        : '{}',
    envelopeArgument: envelope === null ? '' : `, ${JSON.stringify(envelope)}`,
    list: null,
    loadPartial: 'view/load/route',
  };
}

/** How a value of a field type is shown (and filled into a field). */
export function valueKind(type: FieldType | undefined): ColumnContext['kind'] {
  if (!type) return 'string';
  const kind = FIELD_TYPES[type].kind;
  if (kind === 'datetime') return 'datetime';
  if (kind === 'integer' || kind === 'number') return 'number';
  return kind === 'boolean' || kind === 'json' ? kind : 'string';
}

/**
 * How a column shows a field of the record a route answers: by the field's type, or, for a
 * computed field, by what it computes (a count, whether the caller is in, a list of values).
 */
export function columnKind(
  models: ReadonlyMap<string, ModelContext>,
  model: string,
  field: string,
): ColumnContext['kind'] {
  const computed = models.get(model)?.computed.find((c) => c.name === field);
  if (computed)
    return computed.kind === 'count' ? 'number' : computed.kind === 'callerIn' ? 'boolean' : 'json';
  return valueKind(modelFieldType(models, model, field));
}

export function modelFieldType(
  models: ReadonlyMap<string, ModelContext>,
  model: string,
  field: string,
): FieldType | undefined {
  if (field === 'id') return 'uuid';
  return models.get(model)?.fields.find((f) => f.name === field)?.type;
}
