import { enumOptions } from './fieldLabels';
import { mapOrmModel } from './mapOrmQueries';
import { FIELD_TYPES } from '../config/fieldTypes';
import { tsString } from '../domain/tsString';
import type { ProjectField, ProjectModel } from '../validate/checkedProject';
import type {
  DatabaseProvider,
  FieldContext,
  ModelContext,
  RelationContext,
  SlugContext,
} from './contexts';
import { drizzleColumn } from './drizzleColumns';
import { mapComputed, mapUrlField } from './mapComputed';
import { mapIndexes } from './mapRelations';
import { delegateName, INTERNAL_MODEL_PREFIX } from '../domain/names';
import { isUniqueOption } from '../domain/routeParams';

export function enumTsType(values: readonly string[]): string {
  return values.map(tsString).join(' | ');
}

function prismaDefault(options: ProjectField): string | undefined {
  if (options.type === 'date_now' || options.type === 'date_updated') return 'now()';
  if (options.default === undefined) return undefined;
  // JSON.stringify gives a valid Prisma string literal for the characters the schema allows.
  if (options.type === 'datetime')
    return JSON.stringify(new Date(String(options.default)).toISOString());
  return typeof options.default === 'string'
    ? JSON.stringify(options.default)
    : String(options.default);
}

function mapField(options: ProjectField, provider: DatabaseProvider): FieldContext {
  const { name } = options;
  const isId = name === 'id';
  const attributes: string[] = [];
  // UUIDv7: time-ordered ids, so records listed by id come in the order they were made.
  if (isId) attributes.push('@id', '@default(uuid(7))');
  else {
    if (isUniqueOption(options)) attributes.push('@unique');
    const value = prismaDefault(options);
    if (value !== undefined) attributes.push(`@default(${value})`);
    if (options.type === 'date_updated') attributes.push('@updatedAt');
    // json, not jsonb (Prisma's default): jsonb sorts an object's keys, SQLite keeps them as sent.
    if (options.type === 'json' && provider === 'postgresql') attributes.push('@db.Json');
  }
  const values = options.values ?? null;
  const tsType = values ? enumTsType(values) : FIELD_TYPES[options.type].ts;
  return {
    name,
    type: options.type,
    tsType,
    prismaType: FIELD_TYPES[options.type].prisma,
    prismaAttributes: attributes.join(' '),
    drizzleColumn: drizzleColumn(name, options, provider),
    optional: Boolean(options.optional),
    unique: !isId && isUniqueOption(options),
    isId,
    values,
    valueOptions: enumOptions(values, options.labels),
    // A password's hash is never sent, whatever the config says.
    hidden: Boolean(options.hidden) || options.type === 'password',
    readRestricted: options.access?.read !== undefined,
    apiType: `${options.type === 'json' ? 'JsonValue' : tsType}${options.optional ? ' | null' : ''}`,
  };
}

/** The model's slug field (validate allows one), made from `from`. */
export function slugOf(model: ProjectModel): SlugContext | null {
  const field = model.fields.find((f) => f.type === 'slug');
  return field
    ? { field: field.name, from: field.from as string, fallback: model.name.toLowerCase() }
    : null;
}

/** Every model, with the relations of both sides (mapRelations of all the models). */
export function mapModels(
  models: readonly ProjectModel[],
  relations: Map<string, RelationContext[]>,
  provider: DatabaseProvider,
): ModelContext[] {
  const byName = new Map(models.map((m) => [m.name, m]));
  return models.map((model) => {
    const fields = model.fields.map((field) => mapField(field, provider));
    const computed = model.computed.map((c) =>
      mapComputed(c, relations.get(model.name) ?? [], byName),
    );
    const declaredRelations = (relations.get(model.name) ?? []).filter((r) => !r.backReference);
    const usesJson =
      fields.some((f) => f.type === 'json') || computed.some((c) => c.fieldType === 'json');
    const context: Omit<ModelContext, 'orm'> = {
      name: model.name,
      delegate: delegateName(model.name),
      source: model.file,
      fields,
      hasUnique: fields.some((field) => field.unique),
      slug: slugOf(model),
      relations: relations.get(model.name) ?? [],
      computed,
      urls: model.urls.map(mapUrlField),
      indexes: mapIndexes(model),
      hiddenFields: fields.filter((f) => f.hidden).map((f) => f.name),
      relatedModels: [
        ...new Set(
          (relations.get(model.name) ?? [])
            .filter((r) => !r.backReference && r.model !== model.name)
            .map((r) => r.model),
        ),
      ].sort(),
      sentFields: fields.filter((f) => !f.hidden),
      declaredRelations,
      usesJson,
      hasTypeImports: usesJson || declaredRelations.some((r) => r.model !== model.name),
      counts: computed.filter((c) => c.kind === 'count'),
      typeNotes: typeNotes(
        fields,
        // The sessions' table's link to the accounts model is appgen's, not the API's.
        (relations.get(model.name) ?? []).filter((r) => !r.model.startsWith(INTERNAL_MODEL_PREFIX)),
        computed,
        model.urls.length,
      ),
    };
    return { ...context, orm: mapOrmModel(context) };
  });
}

/** What a model's type says of its fields besides the columns it always has (ModelContext.typeNotes). */
function typeNotes(
  fields: ReadonlyArray<{ name: string; hidden: boolean }>,
  relations: readonly unknown[],
  computed: readonly unknown[],
  urls: number,
): string[] {
  const hidden = fields.filter((f) => f.hidden).map((f) => f.name.replace(/\*\//g, '* /'));
  return [
    ...(hidden.length > 0 ? [`Hidden fields are never sent: ${hidden.join(', ')}.`] : []),
    ...(relations.length > 0 ? ['Relations are present when the route includes them.'] : []),
    ...(computed.length > 0
      ? ["Computed fields are present when the route's `fields` name them."]
      : []),
    ...(urls > 0
      ? [
          "Url fields (the record's absolute URL) are present unless the route's `fields` leave them out.",
        ]
      : []),
  ];
}
