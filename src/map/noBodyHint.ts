import type { ListFilterContext, ListQueryContext } from './contexts';

/** A value of the filter's type to show in an example (`true`, `1`, an enum's first value). */
function sampleValue(filter: ListFilterContext): string {
  if (filter.values && filter.values.length > 0) return filter.values[0];
  switch (filter.tsType) {
    case 'boolean':
      return 'true';
    case 'number':
      return '1';
    case 'Date':
      return '2024-01-31';
    default:
      return '...';
  }
}

/**
 * Where the input of a method without a body goes, as the answer refusing a body says it (after
 * `This route takes no request body; `): a client that put a DELETE's filters in its body
 * learns that they belong in the query string, with the route's first filter as an example.
 */
export function noBodyHint(query: ListQueryContext | null): string {
  const filter = query?.filters[0];
  if (!filter) return 'send parameters in the path or the query string';
  return `send filters in the query string, e.g. ?${filter.name}=${encodeURIComponent(sampleValue(filter))}`;
}
