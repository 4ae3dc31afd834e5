import fs from 'fs';
import path from 'path';
import { SCHEMAS_DIR } from '../../../src/paths/packageRoot';

// What editors get from schemas/*.schema.json. VS Code's JSON service completes a value from the
// enums it reaches through properties, $ref, anyOf, oneOf and allOf, but not through if/then/else;
// it shows description / markdownDescription on hover and patternErrorMessage / errorMessage as the
// problem text (never an x-message of our own).
type Schema = boolean | { [key: string]: unknown };
const FILES = fs
  .readdirSync(SCHEMAS_DIR)
  .filter((file) => file.endsWith('.schema.json'))
  .sort();
const load = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(SCHEMAS_DIR, file), 'utf8')) as { [key: string]: unknown };

/** Every subschema with its JSON pointer. */
function* walk(node: unknown, pointer = '#'): Generator<[string, { [key: string]: unknown }]> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const [index, child] of node.entries()) yield* walk(child, `${pointer}/${index}`);
    return;
  }
  const schema = node as { [key: string]: unknown };
  yield [pointer, schema];
  for (const [key, child] of Object.entries(schema)) {
    if (key === 'properties' && child && typeof child === 'object') {
      for (const [name, property] of Object.entries(child))
        yield* walk(property, `${pointer}/properties/${name}`);
    } else if (typeof child === 'object') yield* walk(child, `${pointer}/${key}`);
  }
}

/** The enum values an editor reaches from a schema without going through if/then/else. */
function reachableEnum(
  root: { [key: string]: unknown },
  schema: Schema,
  seen = new Set<unknown>(),
): unknown[] {
  if (typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const values: unknown[] = Array.isArray(schema.enum) ? [...schema.enum] : [];
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as { [key: string]: unknown })[key], root);
    values.push(...reachableEnum(root, target as Schema, seen));
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    for (const branch of (schema[key] as Schema[] | undefined) ?? [])
      values.push(...reachableEnum(root, branch, seen));
  }
  return values;
}

describe('the JSON schemas in an editor', () => {
  it.each(FILES)('%s describes every property', (file) => {
    const undescribed: string[] = [];
    for (const [pointer, schema] of walk(load(file))) {
      for (const [name, property] of Object.entries(
        (schema.properties as { [key: string]: Schema }) ?? {},
      )) {
        const described =
          typeof property === 'object' &&
          (typeof property.description === 'string' ||
            typeof property.markdownDescription === 'string');
        if (!described) undescribed.push(`${pointer}/properties/${name}`);
      }
    }
    expect(undescribed).toEqual([]);
  });

  it.each(FILES)(
    '%s gives its messages to editors: patternErrorMessage or errorMessage, no x-message',
    (file) => {
      const text = fs.readFileSync(path.join(SCHEMAS_DIR, file), 'utf8');
      expect(text).not.toContain('x-message');
      for (const [pointer, schema] of walk(load(file))) {
        if (schema.patternErrorMessage !== undefined)
          expect([pointer, typeof schema.pattern]).toEqual([pointer, 'string']);
      }
    },
  );

  it.each([
    [
      'model.schema.json',
      'field',
      [
        'string',
        'text',
        'int',
        'float',
        'boolean',
        'datetime',
        'date_now',
        'date_updated',
        'uuid',
        'slug',
        'password',
        'json',
        'enum',
      ],
    ],
    [
      'routes.schema.json',
      'bodyField',
      [
        'string',
        'text',
        'int',
        'float',
        'boolean',
        'datetime',
        'uuid',
        'password',
        'json',
        'enum',
        'uuid[]',
        'string[]',
      ],
    ],
  ])('%s: a shorthand %s offers its types without if/then/else', (file, definition, types) => {
    const root = load(file);
    const schema = (root.definitions as { [key: string]: Schema })[definition];
    expect(reachableEnum(root, schema)).toEqual(types);
  });
});
