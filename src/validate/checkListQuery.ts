import type {
  ListFilterConfig,
  ModelConfig,
  RelationConfig,
  RouteConfig,
} from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import type { RouteOperation } from './checkedProject';
import { fieldOf, fieldOptions, modelFieldNames } from '../domain/fields';
import { filterName, maxPageSize, reservedQueryNames } from '../domain/listQuery';
import { relationField, relationOf } from '../domain/relations';
import { accessRulesOf, fieldRulesOf } from '../domain/accessRules';
import { worksOnCollection } from '../domain/routeOperation';
import { checkCursorPagination } from './checkCursorPagination';
import { checkSearch } from './checkSearch';
import { isIndexedField } from './checkRelations';
import { childPointer, diagnosticAt } from './locate';
import { unknownRelation } from './unknownRelation';
import { checkUserPath } from './checkUserPath';

/**
 * Checks a list route's `query`: only on lists (and, `filter` only, on DELETE or PATCH of a
 * collection), fields of the model that are not json, and every filtered or sorted field indexed,
 * so that no query the client can ask scans a whole table.
 */
export function checkListQuery(
  document: ConfigDocument,
  pointer: string,
  config: RouteConfig,
  operation: RouteOperation,
  model: ModelConfig | undefined,
  /** Fields the path fixes (`:postId`, or the foreign key a parent found by `:slug` sets): they can lead an index that then serves the query. */
  fixed: readonly string[] = [],
  /** The project's models by name: a filter through a relation reads the related model. */
  modelNamed: (name: string) => ModelConfig | undefined = () => undefined,
): Diagnostic[] {
  const query = config.query;
  if (!query) return [];
  const at = childPointer(pointer, 'query');
  const collection = worksOnCollection(operation);
  // A collection without a model is reported there.
  if (collection && !model) return [];
  if ((operation !== 'list' && !collection) || !model) {
    return [notSelecting(document, at, config, 'query')];
  }
  const problems: Diagnostic[] = collection ? filtersOnly(document, at, config) : [];
  const fields = modelFieldNames(model);
  const checkField = (name: string, where: string) => {
    if (!fields.includes(name)) {
      problems.push(
        diagnosticAt(
          document,
          where,
          `"${name}" is not a field of ${model.name}`,
          suggest(name, fields, 'a field:'),
        ),
      );
    } else if (
      name !== 'id' &&
      ['json', 'password'].includes(fieldOptions(fieldOf(model, name) as never).type)
    ) {
      const type = fieldOptions(fieldOf(model, name) as never).type;
      problems.push(
        diagnosticAt(
          document,
          where,
          `${type} field "${name}" cannot be filtered or sorted on`,
          'remove it.',
        ),
      );
    } else if (!isIndexedField(model, name, fixed)) {
      problems.push(
        diagnosticAt(
          document,
          where,
          `${model.name}.${name} has no index, so this query would read the whole table`,
          `add "indexes": [["${name}"]] to ${model.name} (or make the field unique).`,
        ),
      );
    }
  };
  const seen = new Set<string>();
  const reserved = reservedQueryNames(query);
  (query.filter ?? []).forEach((filter, i) => {
    const where = childPointer(childPointer(at, 'filter'), i);
    const name = filterName(filter);
    if (seen.has(name) || reserved.includes(name)) {
      problems.push(
        diagnosticAt(
          document,
          typeof filter === 'string' ? where : childPointer(where, 'name'),
          reserved.includes(name)
            ? `"${name}" is a query parameter of pages and sorting, and cannot name a filter`
            : `two filters are named "${name}"`,
          'give this filter another "name".',
        ),
      );
      return;
    }
    seen.add(name);
    if (typeof filter === 'string') checkField(filter, where);
    else problems.push(...checkRelatedFilter(document, where, model, filter, modelNamed));
  });
  // A collection's other keys are reported by filtersOnly, once.
  if (collection) return problems;
  (query.sort ?? []).forEach((name, i) =>
    checkField(name, childPointer(childPointer(at, 'sort'), i)),
  );
  if (query.defaultSort) {
    const name = query.defaultSort.replace(/^-/, '');
    if (!(query.sort ?? []).includes(name))
      problems.push(
        diagnosticAt(
          document,
          childPointer(at, 'defaultSort'),
          `defaultSort "${query.defaultSort}" is not one of the "sort" fields`,
          `add "${name}" to "sort".`,
        ),
      );
  }
  if (query.maxPageSize !== undefined && query.pageSize === undefined)
    problems.push(
      diagnosticAt(
        document,
        childPointer(at, 'maxPageSize'),
        '"maxPageSize" needs "pageSize" (pagination is off without it)',
        'add "pageSize", e.g. 20.',
        'key',
      ),
    );
  if (query.pageSize !== undefined && query.pageSize > maxPageSize(query))
    problems.push(
      diagnosticAt(
        document,
        childPointer(at, 'pageSize'),
        `pageSize ${query.pageSize} is larger than maxPageSize ${query.maxPageSize}`,
        'lower pageSize or raise maxPageSize.',
      ),
    );
  if (
    query.pagination === 'cursor' &&
    (query.style === 'json-server' || query.style === 'simple-rest')
  )
    problems.push(
      diagnosticAt(
        document,
        childPointer(at, 'pagination'),
        `"pagination": "cursor" does not fit the "${query.style}" style, whose clients ask for pages by position`,
        'use "pagination": "offset", or the "appgen" or "jsonapi" style (page[cursor]).',
      ),
    );
  problems.push(...checkCursorPagination(document, pointer, config, model));
  problems.push(...checkSearch(document, at, config, model));
  return problems;
}

/**
 * Where `query` or `scope` does not apply: a route that answers no list and works on no
 * collection. A DELETE or PATCH may have been meant for every record the filters select.
 */
function notSelecting(
  document: ConfigDocument,
  at: string,
  config: RouteConfig,
  key: 'query' | 'scope',
): Diagnostic {
  const writes = (config.method === 'DELETE' || config.method === 'PATCH') && !config.function;
  return diagnosticAt(
    document,
    at,
    `"${key}" applies to GET routes that answer a list of a model (and to DELETE or PATCH with "collection": true), and ${config.method} ${config.path} does neither`,
    writes
      ? `remove "${key}", or add "collection": true to ${config.method === 'DELETE' ? 'delete' : 'update'} every record it selects (with no ":id" in the path).`
      : `remove "${key}", or give the route "response": "<Model>[]" (without a "function").`,
    'key',
  );
}

/** On a DELETE or PATCH of a collection, `query` selects the records: only `filter` applies. */
function filtersOnly(document: ConfigDocument, at: string, config: RouteConfig): Diagnostic[] {
  const query = config.query ?? {};
  const keys = ['sort', 'defaultSort', 'pageSize', 'maxPageSize', 'pagination', 'count', 'search'];
  return (keys as Array<keyof typeof query>)
    .filter((key) => query[key] !== undefined)
    .map((key) =>
      diagnosticAt(
        document,
        childPointer(at, key),
        `"${key}" does not apply to ${config.method} ${config.path}: it works on every record its filters select, unsorted and without pages`,
        `remove "${key}" (only "filter" applies here).`,
        'key',
      ),
    );
}

/**
 * A filter through a relation (`{ "name": "tag", "path": "tags.name" }`): a relation of the model,
 * a field of the related model that may be sent (not hidden, a password or json), and indexed
 * there, so that the subquery reads an index.
 */
function checkRelatedFilter(
  document: ConfigDocument,
  pointer: string,
  model: ModelConfig,
  filter: Exclude<ListFilterConfig, string>,
  modelNamed: (name: string) => ModelConfig | undefined,
): Diagnostic[] {
  const at = childPointer(pointer, 'path');
  const [relationName, fieldName] = filter.path.split('.');
  const relation = relationOf(model, relationName);
  if (!relation) return [unknownRelation(document, at, model, relationName)];
  const related = modelNamed(relation.model);
  if (!related) return [];
  const fields = modelFieldNames(related);
  if (!fields.includes(fieldName))
    return [
      diagnosticAt(
        document,
        at,
        `"${fieldName}" is not a field of ${related.name} (the model of ${model.name}.${relationName})`,
        suggest(fieldName, fields, 'a field:'),
      ),
    ];
  const options = fieldName === 'id' ? null : fieldOptions(fieldOf(related, fieldName) as never);
  if (options && (['json', 'password'].includes(options.type) || options.hidden))
    return [
      diagnosticAt(
        document,
        at,
        `${related.name}.${fieldName} is ${options.hidden ? 'hidden' : `a ${options.type} field`} and cannot be filtered on`,
        'filter on another field of the related model.',
      ),
    ];
  if (!isIndexedField(related, fieldName))
    return [
      diagnosticAt(
        document,
        at,
        `${related.name}.${fieldName} has no index, so this filter would read the whole table`,
        `add "indexes": [["${fieldName}"]] to ${related.name} (or make the field unique).`,
      ),
    ];
  return ruledRelatedFilter(document, at, related, [relationName, relation], fieldName);
}

/**
 * A filter through a relation to a model with access rules, or on a field with a read rule: the
 * list would answer, to a caller who may not read the related records, whether one has the value
 * (a username of a hidden user, a hidden field's value). Refused, with the way round.
 */
function ruledRelatedFilter(
  document: ConfigDocument,
  at: string,
  related: ModelConfig,
  [relationName, relation]: [string, RelationConfig],
  fieldName: string,
): Diagnostic[] {
  const fieldRuled = fieldRulesOf(related).some(
    (rule) => rule.field === fieldName && rule.read !== null,
  );
  if (!fieldRuled && accessRulesOf(related).length === 0) return [];
  const what = fieldRuled
    ? `a rule on ${related.name}.${fieldName} lets only some callers read it`
    : `${related.name} has access rules`;
  return [
    diagnosticAt(
      document,
      at,
      `${what}, and a filter through ${relationName} would tell a caller who may not read a ${related.name} whether one has this value`,
      relation.type === 'belongsTo'
        ? `filter by the foreign key instead ("${relationField(relationName, relation)}" in "filter"), whose values the answers already send, or through a relation to a model without rules.`
        : `filter through a relation to a model without rules: appgen does not check the records a filter reaches against their model's rules.`,
    ),
  ];
}

/**
 * Checks a route's `scope`: a list route (or a DELETE or PATCH of a collection) with `auth: true`, each key one or two relations that
 * end at the accounts model (`author.followers`: the author's followers include the caller).
 */
export function checkScope(
  document: ConfigDocument,
  pointer: string,
  config: RouteConfig,
  operation: RouteOperation,
  model: ModelConfig | undefined,
  accountsModel: string | null,
  modelNamed: (name: string) => ModelConfig | undefined,
): Diagnostic[] {
  if (!config.scope) return [];
  const at = childPointer(pointer, 'scope');
  if (worksOnCollection(operation) && !model) return [];
  if ((operation !== 'list' && !worksOnCollection(operation)) || !model)
    return [notSelecting(document, at, config, 'scope')];
  if (!accountsModel)
    return [
      diagnosticAt(
        document,
        at,
        '"scope" lists what the signed-in user reaches, and the project has no accounts model',
        'name the model of your users in appgen.config.json: "accounts": { "model": "User" }.',
        'key',
      ),
    ];
  if (config.auth !== true)
    return [
      diagnosticAt(
        document,
        at,
        `"scope" needs a signed-in caller, and ${config.method} ${config.path} does not have "auth": true`,
        'add "auth": true (an anonymous caller then gets 401).',
        'key',
      ),
    ];
  return Object.keys(config.scope).flatMap((path) =>
    checkUserPath(document, childPointer(at, path), model, path, accountsModel, modelNamed),
  );
}
