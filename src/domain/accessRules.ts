import type {
  AccessConditionConfig,
  AccessOperation,
  AccessRuleConfig,
  ModelConfig,
} from '../config/configTypes';

/** The keys of a condition that are not fields or relations of the model. */
export const CALLER_ROLE_KEY = 'currentUser.role';
export const CALLER_KEY = 'currentUser';
export const COMBINATOR_KEYS = ['any', 'all', 'not'] as const;

/** A literal a field of the record is compared with. */
export type AccessLiteral = string | number | boolean | null;

/** A checked condition of an access rule (the config's, with each key resolved). */
export type AccessCondition =
  | { kind: 'always' }
  | { kind: 'all'; items: AccessCondition[] }
  | { kind: 'any'; items: AccessCondition[] }
  | { kind: 'not'; item: AccessCondition }
  /** A field of the record equals a literal. */
  | { kind: 'equals'; field: string; value: AccessLiteral }
  /** A field of the record holds the caller's id. */
  | { kind: 'isCaller'; field: string }
  /** The record's relations (one or two names) reach the caller. */
  | { kind: 'reachesCaller'; relations: string[] }
  /** The caller's role (read by their id) is one of these. */
  | { kind: 'role'; roles: string[] }
  /** The caller is signed in. */
  | { kind: 'signedIn' };

/** The operations a rule's `allow` or `deny` names (`all`: every one). */
export function ruleOperations(value: AccessRuleConfig['allow']): RuleOperation[] {
  const listed = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return listed.flatMap((operation): RuleOperation[] =>
    operation === 'all' ? ['read', 'create', 'update', 'delete'] : [operation],
  );
}

/** One key of a condition, resolved against the model (the config passed its checks). */
function keyCondition(model: ModelConfig, key: string, value: unknown): AccessCondition {
  if (key === 'any' || key === 'all')
    return {
      kind: key,
      items: (value as AccessConditionConfig[]).map((c) => conditionOf(model, c)),
    };
  if (key === 'not')
    return { kind: 'not', item: conditionOf(model, value as AccessConditionConfig) };
  if (key === CALLER_ROLE_KEY)
    return { kind: 'role', roles: Array.isArray(value) ? (value as string[]) : [value as string] };
  if (key === CALLER_KEY) return { kind: 'signedIn' };
  if (Object.hasOwn(model.fields, key) || key === 'id')
    return value === CALLER_KEY
      ? { kind: 'isCaller', field: key }
      : { kind: 'equals', field: key, value: value as AccessLiteral };
  return { kind: 'reachesCaller', relations: key.split('.') };
}

/** A condition of the config as a tree; every key holds (no key: always). */
export function conditionOf(
  model: ModelConfig,
  config: AccessConditionConfig | undefined,
): AccessCondition {
  const keys = Object.entries(config ?? {}).map(([key, value]) => keyCondition(model, key, value));
  return keys.length === 1
    ? keys[0]
    : keys.length === 0
      ? { kind: 'always' }
      : { kind: 'all', items: keys };
}

/** An operation a rule covers (`all` is all four). */
export type RuleOperation = Exclude<AccessOperation, 'all'>;

/** One rule of a model's `access`, checked and resolved. */
export interface AccessRule {
  /** Its place in `access`. */
  index: number;
  effect: 'allow' | 'deny';
  operations: RuleOperation[];
  description: string | null;
  condition: AccessCondition;
}

/** The model's rules, in their order (none: its queries add no condition). */
export function accessRulesOf(model: ModelConfig): AccessRule[] {
  return (model.access ?? []).map((rule, index) => {
    const effect = rule.allow !== undefined ? 'allow' : 'deny';
    return {
      index,
      effect,
      operations: [...new Set(ruleOperations(rule[effect]))] as RuleOperation[],
      description: rule.description ?? null,
      condition: conditionOf(model, rule.when),
    };
  });
}

type Leaf = Exclude<AccessCondition, { kind: 'all' | 'any' | 'not' }>;

/** Whether some condition at the leaves of `condition` is of one of `kinds`. */
function hasLeaf(condition: AccessCondition, kinds: ReadonlyArray<Leaf['kind']>): boolean {
  switch (condition.kind) {
    case 'all':
    case 'any':
      return condition.items.some((item) => hasLeaf(item, kinds));
    case 'not':
      return hasLeaf(condition.item, kinds);
    default:
      return kinds.includes(condition.kind);
  }
}

/** The record's own fields a condition reads (equals, isCaller), each once. */
export function recordFieldsOf(condition: AccessCondition): string[] {
  switch (condition.kind) {
    case 'all':
    case 'any':
      return [...new Set(condition.items.flatMap(recordFieldsOf))];
    case 'not':
      return recordFieldsOf(condition.item);
    case 'equals':
    case 'isCaller':
      return [condition.field];
    default:
      return [];
  }
}

/** Whether a condition reads the record's own fields. */
export const readsRecord = (condition: AccessCondition): boolean =>
  hasLeaf(condition, ['equals', 'isCaller']);

/** Whether a condition reads the caller (their id or role). */
export const readsCaller = (condition: AccessCondition): boolean =>
  hasLeaf(condition, ['isCaller', 'reachesCaller', 'role', 'signedIn']);

/**
 * Whether a condition holds only for callers it names by their id or role (not for any signed-in
 * caller): every way it can hold compares the record with the caller's id or asks for a role.
 */
export function namesCaller(condition: AccessCondition): boolean {
  switch (condition.kind) {
    case 'all':
      return condition.items.some(namesCaller);
    case 'any':
      return condition.items.every(namesCaller);
    case 'isCaller':
    case 'reachesCaller':
    case 'role':
      return true;
    default:
      return false;
  }
}

/**
 * Whether a condition compares the record's `field` (or its belongsTo `relation`, alone or as the
 * first step of a path) with the caller's id.
 */
export function comparesWithCaller(
  condition: AccessCondition,
  field: string,
  relation: string,
): boolean {
  switch (condition.kind) {
    case 'all':
    case 'any':
      return condition.items.some((item) => comparesWithCaller(item, field, relation));
    case 'not':
      return comparesWithCaller(condition.item, field, relation);
    case 'isCaller':
      return condition.field === field;
    case 'reachesCaller':
      return condition.relations[0] === relation;
    default:
      return false;
  }
}

/** Whether a condition asks for the caller's role (the handler then reads it). */
export const readsRole = (condition: AccessCondition): boolean => hasLeaf(condition, ['role']);

/** A field's rules: who reads it and who writes it (conditions on the record and the caller). */
export interface FieldRule {
  field: string;
  read: AccessCondition | null;
  write: AccessCondition | null;
}

/** The fields of the model with rules, in their order. */
export function fieldRulesOf(model: ModelConfig): FieldRule[] {
  return Object.entries(model.fields).flatMap(([field, config]) => {
    const access = typeof config === 'string' ? undefined : config.access;
    if (!access || (access.read === undefined && access.write === undefined)) return [];
    return [
      {
        field,
        read: access.read === undefined ? null : conditionOf(model, access.read),
        write: access.write === undefined ? null : conditionOf(model, access.write),
      },
    ];
  });
}
