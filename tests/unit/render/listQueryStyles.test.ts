import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';
import { queryRuntime, type Answer } from '../support/queryRuntime';

type Sort = { field: string; descending: boolean };
type Query = {
  where: Record<string, unknown>;
  conditions: object[];
  related: Record<string, unknown>;
  sorts: Sort[];
  sort: Sort | null;
  limit: number | null;
  offset: number;
  cursor: string | null;
  search: string | null;
  relevance: boolean;
};

// The generated src/appgen/query.ts run as it is: each parameter style (appgen's own, json-server,
// react-admin's simple REST, JSON:API) read into the same ListQuery, several values of one filter
// as "any of", operators, several sort fields, pages, the 400 that names what does not fit, and the
// header that carries the total. The e2e suite (pages-blog, "list query styles") runs them against
// each ORM and database.
const files = renderFiles(
  minimalProject({
    'config/models/Note.json': { name: 'Note', fields: { title: 'string' }, indexes: [['title']] },
    'config/routes/notes.json': {
      routes: [
        { method: 'GET', path: '/api/notes', response: 'Note[]', query: { sort: ['title'] } },
      ],
    },
  }),
);
const { query } = queryRuntime(files);
const readListQuery = query.readListQuery as (
  request: Request,
  spec: object,
) => { ok: true; query: Query } | { ok: false; response: Answer };
const totalHeaders = query.totalHeaders as (
  spec: object,
  query: Query,
  total: number,
  sent: number,
) => Record<string, string>;

const SPEC = {
  filters: {
    id: { type: 'uuid' },
    status: { type: 'enum', values: ['draft', 'published'] },
    views: { type: 'int' },
    title: { type: 'string' },
    createdAt: { type: 'date_now' },
    featured: { type: 'boolean' },
    tag: { type: 'string', related: true },
  },
  sorts: ['createdAt', 'title', 'views'],
  defaultSort: { field: 'createdAt', descending: true },
  pageSize: 20,
  maxPageSize: 100,
};
const ID1 = '00000000-0000-4000-8000-000000000001';
const ID2 = '00000000-0000-4000-8000-000000000002';

function read(
  style: string,
  search: string,
  spec: object = {},
  headers: Record<string, string> = {},
): Query | string {
  const request = new Request(`http://localhost/api/posts${search}`, { headers });
  const listed = readListQuery(request, {
    ...SPEC,
    ...(style === 'appgen' ? {} : { style }),
    resource: 'posts',
    ...spec,
  });
  return listed.ok ? listed.query : listed.response.body;
}

const DEFAULTS = {
  where: {},
  conditions: [],
  related: {},
  sorts: [{ field: 'createdAt', descending: true }],
  sort: { field: 'createdAt', descending: true },
  limit: 20,
  offset: 0,
  cursor: null,
  search: null,
  relevance: false,
};

/** What every style asks below, in its own words: the same ListQuery. */
const ASKED: Query = {
  where: { status: 'published' },
  conditions: [
    { field: 'id', op: 'in', values: [ID1, ID2] },
    { field: 'views', op: 'gte', value: 3 },
    { field: 'views', op: 'lt', value: 10 },
    { field: 'title', op: 'contains', value: 'dragon' },
    { field: 'featured', op: 'ne', value: true },
  ],
  related: {},
  sorts: [
    { field: 'views', descending: true },
    { field: 'title', descending: false },
  ],
  sort: { field: 'views', descending: true },
  limit: 5,
  offset: 10,
  cursor: null,
  search: null,
  relevance: false,
};

describe('the generated query.ts: parameter styles', () => {
  it.each([
    [
      'appgen',
      `?status=published&id=${ID1}&id=${ID2}&views[gte]=3&views[lt]=10&title[contains]=dragon&featured[ne]=true&sort=-views,title&limit=5&offset=10`,
    ],
    [
      'json-server',
      `?status=published&id=${ID1}&id=${ID2}&views_gte=3&views_lt=10&title_like=dragon&featured_ne=true&_sort=views,title&_order=desc,asc&_start=10&_end=15`,
    ],
    [
      'simple-rest',
      `?filter=${encodeURIComponent(JSON.stringify({ status: 'published', id: [ID1, ID2], views_gte: 3, views_lt: 10, title_like: 'dragon', featured_ne: true }))}&sort=${encodeURIComponent('["views","DESC"]')}&range=${encodeURIComponent('[10,14]')}`,
    ],
    [
      'jsonapi',
      `?filter[status]=published&filter[id]=${ID1}&filter[id]=${ID2}&filter[views][gte]=3&filter[views][lt]=10&filter[title][contains]=dragon&filter[featured][ne]=true&sort=-views,title&page[offset]=10&page[limit]=5`,
    ],
  ])('reads %s parameters into the same query', (style, search) => {
    const expected =
      style === 'simple-rest'
        ? { ...ASKED, sorts: [ASKED.sorts[0]] } // react-admin sorts by one field
        : ASKED;
    expect(read(style, search)).toEqual(expected);
  });

  it.each([
    ['appgen', '?q=dragon%20fire!&limit=5'],
    ['json-server', '?q=dragon%20fire!&_limit=5'],
    ['simple-rest', `?filter=${encodeURIComponent('{"q":"dragon fire!"}')}&range=[0,4]`],
    ['jsonapi', '?filter[q]=dragon%20fire!&page[limit]=5'],
  ])('reads a %s search as FTS5 words, by relevance unless a sort is asked', (style, search) => {
    const searched = { search: ['title'] };
    expect(read(style, search, searched)).toMatchObject({
      search: '"dragon"* "fire"*',
      relevance: true,
      sorts: [],
      limit: 5,
    });
    const sorted =
      style === 'simple-rest'
        ? '&sort=["title","ASC"]'
        : style === 'json-server'
          ? '&_sort=title'
          : '&sort=title';
    expect(read(style, `${search}${sorted}`, searched)).toMatchObject({
      relevance: false,
      sorts: [{ field: 'title', descending: false }],
    });
  });

  it('reads a search without words as none, and refuses too many words', () => {
    const searched = { search: ['title'] };
    expect(read('appgen', '?q=%20!%3F', searched)).toMatchObject({
      search: null,
      relevance: false,
    });
    expect(String(read('appgen', `?q=${'a%20'.repeat(17)}`, searched))).toBe(
      'Query parameter "q" must have at most 16 words',
    );
  });

  it('keeps the defaults when nothing is asked; json-server and simple-rest lists then answer their largest page', () => {
    for (const style of ['appgen', 'jsonapi']) expect(read(style, '')).toEqual(DEFAULTS);
    // react-admin's and refine's getMany ask for records by id without a page.
    for (const style of ['json-server', 'simple-rest'])
      expect(read(style, '')).toEqual({ ...DEFAULTS, limit: 100 });
    expect(read('json-server', `?id=${ID1}&id=${ID2}`)).toMatchObject({ limit: 100 });
    expect(read('simple-rest', `?filter=${encodeURIComponent(`{"id":["${ID1}"]}`)}`)).toMatchObject(
      { limit: 100 },
    );
    expect(read('json-server', '', { pageSize: null })).toMatchObject({ limit: null });
    // react-admin sends an empty filter and a sort by id with every list.
    expect(
      read('simple-rest', '?filter=%7B%7D&sort=%5B%22id%22%2C%22ASC%22%5D&range=%5B0%2C19%5D'),
    ).toEqual({
      ...DEFAULTS,
      sorts: [{ field: 'id', descending: false }],
      sort: { field: 'id', descending: false },
    });
  });

  it("reads simple-rest's Range header (react-admin's Range: posts=0-24) like range, and both when they agree", () => {
    const range = (header: string, search = '') =>
      read('simple-rest', search, {}, { range: header });
    expect(range('posts=20-29')).toMatchObject({ offset: 20, limit: 10 });
    expect(range('items=0-4')).toMatchObject({ offset: 0, limit: 5 });
    expect(range('posts=5-5', '?range=%5B5%2C5%5D')).toMatchObject({ offset: 5, limit: 1 });
    // Another unit is not a page of this list (RFC 9110: a server ignores a unit it has not).
    expect(range('bytes=0-99')).toMatchObject({ offset: 0, limit: 100 });
    expect(range('bytes=0-99', '?range=%5B3%2C4%5D')).toMatchObject({ offset: 3, limit: 2 });
    // Other styles never read it: their clients do not send it.
    for (const style of ['appgen', 'json-server', 'jsonapi'])
      expect(read(style, '', {}, { range: 'posts=0-x' })).toMatchObject({ offset: 0 });
    const bad: Array<[string, string]> = [
      ['0-24', 'The "Range" header must be <unit>=<first>-<last>, e.g. posts=0-24'],
      ['posts=5-1', 'The "Range" header must be one range of positions, first and last included'],
      ['posts=0-9,20-29', 'The "Range" header must be one range of positions'],
      ['posts=-10', 'The "Range" header must be one range of positions'],
      ['posts=10-', 'The "Range" header must be one range of positions'],
      ['items=a-b', 'The "Range" header must be one range of positions'],
      ['posts=0-100', 'The "Range" header must hold from 1 to 100 records'],
    ];
    for (const [header, message] of bad)
      expect(`${header}: ${String(range(header))}`).toContain(`${header}: ${message}`);
    expect(range('posts=0-9', '?range=%5B0%2C24%5D')).toBe(
      'The "Range" header (posts=0-9) and "range" ([0,24]) ask for different records',
    );
  });

  it('reads json-server pages by _page and _limit, and _start alone', () => {
    expect(read('json-server', '?_page=3&_limit=4')).toMatchObject({ offset: 8, limit: 4 });
    expect(read('json-server', '?_start=7')).toMatchObject({ offset: 7, limit: 20 });
    expect(read('json-server', '?_sort=title')).toMatchObject({
      sorts: [{ field: 'title', descending: false }],
    });
    expect(read('json-server', '?_sort=title&_order=DESC')).toMatchObject({
      sorts: [{ field: 'title', descending: true }],
    });
  });

  it('answers 400 naming the parameter, in every style', () => {
    const cases: Array<[string, string, string]> = [
      ['appgen', '?views=abc', 'Query parameter "views" must be a whole number'],
      ['appgen', '?views[gte]=x', 'Query parameter "views[gte]" must be a whole number'],
      ['appgen', '?views[between]=1', 'Unknown operator "between" in "views[between]"'],
      [
        'appgen',
        '?status[gte]=draft',
        'Query parameter "status[gte]": "status" cannot be compared with gte',
      ],
      [
        'appgen',
        '?title[gte]=a',
        'Query parameter "title[gte]": "title" cannot be compared with gte',
      ],
      [
        'appgen',
        '?views[gte]=1&views[gte]=2',
        'Query parameter "views[gte]" is given more than once',
      ],
      ['appgen', '?tag=a&tag=b', 'Query parameter "tag" is given more than once'],
      [
        'appgen',
        '?tag[ne]=a',
        'Query parameter "tag[ne]": "tag" cannot be compared with ne (a filter through a relation takes one value)',
      ],
      [
        'appgen',
        '?body=x',
        'Unknown query parameter "body" (allowed: id, status, views, title, createdAt, featured, tag, sort, limit, offset)',
      ],
      [
        'appgen',
        '?sort=body',
        '"sort" must be one or more of createdAt, title, views, comma-separated',
      ],
      ['appgen', '?sort=title,-title', '"sort" must be one or more of'],
      ['appgen', '?limit=101', '"limit" must be a whole number from 1 to 100'],
      ['json-server', '?q=dragon', '"q" searches the records, and this route declares no search'],
      ['json-server', '?body_like=x', 'Unknown query parameter "body_like"'],
      [
        'json-server',
        '?_end=5&_start=5',
        '"_end" must be greater than "_start" (the end is exclusive)',
      ],
      ['json-server', '?_start=0&_end=101', '"_end" minus "_start" must be from 1 to 100'],
      ['json-server', '?_order=desc', '"_order" needs "_sort"'],
      ['json-server', '?_sort=title&_order=down', '"_order" must be asc or desc'],
      ['json-server', '?_limit=0', '"_limit" must be a whole number from 1'],
      ['json-server', '?views_gte=x', 'Query parameter "views_gte" must be a whole number'],
      ['simple-rest', '?range=[0,100]', '"range" must hold from 1 to 100 records'],
      ['simple-rest', '?range=[5,1]', '"range" must be [first, last]'],
      ['simple-rest', '?range=0-24', '"range" must be JSON: [first, last]'],
      ['simple-rest', '?sort=["title","UP"]', '"sort" must be ["<field>", "ASC" or "DESC"]'],
      ['simple-rest', '?filter=[1]', '"filter" must be a JSON object of filters'],
      [
        'simple-rest',
        '?filter={"body":1}',
        'Unknown filter "body" in "filter" (allowed: id, status',
      ],
      ['simple-rest', '?filter={"q":"x"}', '"filter.q" searches the records'],
      [
        'simple-rest',
        '?filter={"views":{"a":1}}',
        'Query parameter "filter.views" must be a string, number or boolean',
      ],
      [
        'simple-rest',
        '?filter={"views_gte":"x"}',
        'Query parameter "filter.views_gte" must be a whole number',
      ],
      ['simple-rest', '?limit=5', 'Unknown query parameter "limit" (allowed: filter, sort, range)'],
      ['jsonapi', '?filter[body]=x', 'Unknown query parameter "filter[body]"'],
      ['jsonapi', '?page[limit]=0', '"page[limit]" must be a whole number from 1 to 100'],
      ['jsonapi', '?page[offset]=-1', '"page[offset]" must be a whole number from 0'],
      ['jsonapi', '?filter[views][like]=1', 'Unknown operator "like" in "filter[views][like]"'],
    ];
    for (const [style, search, message] of cases)
      expect(`${style} ${search}: ${String(read(style, search))}`).toContain(
        `${style} ${search}: ${message}`,
      );
  });

  it('takes one sort field on a list that pages by cursor', () => {
    const cursor = { cursor: { createdAt: 'date', title: 'string', views: 'int' } };
    expect(read('appgen', '?sort=title,views', cursor)).toBe(
      '"sort" takes one field on a list that pages by cursor',
    );
    expect(read('jsonapi', '?page[cursor]=abc', cursor)).toMatchObject({ cursor: 'abc' });
  });

  it('sends the total as the style is read: Content-Range for simple-rest, else X-Total-Count', () => {
    const spec = { ...SPEC, style: 'simple-rest', resource: 'posts' };
    const page = { ...DEFAULTS, offset: 20, limit: 5 };
    expect(totalHeaders(spec, page, 319, 5)).toEqual({ 'content-range': 'posts 20-24/319' });
    expect(totalHeaders(spec, page, 0, 0)).toEqual({ 'content-range': 'posts */0' });
    expect(totalHeaders({ ...SPEC, style: 'json-server' }, page, 319, 5)).toEqual({
      'x-total-count': '319',
    });
    expect(totalHeaders(SPEC, page, 7, 5)).toEqual({ 'x-total-count': '7' });
  });
});
