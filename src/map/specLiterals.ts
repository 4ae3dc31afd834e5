import type {
  BodyFieldContext,
  IncludeContext,
  ListQueryContext,
  MethodContext,
  UrlFieldContext,
} from './contexts';
import { identifier as ident } from '../domain/identifier';
import { tsString } from '../domain/tsString';
import { labelFromField } from './fieldLabels';

/**
 * The runtime specs a route file declares beside its handlers (handler/bodySpec,
 * handler/listQuerySpec) and the answer shapes (src/appgen/shapes/[model].ts.hbs), written here as TypeScript literals: they are data,
 * and each entry is in the list only when it applies, so that the partials only lay them out.
 */
export type SpecLiterals = Pick<MethodContext, 'bodySpecFields' | 'listQuerySpec' | 'shapeLiteral'>;

/** `["a", "b"]`: string literals in a list (in the quotes prettier prefers: `'a"b'`). */
function strings(values: readonly string[]): string {
  return `[${values.map(tsString).join(', ')}]`;
}

/**
 * A validator's argument (JSON: a list of strings, a string or a number) as a TypeScript literal,
 * its strings in the quotes prettier prefers.
 */
function argumentLiteral(argument: string): string {
  const value: unknown = JSON.parse(argument);
  if (Array.isArray(value)) return strings(value.map(String));
  return typeof value === 'string' ? tsString(value) : argument;
}

/** One body field's rules (`type`: `"string"`, `values`: `[...]` when it has values...). */
function bodyEntries(field: BodyFieldContext): Array<{ key: string; value: string }> {
  const validators = field.validators.map(
    (v) => `[${JSON.stringify(v.name)}${v.argument ? `, ${argumentLiteral(v.argument)}` : ''}]`,
  );
  return [
    { key: 'type', value: JSON.stringify(field.type) },
    // How the body's messages name the field, in words a form's visitor reads.
    { key: 'label', value: JSON.stringify(labelFromField(field.name)) },
    { key: 'required', value: String(field.required) },
    { key: 'nullable', value: String(field.nullable) },
    ...(field.values ? [{ key: 'values', value: strings(field.values) }] : []),
    ...(field.transforms.length ? [{ key: 'transforms', value: strings(field.transforms) }] : []),
    { key: 'validators', value: `[${validators.join(', ')}]` },
  ];
}

/** What a client may ask with query parameters: a line per filter, then the spec's other entries. */
function listQuerySpec(query: ListQueryContext): NonNullable<MethodContext['listQuerySpec']> {
  const sort = query.defaultSort;
  const cursor = query.cursor?.sorts.map((s) => `${ident(s.field)}: ${JSON.stringify(s.kind)}`);
  return {
    filters: query.filters.map((filter) => {
      const values = filter.values ? `, values: ${strings(filter.values)}` : '';
      const related = filter.path ? ', related: true' : '';
      return `${ident(filter.name)}: { type: ${JSON.stringify(filter.type)}${values}${related} }`;
    }),
    entries: [
      `sorts: ${strings(query.sorts)}`,
      `defaultSort: ${sort ? `{ field: ${JSON.stringify(sort.field)}, descending: ${sort.descending} }` : 'null'}`,
      `pageSize: ${query.pageSize ?? 'null'}`,
      `maxPageSize: ${query.maxPageSize}`,
      ...(cursor ? [`cursor: ${cursor.length ? `{ ${cursor.join(', ')} }` : '{}'}`] : []),
      ...(query.style === 'appgen' ? [] : [`style: ${JSON.stringify(query.style)}`]),
      ...(query.style === 'simple-rest' ? [`resource: ${JSON.stringify(query.resource)}`] : []),
      ...(query.search ? [`search: ${strings(query.search.fields)}`] : []),
    ],
  };
}

/** `{ fields: [...], urls: {...}, include: {...} }` of src/appgen/shape.ts (fields null: whole). */
function shape(fields: string[] | null, urls: UrlFieldContext[], include: string): string {
  const urlEntries = urls.map((url) => `${ident(url.name)}: ${JSON.stringify(url.path)}`);
  const sentUrls = urls.length ? `urls: { ${urlEntries.join(', ')} }, ` : '';
  return `{ fields: ${fields ? strings(fields) : 'null'}, ${sentUrls}include: ${include} }`;
}

function includeShape(relation: IncludeContext): string {
  return `${ident(relation.name)}: ${relation.shaped ? shape(relation.fields, relation.urls, '{}') : 'null'}`;
}

/** The Shape of a method's answer (src/appgen/shape.ts), whether or not it sends chosen fields. */
export function shapeLiteralOf(method: {
  fields: string[] | null;
  urls: UrlFieldContext[];
  include: IncludeContext[];
}): string {
  return shape(method.fields, method.urls, `{ ${method.include.map(includeShape).join(', ')} }`);
}

export function specLiterals(method: {
  body: BodyFieldContext[];
  listQuery: ListQueryContext | null;
  shapeName: string | null;
  fields: string[] | null;
  urls: UrlFieldContext[];
  include: IncludeContext[];
}): SpecLiterals {
  return {
    bodySpecFields: method.body.map((field) => ({ name: field.name, entries: bodyEntries(field) })),
    listQuerySpec: method.listQuery ? listQuerySpec(method.listQuery) : null,
    shapeLiteral: method.shapeName ? shapeLiteralOf(method) : null,
  };
}
