import { enumOptions } from './fieldLabels';
import type { ProjectModel, ProjectRoute } from '../validate/checkedProject';
import type {
  ListCursorContext,
  ListQueryContext,
  ParentContext,
  RelationContext,
  RelationPathContext,
  RelationStepContext,
} from './contexts';
import { FIELD_TYPES } from '../config/fieldTypes';
import { delegateName, pascalCase } from '../domain/names';
import { CURSOR_NEXT_KEY, CURSOR_PREV_KEY, DEFAULT_MAX_PAGE_SIZE } from '../domain/listQuery';
import { mapOrmStep } from './mapOrmQueries';
import { worksOnCollection } from '../domain/routeOperation';
import { methodAccessOf } from './mapAccess';
import { mapListSearch } from './mapSearch';

/** The step through one relation of `model` (validate made sure it exists). */
function relationStep(
  model: string,
  name: string,
  relations: Map<string, RelationContext[]>,
): { step: Omit<RelationStepContext, 'orm'>; model: string } {
  const relation = (relations.get(model) ?? []).find((r) => r.name === name) as RelationContext;
  const kind = relation.joinTable ? 'manyToMany' : relation.isList ? 'hasMany' : 'belongsTo';
  // hasMany: the related model's belongsTo holding this model's id may be empty.
  const optional =
    kind === 'hasMany' &&
    (relations.get(relation.model) ?? []).some(
      (other) =>
        other.type === 'belongsTo' && other.field === relation.foreignField && other.optional,
    );
  return {
    model: relation.model,
    step: {
      relation: name,
      kind,
      toModel: relation.model,
      from: delegateName(model),
      to: relation.modelDelegate,
      foreignKey:
        kind === 'belongsTo' ? relation.field : kind === 'hasMany' ? relation.foreignField : null,
      joinTable: relation.joinTable?.name ?? null,
      ownColumn: relation.joinTable?.ownColumn ?? null,
      otherColumn: relation.joinTable?.otherColumn ?? null,
      direct: false,
      optional,
    },
  };
}

export function relationPath(
  model: string,
  names: readonly string[],
  field: string,
  relations: Map<string, RelationContext[]>,
): { path: RelationPathContext; model: string } {
  const steps: Array<Omit<RelationStepContext, 'orm'>> = [];
  let current = model;
  for (const name of names) {
    const next = relationStep(current, name, relations);
    steps.push(next.step);
    current = next.model;
  }
  const last = steps[steps.length - 1];
  if (field === 'id' && last && last.kind !== 'hasMany') last.direct = true;
  return {
    path: {
      steps: steps.map((step) => ({ ...step, orm: mapOrmStep(step) })),
      model: delegateName(current),
      field,
      direct: Boolean(last?.direct),
    },
    model: current,
  };
}

const TS_VALUE: Record<string, string> = {
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
  datetime: 'Date',
};

const CURSOR_KIND: Record<string, ListCursorContext['sorts'][number]['kind']> = {
  integer: 'int',
  number: 'float',
  datetime: 'date',
};

/** A list that pages by cursor (validate made sure its sort fields are required, sent and not boolean). */
function mapCursor(route: ProjectRoute, model: ProjectModel): ListCursorContext | null {
  const query = route.query;
  if (query?.pagination !== 'cursor' || query.pageSize === null || route.redirect) return null;
  return {
    sorts: query.sort.map((field) => {
      const type = model.fields.find((f) => f.name === field)?.type ?? 'uuid';
      return { field, kind: CURSOR_KIND[FIELD_TYPES[type].kind] ?? 'string' };
    }),
    nextKey: route.envelope.response === null ? null : CURSOR_NEXT_KEY,
    prevKey: route.envelope.response === null ? null : CURSOR_PREV_KEY,
    countHeader: query.count && route.envelope.count === null,
  };
}

export function mapListQuery(
  route: ProjectRoute,
  model: ProjectModel | undefined,
  typeName: string,
  models: Map<string, ProjectModel>,
  relations: Map<string, RelationContext[]>,
): ListQueryContext | null {
  const query = route.query;
  // A route on a collection always reads its query: a filter it does not have is refused (400),
  // never ignored, which would change every record.
  const collection = worksOnCollection(route.operation);
  if (!model || (route.operation !== 'list' && !collection)) return null;
  // A model with access rules always reads its list through the query's `where` (the rules join it).
  if (!query && route.scope.length === 0 && !collection && model.access.length === 0) return null;
  const filters = (query?.filter ?? []).map(({ name, relation, field }) => {
    const reached = relation ? relationPath(model.name, [relation], field, relations) : null;
    const target = reached ? models.get(reached.model) : model;
    const config = field === 'id' ? undefined : target?.fields.find((f) => f.name === field);
    const type = config?.type ?? 'uuid';
    return {
      name,
      type,
      values: config?.values ?? null,
      valueOptions: enumOptions(config?.values, config?.labels),
      path: reached?.path ?? null,
      tsType: TS_VALUE[FIELD_TYPES[type].kind] ?? 'string',
    };
  });
  const scope = route.scope.map((names) => relationPath(model.name, names, 'id', relations).path);
  const hasRelatedFilters = filters.some((filter) => filter.path !== null);
  return {
    specName: `${typeName.charAt(0).toLowerCase()}${typeName.slice(1)}Query`,
    filters,
    sorts: query?.sort ?? [],
    nullableSorts: (query?.sort ?? []).filter(
      (name) => model.fields.find((field) => field.name === name)?.optional,
    ),
    defaultSort: query?.defaultSort ?? null,
    pageSize: query?.pageSize ?? null,
    maxPageSize: query?.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE,
    // A route that redirects answers no list, so there is nothing to count.
    count: Boolean(query?.count) && !route.redirect,
    hasRelatedFilters,
    scope,
    readsThroughRelations: hasRelatedFilters || scope.length > 0,
    cursor: collection ? null : mapCursor(route, model),
    style: route.queryStyle,
    resource:
      route.path
        .split('/')
        .filter((segment) => segment && !segment.startsWith(':'))
        .pop() ?? 'items',
    search: mapListSearch(route),
  };
}

/**
 * The parents a route's path names (see ParentContext): by a unique field of the parent on every
 * method; by the route model's own belongsTo field on lists, creates and routes on a collection
 * only (other methods select by that field, so a record of another parent is simply not found).
 */
export function mapParents(
  route: ProjectRoute,
  models: Map<string, ProjectModel>,
): ParentContext[] {
  const checksOwnField =
    route.operation === 'list' ||
    route.operation === 'create' ||
    worksOnCollection(route.operation);
  return route.params.flatMap(({ name, type, field, parent }) =>
    parent && (field === null || checksOwnField)
      ? [
          {
            param: name,
            type,
            model: parent.model,
            delegate: delegateName(parent.model),
            field: parent.field,
            foreignKey: parent.foreignKey,
            variable: `parent${pascalCase(parent.relation)}`,
            setsForeignKey: field === null,
            access: methodAccessOf(models.get(parent.model), null),
          },
        ]
      : [],
  );
}
