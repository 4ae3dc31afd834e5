import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

const NOTE = {
  name: 'Note',
  fields: {
    title: 'string',
    body: { type: 'text', optional: true },
    views: 'int',
    secret: { type: 'string', hidden: true },
  },
  indexes: [['title']],
};
const LIST = {
  method: 'GET',
  path: '/api/notes',
  response: 'Note[]',
  query: { filter: ['title'], pageSize: 10, search: ['title', 'body'] },
};
const files = (routes: object[], model: object = NOTE) =>
  minimalProject({
    'config/models/Note.json': model,
    'config/routes/notes.json': { routes },
  });
const problems = (routes: object[], model?: object) =>
  problemsIn(files(routes, model)).map(describeProblem);
/** The problems of `query.search` only (a ruled field's model may have others of its own). */
const searchProblems = (routes: object[], model?: object) =>
  problems(routes, model).filter((problem) => /query\.search/.test(problem));
const withQuery = (query: object) => ({ ...LIST, query: { ...LIST.query, ...query } });

describe('"search" in a list route\'s query', () => {
  it('is read as the fields it names, in order', () => {
    const route = checkedProject(files([LIST])).routes.find((r) => r.path === '/api/notes');
    expect(route?.query?.search).toEqual(['title', 'body']);
  });

  it('refuses an unknown field with the nearest text field', () => {
    expect(problems([withQuery({ search: ['titel'] })])).toEqual([
      expect.stringMatching(
        /^config\/routes\/notes\.json:\d+:\d+ routes\[0\]\.query\.search\[0\] \| "titel" is not a field of Note .*title/,
      ),
    ]);
  });

  it('refuses a field that is not text, naming the text fields every caller may read', () => {
    // Not the hidden `secret`, nor `note`, which a rule lets only some callers read.
    const ruled = {
      ...NOTE,
      fields: {
        ...NOTE.fields,
        note: { type: 'string', access: { read: { 'currentUser.role': 'admin' } } },
      },
    };
    for (const model of [NOTE, ruled])
      expect(searchProblems([withQuery({ search: ['views'] })], model)).toEqual([
        expect.stringMatching(
          /query\.search\[0\] \| Note\.views is an int field, and a search reads text \(string, text, slug\) \| search text fields only: title, body\.$/,
        ),
      ]);
    const onlyHidden = { name: 'Note', fields: { views: 'int', secret: NOTE.fields.secret } };
    expect(searchProblems([withQuery({ search: ['views'] })], onlyHidden)).toEqual([
      expect.stringMatching(/Note has no text field every caller may read to search/),
    ]);
  });

  it('suggests no hidden field for an unknown one', () => {
    const [problem] = problems([withQuery({ search: ['secrit'] })]);
    expect(problem).toMatch(/"secrit" is not a field of Note/);
    expect(problem).not.toMatch(/secret/);
  });

  it('refuses a hidden field: a search would tell which words it holds', () => {
    expect(problems([withQuery({ search: ['secret'] })])).toEqual([
      expect.stringMatching(/query\.search\[0\] \| Note\.secret is hidden/),
    ]);
  });

  it('refuses a search on a route that answers no list', () => {
    const one = { method: 'GET', path: '/api/notes/:id', params: { id: 'uuid' }, response: 'Note' };
    expect(problems([LIST, { ...one, query: { search: ['title'] } }])).toEqual([
      expect.stringMatching(
        /routes\[1\]\.query \| "query" applies to GET routes that answer a list/,
      ),
    ]);
    const deleteAll = { method: 'DELETE', path: '/api/notes', model: 'Note', collection: true };
    expect(problems([LIST, { ...deleteAll, query: { search: ['title'] } }])).toEqual([
      expect.stringMatching(/routes\[1\]\.query\.search \| "search" does not apply to DELETE/),
    ]);
  });

  it('needs pages by offset, and no filter named q', () => {
    const { pageSize: _pageSize, ...unpaged } = LIST.query;
    expect(problems([{ ...LIST, query: unpaged }])).toEqual([
      expect.stringMatching(/query\.search \| a search answers pages .* \| add "pageSize"/),
    ]);
    const cursor = withQuery({ pagination: 'cursor', sort: ['title'] });
    expect(problems([cursor])).toEqual([
      expect.stringMatching(/query\.search \| a search cannot page by cursor/),
    ]);
    const named = withQuery({ filter: [{ name: 'q', path: 'author.name' }] });
    expect(problems([named]).some((p) => /"q" is the search parameter/.test(p))).toBe(true);
  });

  it('refuses two routes of one model that search different fields', () => {
    const other = { ...withQuery({ search: ['title'] }), path: '/api/all-notes' };
    expect(problems([LIST, other])).toEqual([
      expect.stringMatching(
        /routes\[1\]\.query\.search \| GET \/api\/all-notes searches title, and GET \/api\/notes searches title, body: Note has one search index \| search the same fields on both: "search": \["title","body"\]\./,
      ),
    ]);
  });

  it('reserves the search helper of a searched model (noteSearch) for function, voter and event names', () => {
    const create = {
      method: 'POST',
      path: '/api/notes',
      body: { title: 'string' },
      response: 'Note',
    };
    const named = (key: string) =>
      problems([LIST, { ...create, [key]: 'noteSearch' }]).filter((p) => /noteSearch/.test(p));
    expect(named('function')).toEqual([
      expect.stringMatching(
        /routes\[1\]\.function \| the function "noteSearch" has the name of the search helper of Note \(src\/appgen\/search\.ts\), which route files that search Note import \| rename the function, e\.g\. "noteSearchHandler"\./,
      ),
    ]);
    expect(named('voter')).toEqual([
      expect.stringMatching(
        /routes\[1\]\.voter \| the voter "noteSearch" has the name of the search helper of Note/,
      ),
    ]);
    const event = { events: [{ name: 'noteSearch', model: 'Note', on: ['create'] }] };
    expect(
      problemsIn({ ...files([LIST]), 'config/events/e.json': event }).map(describeProblem),
    ).toEqual([
      expect.stringMatching(
        /events\[0\]\.name \| the event "noteSearch" has the name of the search helper of Note/,
      ),
    ]);
    // A model without a search has no helper: the name is free.
    expect(
      problems([
        { ...LIST, query: { pageSize: 10 } },
        { ...create, function: 'noteSearch' },
      ]).filter((p) => /noteSearch/.test(p)),
    ).toEqual([]);
  });

  it('refuses a model with access rules (not applied to a search yet)', () => {
    const ruled = { ...NOTE, access: [{ allow: 'read', when: { views: 0 } }] };
    expect(problems([LIST], ruled).some((p) => /Note has access rules/.test(p))).toBe(true);
  });
});
