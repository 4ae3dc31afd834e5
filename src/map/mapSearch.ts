import type { DatabaseProvider } from '../config/database';
import {
  searchIndexLine,
  searchTableName,
  searchVectorSql,
  SEARCH_CONFIGURATION,
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
 * How the queries of one model's search read its index (src/appgen/search.ts), in SQL around the
 * search's text: PostgreSQL repeats the GIN index's expression (so the planner uses it) and ranks
 * with ts_rank; SQLite looks the words up in the FTS5 table and ranks with its bm25 (`rank`,
 * smaller is more relevant).
 */
export function mapSearch(index: SearchIndex, provider: DatabaseProvider): SearchContext {
  const table = `"${index.table}"`;
  const common = {
    model: index.table,
    variable: `${delegateName(index.table)}Search`,
    fields: index.fields,
    schemaLine: searchIndexLine(index),
  };
  if (provider === 'postgresql') {
    const vector = searchVectorSql(index, `${table}.`);
    const query = `to_tsquery('${SEARCH_CONFIGURATION}', `;
    return {
      ...common,
      where: [`${vector} @@ ${query}`, ')'],
      rank: [`ts_rank(${vector}, ${query}`, ')) DESC'],
    };
  }
  const fts = `"${searchTableName(index.table)}"`;
  const lookup = `FROM ${fts} WHERE ${fts} MATCH `;
  return {
    ...common,
    where: [`${table}.rowid IN (SELECT rowid ${lookup}`, ')'],
    rank: [`(SELECT rank ${lookup}`, ` AND rowid = ${table}.rowid) ASC`],
  };
}
