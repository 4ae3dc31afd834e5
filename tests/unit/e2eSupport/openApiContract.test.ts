import {
  contractFromDocument,
  problemWith,
  type Document,
} from '../../e2e/support/openApiContract';

// The contract check of the e2e suites must be able to fail: answers that contradict the
// document (an undocumented status, a body of another shape, a missing header) are named.
const document = {
  openapi: '3.1.0',
  paths: {
    '/api/users/{id}': {
      get: {
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'name'],
                  properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' } },
                  additionalProperties: false,
                },
              },
            },
          },
          // Error answers are shared responses, as in the documents appgen generates.
          '404': { $ref: '#/components/responses/NotFound' },
          '409': { $ref: '#/components/responses/Missing' },
        },
      },
    },
    '/api/users': {
      get: {
        responses: {
          '200': {
            headers: { 'X-Total-Count': { schema: { type: 'integer' } } },
            content: { 'application/json': { schema: { type: 'array' } } },
          },
        },
      },
    },
  },
  components: {
    responses: {
      NotFound: {
        description: 'Not found',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['error'],
              properties: { error: { type: 'string' } },
            },
          },
        },
      },
    },
  },
} as unknown as Document;

const contract = contractFromDocument(document);
const answer = (
  path: string,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  problemWith(contract, {
    method: 'GET',
    path,
    status,
    body,
    text: JSON.stringify(body),
    headers: new Headers(headers),
  });
const id = '5f0c6c4e-8f6b-4b7e-9a59-2f1c3f0e9b11';

it('accepts answers that fit the document', () => {
  expect(answer(`/api/users/${id}`, 200, { id, name: 'Ada' })).toBeNull();
  expect(answer(`/api/users/${id}`, 404, { error: 'Not found' })).toBeNull();
  expect(answer('/api/users', 200, [], { 'x-total-count': '0' })).toBeNull();
});

it('names an undocumented status, a body of another shape and a missing header', () => {
  expect(answer(`/api/users/${id}`, 500, { error: 'Internal server error' })).toMatch(
    /status 500 is not documented/,
  );
  expect(answer(`/api/users/${id}`, 200, { id, name: 'Ada', passwordHash: 'x' })).toMatch(
    /does not match its schema/,
  );
  expect(answer(`/api/users/${id}`, 200, { id: 'not-a-uuid', name: 'Ada' })).toMatch(
    /does not match its schema/,
  );
  expect(answer('/api/users', 200, [])).toMatch(/X-Total-Count is missing/);
  // Through a shared response ($ref): its schema is the one checked, and a dangling one is named.
  expect(answer(`/api/users/${id}`, 404, { message: 'Not found' })).toMatch(
    /does not match its schema/,
  );
  expect(answer(`/api/users/${id}`, 409, { error: 'x' })).toMatch(
    /#\/components\/responses\/Missing .* is not in the document/,
  );
});
