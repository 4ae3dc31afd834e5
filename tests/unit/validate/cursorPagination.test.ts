import { describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

const NOTE = {
  name: 'Note',
  fields: {
    title: { type: 'string', unique: true },
    rank: { type: 'int', default: 0 },
    done: { type: 'boolean', default: false },
    dueAt: { type: 'datetime', optional: true },
    secret: { type: 'string', hidden: true },
    createdAt: 'date_now',
    ownerId: 'uuid',
  },
  relations: { owner: { type: 'belongsTo', model: 'User' } },
  indexes: [['rank'], ['done'], ['dueAt'], ['secret'], ['createdAt']],
};

const problems = (routes: unknown[]) =>
  problemsIn(
    minimalProject({ 'config/models/Note.json': NOTE, 'config/routes/notes.json': { routes } }),
  ).map(describeProblem);

const list = (query: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  method: 'GET',
  path: '/api/notes',
  response: 'Note[]',
  query,
  ...more,
});

describe('"pagination": "cursor"', () => {
  it('accepts required, sent sort fields of any order, with filters, a count and an envelope', () => {
    expect(
      problems([
        list({
          filter: ['rank', 'title'],
          sort: ['rank', 'title', 'createdAt', 'id'],
          defaultSort: '-createdAt',
          pageSize: 20,
          pagination: 'cursor',
          count: true,
        }),
        list(
          { pageSize: 5, pagination: 'cursor', count: true },
          { path: '/api/notes/by-id', envelope: { response: 'notes', count: 'total' } },
        ),
        list(
          { pageSize: 5, pagination: 'cursor' },
          { path: '/api/notes/pages', envelope: 'notes' },
        ),
      ]),
    ).toEqual([]);
  });

  it('refuses it without pages, on optional, hidden and boolean sort fields, beside an envelope key "next" or "prev", and on a collection', () => {
    expect(
      problems([
        list({ sort: ['rank'], pagination: 'cursor' }),
        list(
          {
            sort: ['dueAt', 'secret', 'done', 'rank'],
            pageSize: 10,
            pagination: 'cursor',
            count: true,
          },
          { path: '/api/notes/all', envelope: { response: 'notes', count: 'next' } },
        ),
        list({ pageSize: 10, pagination: 'cursor' }, { path: '/api/notes/bare', envelope: 'next' }),
        list(
          { pageSize: 10, pagination: 'cursor', count: true },
          { path: '/api/notes/back', envelope: { response: 'notes', count: 'prev' } },
        ),
        {
          method: 'DELETE',
          path: '/api/notes',
          model: 'Note',
          collection: true,
          query: { filter: ['rank'], pagination: 'cursor' },
        },
      ]),
    ).toEqual([
      expect.stringMatching(
        /routes\[0\]\.query\.pagination \| "pagination": "cursor" needs "pageSize" \(pagination is off without it\) \| add "pageSize", e\.g\. 20\./,
      ),
      expect.stringMatching(
        /routes\[1\]\.query\.sort\[0\] \| Note\.dueAt is optional, and a cursor cannot page through the records where it is empty \("pagination": "cursor"\) \| make dueAt required \(with a "default"\), sort on another field, or use "pagination": "offset"\./,
      ),
      expect.stringMatching(
        /routes\[1\]\.query\.sort\[1\] \| Note\.secret is hidden, and a cursor carries the last record's value of its sort field to the client/,
      ),
      expect.stringMatching(
        /routes\[1\]\.query\.sort\[2\] \| Note\.done is a boolean, and a cursor cannot page through a sort of two values/,
      ),
      expect.stringMatching(
        /routes\[1\]\.envelope\.count \| the envelope key "next" is where a list with "pagination": "cursor" puts the cursor of the next page \| name the count key otherwise/,
      ),
      expect.stringMatching(/routes\[2\]\.envelope \| the envelope key "next"/),
      expect.stringMatching(
        /routes\[3\]\.envelope\.count \| the envelope key "prev" is where a list with "pagination": "cursor" puts the cursor of the page before \| name the count key otherwise/,
      ),
      expect.stringMatching(
        /routes\[4\]\.query\.pagination \| "pagination" does not apply to DELETE \/api\/notes/,
      ),
    ]);
  });

  it('names a filter "cursor" only on lists that page by offset', () => {
    const filter = [{ name: 'cursor', path: 'owner.id' }];
    expect(problems([list({ filter, pageSize: 5 })])).toEqual([]);
    expect(problems([list({ filter, pageSize: 5, pagination: 'cursor' })])).toEqual([
      expect.stringMatching(
        /routes\[0\]\.query\.filter\[0\]\.name \| "cursor" is a query parameter of pages and sorting, and cannot name a filter/,
      ),
    ]);
  });

  it('refuses another value, with did-you-mean', () => {
    expect(problems([list({ pageSize: 5, pagination: 'cursors' })])).toEqual([
      expect.stringMatching(
        /routes\[0\]\.query\.pagination \| string "cursors" is not allowed here \| did you mean "cursor"\?/,
      ),
    ]);
  });
});
