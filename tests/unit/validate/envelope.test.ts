import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

const files = (routes: unknown[], settings?: unknown) =>
  minimalProject({
    'config/routes/more.json': { routes },
    ...(settings === undefined ? {} : { 'appgen.config.json': settings }),
  });
const problems = (routes: unknown[], settings?: unknown) =>
  problemsIn(files(routes, settings)).map(describeProblem);
const ONE = { path: '/api/people/:id', params: { id: 'uuid' } };
const LIST = {
  method: 'GET',
  path: '/api/people',
  response: 'User[]',
  query: { pageSize: 10, count: true },
};
const CREATE = {
  method: 'POST',
  path: '/api/people',
  body: { name: 'string', email: 'string' },
  response: 'User',
};

describe('"envelope"', () => {
  it('applies one key to the body and the answer, and the long form key by key', () => {
    const project = checkedProject(
      files([
        { ...CREATE, envelope: 'person' },
        { ...LIST, envelope: { response: 'people', count: 'peopleCount' } },
        { method: 'GET', ...ONE, response: 'User', envelope: 'person' },
        {
          method: 'PUT',
          ...ONE,
          body: { name: 'string' },
          response: 'User',
          partial: true,
          envelope: { request: 'person' },
        },
        {
          method: 'POST',
          path: '/api/people/login',
          body: { email: 'string' },
          function: 'logIn',
          envelope: 'person',
        },
      ]),
    );
    const more = project.routes.filter((r) => r.file === 'config/routes/more.json');
    expect(more.map((r) => r.envelope)).toEqual([
      { request: 'person', response: 'person', count: null },
      { request: null, response: 'people', count: 'peopleCount' },
      { request: null, response: 'person', count: null },
      { request: 'person', response: null, count: null },
      // A function shapes its own answer: only the body's key applies.
      { request: 'person', response: null, count: null },
    ]);
    const plain = project.routes.find((r) => r.file === 'config/routes/users.json');
    expect(plain?.envelope).toEqual({ request: null, response: null, count: null });
  });

  it('refuses keys that are not plain JSON keys, and an empty long form', () => {
    expect(
      problems([
        { ...CREATE, envelope: 'a person' },
        { method: 'GET', ...ONE, response: 'User', envelope: { response: '__proto__' } },
        { ...LIST, envelope: {} },
        { ...LIST, path: '/api/folks', envelope: { respond: 'people' } },
        { ...LIST, path: '/api/others', envelope: 3 },
      ]),
    ).toEqual([
      'config/routes/more.json:11:19 routes[0].envelope | string "a person" must be a key of letters, digits and _ starting with a letter (e.g. "article") | write "a_person".',
      'config/routes/more.json:21:21 routes[1].envelope.response | string "__proto__" must be a key of letters, digits and _ starting with a letter (e.g. "article") | write "proto".',
      'config/routes/more.json:32:19 routes[2].envelope | must not be empty | declare at least one entry.',
      'config/routes/more.json:43:9 routes[3].envelope.respond | unknown property "respond" | did you mean "response"?',
      'config/routes/more.json:54:19 routes[4].envelope | must be string or object, got number 3 | write a text in double quotes or an object in { } here.',
    ]);
  });

  it('refuses a key with nothing to wrap', () => {
    expect(
      problems([
        { method: 'DELETE', ...ONE, model: 'User', envelope: 'person' },
        {
          method: 'DELETE',
          path: '/api/people/:id/x',
          params: { id: 'uuid' },
          model: 'User',
          status: 204,
          envelope: { response: 'person' },
        },
        { method: 'GET', ...ONE, response: 'User', envelope: { request: 'person' } },
        {
          method: 'POST',
          path: '/api/people/login',
          body: { email: 'string' },
          function: 'logIn',
          envelope: { response: 'person' },
        },
        {
          method: 'POST',
          path: '/api/people/go',
          body: { name: 'string', email: 'string' },
          model: 'User',
          redirect: '/x',
          envelope: { response: 'person' },
        },
      ]),
    ).toEqual([
      'config/routes/more.json:10:7 routes[0].envelope | "envelope" has nothing to wrap: the route reads no "body" and the route has no "response" | remove "envelope".',
      'config/routes/more.json:21:9 routes[1].envelope.response | "response" has no answer to wrap: a 204 answer has no body | remove "response" from "envelope".',
      'config/routes/more.json:32:9 routes[2].envelope.request | the route reads no "body" for "request" to wrap | remove "request", or declare a "body".',
      'config/routes/more.json:43:9 routes[3].envelope.response | "response" has no answer to wrap: a route "function" shapes its own answer | remove it: the function answers what it returns (the "request" key still applies).',
      'config/routes/more.json:56:9 routes[4].envelope.response | "response" has no answer to wrap: a route with "redirect" answers no body | remove "response" from "envelope".',
    ]);
  });

  it('puts a count only beside a counted list under its own key', () => {
    expect(
      problems([
        { ...LIST, envelope: { count: 'total' } },
        {
          ...LIST,
          path: '/api/a',
          query: { pageSize: 10 },
          envelope: { response: 'people', count: 'total' },
        },
        {
          method: 'GET',
          ...ONE,
          response: 'User',
          envelope: { response: 'person', count: 'total' },
        },
        { ...LIST, path: '/api/b', envelope: { response: 'people', count: 'people' } },
      ]),
    ).toEqual([
      'config/routes/more.json:12:18 routes[0].envelope.count | "count" sits beside the list, which needs a key of its own | add "response" to "envelope" (e.g. "response": "articles").',
      'config/routes/more.json:24:18 routes[1].envelope.count | the list does not count its records | add "count": true to "query" (the number then goes in this key instead of X-Total-Count).',
      'config/routes/more.json:36:18 routes[2].envelope.count | "count" applies to a list, and "response" is one User | remove "count".',
      'config/routes/more.json:49:18 routes[3].envelope.count | "count" and "response" are both "people" | give the count a key of its own (e.g. "peopleCount").',
    ]);
  });
});

describe('"errors" in appgen.config.json', () => {
  it('defaults to { "error": "..." } with 400, and reads a path, a list and 422', () => {
    expect(checkedProject(files([])).errors).toEqual({
      path: ['error'],
      list: false,
      validationStatus: 400,
    });
    const settings = { errors: { body: 'errors.body[]', validationStatus: 422 } };
    expect(checkedProject(files([], settings)).errors).toEqual({
      path: ['errors', 'body'],
      list: true,
      validationStatus: 422,
    });
    expect(checkedProject(files([], { errors: { body: 'message' } })).errors).toEqual({
      path: ['message'],
      list: false,
      validationStatus: 400,
    });
  });

  it('refuses a malformed path, another status and unknown keys, one error each', () => {
    expect(
      problems([], { errors: { body: 'errors..body', validationStatus: 418, format: 'x' } }),
    ).toEqual([
      'appgen.config.json:5:5 errors.format | unknown property "format" | use one of "body", "validationStatus".',
      'appgen.config.json:3:13 errors.body | string "errors..body" must be a key or a dotted path of keys, with [] at the end for a list (e.g. "error" or "errors.body[]") | write "errors.body".',
      'appgen.config.json:4:25 errors.validationStatus | number 418 is not allowed here | use one of 400, 422.',
    ]);
    expect(problems([], { errors: { body: 'errors[].body' } })).toEqual([
      'appgen.config.json:3:13 errors.body | string "errors[].body" must be a key or a dotted path of keys, with [] at the end for a list (e.g. "error" or "errors.body[]") | write "errors.body[]".',
    ]);
    expect(problems([], { errors: { body: 'a.b.c.d.e' } })).toEqual([
      'appgen.config.json:3:13 errors.body | string "a.b.c.d.e" must be a key or a dotted path of keys, with [] at the end for a list (e.g. "error" or "errors.body[]") | write "a_b_c_d_e".',
    ]);
    expect(problems([], { errors: 'errors.body[]' })).toEqual([
      'appgen.config.json:2:13 errors | must be object, got string "errors.body[]" | write an object in { } here.',
    ]);
  });
});
