import { FIELD_TYPES } from '../config/fieldTypes';
import { SEARCH_PARAMETER } from '../domain/listQuery';
import type { ListControlsContext, ListFilterContext, MethodContext } from './contexts';
import { labelFromField } from './fieldLabels';

/** How a filter is asked for on a page (src/appgen/listState.ts FilterInput), as TypeScript. */
function filterInput(filter: ListFilterContext): string {
  const head = `name: ${JSON.stringify(filter.name)}, label: ${JSON.stringify(labelFromField(filter.name))}`;
  const options = (pairs: Array<[string, string]>) =>
    `options: [${pairs.map(([value, label]) => `{ value: ${JSON.stringify(value)}, label: ${JSON.stringify(label)} }`).join(', ')}]`;
  const kind = FIELD_TYPES[filter.type].kind;
  if (filter.valueOptions)
    return `{ ${head}, input: "select", ${options(filter.valueOptions.map((o) => [o.value, o.label]))} }`;
  if (kind === 'boolean')
    return `{ ${head}, input: "select", ${options([
      ['true', 'Yes'],
      ['false', 'No'],
    ])} }`;
  if (kind === 'integer' || kind === 'number') return `{ ${head}, input: "number" }`;
  if (kind === 'datetime') return `{ ${head}, input: "date" }`;
  // Text, slugs and keys (a related record's id) are typed in.
  return `{ ${head}, input: "text" }`;
}

/** A route's search (`query.search`) on its page: a search box, first in the filters' form. */
const SEARCH_INPUT = `{ name: ${JSON.stringify(SEARCH_PARAMETER)}, label: "Search", input: "search" }`;

/**
 * A list's controls, from its route's own `query` (so page and route cannot disagree): a search
 * box, filters, sortable columns and pages. Null when the route's query offers none of them. The
 * prefix is given later, when the page knows how many lists it has (listPrefixes).
 */
export function mapListControls(method: MethodContext, index: number): ListControlsContext | null {
  const query = method.listQuery;
  const spec = method.listQuerySpec;
  if (!query || !spec) return null;
  const searches = query.search !== null;
  if (
    !searches &&
    query.filters.length === 0 &&
    query.sorts.length === 0 &&
    query.pageSize === null
  )
    return null;
  const inputs = [...(searches ? [SEARCH_INPUT] : []), ...query.filters.map(filterInput)];
  const route = `{ filters: { ${spec.filters.join(', ')} }, ${spec.entries.join(', ')} }`;
  const { response, count } = method.envelope;
  const keys = [response, count !== null && query.count ? count : null];
  return {
    state: `list${index}`,
    prefix: '',
    specEntries: `route: ${route}, filters: [${inputs.join(', ')}], counts: ${query.count}`,
    envelopeArguments:
      keys[0] === null && keys[1] === null
        ? ''
        : `, ${keys.map((k) => (k === null ? 'undefined' : JSON.stringify(k))).join(', ')}`,
    filters: inputs.length > 0,
  };
}

/**
 * The prefixes of a page's lists with controls: none for one list; with several, each list's
 * parameters are put under the last fixed segment of its route's path (`posts.page`,
 * `comments.sort`), numbered when two share it, so two lists never read each other's.
 */
export function listPrefixes(urlPaths: readonly string[]): string[] {
  if (urlPaths.length < 2) return urlPaths.map(() => '');
  const used = new Set<string>();
  return urlPaths.map((urlPath) => {
    const fixed = urlPath.split('/').filter((s) => s !== '' && !s.startsWith(':'));
    const base = fixed[fixed.length - 1] ?? 'list';
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}${n}`;
    used.add(name);
    return `${name}.`;
  });
}
