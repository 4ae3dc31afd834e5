import type { ModelConfig, RouteConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import type { RouteOperation } from './checkedProject';
import { fieldOf, fieldOptions, modelFieldNames } from '../domain/fields';
import { maxPageSize } from '../domain/listQuery';
import { isIndexedField } from './checkRelations';
import { childPointer, diagnosticAt } from './locate';

/**
 * Checks a list route's `query`: only on lists, fields of the model that are not json, and every
 * filtered or sorted field indexed, so that no query the client can ask scans a whole table.
 */
export function checkListQuery(
  document: ConfigDocument,
  pointer: string,
  config: RouteConfig,
  operation: RouteOperation,
  model: ModelConfig | undefined,
  /** Fields the path fixes (`:postId`, or the foreign key a parent found by `:slug` sets): they can lead an index that then serves the query. */
  fixed: readonly string[] = [],
): Diagnostic[] {
  const query = config.query;
  if (!query) return [];
  const at = childPointer(pointer, 'query');
  if (operation !== 'list' || !model) {
    return [
      diagnosticAt(
        document,
        at,
        `"query" applies to GET routes that answer a list of a model, and ${config.method} ${config.path} does not`,
        'remove "query", or give the route "response": "<Model>[]" (without a "function").',
        'key',
      ),
    ];
  }
  const problems: Diagnostic[] = [];
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
  (query.filter ?? []).forEach((name, i) =>
    checkField(name, childPointer(childPointer(at, 'filter'), i)),
  );
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
  return problems;
}
