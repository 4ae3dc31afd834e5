import { describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject, USER_MODEL } from '../support/configs';
import { drizzleColumn, drizzleImports } from '../../../src/map/drizzleColumns';
import { DRIZZLE_SCHEMA_NAMES } from '../../../src/validate/reservedNames';

const extraRoute = (route: object) =>
  minimalProject({
    'config/routes/zz.json': { routes: [{ method: 'POST', path: '/api/zz', ...route }] },
  });

describe('names that become identifiers', () => {
  it('rejects a reserved model name', () => {
    expect(
      problemsIn({
        'config/models/Response.json': { name: 'Response', fields: { a: 'string' } },
      }).map(describeProblem),
    ).toEqual([
      'config/models/Response.json:2:11 name | "Response" is a reserved name in generated code: a global or imported name in generated code | rename the model, e.g. "ResponseRecord".',
    ]);
  });

  it('rejects a reserved field name at its key', () => {
    expect(
      problemsIn({ 'config/models/User.json': { name: 'User', fields: { delete: 'string' } } }).map(
        describeProblem,
      ),
    ).toEqual([
      'config/models/User.json:4:5 fields.delete | "delete" cannot be a field name: a JavaScript reserved word | rename the field.',
    ]);
  });

  it('rejects a reserved view name', () => {
    const problems = problemsIn(
      minimalProject({
        'config/views/login.json': {
          name: 'Promise',
          path: '/login',
          root: { type: 'button', label: 'Go' },
        },
      }),
    );
    expect(problems.map(describeProblem)).toEqual([
      'config/views/login.json:2:11 name | "Promise" is a reserved name in generated code: a global or imported name in generated code | rename it, e.g. "PromisePage".',
    ]);
  });

  it.each([
    ['function', 'delete'],
    ['function', 'json'],
    ['function', 'handle'],
    ['function', 'getAuthUser'],
    ['voter', 'params'],
    ['voter', 'db'],
  ])('rejects the %s name %s, which the generated handler already uses', (key, name) => {
    const problems = problemsIn(extraRoute({ function: 'save', [key]: name }));
    expect(problems.map((p) => [p.jsonPath, p.message])).toEqual([
      [`routes[0].${key}`, `"${name}" is a reserved word or a name the generated handler uses`],
    ]);
    expect(problems[0].hint).toMatch(
      /^rename the (function|voter), e\.g\. "\w+(Handler|Voter)"\.$/,
    );
  });

  it('rejects one name used as a function and as a voter', () => {
    const problems = problemsIn(extraRoute({ function: 'check', voter: 'check' }));
    expect(problems.map((p) => [p.jsonPath, p.message])).toEqual([
      ['routes[0].voter', '"check" is the name of a route function too'],
    ]);
  });

  it('allows one function or voter on many routes', () => {
    const routes = [
      { method: 'POST', path: '/api/a', function: 'save', voter: 'canWrite' },
      { method: 'PUT', path: '/api/b', function: 'save', voter: 'canWrite' },
    ];
    expect(problemsIn(minimalProject({ 'config/routes/zz.json': { routes } }))).toEqual([]);
  });

  it('rejects two models whose names differ only in case', () => {
    const problems = problemsIn({
      'config/models/User.json': USER_MODEL,
      'config/models/Users.json': { name: 'USER', fields: { a: 'string' } },
    });
    expect(problems.map(describeProblem)).toEqual([
      'config/models/Users.json:2:11 name | model "USER" is already declared in config/models/User.json | give each model a unique name (names are compared ignoring case).',
    ]);
  });
});

describe('model names with orm drizzle', () => {
  const model = (name: string, orm: string) =>
    problemsIn({
      'appgen.config.json': { orm },
      [`config/models/${name}.json`]: { name, fields: { label: 'string' } },
    }).map(describeProblem);

  it('refuses a model whose table would take the name of a Drizzle builder the schema imports', () => {
    expect(model('Text', 'drizzle')).toEqual([
      expect.stringContaining('model "Text" would export its table as "text"'),
    ]);
    expect(model('UniqueIndex', 'drizzle')).toEqual([expect.stringContaining('rename the model')]);
  });

  it('accepts those names with prisma, and other names with drizzle', () => {
    expect(model('Text', 'prisma')).toEqual([]);
    expect(model('Note', 'drizzle')).toEqual([]);
  });

  it('reserves every name the generated schema imports', () => {
    for (const provider of ['sqlite', 'postgresql'] as const) {
      const columns = (['string', 'int', 'float', 'boolean', 'datetime', 'json'] as const).map(
        (type) => drizzleColumn('f', { type }, provider),
      );
      for (const name of drizzleImports(columns, provider, {
        uniqueIndex: true,
        index: true,
        foreignKey: true,
        // The type of a constraints callback (PascalCase) cannot meet a table's camelCase name.
        typedConstraints: false,
      }))
        expect(DRIZZLE_SCHEMA_NAMES.has(name)).toBe(true);
    }
  });
});
