import { validate } from '@readme/openapi-parser';
import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';
import { documentOf } from '../support/openApiDocumentOf';

// The OpenAPI document names a list's parameters as its style reads them (src/appgen/query.ts),
// with the operators each filter takes, and its total in the header the style's clients read.
const NOTE = {
  name: 'Note',
  fields: { title: 'string', rank: 'int', done: 'boolean' },
  indexes: [['title'], ['rank'], ['done']],
};
const list = (path: string, style: string) => ({
  method: 'GET',
  path,
  response: 'Note[]',
  query: {
    filter: ['title', 'rank', 'done'],
    sort: ['title', 'rank'],
    pageSize: 10,
    count: true,
    style,
  },
});
const files = renderFiles(
  minimalProject({
    'appgen.config.json': { cors: { origins: ['http://localhost:5173'] } },
    'config/models/Note.json': NOTE,
    'config/routes/notes.json': {
      routes: [
        list('/api/notes', 'appgen'),
        list('/api/server/notes', 'json-server'),
        list('/api/rest/notes', 'simple-rest'),
        list('/api/jsonapi/notes', 'jsonapi'),
      ],
    },
  }),
);
const document = documentOf(files);
const client = files.get('src/appgen/client.ts')?.content ?? '';
const names = (path: string) =>
  (document.paths[path].get.parameters as Array<{ name: string }>).map((p) => p.name);
const headers = (path: string) => Object.keys(document.paths[path].get.responses['200'].headers);

describe('the OpenAPI document of each parameter style', () => {
  it('is a valid OpenAPI document', async () => {
    const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('names the parameters as each style reads them', () => {
    expect(names('/api/notes')).toEqual([
      ...['title', 'title[ne]', 'title[contains]', 'title[startsWith]'],
      ...['rank', 'rank[ne]', 'rank[gt]', 'rank[gte]', 'rank[lt]', 'rank[lte]'],
      ...['done', 'done[ne]', 'sort', 'limit', 'offset'],
    ]);
    expect(names('/api/server/notes')).toEqual([
      ...['title', 'title_ne', 'title_like'],
      ...['rank', 'rank_ne', 'rank_gt', 'rank_gte', 'rank_lt', 'rank_lte'],
      ...['done', 'done_ne', '_sort', '_order', '_start', '_end', '_limit', '_page'],
    ]);
    // react-admin's Range header (`in: header`) beside its range parameter.
    expect(names('/api/rest/notes')).toEqual(['filter', 'sort', 'range', 'Range']);
    expect(names('/api/jsonapi/notes')).toEqual([
      ...['filter[title]', 'filter[title][ne]', 'filter[title][contains]'],
      ...['filter[title][startsWith]', 'filter[rank]', 'filter[rank][ne]', 'filter[rank][gt]'],
      ...['filter[rank][gte]', 'filter[rank][lt]', 'filter[rank][lte]', 'filter[done]'],
      ...['filter[done][ne]', 'sort', 'page[limit]', 'page[offset]'],
    ]);
    const sort = document.paths['/api/notes'].get.parameters.find(
      (p: { name: string }) => p.name === 'sort',
    );
    expect(sort.schema).toEqual({ type: 'string', pattern: '^-?(title|rank)(,-?(title|rank))*$' });
  });

  it('sends the total in Content-Range for simple-rest, else X-Total-Count, exposed through CORS', () => {
    expect(headers('/api/notes')).toEqual(['X-Total-Count']);
    expect(headers('/api/server/notes')).toEqual(['X-Total-Count']);
    expect(headers('/api/rest/notes')).toEqual(['Content-Range']);
    expect(
      document.paths['/api/rest/notes'].get.responses['200'].headers['Content-Range'].description,
    ).toContain('`notes 0-24/319`');
    expect(
      document.paths['/api/rest/notes'].get.responses['200'].headers['Content-Range'].description,
    ).toContain('readable by pages of the allowed origins (CORS)');
  });

  it("types the typed client's query input in each style", () => {
    // One member a line where the type does not fit on one (as prettier lays it out).
    const members = client.replace(/\s+/g, ' ');
    expect(members).toContain(
      'title?: string | ReadonlyArray<string>; "title[ne]"?: string; "title[contains]"?: string;',
    );
    expect(members).toContain(
      'sort?: "title" | "-title" | "rank" | "-rank" | `${"title" | "-title" | "rank" | "-rank"},${string}`',
    );
    expect(members).toContain('rank_gte?: number;');
    expect(members).toContain('_start?: number; _end?: number; _limit?: number; _page?: number');
    expect(members).toMatch(/query\?: \{ filter\?: string; sort\?: string; range\?: string;? \}/);
    expect(members).toContain('"filter[rank][lte]"?: number;');
    expect(members).toContain('"page[limit]"?: number; "page[offset]"?: number');
  });
});
