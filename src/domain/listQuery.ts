import type { ListFilterConfig, ListQueryConfig } from '../config/configTypes';

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
