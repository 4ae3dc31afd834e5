import type { DatabaseProvider } from '../config/database';
import {
  searchIndexLine,
  searchTableName,
  searchVectorSql,
  type SearchIndex,
} from '../config/searchIndex';
import { delegateName } from '../domain/names';
import type { ProjectRoute } from '../validate/checkedProject';
import type { ListSearchContext, SearchContext } from './contexts';

/** The searches of the project, one per model (validate made sure its routes agree), by model name. */
export function searchIndexes(routes: readonly ProjectRoute[]): SearchIndex[] {
  const byModel = new Map<string, SearchIndex>();
  for (const route of routes)
    if (route.model && route.query?.search.length && !byModel.has(route.model))
      byModel.set(route.model, { table: route.model, fields: route.query.search });
  return [...byModel.values()].sort((a, b) => (a.table < b.table ? -1 : 1));
}

/** A list route's search (ListQueryContext.search): its fields and the helper of its model. */
export function mapListSearch(route: ProjectRoute): ListSearchContext | null {
  if (!route.model || !route.query?.search.length) return null;
  return { fields: route.query.search, variable: `${delegateName(route.model)}Search` };
}

/**
 * How the queries of one model's search read its index (src/appgen/search.ts, whose `searchOf`
 * writes the SQL around these names): PostgreSQL repeats the GIN index's expression word for word
 * (so the planner uses it), given in parts that each end after a field, so that no line of the
 * file is longer than 100 columns; SQLite names the model's table and its FTS5 table.
 */
export function mapSearch(index: SearchIndex, provider: DatabaseProvider): SearchContext {
  const common = {
    model: index.table,
    variable: `${delegateName(index.table)}Search`,
    fields: index.fields,
    schemaLine: searchIndexLine(index),
  };
  if (provider === 'postgresql') {
    const vector = searchVectorSql(index, `"${index.table}".`);
    return {
      ...common,
      // Split after each field's separator (zero-width: the parts join back to the expression).
      vector: vector.split(/(?<= \|\| ' ' \|\| )/),
      vectorName: `${delegateName(index.table)}Vector`,
      table: null,
    };
  }
  return {
    ...common,
    vector: null,
    vectorName: null,
    table: { records: `"${index.table}"`, fts: `"${searchTableName(index.table)}"` },
  };
}
