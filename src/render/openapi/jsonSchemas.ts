import type {
  BodyFieldContext,
  ComputedContext,
  FieldContext,
  ModelContext,
  ParamContext,
  UrlFieldContext,
  ValidatorContext,
} from '../../map/contexts';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = Record<string, unknown>;

const DATE_TIME: JsonSchema = { type: 'string', format: 'date-time' };

/** A value that may also be null: OpenAPI 3.1 spells it as a second type, or `anyOf` for a `$ref`. */
export function orNull(schema: JsonSchema): JsonSchema {
  // `enum` restricts the value even when `type` allows null: null must be one of its values too.
  const values = Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {};
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'], ...values };
  if (Object.keys(schema).length === 0) return schema;
  return { anyOf: [schema, { type: 'null' }] };
}

export function ref(model: string): JsonSchema {
  return { $ref: `#/components/schemas/${model}` };
}

/** The JSON value of a model field in a response (dates are ISO strings, json is any value). */
export function fieldSchema(field: Pick<FieldContext, 'type' | 'values'>): JsonSchema {
  switch (field.type) {
    case 'int':
      return { type: 'integer' };
    case 'float':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'datetime':
    case 'date_now':
    case 'date_updated':
      return DATE_TIME;
    case 'uuid':
      return { type: 'string', format: 'uuid' };
    case 'enum':
      return { type: 'string', enum: field.values ?? [] };
    case 'json':
      return {};
    default:
      return { type: 'string' };
  }
}

/** A url field's value: the record's absolute URL. */
export function urlSchema(url: UrlFieldContext): JsonSchema {
  return {
    type: 'string',
    format: 'uri',
    description: `The record's URL: ${url.path} filled with its ${url.params.join(' and ')}, after the origin the client used (or APPGEN_PUBLIC_URL)`,
  };
}

/**
 * A model as responses send it: every field but the hidden ones, present (null when empty), then
 * its url fields, and nothing else, so that a leaked hidden field fails the contract test.
 */
export function modelSchema(
  model: ModelContext,
  included: Array<{ name: string; model: string; isList: boolean; optional: boolean }> = [],
): JsonSchema {
  const fields = model.fields.filter((field) => !field.hidden);
  const properties: Record<string, JsonSchema> = {};
  for (const field of fields)
    properties[field.name] = field.optional ? orNull(fieldSchema(field)) : fieldSchema(field);
  for (const url of model.urls) properties[url.name] = urlSchema(url);
  for (const relation of included) {
    properties[relation.name] = relation.isList
      ? { type: 'array', items: ref(relation.model) }
      : relation.optional
        ? orNull(ref(relation.model))
        : ref(relation.model);
  }
  return {
    type: 'object',
    properties,
    // A field only some callers may read (a rule on the field) may be absent.
    required: [
      ...fields.filter((field) => !field.readRestricted).map((field) => field.name),
      ...model.urls.map((url) => url.name),
      ...included.map((relation) => relation.name),
    ],
    additionalProperties: false,
  };
}

/** A computed field's value in a response, with what it means. */
export function computedSchema(computed: ComputedContext): JsonSchema {
  if (computed.kind === 'count')
    return {
      type: 'integer',
      minimum: 0,
      description: `The number of records in ${computed.relation}`,
    };
  if (computed.kind === 'callerIn')
    return {
      type: 'boolean',
      description: `Whether the signed-in caller is among ${computed.relation} (false when anonymous)`,
    };
  const item = fieldSchema({ type: computed.fieldType ?? 'string', values: null });
  return {
    type: 'array',
    items: computed.fieldOptional ? orNull(item) : item,
    description: `The ${computed.field} of each record in ${computed.relation}, ordered by ${computed.orderBy?.field}${computed.orderBy?.descending ? ' (descending)' : ''}`,
  };
}

/**
 * A record as a route with `fields` sends it: exactly those fields, computed fields and url
 * fields (without `fields`: every field that is not hidden, then the url fields), then its
 * included relations (each with its own `fields`, or whole).
 */
export function shapedSchema(
  model: ModelContext,
  fields: string[] | null,
  computed: ComputedContext[],
  included: Array<{ name: string; isList: boolean; optional: boolean; schema: JsonSchema }>,
  urls: UrlFieldContext[] = [],
): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const names = fields ?? [
    ...model.fields.filter((f) => !f.hidden).map((f) => f.name),
    ...urls.map((u) => u.name),
  ];
  for (const name of names) {
    const field = model.fields.find((f) => f.name === name);
    const value = computed.find((c) => c.name === name);
    const url = urls.find((u) => u.name === name);
    if (field) properties[name] = field.optional ? orNull(fieldSchema(field)) : fieldSchema(field);
    else if (value) properties[name] = computedSchema(value);
    else if (url) properties[name] = urlSchema(url);
  }
  for (const relation of included)
    properties[relation.name] = relation.isList
      ? { type: 'array', items: relation.schema }
      : relation.optional
        ? orNull(relation.schema)
        : relation.schema;
  return {
    type: 'object',
    properties,
    required: [
      ...names.filter((name) => !model.fields.find((f) => f.name === name)?.readRestricted),
      ...included.map((relation) => relation.name),
    ],
    additionalProperties: false,
  };
}

export function paramSchema(param: ParamContext): JsonSchema {
  if (param.type === 'int') return { type: 'integer', minimum: -2147483648, maximum: 2147483647 };
  if (param.type === 'uuid') return { type: 'string', format: 'uuid' };
  return { type: 'string' };
}

/** The argument of a validator from its TypeScript literal (a number, a JSON string or array). */
function argumentOf(validator: ValidatorContext): unknown {
  return validator.argument === null ? null : JSON.parse(validator.argument);
}

/** A validator's argument as the config writes it (`isIn:a|b`). */
function writtenArgument(argument: unknown): string {
  return Array.isArray(argument) ? argument.join('|') : String(argument);
}

/**
 * The JSON Schema keywords of a body field's validators. Validators JSON Schema cannot say
 * exactly (isLowercase, isUppercase, isFuture, isPast) are named in `x-appgen-validators` only;
 * every validator is listed there as written, so nothing is lost.
 */
function validatorKeywords(validators: ValidatorContext[]): JsonSchema {
  const keywords: JsonSchema = {};
  const patterns: string[] = [];
  for (const validator of validators) {
    const argument = argumentOf(validator);
    switch (validator.name) {
      case 'minLength':
      case 'maxLength':
        keywords[validator.name] = argument;
        break;
      case 'min':
        keywords.minimum = argument;
        break;
      case 'max':
        keywords.maximum = argument;
        break;
      case 'isPositive':
        keywords.exclusiveMinimum = 0;
        break;
      case 'isEmail':
        keywords.format = 'email';
        break;
      case 'isUrl':
        keywords.format = 'uri';
        break;
      case 'isUuid':
        keywords.format = 'uuid';
        break;
      case 'isIn':
        keywords.enum = argument;
        break;
      case 'matches':
        patterns.push(String(argument));
        break;
      case 'notEmpty':
        patterns.push('\\S');
        break;
      case 'isAlphanumeric':
        patterns.push('^[A-Za-z0-9]*$');
        break;
    }
  }
  // JSON Schema takes one `pattern` per schema: more than one are combined with allOf.
  if (patterns.length === 1) keywords.pattern = patterns[0];
  if (patterns.length > 1) keywords.allOf = patterns.map((pattern) => ({ pattern }));
  if (validators.length > 0)
    keywords['x-appgen-validators'] = validators.map((v) =>
      v.argument === null ? v.name : `${v.name}:${writtenArgument(argumentOf(v))}`,
    );
  return keywords;
}

/** `x-appgen-transform`: what the server does to the text before checking it (`trim`, `toLowerCase`). */
function transformKeyword(field: BodyFieldContext): JsonSchema {
  return field.transforms.length > 0 ? { 'x-appgen-transform': field.transforms } : {};
}

/** A body field as a request sends it, with its validators as JSON Schema keywords. */
export function bodyFieldSchema(field: BodyFieldContext): JsonSchema {
  if (field.type === 'string[]') {
    // The validators check each text of the list.
    const items = {
      type: 'string',
      ...transformKeyword(field),
      ...validatorKeywords(field.validators),
    };
    return { type: 'array', items, maxItems: 1000 };
  }
  const base: JsonSchema =
    field.type === 'uuid[]'
      ? { type: 'array', items: { type: 'string', format: 'uuid' }, maxItems: 1000 }
      : field.type === 'int'
        ? { type: 'integer', minimum: -2147483648, maximum: 2147483647 }
        : field.type === 'password'
          ? { type: 'string', format: 'password', writeOnly: true }
          : fieldSchema({ type: field.type, values: field.values });
  const schema = { ...base, ...transformKeyword(field), ...validatorKeywords(field.validators) };
  return field.nullable ? orNull(schema) : schema;
}
