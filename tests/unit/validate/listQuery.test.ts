import { describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

const NOTE = {
  name: 'Note',
  fields: {
    ownerId: 'uuid',
    title: 'string',
    rank: { type: 'int', default: 0 },
    data: { type: 'json', optional: true },
    createdAt: 'date_now',
  },
  relations: { owner: { type: 'belongsTo', model: 'User' } },
  indexes: [['ownerId', 'createdAt'], ['rank']],
};

const problems = (routes: unknown[]) =>
  problemsIn(
    minimalProject({ 'config/models/Note.json': NOTE, 'config/routes/notes.json': { routes } }),
  ).map(describeProblem);

describe('list queries and includes', () => {
  it('accepts indexed filters and sorts, an index led by a field the path fixes, pages and includes', () => {
    expect(
      problems([
        {
          method: 'GET',
          path: '/api/notes',
          response: 'Note[]',
          include: ['owner'],
          query: {
            filter: ['ownerId', 'rank', 'id'],
            sort: ['rank'],
            defaultSort: '-rank',
            pageSize: 10,
            maxPageSize: 20,
            count: true,
          },
        },
        {
          method: 'GET',
          path: '/api/users/:ownerId/notes',
          params: { ownerId: 'uuid' },
          response: 'Note[]',
          query: { sort: ['createdAt'] },
        },
      ]),
    ).toEqual([]);
  });

  it('refuses unknown, json and unindexed fields, a default sort outside sort, and pages that do not fit', () => {
    expect(
      problems([
        {
          method: 'GET',
          path: '/api/notes',
          response: 'Note[]',
          query: {
            filter: ['titel', 'data', 'title'],
            sort: ['createdAt'],
            defaultSort: 'rank',
            maxPageSize: 5,
          },
        },
        {
          method: 'GET',
          path: '/api/notes2',
          response: 'Note[]',
          model: 'Note',
          query: { pageSize: 30, maxPageSize: 20 },
        },
      ]),
    ).toEqual([
      expect.stringMatching(
        /routes\[0\]\.query\.filter\[0\] \| "titel" is not a field of Note \| did you mean "title"\?/,
      ),
      expect.stringMatching(
        /routes\[0\]\.query\.filter\[1\] \| json field "data" cannot be filtered or sorted on/,
      ),
      expect.stringMatching(
        /routes\[0\]\.query\.filter\[2\] \| Note\.title has no index, so this query would read the whole table \| add "indexes": \[\["title"\]\] to Note/,
      ),
      expect.stringMatching(/routes\[0\]\.query\.sort\[0\] \| Note\.createdAt has no index/),
      expect.stringMatching(
        /routes\[0\]\.query\.defaultSort \| defaultSort "rank" is not one of the "sort" fields/,
      ),
      expect.stringMatching(/routes\[0\]\.query\.maxPageSize \| "maxPageSize" needs "pageSize"/),
      expect.stringMatching(
        /routes\[1\]\.query\.pageSize \| pageSize 30 is larger than maxPageSize 20/,
      ),
    ]);
  });

  it('refuses query and include on routes that answer no list or records, and unknown relations', () => {
    expect(
      problems([
        {
          method: 'GET',
          path: '/api/notes/:id',
          params: { id: 'uuid' },
          response: 'Note',
          query: { sort: ['rank'] },
          include: ['ownr'],
        },
        { method: 'DELETE', path: '/api/notes/:id', params: { id: 'uuid' }, include: ['owner'] },
      ]),
    ).toEqual([
      expect.stringMatching(
        /routes\[0\]\.query \| "query" applies to GET routes that answer a list of a model/,
      ),
      expect.stringMatching(
        /routes\[0\]\.include\[0\] \| Note has no relation "ownr" \| did you mean "owner"\?/,
      ),
      expect.stringMatching(
        /routes\[1\]\.include \| "include" applies to routes that answer records of a model/,
      ),
    ]);
  });
});
