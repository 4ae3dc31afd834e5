import type { ModelConfig, RouteConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import type { PathSegment } from '../domain/appPaths';
import { fieldOf, fieldOptions } from '../domain/fields';
import { worksOnCollection, worksOnOneRecord, type RouteOperation } from '../domain/routeOperation';
import { paramFitsField, paramRole, uniqueFields } from '../domain/routeParams';
import { childPointer, diagnosticAt } from './locate';

export interface ParamsEntry {
  document: ConfigDocument;
  pointer: string;
  config: RouteConfig;
  segments: PathSegment[];
}

const typeOf = (model: ModelConfig, field: string): string =>
  field === 'id' ? 'uuid' : fieldOptions(fieldOf(model, field) as never).type;

/**
 * The path parameters of a route on `model`, against the model: each must be a field of the model
 * or name a parent record by a unique field of it (see domain/routeParams.ts), of a type that
 * compares with that field; and a route on one record needs a parameter that names it (`id` or a
 * unique field). One mistake gives one error: a route whose parameters are already reported is not
 * told it lacks a key as well.
 */
export function checkRouteParams(
  entry: ParamsEntry,
  operation: RouteOperation,
  model: ModelConfig,
  models: ReadonlyMap<string, ModelConfig>,
): Diagnostic[] {
  const { document, pointer, config, segments } = entry;
  const problems: Diagnostic[] = [];
  // Parameters missing from the path or from "params" are reported once, by checkParams.
  const inPath = new Set(segments.map((s) => s.param));
  const params = Object.entries(config.params ?? {}).filter(([name]) => inPath.has(name));
  const at = (name: string) => childPointer(childPointer(pointer, 'params'), name);
  const oneRecord = worksOnOneRecord(operation);
  const collection = worksOnCollection(operation);
  const isKey = (name: string) =>
    paramRole(model, name, models).kind === 'field' && uniqueFields(model).includes(name);
  const keys: string[] = [];
  for (const [name, type] of params) {
    if (name === 'id' && type !== 'uuid') {
      problems.push(
        diagnosticAt(
          document,
          at(name),
          `"id" is a uuid on every model, not ${type}`,
          'declare "id": "uuid".',
        ),
      );
      continue;
    }
    if (collection && (name === 'id' || isKey(name))) {
      problems.push(namesOneRecord(entry, name, model));
      continue;
    }
    if (name === 'id' && !oneRecord) {
      problems.push(
        diagnosticAt(
          document,
          at(name),
          `":id" on a ${operation} route has no meaning`,
          'remove it, or use a "function".',
          'key',
        ),
      );
      continue;
    }
    const role = paramRole(model, name, models);
    if (role.kind === 'unknown') {
      problems.push(unknownParam(entry, name, model, role));
      continue;
    }
    const [owner, field] =
      role.kind === 'field'
        ? [model, name]
        : [models.get(role.parent.model) as ModelConfig, role.parent.field];
    if (!paramFitsField(type, owner, field)) {
      problems.push(
        diagnosticAt(
          document,
          at(name),
          `parameter "${name}" is ${type} but ${owner.name}.${field} is ${typeOf(owner, field)}`,
          'make the types agree.',
        ),
      );
      continue;
    }
    if (role.kind === 'field' && uniqueFields(model).includes(name)) keys.push(name);
  }
  const undeclared = [...inPath].some((name) => name && !Object.hasOwn(config.params ?? {}, name));
  const ownRecord = config.record === 'currentUser';
  // `collection` on a method it does not apply to is reported by checkCollection.
  if (
    oneRecord &&
    !ownRecord &&
    !config.collection &&
    problems.length === 0 &&
    !undeclared &&
    keys.length === 0
  )
    problems.push(
      missingKey(
        entry,
        model,
        params.map(([name]) => name),
      ),
    );
  return problems;
}

function unknownParam(
  { document, pointer }: ParamsEntry,
  name: string,
  model: ModelConfig,
  role: { notUnique: string[]; ambiguous: string[] },
): Diagnostic {
  const at = childPointer(childPointer(pointer, 'params'), name);
  if (role.ambiguous.length)
    return diagnosticAt(
      document,
      at,
      `parameter "${name}" could name a record of several models ${model.name} belongs to: ${role.ambiguous.join(', ')}`,
      'name the parent by its id instead (e.g. ":articleId"), or handle the route with a "function".',
      'key',
    );
  const hint = role.notUnique.length
    ? `make ${role.notUnique.join(' or ')} unique ("unique": true) so it can name one record.`
    : `${suggest(name, Object.keys(model.fields), 'a field:')} Or handle the route with a "function".`;
  return diagnosticAt(
    document,
    at,
    `parameter "${name}" is not a field of ${model.name}, nor a unique field of a model ${model.name} belongs to, so it cannot select records`,
    hint.trim(),
    'key',
  );
}

function missingKey(
  { document, pointer, config }: ParamsEntry,
  model: ModelConfig,
  params: string[],
): Diagnostic {
  const keys = uniqueFields(model);
  const named = keys.map((k) => `":${k}"`).join(', ');
  const notUnique = params.filter((name) => fieldOf(model, name));
  const why = notUnique.length
    ? `${notUnique.map((n) => `"${n}"`).join(', ')} ${notUnique.length > 1 ? 'are' : 'is'} not unique in ${model.name}`
    : 'no path parameter names it';
  const fix = notUnique.length
    ? `make ${model.name}.${notUnique[0]} unique ("unique": true), or name the record by ${named}.`
    : `name it in the path by a unique field: ${named} (e.g. "${config.path}/:id" with "params": { "id": "uuid" }).`;
  // A DELETE or PATCH without a key may have been meant for every record the route selects.
  const many = config.method === 'DELETE' ? 'delete' : config.method === 'PATCH' ? 'update' : null;
  const orMany = many
    ? ` Or, to ${many} every ${model.name} the route selects, add "collection": true.`
    : '';
  return diagnosticAt(
    document,
    childPointer(pointer, 'path'),
    `${config.method} ${config.path} works on one ${model.name}, but ${why}`,
    `${fix} Or handle it with a "function".${orMany}`,
  );
}

/** A parameter that names one record (`:id`, a unique field) on a route on a collection. */
function namesOneRecord(
  { document, pointer }: ParamsEntry,
  name: string,
  model: ModelConfig,
): Diagnostic {
  return diagnosticAt(
    document,
    childPointer(childPointer(pointer, 'params'), name),
    `":${name}" names one ${model.name}, and "collection": true works on every record the route selects`,
    `remove "collection" to work on the one ${model.name} the path names, or remove ":${name}" from the path.`,
    'key',
  );
}
