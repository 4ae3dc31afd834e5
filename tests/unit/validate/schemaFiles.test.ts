import Ajv from 'ajv';
import fs from 'fs';
import path from 'path';
import { SCHEMAS_DIR } from '../../../src/paths/packageRoot';

// appgen compiles its schemas without checking them against JSON Schema's meta-schema (that check
// cost more at every start than the settings schema itself): it is made here, once, instead.
describe("appgen's JSON Schemas", () => {
  const files = fs.readdirSync(SCHEMAS_DIR).filter((file) => file.endsWith('.schema.json'));

  it('are the six config kinds', () => {
    expect(files.sort()).toEqual([
      'appgen.config.schema.json',
      'events.schema.json',
      'jobs.schema.json',
      'model.schema.json',
      'routes.schema.json',
      'view.schema.json',
    ]);
  });

  it.each(files)('%s is a valid schema under the meta-schema, in strict mode', (file) => {
    const ajv = new Ajv({ strict: true, allowUnionTypes: true, validateSchema: true });
    ajv.addKeyword({ keyword: 'patternErrorMessage', schemaType: 'string' });
    ajv.addKeyword({ keyword: 'errorMessage', schemaType: 'string' });
    const schema = JSON.parse(fs.readFileSync(path.join(SCHEMAS_DIR, file), 'utf8'));
    expect(ajv.validateSchema(schema)).toBe(true);
    expect(ajv.errors ?? null).toBeNull();
    expect(() => ajv.compile(schema)).not.toThrow();
  });
});
