import { VALIDATORS } from '../../../src/config/validators';
import { describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

/** A function route, so the body is checked on its own (no model to match). */
const withBody = (body: object) =>
  minimalProject({
    'config/routes/zz.json': {
      routes: [{ method: 'POST', path: '/api/zz', function: 'save', body }],
    },
  });
const problems = (body: object) => problemsIn(withBody(body)).map(describeProblem);

describe('body validators', () => {
  it('accepts every known validator on a type it applies to', () => {
    const example: Record<string, string> = {
      minLength: ':2',
      maxLength: ':9',
      matches: ':^[a-z]+$',
      isIn: ':a|b',
      min: ':-1.5',
      max: ':10',
    };
    const typeFor = {
      string: 'string',
      integer: 'int',
      number: 'float',
      datetime: 'datetime',
    } as Record<string, string>;
    const body: Record<string, object> = {};
    for (const [name, info] of Object.entries(VALIDATORS))
      body[`f${name}`] = {
        type: typeFor[info.kinds[0]],
        validation: [`${name}${example[name] ?? ''}`],
      };
    expect(problems(body)).toEqual([]);
  });

  it('suggests the closest name for an unknown validator', () => {
    expect(problems({ email: { type: 'string', validation: ['notEmpty', 'isEmial'] } })).toEqual([
      'config/routes/zz.json:12:13 routes[0].body.email.validation[1] | unknown validator "isEmial" | did you mean "isEmail"?',
    ]);
  });

  it('suggests by the name only, ignoring the argument', () => {
    expect(problems({ name: { type: 'string', validation: ['maxLenght:3'] } })).toEqual([
      expect.stringContaining('unknown validator "maxLenght" | did you mean "maxLength:3"?'),
    ]);
  });

  it('lists the validators when nothing is close', () => {
    expect(problems({ email: { type: 'string', validation: ['frobnicate'] } })).toEqual([
      expect.stringContaining('unknown validator "frobnicate" | use one of "notEmpty", "isEmail",'),
    ]);
  });

  it('rejects a validator on a type it does not check', () => {
    expect(
      problems({
        age: { type: 'int', validation: ['isEmail'] },
        name: { type: 'string', validation: ['min:3'] },
        on: { type: 'boolean', validation: ['notEmpty'] },
      }),
    ).toEqual([
      'config/routes/zz.json:11:13 routes[0].body.age.validation[0] | validator "isEmail" does not apply to int fields | it checks string values; remove it or change the field\'s type.',
      'config/routes/zz.json:17:13 routes[0].body.name.validation[0] | validator "min" does not apply to string fields | it checks integer or number values; remove it or change the field\'s type.',
      expect.stringContaining(
        'routes[0].body.on.validation[0] | validator "notEmpty" does not apply to boolean fields',
      ),
    ]);
  });

  it.each([
    ['minLength', 'validator "minLength" needs an argument', 'write it as "minLength:3".'],
    ['minLength:', 'validator "minLength" needs an argument', 'write it as "minLength:3".'],
    [
      'maxLength:abc',
      'validator "maxLength" needs a whole number, got "abc"',
      'write it as "maxLength:3".',
    ],
    [
      'minLength:-1',
      'validator "minLength" needs a whole number, got "-1"',
      'write it as "minLength:3".',
    ],
    [
      'minLength:2.5',
      'validator "minLength" needs a whole number, got "2.5"',
      'write it as "minLength:3".',
    ],
    ['notEmpty:1', 'validator "notEmpty" takes no argument', 'write "notEmpty".'],
    [
      'matches:([a-z]',
      'validator "matches" has an invalid regular expression',
      'fix the pattern; it is a JavaScript regular expression with the u flag.',
    ],
    ['isIn', 'validator "isIn" needs an argument', 'write it as "isIn:a|b".'],
  ])('rejects the string validator "%s"', (text, message, hint) => {
    const [problem] = problemsIn(withBody({ value: { type: 'string', validation: [text] } }));
    expect(problem.message).toContain(message);
    expect(problem.hint).toBe(hint);
    expect(problem.jsonPath).toBe('routes[0].body.value.validation[0]');
  });

  it.each([
    ['min:x', 'validator "min" needs a number, got "x"'],
    ['max:1e3', 'validator "max" needs a number, got "1e3"'],
    ['max', 'validator "max" needs an argument'],
  ])('rejects the number validator "%s"', (text, message) => {
    expect(
      problemsIn(withBody({ value: { type: 'float', validation: [text] } })).map((p) => p.message),
    ).toEqual([message]);
  });

  it('keeps a regular expression whole, colons included', () => {
    expect(problems({ time: { type: 'string', validation: ['matches:^\\d{2}:\\d{2}$'] } })).toEqual(
      [],
    );
  });
});

describe('body transforms', () => {
  it('apply to string, text and string[] fields', () => {
    expect(
      problems({
        email: { type: 'string', transform: ['trim', 'toLowerCase'], validation: ['isEmail'] },
        bio: { type: 'text', transform: ['trim'] },
        tags: { type: 'string[]', transform: ['toLowerCase'] },
      }),
    ).toEqual([]);
  });

  it('refuse other types, and a password', () => {
    expect(
      problems({
        age: { type: 'int', transform: ['trim'] },
        secret: { type: 'password', transform: ['trim'] },
      }),
    ).toEqual([
      expect.stringContaining(
        'routes[0].body.age.transform | "transform" applies to string, text and string[] fields, and this one is int | remove "transform".',
      ),
      expect.stringContaining(
        'routes[0].body.secret.transform | a password is not transformed: it is checked and hashed as the user typed it | remove "transform".',
      ),
    ]);
  });

  it('name only known transforms, each once', () => {
    const found = problems({
      name: { type: 'string', transform: ['lowercase'] },
      code: { type: 'string', transform: ['trim', 'trim'] },
    });
    expect(found).toEqual([
      expect.stringContaining(
        'routes[0].body.name.transform[0] | string "lowercase" is not allowed here | did you mean "toLowerCase"?',
      ),
      expect.stringContaining('routes[0].body.code.transform'),
    ]);
  });
});
