import type { ListQueryConfig } from '../config/configTypes';

export const DEFAULT_MAX_PAGE_SIZE = 100;

/** The largest page a client may ask for: as configured, else the default (or pageSize if larger). */
export function maxPageSize(query: ListQueryConfig): number {
  return query.maxPageSize ?? Math.max(DEFAULT_MAX_PAGE_SIZE, query.pageSize ?? 0);
}
