import {
  ARGUMENT_PATTERNS,
  exampleArgument,
  VALIDATOR_NAMES,
  VALIDATORS,
  type ValidatorArgument,
} from './validators';

/** How an argument of each kind is written in a description. */
const ARGUMENT_TEXT: Record<Exclude<ValidatorArgument, 'none'>, string> = {
  integer: 'N, a whole number',
  number: 'N, a number',
  regex: 'a JavaScript regular expression',
  list: 'values separated by |',
};

const namesOf = (argument: ValidatorArgument) =>
  VALIDATOR_NAMES.filter((name) => VALIDATORS[name].argument === argument);

/**
 * The `validator` definition of the JSON Schemas that take validators (routes.schema.json for
 * body fields, appgen.config.schema.json for `accounts.passwordRules`), built from VALIDATORS:
 * editors complete the names (the enum, and `examples` of those with an argument) and flag an
 * unknown one ("isEmial"). appgen itself ignores what this definition's `anyOf` reports
 * (src/validate/schemaValidator.ts) and checks validators with checkValidators, whose message
 * says more (did you mean, the argument). tests/unit/validate/validatorSchema.test.ts keeps the
 * schema files equal to this.
 */
export function validatorSchema(): Record<string, unknown> {
  const plain = namesOf('none');
  const withArgument = (['integer', 'number', 'regex', 'list'] as const).flatMap((argument) => {
    const names = namesOf(argument);
    if (names.length === 0) return [];
    const written = names.map((name) => `${name}:<${ARGUMENT_TEXT[argument]}>`);
    return [
      {
        pattern: `^(${names.join('|')}):${ARGUMENT_PATTERNS[argument]}$`,
        patternErrorMessage: `must be ${written.join(' or ')}`,
        examples: names.map((name) => `${name}:${exampleArgument(argument)}`),
        description: names
          .map((name) => `${name}:<${ARGUMENT_TEXT[argument]}>: ${VALIDATORS[name].description}`)
          .join(' '),
      },
    ];
  });
  const everyForm = [
    ...plain,
    ...VALIDATOR_NAMES.filter((name) => VALIDATORS[name].argument !== 'none').map(
      (name) => `${name}:…`,
    ),
  ];
  return {
    type: 'string',
    description:
      'A validator: a name, or name:argument (e.g. "isEmail", "maxLength:200", "isIn:draft|published").',
    anyOf: [
      {
        enum: plain,
        errorMessage: `is not a validator; the validators are ${everyForm.join(', ')}`,
        description: plain.map((name) => `${name}: ${VALIDATORS[name].description}`).join(' '),
      },
      ...withArgument,
    ],
  };
}
