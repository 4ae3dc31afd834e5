import { FIELD_TYPES } from '../config/fieldTypes';
import { urlPathParams } from '../domain/computed';
import type {
  ProjectComputed,
  ProjectModel,
  ProjectRoute,
  ProjectUrlField,
} from '../validate/checkedProject';
import { mapOrmComputed, mapOrmInclude } from './mapOrmQueries';
import type { ComputedContext, IncludeContext, RelationContext, UrlFieldContext } from './contexts';
import { enumTsType } from './mapModels';
import { delegateName } from '../domain/names';
import { fieldReadRulesOf, fieldRuleReads, readRulesOf } from './mapAccess';

/** How records.ts (Drizzle) reads a computed field: counted or listed through a table of links or a hasMany. */
function finderOf(kind: ComputedContext['kind'], linked: boolean): ComputedContext['finder'] {
  if (kind === 'callerIn') return 'callerIn';
  return kind === 'count'
    ? linked
      ? 'countLinked'
      : 'countOwned'
    : linked
      ? 'valuesLinked'
      : 'valuesOwned';
}

/** A computed field with its relation resolved: what records.ts and the Prisma select need. */
export function mapComputed(
  computed: ProjectComputed,
  relations: readonly RelationContext[],
  models: ReadonlyMap<string, ProjectModel>,
): ComputedContext {
  const relation = relations.find((r) => r.name === computed.relation) as RelationContext;
  const fieldOf = (name: string) => models.get(relation.model)?.fields.find((f) => f.name === name);
  const listed = computed.field ? fieldOf(computed.field) : undefined;
  const valueType = listed
    ? listed.values
      ? `(${enumTsType(listed.values)})`
      : listed.type === 'json'
        ? 'JsonValue'
        : FIELD_TYPES[listed.type].ts
    : 'string';
  const context: Omit<ComputedContext, 'orm'> = {
    name: computed.name,
    kind: computed.kind,
    relation: relation.name,
    model: relation.model,
    modelDelegate: relation.modelDelegate,
    foreignField: relation.foreignField,
    joinTable: relation.joinTable,
    field: computed.field,
    fieldType: listed?.type ?? null,
    fieldOptional: Boolean(listed?.optional),
    orderBy: computed.orderBy && {
      ...computed.orderBy,
      optional: Boolean(fieldOf(computed.orderBy.field)?.optional),
    },
    finder: finderOf(computed.kind, relation.joinTable !== null),
    tsType:
      computed.kind === 'count'
        ? 'number'
        : computed.kind === 'callerIn'
          ? 'boolean'
          : `Array<${valueType}${listed?.optional ? ' | null' : ''}>`,
    // Counted and listed through the related model's read rules; callerIn looks for the caller alone.
    access: computed.kind === 'callerIn' ? null : readRulesOf(models.get(relation.model)),
  };
  return { ...context, orm: mapOrmComputed(context) };
}

/** A url field with the fields its path needs. */
export function mapUrlField(url: ProjectUrlField): UrlFieldContext {
  return { name: url.name, path: url.path, params: urlPathParams(url.path) };
}

interface Level {
  fields: string[] | null;
  computed: ComputedContext[];
  urls: UrlFieldContext[];
  /** The model's own fields the level reads: those of `fields`, then those its url fields need. */
  plainFields: string[];
}

/**
 * What one level of a route's answer reads: plain fields, computed fields and url fields, by
 * name. Without `fields`, the whole record and every url field of the model.
 */
function level(
  names: string[] | null,
  model: ProjectModel | undefined,
  relations: Map<string, RelationContext[]>,
  models: ReadonlyMap<string, ProjectModel>,
): Level {
  if (!model) return { fields: null, computed: [], urls: [], plainFields: [] };
  if (!names)
    return { fields: null, computed: [], urls: model.urls.map(mapUrlField), plainFields: [] };
  const own = relations.get(model.name) ?? [];
  const computed = model.computed
    .filter((c) => names.includes(c.name))
    .map((c) => mapComputed(c, own, models));
  // In the order of `fields`.
  computed.sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name));
  const urls = model.urls.filter((u) => names.includes(u.name)).map(mapUrlField);
  urls.sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name));
  const derived = new Set([...computed, ...urls].map((c) => c.name));
  const plain = names.filter((name) => !derived.has(name));
  const plainFields = [...new Set([...plain, ...urls.flatMap((u) => u.params)])];
  return { fields: names, computed, urls, plainFields };
}

/** The route's `fields`, computed fields and included relations (each with its own). */
export function mapAnswerShape(
  route: ProjectRoute,
  models: ReadonlyMap<string, ProjectModel>,
  relations: Map<string, RelationContext[]>,
): Omit<Level, 'plainFields'> & { include: IncludeContext[] } {
  const model = route.model ? models.get(route.model) : undefined;
  const include = route.include.map((name): IncludeContext => {
    const relation = (relations.get(model?.name ?? '') ?? []).find((r) => r.name === name);
    const other = relation ? models.get(relation.model) : undefined;
    const shape = level(route.includeFields[name] ?? null, other, relations, models);
    const counts = shape.computed.some((c) => c.kind === 'count');
    const isList = relation?.type !== 'belongsTo';
    const access = readRulesOf(other);
    const fieldAccess = fieldReadRulesOf(other);
    // Read even when not sent: counts are counted by the records' ids (withCounts), the readable
    // belongsTo found by its id (Prisma), and rules on fields test the fields they read.
    const needed = [
      ...(counts || (access && !isList) ? ['id'] : []),
      ...(fieldAccess ? fieldRuleReads(other) : []),
    ];
    const context: Omit<IncludeContext, 'orm'> = {
      name,
      model: relation?.model ?? '',
      delegate: delegateName(relation?.model ?? ''),
      isList,
      optional: Boolean(relation?.optional) || (!isList && access !== null),
      fields: shape.fields,
      plainFields: [...new Set([...shape.plainFields, ...needed])],
      urls: shape.urls,
      computed: shape.computed,
      counted: shape.computed.filter((c) => c.kind === 'count'),
      reads: shape.computed.filter((c) => c.kind !== 'count'),
      shaped: shape.fields !== null || shape.urls.length > 0,
      access,
      fieldAccess,
    };
    return { ...context, orm: mapOrmInclude(context) };
  });
  const { fields, computed, urls } = level(route.fields, model, relations, models);
  return { fields, computed, urls, include };
}
