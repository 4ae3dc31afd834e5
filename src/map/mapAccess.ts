import type { AccessCondition, RuleOperation } from '../domain/accessRules';
import { readsCaller, readsRecord, readsRole, recordFieldsOf } from '../domain/accessRules';
import { delegateName } from '../domain/names';
import { OUTPUT_PATHS } from '../domain/outputPaths';
import type { RouteOperation } from '../domain/routeOperation';
import type { ProjectModel } from '../validate/checkedProject';
import type {
  AccessConditionContext,
  AccessModuleContext,
  MethodAccessContext,
  ComputedContext,
  IncludeContext,
  MethodFieldAccessContext,
  ReadRulesContext,
  RelationContext,
} from './contexts';
import { relationPath } from './mapListQuery';

const EMPTY: Omit<AccessConditionContext, 'kind'> = {
  items: [],
  field: null,
  value: null,
  path: null,
  roles: null,
  optional: false,
};

/** A checked condition as the context its partials write (orm/<orm>/access/<kind>). */
function conditionContext(
  model: ProjectModel,
  condition: AccessCondition,
  relations: Map<string, RelationContext[]>,
): AccessConditionContext {
  const of = (inner: AccessCondition) => conditionContext(model, inner, relations);
  const optional = (field: string) =>
    Boolean(model.fields.find((candidate) => candidate.name === field)?.optional);
  switch (condition.kind) {
    case 'all':
    case 'any':
      return { ...EMPTY, kind: condition.kind, items: condition.items.map(of) };
    case 'not':
      return { ...EMPTY, kind: 'not', items: [of(condition.item)] };
    case 'equals':
      return condition.value === null
        ? { ...EMPTY, kind: 'isNull', field: condition.field }
        : {
            ...EMPTY,
            kind: 'equals',
            field: condition.field,
            value: JSON.stringify(condition.value),
            optional: optional(condition.field),
          };
    case 'isCaller':
      return {
        ...EMPTY,
        kind: 'isCaller',
        field: condition.field,
        optional: optional(condition.field),
      };
    case 'reachesCaller': {
      const { path } = relationPath(model.name, condition.relations, 'id', relations);
      const [first] = path.steps;
      // A record whose optional belongsTo field is empty reaches no one through it.
      const empty = first.kind === 'belongsTo' && optional(first.foreignKey ?? '');
      return {
        ...EMPTY,
        kind: 'reachesCaller',
        field: empty ? first.foreignKey : null,
        path,
        optional: empty,
      };
    }
    case 'role':
      return { ...EMPTY, kind: 'role', roles: JSON.stringify(condition.roles).replace(/,/g, ', ') };
    default:
      return { ...EMPTY, kind: condition.kind };
  }
}

/** The write an operation asks the rules for, beside "read". */
const WRITES: Partial<Record<RouteOperation, Exclude<RuleOperation, 'read'>>> = {
  create: 'create',
  update: 'update',
  replace: 'update',
  updateMany: 'update',
  delete: 'delete',
  deleteMany: 'delete',
};

/**
 * The access rules a method of `operation` (or a parent check, `operation` null) asks of a model
 * with rules; null for a model without.
 */
export function methodAccessOf(
  model: ProjectModel | undefined,
  operation: RouteOperation | null,
): MethodAccessContext | null {
  if (!model || model.access.length === 0) return null;
  const delegate = delegateName(model.name);
  const write = (operation && WRITES[operation]) ?? null;
  return {
    name: `${delegate}Access`,
    module: delegate,
    readsRole: rulesReadRole(model),
    write,
    checksAfterWrite:
      operation === 'create' ||
      operation === 'update' ||
      operation === 'replace' ||
      operation === 'updateMany',
    checksBefore: operation === 'update' || operation === 'replace' || operation === 'delete',
  };
}

/** The operations whose answers send records of their model (their fields' read rules apply). */
const ANSWERS_RECORDS: readonly RouteOperation[] = [
  'list',
  'get',
  'create',
  'update',
  'replace',
  'link',
  'unlink',
];

/** The rules on fields a method of `operation` asks; null for a model without. */
export function methodFieldAccessOf(
  model: ProjectModel | undefined,
  operation: RouteOperation,
): MethodFieldAccessContext | null {
  if (!model || model.fieldRules.length === 0) return null;
  const delegate = delegateName(model.name);
  const writes = operation === 'create' || operation === 'update' || operation === 'replace';
  return {
    name: `${delegate}Fields`,
    module: delegate,
    hides: ANSWERS_RECORDS.includes(operation) && model.fieldRules.some((rule) => rule.read),
    checksWrites: writes && model.fieldRules.some((rule) => rule.write),
  };
}

/** Whether some rule of the model, on records or fields, asks for the caller's role. */
export function rulesReadRole(model: ProjectModel): boolean {
  return [
    ...model.access.map((rule) => rule.condition),
    ...model.fieldRules.flatMap((rule) => [rule.read, rule.write]),
  ].some((condition) => condition !== null && readsRole(condition));
}

/** One module per model with access rules: `src/appgen/access/<delegate>.ts`. */
export function mapAccessModules(
  models: readonly ProjectModel[],
  relations: Map<string, RelationContext[]>,
): AccessModuleContext[] {
  return models.flatMap((model) => {
    if (model.access.length === 0 && model.fieldRules.length === 0) return [];
    const delegate = delegateName(model.name);
    const of = (condition: AccessCondition | null) =>
      condition === null
        ? null
        : {
            parameters: `(${readsRecord(condition) ? '' : '_'}record, ${readsCaller(condition) ? '' : '_'}caller)`,
            condition: conditionContext(model, condition, relations),
          };
    return [
      {
        model: { name: model.name, delegate },
        outputPath: OUTPUT_PATHS.accessRules(delegate),
        sources: [model.file],
        file: model.file,
        rowsName: model.access.length > 0 ? `${delegate}Access` : null,
        rules: model.access.map((rule) => ({
          at: `access[${rule.index}]`,
          effect: rule.effect,
          operations: JSON.stringify(rule.operations).replace(/,/g, ', '),
          description: JSON.stringify(rule.description),
          readsCaller: readsCaller(rule.condition),
          when: conditionContext(model, rule.condition, relations),
        })),
        fieldsName: model.fieldRules.length > 0 ? `${delegate}Fields` : null,
        fields: model.fieldRules.map((rule) => ({
          name: rule.field,
          read: of(rule.read),
          write: of(rule.write),
        })),
      },
    ];
  });
}

/** A related model's access rules, as a route reading its records beside its own asks them. */
export function readRulesOf(model: ProjectModel | undefined): ReadRulesContext | null {
  if (!model || model.access.length === 0) return null;
  const delegate = delegateName(model.name);
  return { name: `${delegate}Access`, module: delegate };
}

/** A related model's rules on fields that some caller may not read, as its included records ask them. */
export function fieldReadRulesOf(model: ProjectModel | undefined): ReadRulesContext | null {
  if (!model || !model.fieldRules.some((rule) => rule.read !== null)) return null;
  const delegate = delegateName(model.name);
  return { name: `${delegate}Fields`, module: delegate };
}

/** The record's own fields the read rules of a model's fields read: an included record selects them. */
export function fieldRuleReads(model: ProjectModel | undefined): string[] {
  const conditions = (model?.fieldRules ?? []).flatMap((rule) => (rule.read ? [rule.read] : []));
  return [...new Set(conditions.flatMap(recordFieldsOf))];
}

/** The rules a method's answer reads its included records, counts and lists of values through. */
export function ruledReadRules(method: {
  computed: ComputedContext[];
  include: IncludeContext[];
}): ReadRulesContext[] {
  return [
    ...method.include.flatMap((i) => [i.access, i.fieldAccess]),
    ...[...method.computed, ...method.include.flatMap((i) => i.computed)].map((c) => c.access),
  ].filter((rules) => rules !== null);
}
