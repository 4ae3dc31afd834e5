import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

const NOTE = { name: 'Note', fields: { title: 'string' }, indexes: [['title']] };
const LIST = {
  method: 'GET',
  path: '/api/notes',
  response: 'Note[]',
  query: { filter: ['title'], sort: ['title'], pageSize: 10 },
};
const files = (settings: unknown, route: object = LIST, more: object = {}) =>
  minimalProject({
    ...(settings === undefined ? {} : { 'appgen.config.json': settings }),
    'config/models/Note.json': NOTE,
    'config/routes/notes.json': { routes: [route] },
    ...more,
  });
const problems = (settings: unknown, route?: object, more?: object) =>
  problemsIn(files(settings, route, more)).map(describeProblem);
const notes = (settings: unknown, route?: object) =>
  checkedProject(files(settings, route)).routes.find((r) => r.path === '/api/notes');

describe('"queryStyle" in appgen.config.json and "style" in a route\'s query', () => {
  it('defaults to appgen, takes the project setting, and a route overrides it', () => {
    expect(notes(undefined)?.queryStyle).toBe('appgen');
    expect(notes({ queryStyle: 'json-server' })?.queryStyle).toBe('json-server');
    const own = { ...LIST, query: { ...LIST.query, style: 'jsonapi' } };
    expect(notes({ queryStyle: 'simple-rest' }, own)?.queryStyle).toBe('jsonapi');
  });

  it("counts every list of json-server's and simple-rest's styles: their clients read the total", () => {
    expect(notes(undefined)?.query?.count).toBe(false);
    expect(notes({ queryStyle: 'json-server' })?.query?.count).toBe(true);
    expect(notes({ queryStyle: 'simple-rest' })?.query?.count).toBe(true);
    expect(notes({ queryStyle: 'jsonapi' })?.query?.count).toBe(false);
  });

  it('exposes Content-Range through CORS when a list is read in the simple-rest style', () => {
    const cors = { origins: ['http://localhost:5173'] };
    expect(checkedProject(files({ cors })).cors?.exposeHeaders).toEqual([
      'X-Total-Count',
      'Link',
      'Retry-After',
    ]);
    expect(checkedProject(files({ cors, queryStyle: 'simple-rest' })).cors?.exposeHeaders).toEqual([
      'X-Total-Count',
      'Link',
      'Retry-After',
      'Content-Range',
    ]);
    // Written headers are the app's own choice.
    const written = { ...cors, exposeHeaders: ['X-Total-Count'] };
    expect(
      checkedProject(files({ cors: written, queryStyle: 'simple-rest' })).cors?.exposeHeaders,
    ).toEqual(['X-Total-Count']);
  });

  it("allows react-admin's Range request header through CORS when a list is read in the simple-rest style", () => {
    const cors = { origins: ['http://localhost:5173'] };
    expect(checkedProject(files({ cors })).cors?.headers).toEqual([
      'Content-Type',
      'Authorization',
    ]);
    expect(checkedProject(files({ cors, queryStyle: 'simple-rest' })).cors?.headers).toEqual([
      'Content-Type',
      'Authorization',
      'Range',
    ]);
    const written = { ...cors, headers: ['Content-Type'] };
    expect(
      checkedProject(files({ cors: written, queryStyle: 'simple-rest' })).cors?.headers,
    ).toEqual(['Content-Type']);
  });

  it("warns when the headers written leave out those of the style's clients", () => {
    const warnings = (settings: object) =>
      checkedProject(files(settings)).warnings.map(describeProblem);
    const cors = {
      origins: ['http://localhost:5173'],
      headers: ['Content-Type'],
      exposeHeaders: [],
    };
    expect(warnings({ cors, queryStyle: 'simple-rest' })).toEqual([
      expect.stringMatching(
        /^appgen\.config\.json:\d+:\d+ cors\.exposeHeaders \| GET \/api\/notes \(config\/routes\/notes\.json\) sends its total in Content-Range \(simple-rest style\), which pages of other origins cannot read unless it is listed here \| add "Content-Range" to "exposeHeaders"\.$/,
      ),
      expect.stringMatching(
        /cors\.headers \| GET \/api\/notes \(config\/routes\/notes\.json\) is asked for its pages in a Range header by react-admin's simple REST provider, which pages of other origins cannot send unless it is listed here \| add "Range" to "headers"\.$/,
      ),
    ]);
    // json-server's lists always send X-Total-Count.
    expect(warnings({ cors, queryStyle: 'json-server' })).toEqual([
      expect.stringMatching(/cors\.exposeHeaders \| .* sends its count in X-Total-Count/),
    ]);
    const listed = { ...cors, headers: ['range'], exposeHeaders: ['content-range'] };
    expect(warnings({ cors: listed, queryStyle: 'simple-rest' })).toEqual([]);
    expect(warnings({ cors, queryStyle: 'jsonapi' })).toEqual([]);
  });

  it('refuses an unknown style with the file, its place and the nearest name', () => {
    expect(problems({ queryStyle: 'json_server' })).toEqual([
      expect.stringMatching(/^appgen\.config\.json:2:17 queryStyle \| .*json-server/),
    ]);
    expect(problems(undefined, { ...LIST, query: { ...LIST.query, style: 'simplerest' } })).toEqual(
      [
        expect.stringMatching(
          /^config\/routes\/notes\.json:\d+:\d+ routes\[0\]\.query\.style \| .*simple-rest/,
        ),
      ],
    );
  });

  it('refuses pages by cursor in the json-server and simple-rest styles', () => {
    const cursor = {
      ...LIST,
      query: { ...LIST.query, pagination: 'cursor', style: 'json-server' },
    };
    expect(problems(undefined, cursor)).toEqual([
      expect.stringContaining(
        'routes[0].query.pagination | "pagination": "cursor" does not fit the "json-server" style, whose clients ask for pages by position | use "pagination": "offset", or the "appgen" or "jsonapi" style (page[cursor]).',
      ),
    ]);
  });

  it("refuses a page's list of a route read in another style than appgen's", () => {
    const view = {
      name: 'NotesPage',
      path: '/notes',
      root: { type: 'list', route: 'GET /api/notes', columns: ['title'] },
    };
    expect(
      problems({ queryStyle: 'json-server' }, LIST, { 'config/views/notes.json': view }),
    ).toEqual([
      expect.stringContaining(
        'root.route | GET /api/notes reads its query parameters in the "json-server" style, and a page\'s list asks in appgen\'s',
      ),
    ]);
    expect(problems(undefined, LIST, { 'config/views/notes.json': view })).toEqual([]);
  });
});
