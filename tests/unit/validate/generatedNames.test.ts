import { describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject, USER_MODEL } from '../support/configs';

// Each of these names passed validation and then broke `appgen build` or tsc --strict (issue 15).
const model = (name: string, fields: object = { label: 'string' }) => ({
  [`config/models/${name}.json`]: { name, fields },
});
const routes = (...list: object[]) => minimalProject({ 'config/routes/zz.json': { routes: list } });
const messages = (files: object) =>
  problemsIn(files as Record<string, unknown>).map((p) => `${p.jsonPath} | ${p.message}`);

describe('names that broke the build are refused where they are written', () => {
  it.each([
    'Int',
    'Float',
    'DateTime',
    'Json',
    'Bytes',
    'Decimal',
    'BigInt',
    'String',
    'Boolean',
    'PrismaClient',
  ])('model %s (Prisma reserves it), with either ORM', (name) => {
    for (const orm of ['prisma', 'drizzle']) {
      expect(
        problemsIn({ 'appgen.config.json': { orm }, ...model(name) }).map(describeProblem),
      ).toEqual([
        expect.stringMatching(
          new RegExp(
            `^config/models/${name}.json:2:11 name \\| "${name}" is a reserved name in generated code: .* \\| rename the model, e.g. "${name}Record".$`,
          ),
        ),
      ]);
    }
  });

  it.each(['Link', 'AppgenForm', 'FunctionInput', 'EventPayload'])(
    'model or view %s (generated files import that name)',
    (name) => {
      expect(messages(model(name))).toEqual([
        `name | "${name}" is a reserved name in generated code: generated files import a name like it`,
      ]);
      expect(
        messages(
          minimalProject({
            'config/views/login.json': {
              name,
              path: '/login',
              root: { type: 'button', label: 'Go' },
            },
          }),
        ),
      ).toEqual([
        `name | "${name}" is a reserved name in generated code: generated files import a name like it`,
      ]);
    },
  );

  it.each(['AppgenEvent', 'AppgenSignInFailure', 'AppgenAudit'])(
    'model %s (appgen keeps the Appgen names for its own tables), with either ORM',
    (name) => {
      for (const orm of ['prisma', 'drizzle'])
        expect(
          problemsIn({ 'appgen.config.json': { orm }, ...model(name) }).map(describeProblem),
        ).toEqual([
          `config/models/${name}.json:2:11 name | model names starting with "Appgen" are kept for appgen's own tables (the event outbox, the log-in throttle) | rename the model, e.g. "${name.slice(6)}Record".`,
        ]);
    },
  );

  it('a view named like a model (its page imports the model type)', () => {
    const problems = problemsIn(
      minimalProject({
        'config/views/login.json': {
          name: 'User',
          path: '/login',
          root: { type: 'button', label: 'Go' },
        },
      }),
    );
    expect(problems.map(describeProblem)).toEqual([
      'config/views/login.json:2:11 name | view "User" has the name of a model: its page imports the model\'s type under that name | rename the view, e.g. "UserPage".',
    ]);
  });

  it.each([
    'constructor',
    'toString',
    'valueOf',
    'hasOwnProperty',
    'isPrototypeOf',
    'propertyIsEnumerable',
    'toLocaleString',
  ])('field %s (every object has it), at its key', (name) => {
    expect(
      problemsIn({
        'config/models/User.json': { ...USER_MODEL, fields: { [name]: 'string' } },
      }).map(describeProblem),
    ).toEqual([
      `config/models/User.json:4:5 fields.${name} | "${name}" cannot be a field name: every JavaScript object has a property of that name | rename the field.`,
    ]);
  });

  it.each([
    ['function', 'GET'],
    ['function', 'POST'],
    ['voter', 'DELETE'],
    ['voter', 'OPTIONS'],
  ])('%s %s (an HTTP method export of route files)', (key, name) => {
    expect(
      messages(routes({ method: 'POST', path: '/api/zz', function: 'save', [key]: name })),
    ).toEqual([
      `routes[0].${key} | "${name}" is a reserved word or a name the generated handler uses`,
    ]);
  });

  it('a function or voter named like the body type of a route, or its body or query spec', () => {
    expect(
      messages(
        routes({
          method: 'POST',
          path: '/api/zz',
          body: { a: 'string' },
          function: 'PostApiZzBody',
        }),
      ),
    ).toEqual([
      'routes[0].function | the function "PostApiZzBody" has the name of a type the generated route file of POST /api/zz declares',
    ]);
    expect(
      messages(
        routes({ method: 'POST', path: '/api/zz', function: 'save', voter: 'postApiZzBodySpec' }),
      ),
    ).toEqual([
      'routes[0].voter | the voter "postApiZzBodySpec" has the name of a type the generated route file of POST /api/zz declares',
    ]);
  });

  it('a function or voter named like an event, and an event named like a route spec', () => {
    const events = {
      'config/events/e.json': {
        events: [
          { name: 'notify', model: 'User', on: ['create'] },
          { name: 'getApiUsersQuery', model: 'User', on: ['create'] },
        ],
      },
    };
    expect(
      messages({ ...routes({ method: 'POST', path: '/api/zz', function: 'notify' }), ...events }),
    ).toEqual([
      'routes[0].function | the function "notify" has the name of an event: route files import both by name',
      'events[1].name | event "getApiUsersQuery" has the name of a value the generated route file of GET /api/users declares',
    ]);
  });

  it('one function on two routes when one of them has a body; allowed without bodies', () => {
    expect(
      messages(
        routes(
          { method: 'POST', path: '/api/a', body: { a: 'string' }, function: 'save' },
          { method: 'PUT', path: '/api/b', function: 'save' },
        ),
      ),
    ).toEqual([
      'routes[1].function | the function "save" already handles POST /api/a; a function shared by routes cannot take a body (PUT /api/b or that one has "body")',
    ]);
    expect(
      messages(
        routes(
          { method: 'POST', path: '/api/a', function: 'save' },
          { method: 'PUT', path: '/api/b', function: 'save' },
        ),
      ),
    ).toEqual([]);
  });

  it('functions, voters or events whose files differ only in case', () => {
    expect(
      messages(
        routes(
          { method: 'POST', path: '/api/a', function: 'save', voter: 'canDo' },
          { method: 'PUT', path: '/api/b', function: 'Save', voter: 'CanDo' },
        ),
      ),
    ).toEqual([
      'routes[1].function | the function "Save" differs only in case from "save" (POST /api/a): their files would collide',
      'routes[1].voter | the voter "CanDo" differs only in case from "canDo" (POST /api/a): their files would collide',
    ]);
    const events = {
      'config/events/e.json': {
        events: [
          { name: 'notify', model: 'User', on: ['create'] },
          { name: 'noTify', model: 'User', on: ['delete'] },
        ],
      },
    };
    expect(messages(minimalProject(events))).toEqual([
      'events[1].name | event "noTify" differs only in case from "notify" (config/events/e.json): their files would collide',
    ]);
  });

  it('route and page paths whose folders differ only in case, at the later one', () => {
    const problems = problemsIn(
      routes({
        method: 'GET',
        path: '/api/Users/:id/posts',
        function: 'posts',
        params: { id: 'uuid' },
      }),
    );
    expect(problems.map(describeProblem)).toEqual([
      'config/routes/zz.json:5:15 routes[0].path | "/api/Users" differs only in case from "/api/users" (config/routes/users.json): they would be one folder on macOS and Windows | use one spelling: "/api/users".',
    ]);
    const page = minimalProject({
      'config/views/b.json': {
        name: 'Other',
        path: '/LOGIN',
        root: { type: 'button', label: 'Go' },
      },
    });
    expect(messages(page)).toEqual([
      'path | "/login" differs only in case from "/LOGIN" (config/views/b.json): they would be one folder on macOS and Windows',
    ]);
  });
});
