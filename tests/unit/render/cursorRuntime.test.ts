import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';
import { evaluateModule } from '../support/typescriptSource';

type Answer = { status: number; body: unknown };
type Sort = { field: string; descending: boolean } | null;
type Query = { sort: Sort; limit: number | null; cursor: string | null; where: object };
type Position = { value: unknown; id: string };
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
const jsonError = (status: number, message: string): Answer => ({ status, body: message });
const body = evaluateModule('body.ts', content('src/appgen/body.ts'), { './http': { jsonError } });
const query = evaluateModule('query.ts', content('src/appgen/query.ts'), {
  './body': body,
  './http': { jsonError },
});
const cursor = evaluateModule('cursor.ts', content('src/appgen/cursor.ts'), {
  './body': body,
  './http': { jsonError },
});
const readListQuery = query.readListQuery as (
  request: Request,
  spec: object,
) => Read<{ query: Query }> | Failed;
const readCursor = cursor.readCursor as (
  query: Query,
  spec: object,
) => Read<{ after: Position | null }> | Failed;
const endOfPage = cursor.endOfPage as (rows: object[], size: number, sort: Sort) => string | null;
const afterCursor = cursor.afterCursor as (sort: Sort, after: Position | null) => object;
const nextPageLink = cursor.nextPageLink as (
  request: Request,
  next: string | null,
) => Record<string, string>;

const SPEC = {
  filters: {},
  sorts: ['title', 'rank', 'score', 'createdAt'],
  defaultSort: null,
  pageSize: 2,
  maxPageSize: 100,
  cursor: { title: 'string', rank: 'int', score: 'float', createdAt: 'date' },
};
const ID = '00000000-0000-4000-8000-000000000001';

/** Where a request's page starts, or its 400's message. */
function positionOf(search: string): Position | null | string {
  const listed = readListQuery(new Request(`http://localhost/api/notes${search}`), SPEC);
  if (!listed.ok) return listed.response.body as string;
  const read = readCursor(listed.query, SPEC);
  return read.ok ? read.after : (read.response.body as string);
}
const encoded = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');
const NOT_OURS =
  '"cursor" is not one this list gave: send the "next" of the previous page unchanged, or leave "cursor" out for the first page';

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
    const next = endOfPage(rows, 1, sort) as string;
    expect(rows).toHaveLength(1);
    expect(next).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(JSON.parse(Buffer.from(next, 'base64url').toString())).toEqual({
      s: '-createdAt',
      v: '2026-01-02T03:04:05.678Z',
      i: ID,
    });
    expect(positionOf(`?sort=-createdAt&cursor=${next}`)).toEqual({
      value: new Date('2026-01-02T03:04:05.678Z'),
      id: ID,
    });
    // The last page: nothing cut, no cursor.
    expect(endOfPage(rows, 1, sort)).toBeNull();
    expect(endOfPage([], 2, null)).toBeNull();
    const byId = endOfPage([{ id: ID }, { id: 'b' }], 1, null) as string;
    expect(positionOf(`?cursor=${byId}`)).toEqual({ value: null, id: ID });
  });

  it('reads numbers and texts back as they were sent', () => {
    for (const [field, value] of [
      ['title', 'Ça va, "Zoë"?'],
      ['rank', -3],
      ['score', 0.1 + 0.2],
    ] as const) {
      const next = endOfPage([{ id: ID, [field]: value }, { id: ID }], 1, {
        field,
        descending: false,
      });
      expect(positionOf(`?sort=${field}&cursor=${next}`)).toEqual({ value, id: ID });
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

  it('selects the records after the cursor: by the sort field, then by id ascending in both directions', () => {
    const after = { value: 5, id: ID };
    expect(afterCursor(null, null)).toEqual({});
    expect(afterCursor(null, after)).toEqual({ id: { gt: ID } });
    expect(afterCursor({ field: 'rank', descending: false }, after)).toEqual({
      rank: { gte: 5 },
      OR: [{ rank: { gt: 5 } }, { id: { gt: ID } }],
    });
    expect(afterCursor({ field: 'rank', descending: true }, after)).toEqual({
      rank: { lte: 5 },
      OR: [{ rank: { lt: 5 } }, { id: { gt: ID } }],
    });
  });

  it('links the next page of a bare list with its other parameters (RFC 8288), none on the last', () => {
    const request = new Request('http://localhost:3000/api/notes?sort=-rank&limit=2&cursor=old');
    expect(nextPageLink(request, 'abc_-')).toEqual({
      link: '</api/notes?sort=-rank&limit=2&cursor=abc_->; rel="next"',
    });
    expect(nextPageLink(request, null)).toEqual({});
  });
});
