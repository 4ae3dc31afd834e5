import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';
import { queryRuntime } from '../support/queryRuntime';

type Answer = { status: number; body: unknown };
type Sort = { field: string; descending: boolean } | null;
type Query = { sort: Sort; limit: number | null; cursor: string | null; where: object };
type Position = { value: unknown; id: string; backward: boolean };
type Read<T> = { ok: true } & T;
type Failed = { ok: false; response: Answer };

// The generated src/appgen/query.ts and cursor.ts (orm prisma) of a list that pages by cursor,
// run as they are: the cursor a page ends with, reading it back, its 400s and the Prisma
// condition of the records after it. The e2e suite (publishing) walks pages on each ORM and
// database.
const NOTE = {
  name: 'Note',
  fields: { title: 'string', rank: 'int', score: 'float', createdAt: 'date_now' },
  indexes: [['title'], ['rank'], ['score'], ['createdAt']],
};
const files = renderFiles(
  minimalProject({
    'config/models/Note.json': NOTE,
    'config/routes/notes.json': {
      routes: [
        {
          method: 'GET',
          path: '/api/notes',
          response: 'Note[]',
          query: {
            sort: ['title', 'rank', 'score', 'createdAt'],
            pageSize: 2,
            pagination: 'cursor',
          },
        },
      ],
    },
  }),
);
const content = (path: string) => files.get(path)?.content ?? '';
const { query, cursor } = queryRuntime(files, ['cursor.ts']);
const readListQuery = query.readListQuery as (
  request: Request,
  spec: object,
) => Read<{ query: Query }> | Failed;
const readCursor = cursor.readCursor as (
  query: Query,
  spec: object,
) => Read<{ at: Position | null }> | Failed;
type Ends = { next: string | null; prev: string | null };
const pageEnds = cursor.pageEnds as (
  rows: object[],
  size: number,
  sort: Sort,
  at: Position | null,
) => Ends;
const cursorWhere = cursor.cursorWhere as (sort: Sort, at: Position | null) => object;
const pageOrder = cursor.pageOrder as (sort: Sort, at: Position | null) => object[];
const pageLinks = cursor.pageLinks as (request: Request, ends: Ends) => Record<string, string>;

const SPEC = {
  filters: {},
  sorts: ['title', 'rank', 'score', 'createdAt'],
  defaultSort: null,
  pageSize: 2,
  maxPageSize: 100,
  cursor: { title: 'string', rank: 'int', score: 'float', createdAt: 'date' },
};
const ID = '00000000-0000-4000-8000-000000000001';
const ID2 = '00000000-0000-4000-8000-000000000002';

/** Where a request's page starts, or its 400's message. */
function positionOf(search: string): Position | null | string {
  const listed = readListQuery(new Request(`http://localhost/api/notes${search}`), SPEC);
  if (!listed.ok) return listed.response.body as string;
  const read = readCursor(listed.query, SPEC);
  return read.ok ? read.at : (read.response.body as string);
}
const encoded = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');
const decoded = (cursorText: string | null) =>
  JSON.parse(Buffer.from(String(cursorText), 'base64url').toString()) as unknown;
const NOT_OURS =
  '"cursor" is not one this list gave: send the "next" or "prev" of a page unchanged, or leave "cursor" out for the first page';

describe('the generated cursor.ts', () => {
  it('is generated for a list with "pagination": "cursor", its route reading ?cursor=', () => {
    expect(content('src/app/api/notes/route.ts')).toContain(
      'cursor: { title: "string", rank: "int", score: "float", createdAt: "date" },',
    );
  });

  it('ends a page one row short of what was read, with the cursor of its last row', () => {
    const rows = [
      { id: ID, createdAt: new Date('2026-01-02T03:04:05.678Z') },
      { id: 'b', createdAt: new Date() },
    ];
    const sort = { field: 'createdAt', descending: true };
    const { next, prev } = pageEnds(rows, 1, sort, null);
    expect(rows).toHaveLength(1);
    expect(next).toMatch(/^[A-Za-z0-9_-]+$/);
    // The first page has none before it.
    expect(prev).toBeNull();
    expect(decoded(next)).toEqual({ s: '-createdAt', v: '2026-01-02T03:04:05.678Z', i: ID });
    expect(positionOf(`?sort=-createdAt&cursor=${next}`)).toEqual({
      value: new Date('2026-01-02T03:04:05.678Z'),
      id: ID,
      backward: false,
    });
    // The last page: nothing cut, no cursor.
    expect(pageEnds(rows, 1, sort, null).next).toBeNull();
    expect(pageEnds([], 2, null, null)).toEqual({ next: null, prev: null });
    const byId = pageEnds([{ id: ID }, { id: 'b' }], 1, null, null).next as string;
    expect(positionOf(`?cursor=${byId}`)).toEqual({ value: null, id: ID, backward: false });
  });

  it('gives a page read from a cursor the cursor of the page before it, which reads backward', () => {
    const sort = { field: 'rank', descending: false };
    const at = { value: 1, id: ID, backward: false };
    // Forward from a cursor: a page before (from its first row), a page after while rows remain.
    const forward = pageEnds(
      [
        { id: ID2, rank: 2 },
        { id: 'c', rank: 3 },
        { id: 'd', rank: 4 },
      ],
      2,
      sort,
      at,
    );
    expect(decoded(forward.prev)).toEqual({ s: 'rank', v: 2, i: ID2, d: 'b' });
    expect(decoded(forward.next)).toEqual({ s: 'rank', v: 3, i: 'c' });
    expect(positionOf(`?sort=rank&cursor=${forward.prev}`)).toEqual({
      value: 2,
      id: ID2,
      backward: true,
    });
    // An empty page after a cursor (its records deleted since): the page before the cursor's record.
    expect(decoded(pageEnds([], 2, sort, at).prev)).toEqual({ s: 'rank', v: 1, i: ID, d: 'b' });
    // Backward: the rows come nearest first; the page is put back in the list's order, its next
    // page starts after its last row, and a page before it exists while rows remain.
    const back = { value: 5, id: ID, backward: true };
    const rows = [
      { id: 'd', rank: 4 },
      { id: 'c', rank: 3 },
      { id: 'b', rank: 2 },
    ];
    const ends = pageEnds(rows, 2, sort, back);
    expect(rows).toEqual([
      { id: 'c', rank: 3 },
      { id: 'd', rank: 4 },
    ]);
    expect(decoded(ends.next)).toEqual({ s: 'rank', v: 4, i: 'd' });
    expect(decoded(ends.prev)).toEqual({ s: 'rank', v: 3, i: 'c', d: 'b' });
    // Backward to the start: no page before.
    expect(pageEnds([{ id: 'a', rank: 1 }], 2, sort, back).prev).toBeNull();
  });

  it('reads numbers and texts back as they were sent', () => {
    for (const [field, value] of [
      ['title', 'Ça va, "Zoë"?'],
      ['rank', -3],
      ['score', 0.1 + 0.2],
    ] as const) {
      const { next } = pageEnds(
        [{ id: ID, [field]: value }, { id: ID }],
        1,
        { field, descending: false },
        null,
      );
      expect(positionOf(`?sort=${field}&cursor=${next}`)).toEqual({
        value,
        id: ID,
        backward: false,
      });
    }
  });

  it('refuses a cursor of another order, one it did not write, and ?offset beside it (400)', () => {
    const next = encoded({ s: 'rank', v: 1, i: ID });
    expect(positionOf(`?sort=-rank&cursor=${next}`)).toBe(
      '"cursor" belongs to sort=rank, and this request asks for sort=-rank: ask with the sort of the page that gave it, or leave "cursor" out to start again',
    );
    expect(positionOf(`?cursor=${next}`)).toBe(
      '"cursor" belongs to sort=rank, and this request asks for the order by id (no sort): ask with the sort of the page that gave it, or leave "cursor" out to start again',
    );
    for (const bad of [
      'not a cursor',
      'e30',
      encoded([1]),
      encoded({ s: 'rank', v: 1.5, i: ID }),
      encoded({ s: 'rank', v: 2 ** 31, i: ID }),
      encoded({ s: 'rank', v: '1', i: ID }),
      encoded({ s: 'rank', v: 1, i: 'x' }),
      encoded({ s: 'rank', i: ID }),
      encoded({ s: 'rank', v: 1, i: ID, more: true }),
      encoded({ s: 'rank', v: 1, i: ID, d: 'f' }),
      encoded({ s: '', v: 1, i: ID }),
    ])
      expect(positionOf(`?sort=rank&cursor=${encodeURIComponent(bad)}`)).toBe(NOT_OURS);
    expect(positionOf(`?sort=title&cursor=${encoded({ s: 'title', v: 'a\u0000', i: ID })}`)).toBe(
      NOT_OURS,
    );
    expect(positionOf(`?sort=score&cursor=${encoded({ s: 'score', v: null, i: ID })}`)).toBe(
      NOT_OURS,
    );
    expect(
      positionOf(`?sort=createdAt&cursor=${encoded({ s: 'createdAt', v: '2026-02-30', i: ID })}`),
    ).toBe(NOT_OURS);
    expect(positionOf(`?cursor=${next}&offset=2`)).toBe(
      'Unknown query parameter "offset" (allowed: sort, limit, cursor)',
    );
    expect(positionOf('?limit=1')).toBeNull();
  });

  it('selects the records after the cursor, or before a backward one: by the sort field, then by id', () => {
    const after = { value: 5, id: ID, backward: false };
    const before = { value: 5, id: ID, backward: true };
    expect(cursorWhere(null, null)).toEqual({});
    expect(cursorWhere(null, after)).toEqual({ id: { gt: ID } });
    expect(cursorWhere(null, before)).toEqual({ id: { lt: ID } });
    expect(cursorWhere({ field: 'rank', descending: false }, after)).toEqual({
      rank: { gte: 5 },
      OR: [{ rank: { gt: 5 } }, { id: { gt: ID } }],
    });
    expect(cursorWhere({ field: 'rank', descending: true }, after)).toEqual({
      rank: { lte: 5 },
      OR: [{ rank: { lt: 5 } }, { id: { gt: ID } }],
    });
    expect(cursorWhere({ field: 'rank', descending: false }, before)).toEqual({
      rank: { lte: 5 },
      OR: [{ rank: { lt: 5 } }, { id: { lt: ID } }],
    });
    expect(cursorWhere({ field: 'rank', descending: true }, before)).toEqual({
      rank: { gte: 5 },
      OR: [{ rank: { gt: 5 } }, { id: { lt: ID } }],
    });
    // Read backward, a page is read in the reverse of the list's order.
    expect(pageOrder({ field: 'rank', descending: true }, after)).toEqual([
      { rank: 'desc' },
      { id: 'asc' },
    ]);
    expect(pageOrder({ field: 'rank', descending: true }, before)).toEqual([
      { rank: 'asc' },
      { id: 'desc' },
    ]);
    expect(pageOrder(null, before)).toEqual([{ id: 'desc' }]);
  });

  it('links the pages beside a page of a bare list with its other parameters (RFC 8288), none at the ends', () => {
    const request = new Request('http://localhost:3000/api/notes?sort=-rank&limit=2&cursor=old');
    expect(pageLinks(request, { next: 'abc_-', prev: null })).toEqual({
      link: '</api/notes?sort=-rank&limit=2&cursor=abc_->; rel="next"',
    });
    expect(pageLinks(request, { next: 'n', prev: 'p' })).toEqual({
      link: '</api/notes?sort=-rank&limit=2&cursor=n>; rel="next", </api/notes?sort=-rank&limit=2&cursor=p>; rel="prev"',
    });
    expect(pageLinks(request, { next: null, prev: null })).toEqual({});
  });
});
