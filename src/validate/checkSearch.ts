import type { ModelConfig, RouteConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import { fieldOf, fieldOptions, modelFieldNames } from '../domain/fields';
import { accessRulesOf, fieldRulesOf } from '../domain/accessRules';
import { filterName, SEARCH_PARAMETER, TEXT_TYPES } from '../domain/listQuery';
import { childPointer, diagnosticAt } from './locate';

/**
 * A list route's `query.search` (`"search": ["title", "body"]`): text fields of the model that
 * every caller may read, on a list with pages by offset, and no filter named like the search
 * parameter. `at` is the route's `query`; checkListQuery already made sure the route is a list.
 */
export function checkSearch(
  document: ConfigDocument,
  at: string,
  config: RouteConfig,
  model: ModelConfig,
): Diagnostic[] {
  const query = config.query ?? {};
  const search = query.search;
  if (!search) return [];
  const where = childPointer(at, 'search');
  const problems = search.flatMap((name, i) =>
    checkSearchedField(document, childPointer(where, i), model, name),
  );
  const refuse = (message: string, fix: string) =>
    problems.push(diagnosticAt(document, where, message, fix, 'key'));
  if (query.pageSize === undefined)
    refuse(
      `a search answers pages of the most relevant records, and ${config.method} ${config.path} has no "pageSize"`,
      'add "pageSize", e.g. 20.',
    );
  if (query.pagination === 'cursor')
    refuse(
      'a search cannot page by cursor: its order (relevance) is no field a cursor can hold',
      'remove "pagination": "cursor" (pages by offset), or the search.',
    );
  if (accessRulesOf(model).length > 0)
    refuse(
      `${model.name} has access rules, and a search does not apply them yet`,
      'search a model without access rules, or remove "search".',
    );
  (query.filter ?? []).forEach((filter, i) => {
    if (filterName(filter) !== SEARCH_PARAMETER) return;
    const pointer = childPointer(childPointer(at, 'filter'), i);
    problems.push(
      diagnosticAt(
        document,
        typeof filter === 'string' ? pointer : childPointer(pointer, 'name'),
        `"${SEARCH_PARAMETER}" is the search parameter of a route with "search", and cannot name a filter`,
        `give the filter another name: { "name": "${SEARCH_PARAMETER}Field", "path": ... }, or remove "search".`,
      ),
    );
  });
  return problems;
}

/** Whether every caller may read a field: it is not hidden and no rule limits who reads it. */
function readByEveryone(model: ModelConfig, field: string): boolean {
  const options = fieldOptions(fieldOf(model, field) as never);
  const hidden = 'hidden' in options && Boolean(options.hidden);
  return !hidden && !fieldRulesOf(model).some((rule) => rule.field === field && rule.read !== null);
}

/** One searched field: a text field of the model that is not hidden and has no read rule. */
function checkSearchedField(
  document: ConfigDocument,
  pointer: string,
  model: ModelConfig,
  name: string,
): Diagnostic[] {
  const fields = modelFieldNames(model);
  // The fields a search may read, offered in the messages (never a hidden or ruled one).
  const texts = fields.filter(
    (field) =>
      field !== 'id' &&
      TEXT_TYPES.includes(fieldOptions(fieldOf(model, field) as never).type) &&
      readByEveryone(model, field),
  );
  if (!fields.includes(name))
    return [
      diagnosticAt(
        document,
        pointer,
        `"${name}" is not a field of ${model.name}`,
        suggest(name, texts, 'a text field:'),
      ),
    ];
  const options = name === 'id' ? { type: 'uuid' } : fieldOptions(fieldOf(model, name) as never);
  if (!TEXT_TYPES.includes(options.type))
    return [
      diagnosticAt(
        document,
        pointer,
        `${model.name}.${name} is ${options.type === 'int' ? 'an' : 'a'} ${options.type} field, and a search reads text (${TEXT_TYPES.join(', ')})`,
        texts.length
          ? `search text fields only: ${texts.join(', ')}.`
          : `${model.name} has no text field every caller may read to search: remove "search".`,
      ),
    ];
  const ruled = fieldRulesOf(model).some((rule) => rule.field === name && rule.read !== null);
  if ('hidden' in options && options.hidden)
    return [
      diagnosticAt(
        document,
        pointer,
        `${model.name}.${name} is hidden, and a search would tell callers which words it holds`,
        'search fields the answers send.',
      ),
    ];
  if (ruled)
    return [
      diagnosticAt(
        document,
        pointer,
        `a rule on ${model.name}.${name} lets only some callers read it, and a search would tell every caller which words it holds`,
        'search fields every caller may read.',
      ),
    ];
  return [];
}

/**
 * A model has one full-text index: every route that searches it searches the same fields, in
 * the same order. Each other route is reported with the first one's fields.
 */
export function checkSearchesAgree(
  routes: ReadonlyArray<{
    document: ConfigDocument;
    pointer: string;
    config: RouteConfig;
    model?: string;
  }>,
): Diagnostic[] {
  const first = new Map<string, { fields: string[]; route: string }>();
  const problems: Diagnostic[] = [];
  for (const { document, pointer, config, model } of routes) {
    const fields = config.query?.search;
    if (!fields || !model) continue;
    const seen = first.get(model);
    const route = `${config.method} ${config.path}`;
    if (!seen) first.set(model, { fields, route });
    else if (seen.fields.join() !== fields.join())
      problems.push(
        diagnosticAt(
          document,
          childPointer(childPointer(pointer, 'query'), 'search'),
          `${route} searches ${fields.join(', ')}, and ${seen.route} searches ${seen.fields.join(', ')}: ${model} has one search index`,
          `search the same fields on both: "search": ${JSON.stringify(seen.fields)}.`,
        ),
      );
  }
  return problems;
}
