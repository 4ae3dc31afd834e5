import fs from 'fs';
import path from 'path';
import { validate } from '@readme/openapi-parser';
import { openApiPath } from '../../../src/render/openapi/buildOpenApiDocument';
import { fieldSchema, orNull } from '../../../src/render/openapi/jsonSchemas';
import { expectedFiles } from '../support/goldenFiles';
import { GOLDEN_DIR } from '../support/paths';
import { documentOf } from '../support/openApiDocumentOf';

const cases = fs
  .readdirSync(GOLDEN_DIR)
  .filter((name) => fs.existsSync(path.join(GOLDEN_DIR, name, 'config')))
  .sort();
// Each case's document as the golden test proves it is rendered (its expected/ tree).
const documents = new Map(cases.map((name) => [name, documentOf(expectedFiles(name))]));

describe.each(cases)('the OpenAPI document of golden case %s', (name) => {
  it('is a valid OpenAPI 3.1 document (@readme/openapi-parser)', async () => {
    const document = documents.get(name) as Record<string, any>;
    expect(document.openapi).toBe('3.1.0');
    // validate() mutates its argument: give it a copy.
    const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });
});

describe('the OpenAPI document of the blog', () => {
  const document = documents.get('blog') as Record<string, any>;
  const schemas = document.components.schemas;

  it('writes Next.js :params as {params}', () => {
    expect(openApiPath('/api/users/:userId/posts/:id')).toBe('/api/users/{userId}/posts/{id}');
    expect(Object.keys(document.paths).every((key) => !key.includes(':'))).toBe(true);
  });

  it('leaves hidden fields out of the model schemas, and closes them to other properties', () => {
    const user = schemas.User;
    expect(user.properties.passwordHash).toBeUndefined();
    expect(user.additionalProperties).toBe(false);
    expect(user.required).toEqual(Object.keys(user.properties));
  });

  it('answers { error } on every error status', () => {
    expect(schemas.Error).toEqual({
      type: 'object',
      properties: { error: { type: 'string' } },
      required: ['error'],
      additionalProperties: false,
    });
    // Error answers are shared responses (components.responses), each with the Error schema;
    // every one listed is used.
    const shared = document.components.responses as Record<string, any>;
    const used = new Set<string>();
    for (const item of Object.values<Record<string, any>>(document.paths)) {
      for (const operation of Object.values<Record<string, any>>(item)) {
        expect(operation.responses['500']).toEqual({
          $ref: '#/components/responses/InternalServerError',
        });
        for (const [status, response] of Object.entries<Record<string, any>>(operation.responses)) {
          if (!/^[45]\d\d$/.test(status)) continue; // not 2xx, 3xx or `default`
          const name = String(response.$ref).replace('#/components/responses/', '');
          used.add(name);
          if (status === '400') continue; // body validation: `fields` beside the error (below)
          if (status === '403') continue; // a refusal: `decidedBy` beside it in development (below)
          expect(shared[name].content['application/json'].schema).toEqual({
            $ref: '#/components/schemas/Error',
          });
        }
      }
    }
    expect(Object.keys(shared).sort()).toEqual([...used].sort());
  });

  // Issue 52 §4: in development a refusal names what decided it, beside the error.
  it('answers 403 with the error and, in development, `decidedBy`', () => {
    const shared = document.components.responses as Record<string, any>;
    expect(shared.Forbidden.content['application/json'].schema).toEqual({
      type: 'object',
      properties: {
        error: { type: 'string' },
        decidedBy: { type: 'string', description: expect.stringMatching(/^Development only/) },
      },
      required: ['error'],
      additionalProperties: false,
    });
  });

  // Issue 50 §4: a body that fails validation also answers each field's message, by its path.
  it('answers 400 with the error and, for a body, `fields`', () => {
    const shared = document.components.responses as Record<string, any>;
    expect(shared.BadRequest.content['application/json'].schema).toEqual({
      type: 'object',
      properties: {
        error: { type: 'string' },
        fields: {
          type: 'object',
          description: expect.stringContaining('user.email'),
          additionalProperties: { type: 'string' },
        },
      },
      required: ['error'],
      additionalProperties: false,
    });
  });

  it('turns validators into JSON Schema keywords', () => {
    const body = document.paths['/api/users'].post.requestBody.content['application/json'].schema;
    expect(body.properties.email).toMatchObject({ type: 'string', format: 'email' });
    expect(body.required).toContain('email');
    expect(body.properties.name).toMatchObject({ minLength: 2, maxLength: 80 });
    expect(body.properties.role).toMatchObject({
      enum: ['author', 'reader'],
      'x-appgen-validators': ['isIn:author|reader'],
    });
    expect(body.properties.age).toMatchObject({
      type: ['integer', 'null'],
      minimum: 13,
      maximum: 120,
    });
    expect(body.properties.website).toMatchObject({ type: ['string', 'null'], format: 'uri' });
  });

  it('lets an optional enum be null', () => {
    expect(orNull(fieldSchema({ type: 'enum', values: ['a', 'b'] }))).toEqual({
      type: ['string', 'null'],
      enum: ['a', 'b', null],
    });
    const optionalEnums = Object.values<Record<string, any>>(schemas)
      .flatMap((schema) => Object.values<Record<string, any>>(schema.properties ?? {}))
      .filter((p) => Array.isArray(p.type) && p.enum);
    for (const property of optionalEnums) expect(property.enum).toContain(null);
  });

  it('puts the security schemes on auth routes only', () => {
    expect(document.components.securitySchemes.sessionCookie).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'appgen_session' }),
    );
    expect(document.components.securitySchemes.bearerAuth).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    const operations = Object.values<Record<string, any>>(document.paths).flatMap((item) =>
      Object.values<Record<string, any>>(item),
    );
    for (const operation of operations)
      expect(Boolean(operation.security)).toBe(Boolean(operation.responses['401']));
    expect(operations.some((operation) => operation.security)).toBe(true);
  });
});

describe('the OpenAPI document of the publishing example (envelopes, errors.body[], 422)', () => {
  const document = documents.get('publishing') as Record<string, any>;
  const json = (response: Record<string, any>) => response.content['application/json'].schema;
  const closed = (properties: Record<string, unknown>) => ({
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  });

  it('describes every error as { errors: { body: [messages] } }', () => {
    expect(document.components.schemas.Error).toEqual(
      closed({
        errors: closed({ body: { type: 'array', items: { type: 'string' }, minItems: 1 } }),
      }),
    );
  });

  it('documents 422 beside 400 on routes with a body, and not on the others', () => {
    expect(Object.keys(document.paths['/api/users'].post.responses)).toEqual([
      '201',
      '400',
      '403',
      '409',
      '413',
      '415',
      '422',
      '500',
    ]);
    expect(document.paths['/api/articles/{slug}'].get.responses['422']).toBeUndefined();
  });

  // Issue 49: a route without a body refuses one (400, or 415 for a type it does not read).
  it('declares no request body on routes without one, and documents their refusal of one', () => {
    // The config's routes: the health checks are appgen's own, and read no body.
    const operations = Object.entries<Record<string, any>>(document.paths)
      .filter(([path]) => !path.startsWith('/api/health'))
      .flatMap(([, item]) => Object.values<Record<string, any>>(item));
    const bodiless = operations.filter((op) => op.requestBody === undefined);
    expect(bodiless.length).toBeGreaterThan(5);
    for (const op of bodiless) {
      expect([op.operationId, op.responses['400'], op.responses['415']]).toEqual([
        op.operationId,
        { $ref: '#/components/responses/BadRequest' },
        { $ref: '#/components/responses/UnsupportedMediaType' },
      ]);
      expect([op.operationId, op.responses['413']]).toEqual([op.operationId, undefined]);
    }
    expect(document.paths['/api/articles/{slug}'].delete.requestBody).toBeUndefined();
    expect(document.components.responses.BadRequest.description).toContain(
      'a body sent to a route that takes none',
    );
  });

  it('puts request bodies and answers under their keys, and a list count beside its list', () => {
    const create = document.paths['/api/users'].post;
    const body = json(create.requestBody);
    expect(Object.keys(body.properties)).toEqual(['user']);
    expect(body.required).toEqual(['user']);
    expect(Object.keys(body.properties.user.properties)).toEqual(['username', 'email', 'password']);
    // A sign-up answers the new account with its session token, under the key.
    const signedUp = json(create.responses['201']);
    expect(Object.keys(signedUp.properties)).toEqual(['user']);
    expect(signedUp.properties.user.properties.token).toEqual({
      type: 'string',
      description: 'A session token',
    });
    expect(signedUp.properties.user.required).toContain('token');
    const list = document.paths['/api/articles'].get.responses['200'];
    expect(Object.keys(json(list).properties)).toEqual(['articles', 'articlesCount']);
    expect(json(list).properties.articlesCount).toEqual({ type: 'integer', minimum: 0 });
    // The count is in the body: no X-Total-Count header.
    expect(list.headers).toBeUndefined();
    // The log-in: its body under the key, the account and its token under the key.
    const login = document.paths['/api/users/login'].post;
    expect(Object.keys(json(login.requestBody).properties)).toEqual(['user']);
    const loggedIn = json(login.responses['200']);
    expect(Object.keys(loggedIn.properties)).toEqual(['user']);
    expect(loggedIn.properties.user.required).toContain('token');
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['401', '422', '429']));
  });

  it("describes the token of the current user's routes and the tags as plain names", () => {
    const user = document.paths['/api/user'];
    const held = json(user.get.responses['200']).properties.user;
    const renewed = json(user.put.responses['200']).properties.user;
    for (const answer of [held, renewed]) {
      expect(answer.required).toEqual([
        'id',
        'email',
        'username',
        'bio',
        'image',
        'createdAt',
        'updatedAt',
        'token',
      ]);
      expect(answer.additionalProperties).toBe(false);
    }
    expect([held.properties.token.description, renewed.properties.token.description]).toEqual([
      'The session token the request was signed in with',
      'A new session token (also set as the session cookie)',
    ]);
    expect(json(document.paths['/api/tags'].get.responses['200'])).toEqual(
      closed({ tags: { type: 'array', items: { type: 'string' } } }),
    );
  });
});

describe('the OpenAPI document of the links case (url fields, a list of urls)', () => {
  const document = documents.get('links') as Record<string, any>;
  const json = (response: Record<string, any>) => response.content['application/json'].schema;
  const url = (path: string) => ({
    type: 'string',
    format: 'uri',
    description: `The record's URL: ${path} filled with its id, after the origin the client used (or APPGEN_PUBLIC_URL)`,
  });

  it('puts url fields in the model schemas and in every answer that sends them', () => {
    const { Article, Label } = document.components.schemas;
    expect([Article.properties.url, Article.required]).toEqual([
      url('/api/articles/:id'),
      ['id', 'title', 'summary', 'url'],
    ]);
    expect(Label.properties.url).toEqual(url('/api/labels/:id'));
    const read = json(document.paths['/api/articles/{id}'].get.responses['200']);
    expect(Object.keys(read.properties)).toEqual([
      'id',
      'title',
      'summary',
      'url',
      'labels',
      'readers',
    ]);
    // An included record sent whole: the model's schema, with its url.
    expect(read.properties.labels.items).toEqual({ $ref: '#/components/schemas/Label' });
    // `fields` without it: not there.
    const summaries = json(document.paths['/api/labels/{id}/summaries'].get.responses['200']);
    expect(summaries.required).toEqual(['name', 'summaries']);
    // `values`: a list of URLs.
    expect(json(document.paths['/api/label-urls'].get.responses['200'])).toEqual({
      type: 'array',
      items: url('/api/labels/:id'),
    });
  });

  it('declares cursor instead of offset on lists that page by cursor, and next or Link', () => {
    const names = (path: string) =>
      document.paths[path].get.parameters.map((p: { name: string }) => p.name);
    expect(names('/api/articles')).toEqual(['label', 'limit', 'cursor']);
    expect(names('/api/label-pages')).toEqual(['sort', 'limit', 'cursor']);
    const cursor = document.paths['/api/articles'].get.parameters[2];
    expect(cursor.schema).toEqual({ type: 'string' });
    expect(cursor.description).toContain("the answer's `next`");
    // An envelope: `next` beside the records, a string or null.
    const page = json(document.paths['/api/articles'].get.responses['200']);
    expect(page.required).toEqual(['articles', 'next', 'prev']);
    expect(page.properties.next.type).toEqual(['string', 'null']);
    expect(page.properties.prev.type).toEqual(['string', 'null']);
    // A bare list: the pages beside it in Link, beside the count.
    const bare = document.paths['/api/label-pages'].get.responses['200'];
    expect(Object.keys(bare.headers)).toEqual(['X-Total-Count', 'Link']);
    expect(bare.headers.Link.description).toMatch(
      /^The pages beside this one: `<url>; rel="next", <url>; rel="prev"` \(RFC 8288\)/,
    );
    expect(json(bare).type).toBe('array');
  });
});

describe('the OpenAPI document of an app with settings cors (golden case cors)', () => {
  const document = documents.get('cors') as Record<string, any>;

  it('says what pages of other origins may do, and marks the headers their scripts can read', () => {
    expect(document.info.description).toContain(
      'Cross-origin requests (CORS): pages of the allowed origins may call the routes with the session cookie',
    );
    const list = document.paths['/api/todos'].get.responses['200'];
    expect(list.headers['X-Total-Count'].description).toBe(
      'Number of records matching the filters, all pages; readable by pages of the allowed origins (CORS)',
    );
    expect(Object.keys(document.components.responses.TooManyRequests.headers)).toEqual([
      'Retry-After',
    ]);
  });

  it('says nothing of CORS without the setting', () => {
    const blog = documents.get('blog') as Record<string, any>;
    expect(JSON.stringify(blog)).not.toMatch(/CORS|Retry-After"/);
  });
});

describe("the OpenAPI document of the forum (the accounts model's identity is private)", () => {
  const document = documents.get('forum') as Record<string, any>;
  const json = (response: Record<string, any>) => response.content['application/json'].schema;

  it('describes an included author without its e-mail, and the users of their own routes with it', () => {
    const posts = json(document.paths['/api/posts'].get.responses['200']);
    const author = posts.items.properties.author;
    expect(Object.keys(author.properties)).toEqual(['id', 'name', 'createdAt']);
    expect(author.additionalProperties).toBe(false);
    const single = json(document.paths['/api/posts/{id}'].get.responses['200']);
    expect(Object.keys(single.properties.author.properties)).toEqual(['id', 'name', 'createdAt']);
    expect(Object.keys(document.components.schemas.User.properties)).toEqual([
      'id',
      'email',
      'name',
      'createdAt',
    ]);
    const users = json(document.paths['/api/users'].get.responses['200']);
    expect(users.items).toEqual({ $ref: '#/components/schemas/User' });
  });
});

// Issue 40: Swagger UI groups operations by their tag (one per model, and Accounts, Functions,
// Health) and shows a summary in words beside the path; the title is the app's name.
describe('tags and summaries of the OpenAPI document', () => {
  const document = documents.get('publishing') as Record<string, any>;
  const operations = Object.values(document.paths as Record<string, Record<string, any>>).flatMap(
    (item) => Object.values(item),
  );

  it('tags every operation with one tag the document lists with a description', () => {
    const listed = (document.tags as Array<{ name: string; description: string }>).map(
      (tag) => tag.name,
    );
    expect(listed).toEqual([...listed].sort());
    expect(listed).toEqual(expect.arrayContaining(['Accounts', 'Article', 'Health', 'User']));
    for (const operation of operations) {
      expect(operation.tags).toHaveLength(1);
      expect(listed).toContain(operation.tags[0]);
    }
    for (const tag of document.tags) expect(tag.description).toMatch(/\w/);
  });

  it('summarises each operation in words, not its path', () => {
    const summary = (path: string, method: string) => document.paths[path][method].summary;
    expect(summary('/api/articles', 'get')).toBe('List Article records');
    expect(summary('/api/articles/{slug}', 'get')).toBe('Get one Article');
    expect(summary('/api/articles/{slug}/favorite', 'post')).toBe('Link Article with you');
    expect(summary('/api/users/login', 'post')).toBe('Log in');
    expect(summary('/api/users', 'post')).toBe('Sign up');
    expect(summary('/api/user', 'put')).toBe('Update your own User');
    for (const operation of operations) expect(operation.summary).not.toMatch(/^[A-Z]+ \//);
  });

  it('is titled with the app name ("appgen app" without a package.json name)', () => {
    expect(document.info.title).toBe('appgen app');
  });
});

describe('the OpenAPI document of routes on a collection (golden case collection)', () => {
  const document = documents.get('collection') as Record<string, any>;
  const operation = (path: string, method: string) => document.paths[path][method];
  const success = (path: string, method: string, status: string) =>
    operation(path, method).responses[status];

  it('describes a DELETE and a PATCH of every record the query parameters select', () => {
    for (const method of ['delete', 'patch']) {
      const op = operation('/api/tasks', method);
      expect(op.summary).toBe(`${method === 'delete' ? 'Delete' : 'Update'} Task records`);
      expect(op.description).toContain(
        'Works on every Task the query parameters select (every one without them), in one transaction',
      );
      expect(op.parameters.map((p: { name: string; in: string }) => `${p.in} ${p.name}`)).toEqual([
        'query done',
        'query done[ne]',
        'query board',
      ]);
    }
  });

  it('answers 204 without a body, the count under its key, or the records changed', () => {
    expect(success('/api/tasks', 'delete', '204')).toEqual({ description: 'Success, no body' });
    expect(success('/api/tasks', 'delete', '200')).toBeUndefined();
    const count = (key: string, what: string) => ({
      type: 'object',
      properties: {
        [key]: { type: 'integer', minimum: 0, description: `The number of records ${what}` },
      },
      required: [key],
      additionalProperties: false,
    });
    expect(
      success('/api/boards/{boardId}/tasks', 'delete', '200').content['application/json'].schema,
    ).toEqual(count('count', 'deleted'));
    expect(success('/api/tasks/mine', 'patch', '200').content['application/json'].schema).toEqual(
      count('updated', 'updated'),
    );
    const records = success('/api/tasks', 'patch', '200').content['application/json'].schema;
    expect(records.type).toBe('array');
    expect(Object.keys(records.items.properties)).toEqual(expect.arrayContaining(['id', 'board']));
  });

  it('lists the refusals a collection can answer: no 404 without a parent in the path', () => {
    expect(Object.keys(operation('/api/tasks', 'delete').responses)).toEqual([
      '204',
      '400',
      '403',
      '409',
      '415',
      '500',
    ]);
    expect(Object.keys(operation('/api/boards/{boardId}/tasks', 'delete').responses)).toContain(
      '404',
    );
    expect(operation('/api/tasks/mine', 'delete').security).toEqual([
      { bearerAuth: [] },
      { sessionCookie: [] },
    ]);
    expect(operation('/api/tasks/mine', 'delete').description).toContain(
      'Only the records whose owner includes the signed-in user.',
    );
  });
});
