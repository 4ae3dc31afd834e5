/** What kind of JSON value a field's `default` (or a body value) must be. */
export type ValueKind = 'string' | 'integer' | 'number' | 'boolean' | 'datetime' | 'json';

export interface FieldTypeInfo {
  /** Prisma scalar type. */
  prisma: string;
  /** TypeScript type of the value as it travels in JSON (dates are ISO strings on the wire). */
  ts: string;
  kind: ValueKind;
  /** Whether a route body may declare a field of this type. */
  inBody: boolean;
  description: string;
}

/**
 * Every model field type. The type table of docs/config.md and the JSON Schema's enum are checked
 * against this list by tests, so adding a type here is the one place to start.
 */
export const FIELD_TYPES = {
  string: {
    prisma: 'String',
    ts: 'string',
    kind: 'string',
    inBody: true,
    description: 'Short text.',
  },
  text: {
    prisma: 'String',
    ts: 'string',
    kind: 'string',
    inBody: true,
    description: 'Long text (same storage as string; a textarea in forms).',
  },
  int: {
    prisma: 'Int',
    ts: 'number',
    kind: 'integer',
    inBody: true,
    description: 'Whole number (32-bit).',
  },
  float: {
    prisma: 'Float',
    ts: 'number',
    kind: 'number',
    inBody: true,
    description: 'Floating-point number.',
  },
  boolean: {
    prisma: 'Boolean',
    ts: 'boolean',
    kind: 'boolean',
    inBody: true,
    description: 'true or false.',
  },
  datetime: {
    prisma: 'DateTime',
    ts: 'string',
    kind: 'datetime',
    inBody: true,
    description: 'Date and time, ISO 8601 in JSON.',
  },
  date_now: {
    prisma: 'DateTime',
    ts: 'string',
    kind: 'datetime',
    inBody: false,
    description: 'Date and time set to the current time when the record is created.',
  },
  date_updated: {
    prisma: 'DateTime',
    ts: 'string',
    kind: 'datetime',
    inBody: false,
    description:
      'Date and time set to the current time when the record is created and whenever a PUT or PATCH changes it.',
  },
  uuid: {
    prisma: 'String',
    ts: 'string',
    kind: 'string',
    inBody: true,
    description: 'UUID string; `id` fields get a generated UUID.',
  },
  slug: {
    prisma: 'String',
    ts: 'string',
    kind: 'string',
    inBody: false,
    description:
      'Unique URL-friendly text made from another field (`from`) when the record is created (`hello-world`, `hello-world-2`).',
  },
  password: {
    prisma: 'String',
    ts: 'string',
    kind: 'string',
    inBody: true,
    description:
      'A password: a request sends the text, validators check it, and only its hash is stored (src/appgen/password.ts); never sent in a response.',
  },
  json: {
    prisma: 'Json',
    ts: 'JsonValue',
    kind: 'json',
    inBody: true,
    description: 'Any JSON value.',
  },
  enum: {
    prisma: 'String',
    ts: 'union of the values',
    kind: 'string',
    inBody: true,
    description: 'One of `values` (stored as a string).',
  },
} as const satisfies Record<string, FieldTypeInfo>;

export type FieldType = keyof typeof FIELD_TYPES;
export const FIELD_TYPE_NAMES = Object.keys(FIELD_TYPES) as FieldType[];

/**
 * Types only a route body may declare (no model field has them). `uuid[]` is a list of record
 * ids: on a route that writes a model, the links of the manyToMany relation of the same name.
 * No validator applies to a list (its kind matches none).
 */
export const BODY_ONLY_TYPES = {
  'uuid[]': {
    ts: 'string[]',
    kind: 'list',
    description: 'A list of record ids (UUIDs), duplicates removed, at most 1000.',
  },
  'string[]': {
    ts: 'string[]',
    kind: 'list',
    description:
      'A list of texts, duplicates removed, at most 1000: with `relation` and `by`, the related records named by a unique field (created when missing).',
  },
} as const satisfies Record<string, { ts: string; kind: string; description: string }>;

/** Field types whose values the server sets, never a request: date_now, date_updated, slug. */
export type ServerSetType = {
  [K in FieldType]: (typeof FIELD_TYPES)[K]['inBody'] extends true ? never : K;
}[FieldType];

export function isServerSetType(type: FieldType): type is ServerSetType {
  return !FIELD_TYPES[type].inBody;
}

/** The type of a route body field: a model field type a request may set, or a body-only type. */
export type BodyFieldType = Exclude<FieldType, ServerSetType> | keyof typeof BODY_ONLY_TYPES;
export const BODY_FIELD_TYPE_NAMES = [
  ...FIELD_TYPE_NAMES.filter((type) => FIELD_TYPES[type].inBody),
  ...Object.keys(BODY_ONLY_TYPES),
] as BodyFieldType[];

/** TypeScript type and value kind of a body field type (`list` for body-only lists). */
export function bodyTypeInfo(type: BodyFieldType): { ts: string; kind: ValueKind | 'list' } {
  return type === 'uuid[]' || type === 'string[]' ? BODY_ONLY_TYPES[type] : FIELD_TYPES[type];
}

/** Types a path parameter may have. */
export const PARAM_TYPES = ['uuid', 'string', 'int'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];
