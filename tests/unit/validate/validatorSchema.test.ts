import Ajv from 'ajv';
import fs from 'fs';
import path from 'path';
import { validatorSchema } from '../../../src/config/validatorSchema';
import { parseValidator, VALIDATOR_NAMES } from '../../../src/config/validators';
import { SCHEMAS_DIR } from '../../../src/paths/packageRoot';

// Issue 40: editors complete validator names and flag "isEmial" from the JSON Schemas, whose
// `validator` definition is built from src/config/validators.ts (src/config/validatorSchema.ts).
const FILES = ['routes.schema.json', 'appgen.config.schema.json'];
const definitionIn = (file: string) =>
  (
    JSON.parse(fs.readFileSync(path.join(SCHEMAS_DIR, file), 'utf8')) as {
      definitions: Record<string, unknown>;
    }
  ).definitions.validator;

/** The definition as an editor applies it: plain JSON Schema, our message keywords ignored. */
function editorCheck(): (value: unknown) => boolean {
  const ajv = new Ajv({ strict: false });
  return ajv.compile(validatorSchema()) as (value: unknown) => boolean;
}

describe('the validator definition of the JSON Schemas', () => {
  it.each(FILES)('%s holds the definition built from VALIDATORS', (file) => {
    // On a failure: paste JSON.stringify(validatorSchema(), null, 2) as definitions.validator.
    expect(definitionIn(file)).toEqual(validatorSchema());
  });

  it('offers every validator to completion: the names, and an example of each with an argument', () => {
    const [plain, ...withArgument] = validatorSchema().anyOf as Array<{
      enum?: string[];
      examples?: string[];
    }>;
    const offered = [
      ...(plain.enum ?? []),
      ...withArgument.flatMap((branch) => branch.examples ?? []),
    ];
    expect(offered.map((text) => text.split(':')[0]).sort()).toEqual([...VALIDATOR_NAMES].sort());
    for (const text of offered) expect(parseValidator(text).ok).toBe(true);
  });

  it.each([
    'notEmpty',
    'isEmail',
    'maxLength:200',
    'minLength:0',
    'min:-1.5',
    'max:10',
    'matches:^[a-z]+$',
    'isIn:draft|published',
  ])('lets an editor accept %j', (text) => {
    expect(editorCheck()(text)).toBe(true);
    expect(parseValidator(text).ok).toBe(true);
  });

  it.each([
    'isEmial',
    'maxLength',
    'maxLength:',
    'maxLength:x',
    'min:1e3',
    'isEmail:1',
    'matches:',
    5,
  ])('makes an editor flag %j, as appgen does', (value) => {
    expect(editorCheck()(value)).toBe(false);
    if (typeof value === 'string') expect(parseValidator(value).ok).toBe(false);
  });
});
