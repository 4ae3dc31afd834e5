import { describeProblem, problemsIn } from '../support/checkConfig';

const problems = (fields: object) =>
  problemsIn({ 'config/models/Thing.json': { name: 'Thing', fields } }).map(describeProblem);

describe('model fields', () => {
  it('accepts every field type with fitting options', () => {
    expect(
      problems({
        a: 'string',
        b: { type: 'text', optional: true },
        c: { type: 'int', default: 3 },
        d: { type: 'float', default: 2.5 },
        e: { type: 'boolean', default: false },
        f: { type: 'datetime', default: '2024-01-31T00:00:00Z' },
        g: 'date_now',
        h: { type: 'uuid', unique: true },
        i: { type: 'json', optional: true },
        j: { type: 'enum', values: ['x', 'y'], default: 'y' },
        k: { type: 'string', default: '' },
      }),
    ).toEqual([]);
  });

  it('reports an enum without values', () => {
    expect(problems({ role: 'enum' })).toEqual([
      'config/models/Thing.json:4:13 fields.role | enum field "role" has no "values" | add "values": ["first", "second"].',
    ]);
    expect(problems({ role: { type: 'enum', optional: true } })).toEqual([
      expect.stringContaining('enum field "role" has no "values"'),
    ]);
  });

  it('reports values on a field that is not an enum', () => {
    expect(problems({ role: { type: 'string', values: ['a'] } })).toEqual([
      'config/models/Thing.json:6:7 fields.role.values | "values" only applies to enum fields, and "role" is string | remove "values", or set "type": "enum".',
    ]);
  });

  it.each([
    ['int', 1.5, 'default 1.5 does not fit type int', 'use a whole number.'],
    ['int', '1', 'default "1" does not fit type int', 'write 1, without quotes.'],
    ['float', 'x', 'default "x" does not fit type float', 'use a number.'],
    ['boolean', 'yes', 'default "yes" does not fit type boolean', 'use true or false.'],
    ['string', 3, 'default 3 does not fit type string', 'use a string.'],
    ['uuid', false, 'default false does not fit type uuid', 'use a string.'],
    [
      'datetime',
      'soon',
      'default "soon" does not fit type datetime',
      'use an ISO 8601 date string such as "2024-01-31T00:00:00Z".',
    ],
    [
      'datetime',
      5,
      'default 5 does not fit type datetime',
      'use an ISO 8601 date string such as "2024-01-31T00:00:00Z".',
    ],
    [
      'json',
      '{}',
      'json fields cannot have a default',
      'remove "default" and make the field optional.',
    ],
    [
      'date_now',
      '2024-01-01',
      'a date_now field cannot have a default: it is always the creation time',
      'remove "default", or use type "datetime".',
    ],
  ])('reports a %s field with default %p', (type, value, message, hint) => {
    expect(problems({ a: { type, default: value } })).toEqual([
      `config/models/Thing.json:6:18 fields.a.default | ${message} | ${hint}`,
    ]);
  });

  it('reports an enum default that is not one of its values', () => {
    expect(problems({ a: { type: 'enum', values: ['x', 'y'], default: 'z' } })).toEqual([
      expect.stringContaining('default "z" does not fit type enum | did you mean "x"?'),
    ]);
  });

  it('reports a unique json field', () => {
    expect(problems({ data: { type: 'json', unique: true } })).toEqual([
      'config/models/Thing.json:6:7 fields.data.unique | json fields cannot be unique | remove "unique".',
    ]);
  });

  it.each([['int'], [{ type: 'uuid', optional: true }], [{ type: 'uuid', default: 'x' }]])(
    'reports an id field declared as %p',
    (id) => {
      expect(problems({ id })).toEqual([
        expect.stringContaining(
          'fields.id | the identifier field "id" must be a required uuid without a default | write "id": "uuid" or leave "id" out: appgen adds it.',
        ),
      ]);
    },
  );

  it('reports every field problem of a model', () => {
    expect(
      problems({ a: 'enum', b: { type: 'int', default: 'x' }, delete: 'string' }),
    ).toHaveLength(3);
  });
});
