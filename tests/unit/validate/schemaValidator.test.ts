import { patternHint, validateAgainstSchema } from '../../../src/validate/schemaValidator';
import { configDocument, describeProblem } from '../support/checkConfig';
import { LOGIN_VIEW, USER_MODEL, USER_ROUTES } from '../support/configs';
import settingsSchema from '../../../schemas/appgen.config.schema.json';

const problems = (file: string, value: unknown): string[] =>
  validateAgainstSchema(configDocument(file, value)).map(describeProblem);
const model = (fields: unknown, extra: object = {}) =>
  problems('config/models/User.json', { name: 'User', fields, ...extra });
const route = (properties: object) =>
  problems('config/routes/users.json', {
    routes: [{ method: 'GET', path: '/api/x', function: 'handler', ...properties }],
  });
const view = (root: unknown) =>
  problems('config/views/login.json', { name: 'LoginPage', path: '/login', root });

describe('validateAgainstSchema', () => {
  it('accepts the minimal project', () => {
    expect(problems('config/models/User.json', USER_MODEL)).toEqual([]);
    expect(problems('config/routes/users.json', USER_ROUTES)).toEqual([]);
    expect(problems('config/views/login.json', LOGIN_VIEW)).toEqual([]);
    expect(problems('appgen.config.json', { orm: 'none' })).toEqual([]);
  });

  it('accepts a $schema reference in every kind of file', () => {
    expect(
      problems('config/models/User.json', {
        $schema: '../../node_modules/appgen/schemas/model.schema.json',
        ...USER_MODEL,
      }),
    ).toEqual([]);
    expect(
      problems('appgen.config.json', {
        $schema: './node_modules/appgen/schemas/appgen.config.schema.json',
      }),
    ).toEqual([]);
  });

  it('names every allowed type when a value may have several (a crash before: found by the fuzz test)', () => {
    expect(model({ name: { type: 'string', default: {} } })).toEqual([
      expect.stringMatching(
        /fields\.name\.default \| must be string or number or boolean, got an object \|/,
      ),
    ]);
  });

  it('suggests the closest field type', () => {
    expect(model({ name: 'strng' })).toEqual([
      'config/models/User.json:4:13 fields.name | string "strng" is not allowed here | did you mean "string"?',
    ]);
  });

  it('lists the choices when nothing is close', () => {
    expect(view({ type: 'carousel' })).toEqual([
      'config/views/login.json:5:13 root.type | string "carousel" is not allowed here | use one of "heading", "text", "link", "section", "form", "input", "textarea", "select", "checkbox", "button", "list", "detail".',
    ]);
  });

  it('points at an unknown property by its key and suggests the known one', () => {
    expect(model({ a: { type: 'string', optinal: true } })).toEqual([
      'config/models/User.json:6:7 fields.a.optinal | unknown property "optinal" | did you mean "optional"?',
    ]);
    expect(view({ type: 'input', id: 'x', label: 'X', lable: 'Y' })).toEqual([
      'config/views/login.json:8:5 root.lable | unknown property "lable" | did you mean "label"?',
    ]);
  });

  it('names a missing required property at its parent object', () => {
    expect(problems('config/models/User.json', { fields: { a: 'string' } })).toEqual([
      'config/models/User.json:1:1  | missing required property "name" | add "name".',
    ]);
    expect(view({ type: 'form', fields: [{ type: 'input', label: 'Email' }] })).toEqual([
      'config/views/login.json:7:7 root.fields[0] | missing required property "id" | add "id".',
    ]);
  });

  it('reports a value of the wrong JSON type', () => {
    expect(model({ a: { type: 'string', optional: 'yes' } })).toEqual([
      'config/models/User.json:6:19 fields.a.optional | must be boolean, got string "yes" | write true or false here.',
    ]);
    expect(problems('config/routes/users.json', { routes: {} })).toEqual([
      'config/routes/users.json:2:13 routes | must be array, got an object | write a list in [ ] here.',
    ]);
  });

  it('reports names that are not identifiers, with the nearest valid spelling', () => {
    expect(problems('config/models/User.json', { name: 'user', fields: { a: 'string' } })).toEqual([
      'config/models/User.json:2:11 name | string "user" must be a PascalCase identifier: a capital letter, then letters and digits (e.g. "User", "BlogPost") | write "User".',
    ]);
    expect(model({ 'first-name': 'string' })).toEqual([
      'config/models/User.json:4:5 fields["first-name"] | "first-name" field names must be camelCase identifiers: a lower-case letter, then letters and digits (e.g. "createdAt") | write "firstName".',
    ]);
    expect(route({ function: 'send-mail' })).toEqual([
      'config/routes/users.json:6:19 routes[0].function | string "send-mail" must be an identifier: letters, digits and "_", not starting with a digit | write "send_mail".',
    ]);
    expect(route({ voter: '1voter' })).toEqual([
      expect.stringContaining('routes[0].voter | string "1voter" must be '),
    ]);
  });

  it('reports each bad property name once, at its key', () => {
    expect(
      problems('config/routes/users.json', {
        routes: [{ method: 'POST', path: '/api/x', function: 'f', body: { 'E-mail': 'string' } }],
      }),
    ).toEqual([
      'config/routes/users.json:8:9 routes[0].body["E-mail"] | "E-mail" body field names must be camelCase identifiers (e.g. "email") | write "eMail".',
    ]);
  });

  it('reports an empty fields object and duplicate enum values', () => {
    expect(model({})).toEqual([
      'config/models/User.json:3:13 fields | must not be empty | declare at least one entry.',
    ]);
    expect(model({ role: { type: 'enum', values: ['a', 'a'] } })).toEqual([
      'config/models/User.json:6:17 fields.role.values | lists the same value twice | remove the duplicate.',
    ]);
  });

  it('checks route methods, parameter types and responses', () => {
    expect(route({ method: 'CONNECT' })).toEqual([
      expect.stringContaining(
        'routes[0].method | string "CONNECT" is not allowed here | use one of "GET", "POST"',
      ),
    ]);
    expect(route({ method: 'get' })).toEqual([expect.stringContaining('did you mean "GET"?')]);
    expect(route({ path: '/api/x/:id', params: { id: 'guid' } })).toEqual([
      expect.stringContaining(
        'routes[0].params.id | string "guid" is not allowed here | did you mean "uuid"?',
      ),
    ]);
    expect(route({ response: 'users[]' })).toEqual([
      expect.stringContaining(
        'routes[0].response | string "users[]" must be a model name, optionally followed by [] (e.g. "User" or "User[]") | write "Users[]".',
      ),
    ]);
    expect(route({ path: 'api/x' })).toEqual([
      expect.stringContaining(
        'routes[0].path | string "api/x" must start with "/" (e.g. "/api/users/:id") | write "/api/x".',
      ),
    ]);
    expect(route({ auth: 'yes' })).toEqual([
      expect.stringContaining(
        'routes[0].auth | string "yes" is not allowed here | use one of true, false, "optional".',
      ),
    ]);
  });

  it('checks element attributes per element type', () => {
    expect(view({ type: 'button', label: 'Go', id: 'go' })).toEqual([
      expect.stringContaining('root.id | unknown property "id"'),
    ]);
    expect(view({ type: 'form' })).toEqual([
      expect.stringContaining('root | missing required property "fields"'),
    ]);
    expect(view({ type: 'input', id: 'x', label: 'X', inputType: 'textarea' })).toEqual([
      expect.stringContaining('root.inputType | string "textarea" is not allowed here'),
    ]);
    expect(view({ type: 'input', id: '9lives', label: 'X' })).toEqual([
      expect.stringContaining('root.id | string "9lives" must start with a letter'),
    ]);
  });

  it('checks the settings file', () => {
    expect(problems('appgen.config.json', { orm: 'sequelize' })).toEqual([
      'appgen.config.json:2:10 orm | string "sequelize" is not allowed here | use one of "prisma", "drizzle", "none".',
    ]);
    expect(problems('appgen.config.json', { orm: 'drizzle' })).toEqual([]);
    expect(problems('appgen.config.json', { ormm: 'none' })).toEqual([
      'appgen.config.json:2:3 ormm | unknown property "ormm" | did you mean "orm"?',
    ]);
  });

  it('reports every problem of a file, not just the first', () => {
    expect(
      problems('config/models/User.json', {
        name: 'user',
        fields: { a: 'strng', b: 'nt' },
        extra: 1,
      }),
    ).toHaveLength(4);
  });
});

// The pattern of appgen.config.json's errors.body.
const ERROR_PATH: string = settingsSchema.properties.errors.properties.body.pattern;

describe('patternHint', () => {
  it.each([
    ['user', '^[A-Z][A-Za-z0-9]*$', 'write "User".'],
    ['blog_post', '^[A-Z][A-Za-z0-9]*$', 'write "BlogPost".'],
    ['created-at', '^[a-z][A-Za-z0-9]*$', 'write "createdAt".'],
    ['a b', '^[A-Za-z0-9_-]+$', 'write "a_b".'],
    ['user[]', '^[A-Z][A-Za-z0-9]*(\\[\\])?$', 'write "User[]".'],
    ['login', '^/', 'write "/login".'],
    ['123', '^[A-Z][A-Za-z0-9]*$', 'change it to fit the rule above.'],
    ...[
      ['errors.body[]x', 'write "errors.body[]".'],
      ['errors..body', 'write "errors.body".'],
      ['errors.body[][]', 'write "errors.body[]".'],
      ['errors[].body', 'write "errors.body[]".'],
      ['.errors-list', 'write "errors_list".'],
      ['errors body', 'write "errors_body".'],
    ].map(([value, hint]) => [value, ERROR_PATH, hint]),
  ])('%s against %s', (value, pattern, hint) => {
    expect(patternHint(value, pattern)).toBe(hint);
  });
});
