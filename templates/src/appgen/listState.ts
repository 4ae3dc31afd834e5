import { readListQuery, type ListQuerySpec } from "./query";

/** How a list's filter is asked for on its page: decided by appgen from the filter's type. */
export interface FilterInput {
  /** The route's query parameter. */
  name: string;
  label: string;
  /**
   * `select`: one of `options` (an enum, or yes/no for a boolean); `number`, `date`, `text`: an
   * input; `search`: the route's search (`q`), a search box.
   */
  input: "select" | "number" | "date" | "text" | "search";
  options?: ReadonlyArray<{ value: string; label: string }>;
}

/**
 * What a list on a page offers, derived from its route's `query` (the same spec the route reads).
 */
export interface ListSpec {
  /**
   * Put before this list's parameters in the page's URL (`comments.page`) when the page has several
   * lists; else empty.
   */
  prefix: string;
  route: ListQuerySpec;
  filters: readonly FilterInput[];
  /**
   * The route counts its records (X-Total-Count or the envelope's count): the pager says "21-40 of
   * 45".
   */
  counts: boolean;
}

/**
 * A list's state as read from its page's URL: only what its route accepts, so the page never
 * breaks.
 */
export interface ListState {
  spec: ListSpec;
  /** The page's own query parameters, every one: links change this list's and keep the others'. */
  search: URLSearchParams;
  /** The accepted filter values, by the route's parameter name. */
  filters: Record<string, string>;
  /** The accepted `sort` (`-createdAt`), or null for the route's default order. */
  sort: string | null;
  /** 1-based page of a list paged by offset. */
  page: number;
  /**
   * The accepted cursor of a list paged by cursor (the route checks it), or null: the first page.
   */
  cursor: string | null;
  /** The route's query string for this state, `?status=draft&offset=20`, or empty. */
  query: string;
}

/**
 * The route accepts this one parameter: its own check (src/appgen/query.ts), so page and route
 * never disagree.
 */
function accepted(spec: ListQuerySpec, name: string, value: string): boolean {
  const url = new URL("http://page.invalid/");
  url.searchParams.set(name, value);
  return readListQuery(new Request(url), spec).ok;
}

/**
 * Reads a list's state from its page's URL: `page` (1, 2, ...), `sort`, `cursor` and the route's
 * filters, each under the list's prefix. A parameter the route does not declare, one given twice,
 * an empty one (a filter form sends its empty fields) or a value the route would refuse is left
 * out, as if absent: a mistyped or outdated link shows the list in its default state.
 */
export function listState(search: URLSearchParams, spec: ListSpec): ListState {
  const one = (name: string): string | null => {
    const values = search.getAll(spec.prefix + name);
    return values.length === 1 && values[0] !== "" ? values[0] : null;
  };
  const route = spec.route;
  const filters: Record<string, string> = {};
  for (const filter of spec.filters) {
    const value = one(filter.name);
    if (value !== null && accepted(route, filter.name, value)) filters[filter.name] = value;
  }
  const sortText = one("sort");
  const sort =
    sortText !== null && route.sorts.length > 0 && accepted(route, "sort", sortText)
      ? sortText
      : null;
  const pageText = one("page");
  const wanted = pageText !== null && /^[1-9][0-9]{0,8}$/.test(pageText) ? Number(pageText) : 1;
  const page = route.pageSize !== null && !route.cursor ? wanted : 1;
  const cursor = route.pageSize !== null && route.cursor ? one("cursor") : null;
  const query = new URLSearchParams(filters);
  if (sort !== null) query.set("sort", sort);
  if (page > 1 && route.pageSize !== null) query.set("offset", String((page - 1) * route.pageSize));
  if (cursor !== null) query.set("cursor", cursor);
  const text = query.toString();
  return { spec, search, filters, sort, page, cursor, query: text ? `?${text}` : "" };
}

/**
 * The state a list falls back to when its route refused the asked one (an outdated cursor): the
 * default.
 */
export function defaultState(state: ListState): ListState {
  return listState(new URLSearchParams(), state.spec);
}

/**
 * A link to this page with some of the list's parameters changed (`null` removes one), the page's
 * other parameters kept: `?sort=-title` from `?sort=title&page=3`. Changing the order or a filter
 * starts again at the first page.
 */
export function listHref(state: ListState, changes: Record<string, string | null>): string {
  const search = new URLSearchParams(state.search);
  for (const [name, value] of Object.entries(changes)) {
    search.delete(state.spec.prefix + name);
    if (value !== null) search.set(state.spec.prefix + name, value);
  }
  const text = search.toString();
  return text ? `?${text}` : "?";
}

/** Where a sortable column's heading leads, and the order shown now. */
export function sortLink(
  state: ListState,
  field: string,
): { href: string; order: "ascending" | "descending" | null } {
  const shown = state.sort ?? defaultSortText(state.spec.route);
  const order = shown === field ? "ascending" : shown === `-${field}` ? "descending" : null;
  const next = order === "ascending" ? `-${field}` : field;
  return { href: listHref(state, { sort: next, page: null, cursor: null }), order };
}

function defaultSortText(route: ListQuerySpec): string | null {
  return route.defaultSort
    ? `${route.defaultSort.descending ? "-" : ""}${route.defaultSort.field}`
    : null;
}

/**
 * A list's pager: where "First page", "Previous" and "Next" lead (null: no such link) and what the
 * page holds.
 */
export interface Pager {
  /** `21–40 of 45` (with the count), `21–40`, or null when there is nothing to say. */
  summary: string | null;
  /**
   * The first page, on a list paged by cursor once away from it (an offset list's pages are
   * numbered).
   */
  first: string | null;
  previous: string | null;
  next: string | null;
}

/**
 * The pager of a list that has pages. By offset: the records shown and, when the route counts,
 * of how many; "Next" while records remain (without a count: while the page is full). By cursor:
 * "Previous" and "Next" to the cursors the route gave, and "First page" while a page is before it.
 */
export function pagerOf(
  state: ListState,
  shown: number,
  total: number | null,
  cursors: { next: string | null; prev: string | null },
  locale: string,
): Pager | null {
  const route = state.spec.route;
  if (route.pageSize === null) return null;
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  if (route.cursor) {
    return {
      summary: total === null ? null : `${number(total)} in all`,
      // A cursor that leads back to the start has no page before it: no First page either.
      first:
        state.cursor === null || cursors.prev === null ? null : listHref(state, { cursor: null }),
      previous: cursors.prev === null ? null : listHref(state, { cursor: cursors.prev }),
      next: cursors.next === null ? null : listHref(state, { cursor: cursors.next }),
    };
  }
  const first = (state.page - 1) * route.pageSize;
  const more = total === null ? shown === route.pageSize : first + shown < total;
  const range = shown === 0 ? null : `${number(first + 1)}–${number(first + shown)}`;
  return {
    summary: range === null ? null : total === null ? range : `${range} of ${number(total)}`,
    first: null,
    previous:
      state.page > 1
        ? listHref(state, { page: state.page === 2 ? null : String(state.page - 1) })
        : null,
    next: more ? listHref(state, { page: String(state.page + 1) }) : null,
  };
}

/**
 * The page's other parameters, as hidden fields of a list's filter form (a GET form sends only its
 * fields).
 */
export function keptFields(state: ListState): Array<{ name: string; value: string }> {
  const own = new Set(
    [...state.spec.filters.map((f) => f.name), "page", "cursor"].map(
      (name) => state.spec.prefix + name,
    ),
  );
  return [...state.search.entries()]
    .filter(([name]) => !own.has(name))
    .map(([name, value]) => ({ name, value }));
}
