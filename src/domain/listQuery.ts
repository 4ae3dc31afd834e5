import type { ListFilterConfig, ListQueryConfig, QueryStyle } from '../config/configTypes';

/** The styles whose clients read the total of every list (X-Total-Count, Content-Range). */
export const STYLES_THAT_COUNT: readonly QueryStyle[] = ['json-server', 'simple-rest'];

/** Query parameters of sorting and pages, which no filter may be named. */
export const RESERVED_QUERY_NAMES: readonly string[] = ['sort', 'limit', 'offset'];

/** The query parameters no filter may be named: those of sorting and pages, and `cursor` on a list that pages by cursor. */
export function reservedQueryNames(query: ListQueryConfig): readonly string[] {
  return query.pagination === 'cursor' ? [...RESERVED_QUERY_NAMES, 'cursor'] : RESERVED_QUERY_NAMES;
}

/**
 * The key beside the records of an enveloped list with `"pagination": "cursor"` that holds the
 * cursor of the next page (null on the last), as `{ "articles": [...], "next": "..." }`.
 */
export const CURSOR_NEXT_KEY = 'next';

/** The key beside `next` that holds the cursor of the page before (null on the first page). */
export const CURSOR_PREV_KEY = 'prev';

/** The query parameter of a filter: the field itself, or the name given to a filter through a relation. */
export function filterName(filter: ListFilterConfig): string {
  return typeof filter === 'string' ? filter : filter.name;
}

export const DEFAULT_MAX_PAGE_SIZE = 100;

/** The largest page a client may ask for: as configured, else the default (or pageSize if larger). */
export function maxPageSize(query: ListQueryConfig): number {
  return query.maxPageSize ?? Math.max(DEFAULT_MAX_PAGE_SIZE, query.pageSize ?? 0);
}

/**
 * The most records a list route without pages (no `query.pageSize`) answers: a table that grew
 * must not come back whole in one answer (the starter's GET /api/users returned some 10,000
 * rows under load). The largest `maxPageSize` allowed, so no page is ever larger.
 */
export const MAX_UNPAGED_RECORDS = 1000;

/** The field types whose filters compare by order (`views[gte]=3`), as the runtime reads them. */
const ORDERED_TYPES = ['int', 'float', 'datetime', 'date_now', 'date_updated'];
/** The field types whose filters match text (`title[contains]=dragon`). */
export const TEXT_TYPES = ['string', 'text', 'slug'];

/** The query parameter of a route's search (`query.search`): `q`, in filter.q and filter[q] too. */
export const SEARCH_PARAMETER = 'q';

/**
 * A list's search parameter in its style (`q`, JSON:API's `filter[q]`), or null without a search
 * or in the simple-rest style, where `q` is a key of the JSON `filter`.
 */
export function searchParameterName(query: { search: unknown; style: QueryStyle }): string | null {
  if (!query.search || query.style === 'simple-rest') return null;
  return query.style === 'jsonapi' ? `filter[${SEARCH_PARAMETER}]` : SEARCH_PARAMETER;
}

/**
 * The operators a filter of the model's own field of this type takes in appgen's and JSON:API's
 * styles (src/appgen/query.ts): `ne` always, then order or text comparisons.
 */
export function filterOperators(type: string): string[] {
  if (ORDERED_TYPES.includes(type)) return ['ne', 'gt', 'gte', 'lt', 'lte'];
  if (TEXT_TYPES.includes(type)) return ['ne', 'contains', 'startsWith'];
  return ['ne'];
}

/** An operator's json-server suffix (`views_gte`; `title_like` is contains), or null for startsWith, which it has not. */
export function jsonServerSuffix(operator: string): string | null {
  if (operator === 'contains') return 'like';
  return operator === 'startsWith' ? null : operator;
}

/** What an operator lists, for the OpenAPI document. */
export const OPERATOR_MEANING: Record<string, string> = {
  ne: 'is not',
  gt: 'is greater than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
  contains: 'contains (ignoring case)',
  startsWith: 'starts with (ignoring case)',
};
