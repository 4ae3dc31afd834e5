import type { Page } from 'playwright-core';

type Row = Record<string, unknown> & { id: string };
type Sort = { field: string; order: 'ASC' | 'DESC' };
type Pagination = { page: number; perPage: number };

/** An answer that was not 2xx, as the providers' fetch helpers reject it (status and JSON body). */
export class AdminClientError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}: ${JSON.stringify(body)}`);
  }
}

/**
 * One request as a data provider sends it from the page: the URL, its headers, and which header
 * carries the list's total (null: none read).
 */
interface Sent {
  url: string;
  headers: Record<string, string> | null;
  total: 'content-range' | 'x-total-count' | null;
}

type Received =
  { ok: true; json: unknown; total: number | null } | { ok: false; status: number; body: unknown };

/**
 * Runs `fetch` in the page as react-admin's `fetchUtils.fetchJson` and refine's axios client do
 * for a GET: no credentials mode of their own (same-origin), `Accept: application/json` unless
 * the provider passes headers of its own; the total read from the header the provider reads,
 * which it reads only when CORS exposes it (a missing header is a failure, as in
 * ra-data-simple-rest).
 */
async function send(page: Page, sent: Sent): Promise<{ json: unknown; total: number | null }> {
  const received: Received = await page.evaluate(async ({ url, headers, total }) => {
    const response = await fetch(url, { headers: headers ?? { Accept: 'application/json' } });
    const text = await response.text();
    const json: unknown = text ? JSON.parse(text) : null;
    if (response.status < 200 || response.status >= 300)
      return { ok: false as const, status: response.status, body: json };
    if (total === null) return { ok: true as const, json, total: null };
    const value = response.headers.get(total);
    if (value === null) throw new Error(`The ${total} header is missing (or not exposed)`);
    const count = total === 'content-range' ? value.split('/').pop() : value;
    return { ok: true as const, json, total: parseInt(count ?? '', 10) };
  }, sent);
  if (!received.ok) throw new AdminClientError(received.status, received.body);
  return { json: received.json, total: received.total };
}

/**
 * query-string's `stringify` with its defaults, which both providers use: keys sorted, values
 * encoded strictly (RFC 3986: also `!'()*`), an array as the key repeated.
 */
function stringify(query: Record<string, string | number | ReadonlyArray<string>>): string {
  const strict = (text: string) =>
    encodeURIComponent(text).replace(
      /[!'()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  return Object.keys(query)
    .sort()
    .flatMap((key) => {
      const value = query[key];
      const values = Array.isArray(value) ? value : [String(value)];
      return values.map((item: string) => `${strict(key)}=${strict(item)}`);
    })
    .join('&');
}

/**
 * The read methods of react-admin's `ra-data-simple-rest` (`simpleRestProvider(apiUrl)`, its
 * default count header Content-Range): the requests it makes, parameter for parameter.
 */
function simpleRestProvider(page: Page, apiUrl: string) {
  const list = async (
    resource: string,
    { pagination, sort, filter }: { pagination: Pagination; sort: Sort; filter: object },
  ) => {
    const start = (pagination.page - 1) * pagination.perPage;
    const end = pagination.page * pagination.perPage - 1;
    const query = {
      sort: JSON.stringify([sort.field, sort.order]),
      range: JSON.stringify([start, end]),
      filter: JSON.stringify(filter),
    };
    const { json, total } = await send(page, {
      url: `${apiUrl}/${resource}?${stringify(query)}`,
      // It pages twice: `range` in the query, and a Range header (which needs a preflight).
      headers: { Range: `${resource}=${start}-${end}` },
      total: 'content-range',
    });
    return { data: json as Row[], total: total as number };
  };
  return {
    getList: list,
    getMany: async (resource: string, { ids }: { ids: string[] }) => {
      const query = { filter: JSON.stringify({ id: ids }) };
      const url = `${apiUrl}/${resource}?${stringify(query)}`;
      const { json } = await send(page, { url, headers: null, total: null });
      return { data: json as Row[] };
    },
    getManyReference: (
      resource: string,
      params: { target: string; id: string; pagination: Pagination; sort: Sort; filter: object },
    ) => list(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),
  };
}

/** refine's CrudOperators that `@refinedev/simple-rest` maps to json-server suffixes. */
const REFINE_SUFFIXES: Record<string, string> = {
  eq: '',
  ne: '_ne',
  gte: '_gte',
  lte: '_lte',
  contains: '_like',
};

/**
 * The read methods of refine's `@refinedev/simple-rest` (`dataProvider(apiUrl)`): json-server's
 * parameters, the total in X-Total-Count.
 */
function refineSimpleRestProvider(page: Page, apiUrl: string) {
  return {
    getList: async (
      resource: string,
      params: {
        pagination: { current: number; pageSize: number };
        sorters: Array<{ field: string; order: 'asc' | 'desc' }>;
        filters: Array<{ field: string; operator: string; value: string }>;
      },
    ) => {
      const { current, pageSize } = params.pagination;
      const query: Record<string, string | number> = {
        _start: (current - 1) * pageSize,
        _end: current * pageSize,
      };
      if (params.sorters.length > 0) {
        query._sort = params.sorters.map((sorter) => sorter.field).join(',');
        query._order = params.sorters.map((sorter) => sorter.order).join(',');
      }
      for (const { field, operator, value } of params.filters)
        query[`${field}${REFINE_SUFFIXES[operator]}`] = value;
      const url = `${apiUrl}/${resource}?${stringify(query)}`;
      const { json, total } = await send(page, { url, headers: null, total: 'x-total-count' });
      return { data: json as Row[], total: total as number };
    },
    getMany: async (resource: string, { ids }: { ids: string[] }) => {
      const url = `${apiUrl}/${resource}?${stringify({ id: ids })}`;
      const { json } = await send(page, { url, headers: null, total: null });
      return { data: json as Row[] };
    },
  };
}

export type AdminClient = ReturnType<typeof adminClient>;

/**
 * The data providers of the two admin front ends, run by `page` (a page of another site) against
 * the APIs at `urls`: react-admin's simple REST one, and refine's (json-server style).
 */
export function adminClient(page: Page, urls: { simpleRest: string; jsonServer: string }) {
  return {
    simpleRest: simpleRestProvider(page, urls.simpleRest),
    jsonServer: refineSimpleRestProvider(page, urls.jsonServer),
  };
}
