import { FIELD_TYPES } from '../config/fieldTypes';
import type { ProjectComputed, ProjectModel, ProjectRoute } from '../validate/checkedProject';
import type { ComputedContext, IncludeContext, RelationContext } from './contexts';
import { enumTsType } from './mapModels';
import { delegateName } from '../domain/names';

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
  return {
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
    tsType:
      computed.kind === 'count'
        ? 'number'
        : computed.kind === 'callerIn'
          ? 'boolean'
          : `Array<${valueType}${listed?.optional ? ' | null' : ''}>`,
  };
}

/** What one level of a route's answer reads: plain fields and computed fields, by name. */
function level(
  names: string[] | null,
  model: ProjectModel | undefined,
  relations: Map<string, RelationContext[]>,
  models: ReadonlyMap<string, ProjectModel>,
): { fields: string[] | null; computed: ComputedContext[] } {
  if (!names || !model) return { fields: null, computed: [] };
  const own = relations.get(model.name) ?? [];
  const computed = model.computed
    .filter((c) => names.includes(c.name))
    .map((c) => mapComputed(c, own, models));
  // In the order of `fields`.
  computed.sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name));
  return { fields: names, computed };
}

/** The route's `fields`, computed fields and included relations (each with its own). */
export function mapAnswerShape(
  route: ProjectRoute,
  models: ReadonlyMap<string, ProjectModel>,
  relations: Map<string, RelationContext[]>,
): { fields: string[] | null; computed: ComputedContext[]; include: IncludeContext[] } {
  const model = route.model ? models.get(route.model) : undefined;
  const include = route.include.map((name): IncludeContext => {
    const relation = (relations.get(model?.name ?? '') ?? []).find((r) => r.name === name);
    const other = relation ? models.get(relation.model) : undefined;
    const shape = level(route.includeFields[name] ?? null, other, relations, models);
    const own = shape.fields?.filter((f) => !shape.computed.some((c) => c.name === f)) ?? [];
    const counts = shape.computed.some((c) => c.kind === 'count');
    return {
      name,
      model: relation?.model ?? '',
      delegate: delegateName(relation?.model ?? ''),
      isList: relation?.type !== 'belongsTo',
      optional: Boolean(relation?.optional),
      fields: shape.fields,
      // Counts are counted by the records' ids (withCounts): read even when not sent.
      plainFields: counts && !own.includes('id') ? [...own, 'id'] : own,
      computed: shape.computed,
      counted: shape.computed.filter((c) => c.kind === 'count'),
      reads: shape.computed.filter((c) => c.kind !== 'count'),
    };
  });
  return { ...level(route.fields, model, relations, models), include };
}
