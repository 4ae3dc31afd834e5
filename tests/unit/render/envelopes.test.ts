import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';

const PEOPLE = {
  routes: [
    {
      method: 'GET',
      path: '/api/people',
      response: 'User[]',
      query: { pageSize: 10, count: true },
      envelope: { response: 'people', count: 'peopleCount' },
    },
    {
      method: 'POST',
      path: '/api/people',
      body: { name: 'string', email: 'string' },
      response: 'User',
      envelope: 'person',
    },
    {
      method: 'GET',
      path: '/api/people/:id',
      params: { id: 'uuid' },
      response: 'User',
      envelope: 'person',
    },
  ],
};
const PAGES = {
  'config/views/people.json': {
    name: 'PeoplePage',
    path: '/people',
    root: {
      type: 'section',
      children: [
        { type: 'list', route: 'GET /api/people', columns: ['name'] },
        {
          type: 'form',
          route: 'POST /api/people',
          success: '/people/:id',
          fields: [
            { type: 'input', id: 'name', label: 'Name' },
            { type: 'input', id: 'email', label: 'Email' },
            { type: 'button', label: 'Add' },
          ],
        },
      ],
    },
  },
};
const content = (files: Map<string, { content: string }>, file: string) =>
  files.get(file)?.content ?? '';

describe('rendering envelopes and the error format', () => {
  const files = renderFiles(
    minimalProject({
      'config/routes/people.json': PEOPLE,
      ...PAGES,
      'appgen.config.json': { errors: { body: 'errors.body[]', validationStatus: 422 } },
    }),
  );

  it('reads the body under its key and answers records and counted lists under theirs', () => {
    const route = content(files, 'src/app/api/people/route.ts');
    expect(route).toContain(
      'readBody<PostApiPeopleBody>(request, postApiPeopleBodySpec, "person");',
    );
    expect(route).toContain('return json({ person: record }, 201);');
    expect(route).toContain('return json({ people: records, peopleCount: total }, 200);');
    expect(route).not.toContain('x-total-count');
    expect(content(files, 'src/app/api/people/[id]/route.ts')).toContain(
      'return json({ person: record });',
    );
  });

  it('answers errors in the chosen shape, with the chosen status for invalid bodies', () => {
    const http = content(files, 'src/appgen/http.ts');
    expect(http).toContain('export const VALIDATION_STATUS = 422;');
    expect(http).toContain('return { errors: { body: [...messages] } };');
    expect(http).toContain(
      'NextResponse.json({ ...errorBody(problems), fields }, { status: VALIDATION_STATUS });',
    );
    const client = content(files, 'src/appgen/client.ts');
    expect(client).toContain(
      'export type ApiError = { errors: { body: string[] } } & { fields?: Record<string, string> };',
    );
    expect(client).toContain('body: { person: PostApiPeopleBody };');
    expect(client).toContain(
      'export type GetApiPeopleResult = { people: Array<User>; peopleCount: number };',
    );
  });

  it('lets pages read inside the envelope and forms send under it', () => {
    const page = content(files, 'src/app/people/page.tsx');
    // A list with pages: its count is read under the envelope's count key, beside the records.
    // One argument a line, as prettier lays the call out.
    expect(page).toMatch(
      /await callList<User\[\]>\(\n {4}getApiPeople,\n[^]*\n {4}here,\n {4}listState\([^]*\),\n {4}"people",\n {4}"peopleCount",\n {2}\);/,
    );
    expect(page).toContain('requestEnvelope={"person"}');
    expect(page).toContain('responseEnvelope={"person"}');
  });

  it('keeps the default project as it was: { error } and 400 (plus `fields`), bare records', () => {
    const plain = renderFiles(minimalProject());
    const http = content(plain, 'src/appgen/http.ts');
    expect(http).toContain('export const VALIDATION_STATUS = 400;');
    expect(http).toContain('return { error: messages.join("; ") };');
    expect(http).toContain('{ ...errorBody([problems.join(" ")]), fields }');
    expect(content(plain, 'src/app/api/users/route.ts')).toContain('return json(record, 201);');
    expect(content(plain, 'src/appgen/client.ts')).toContain(
      'export type ApiError = { error: string } & { fields?: Record<string, string> };',
    );
  });
});
