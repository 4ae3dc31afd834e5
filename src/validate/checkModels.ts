import type { FieldConfig, FieldOptions, ModelConfig, OrmName } from '../config/configTypes';
import { closestMatch, suggest } from '../diagnostics/didYouMean';
import { fieldOptions } from '../domain/fields';
import { delegateName } from '../domain/names';
import { FIELD_TYPES } from '../config/fieldTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import type { CheckedModel } from './checkedProject';
import { checkServerSetFields } from './checkServerSetFields';
import { childPointer, diagnosticAt } from './locate';
import { INTERNAL_MODEL_PREFIX } from '../domain/names';
import { DRIZZLE_SCHEMA_NAMES, isReservedName, whyReserved } from './reservedNames';

function checkDefault(
  document: ConfigDocument,
  pointer: string,
  options: FieldOptions,
): Diagnostic[] {
  const value = options.default;
  if (value === undefined) return [];
  const at = childPointer(pointer, 'default');
  const kind = FIELD_TYPES[options.type].kind;
  const wrong = (expected: string, hint = `use ${expected}.`) => [
    diagnosticAt(
      document,
      at,
      `default ${JSON.stringify(value)} does not fit type ${options.type}`,
      hint,
    ),
  ];
  // "0" for an int, "true" for a boolean: the value itself, without the quotes.
  const unquoted = (fits: (parsed: unknown) => boolean, expected: string) => {
    const text = typeof value === 'string' ? value.trim() : '';
    const parsed: unknown = /^(-?\d+(\.\d+)?|true|false)$/.test(text)
      ? JSON.parse(text)
      : undefined;
    return wrong(
      expected,
      parsed !== undefined && fits(parsed) ? `write ${text}, without quotes.` : undefined,
    );
  };
  switch (options.type) {
    case 'date_now':
      return [
        diagnosticAt(
          document,
          at,
          'a date_now field cannot have a default: it is always the creation time',
          'remove "default", or use type "datetime".',
        ),
      ];
    case 'json':
      return [
        diagnosticAt(
          document,
          at,
          'json fields cannot have a default',
          'remove "default" and make the field optional.',
        ),
      ];
    case 'enum':
      return options.values && !options.values.includes(String(value))
        ? wrong(
            `one of ${options.values.map((v) => JSON.stringify(v)).join(', ')}`,
            closestMatch(String(value), options.values)
              ? suggest(String(value), options.values)
              : undefined,
          )
        : [];
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value))
        ? []
        : wrong('an ISO 8601 date string such as "2024-01-31T00:00:00Z"');
  }
  if (kind === 'integer')
    return Number.isInteger(value) ? [] : unquoted(Number.isInteger, 'a whole number');
  if (kind === 'number')
    return typeof value === 'number' ? [] : unquoted((v) => typeof v === 'number', 'a number');
  if (kind === 'boolean')
    return typeof value === 'boolean'
      ? []
      : unquoted((v) => typeof v === 'boolean', 'true or false');
  return typeof value === 'string' ? [] : wrong('a string');
}

/** A password is stored as a hash and never sent: no unique index, no default, not shown. */
function checkPasswordField(
  document: ConfigDocument,
  pointer: string,
  options: FieldOptions,
): Diagnostic[] {
  const refuse = (key: 'unique' | 'default' | 'hidden', message: string) =>
    diagnosticAt(document, childPointer(pointer, key), message, `remove "${key}".`, 'key');
  return [
    ...(options.unique
      ? [refuse('unique', 'a password cannot be unique: each is stored as its own salted hash')]
      : []),
    ...(options.default !== undefined
      ? [refuse('default', 'a password cannot have a default')]
      : []),
    ...(options.hidden === false
      ? [refuse('hidden', 'a password is never sent in a response: it cannot be "hidden": false')]
      : []),
  ];
}

function checkField(document: ConfigDocument, name: string, field: FieldConfig): Diagnostic[] {
  const pointer = `/fields/${name}`;
  const options = fieldOptions(field);
  const problems: Diagnostic[] = [];
  if (isReservedName(name)) {
    const why = whyReserved(name);
    problems.push(
      diagnosticAt(
        document,
        pointer,
        `"${name}" cannot be a field name: ${why}`,
        'rename the field.',
        'key',
      ),
    );
  }
  if (name === 'id') {
    if (options.type !== 'uuid' || options.optional || options.default !== undefined) {
      problems.push(
        diagnosticAt(
          document,
          pointer,
          'the identifier field "id" must be a required uuid without a default',
          'write "id": "uuid" or leave "id" out: appgen adds it.',
        ),
      );
    }
    return problems;
  }
  if (options.type === 'enum' && !options.values) {
    problems.push(
      diagnosticAt(
        document,
        pointer,
        `enum field "${name}" has no "values"`,
        'add "values": ["first", "second"].',
      ),
    );
  }
  if (options.type !== 'enum' && options.values) {
    problems.push(
      diagnosticAt(
        document,
        childPointer(pointer, 'values'),
        `"values" only applies to enum fields, and "${name}" is ${options.type}`,
        'remove "values", or set "type": "enum".',
        'key',
      ),
    );
  }
  for (const value of Object.keys(options.labels ?? {})) {
    if (options.type !== 'enum' || !options.values || options.values.includes(value)) continue;
    problems.push(
      diagnosticAt(
        document,
        childPointer(childPointer(pointer, 'labels'), value),
        `"labels" names "${value}", which is not one of the values of enum field "${name}"`,
        suggest(value, options.values, 'a value:'),
        'key',
      ),
    );
  }
  if (options.labels && options.type !== 'enum') {
    problems.push(
      diagnosticAt(
        document,
        childPointer(pointer, 'labels'),
        `"labels" only applies to enum fields, and "${name}" is ${options.type}`,
        'remove "labels", or set "type": "enum".',
        'key',
      ),
    );
  }
  if (options.type === 'password') problems.push(...checkPasswordField(document, pointer, options));
  if (options.unique && options.type === 'json') {
    problems.push(
      diagnosticAt(
        document,
        childPointer(pointer, 'unique'),
        'json fields cannot be unique',
        'remove "unique".',
        'key',
      ),
    );
  }
  return [...problems, ...checkDefault(document, pointer, options)];
}

/**
 * Checks models one by one and across files (names unique, ignoring case, since each model
 * becomes a file and a Prisma delegate).
 */
export function checkModels(
  documents: ConfigDocument[],
  orm: OrmName = 'prisma',
): { models: CheckedModel[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const models: CheckedModel[] = [];
  const seen = new Map<string, ConfigDocument>();
  for (const document of documents) {
    const config = document.value as ModelConfig;
    const previous = seen.get(config.name.toLowerCase());
    if (previous) {
      diagnostics.push(
        diagnosticAt(
          document,
          '/name',
          `model "${config.name}" is already declared in ${previous.file}`,
          'give each model a unique name (names are compared ignoring case).',
        ),
      );
      continue;
    }
    if (isReservedName(config.name)) {
      diagnostics.push(
        diagnosticAt(
          document,
          '/name',
          `"${config.name}" is a reserved name in generated code: ${whyReserved(config.name)}`,
          `rename the model, e.g. "${config.name}Record".`,
        ),
      );
      continue;
    }
    if (config.name.startsWith(INTERNAL_MODEL_PREFIX)) {
      diagnostics.push(
        diagnosticAt(
          document,
          '/name',
          `model names starting with "${INTERNAL_MODEL_PREFIX}" are kept for appgen's own tables (the event outbox, the log-in throttle)`,
          `rename the model, e.g. "${config.name.slice(INTERNAL_MODEL_PREFIX.length) || 'App'}Record".`,
        ),
      );
      continue;
    }
    const tableName = delegateName(config.name);
    if (orm === 'drizzle' && DRIZZLE_SCHEMA_NAMES.has(tableName)) {
      diagnostics.push(
        diagnosticAt(
          document,
          '/name',
          `with orm "drizzle", model "${config.name}" would export its table as "${tableName}", a name src/appgen/schema.ts imports from Drizzle`,
          `rename the model, e.g. "${config.name}Record".`,
        ),
      );
      continue;
    }
    seen.set(config.name.toLowerCase(), document);
    diagnostics.push(
      ...Object.entries(config.fields).flatMap(([name, field]) =>
        checkField(document, name, field),
      ),
      ...checkServerSetFields(document, config),
    );
    // Kept even with field problems, so routes naming it do not report a second, false error.
    models.push({ config, origin: { file: document.file, pointer: '' } });
  }
  return { models, diagnostics };
}
