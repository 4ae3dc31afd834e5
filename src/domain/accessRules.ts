import type {
  AccessConditionConfig,
  AccessOperation,
  AccessRuleConfig,
  ModelConfig,
} from '../config/configTypes';

/** The operations rules may cover today (issue 52: the write operations come next). */
export const ENFORCED_OPERATIONS: readonly AccessOperation[] = ['read'];

/** The keys of a condition that are not fields or relations of the model. */
export const CALLER_ROLE_KEY = 'currentUser.role';
export const CALLER_KEY = 'currentUser';
export const COMBINATOR_KEYS = ['any', 'all', 'not'] as const;

/** A literal a field of the record is compared with. */
export type AccessLiteral = string | number | boolean | null;

/** A checked condition of an access rule (the config's, with each key resolved). */
export type AccessCondition =
  | { kind: 'always' }
  | { kind: 'never' }
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
export function ruleOperations(value: AccessRuleConfig['allow']): AccessOperation[] {
  const listed = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return listed.flatMap((operation): AccessOperation[] =>
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

/** A rule of the model that covers `operation`, with its place in `access`. */
export interface CoveringRule {
  index: number;
  effect: 'allow' | 'deny';
  condition: AccessCondition;
  description: string | null;
}

/** The rules of the model that cover `operation`, in their order. */
export function rulesCovering(model: ModelConfig, operation: AccessOperation): CoveringRule[] {
  return (model.access ?? []).flatMap((rule, index): CoveringRule[] => {
    const effect = rule.allow !== undefined ? 'allow' : 'deny';
    if (!ruleOperations(rule[effect]).includes(operation)) return [];
    const condition = conditionOf(model, rule.when);
    return [{ index, effect, condition, description: rule.description ?? null }];
  });
}

/**
 * What the model's rules permit for `operation`: some allow rule holds and no deny rule does
 * (deny wins); nothing at all when no rule allows it. Null when the model has no rules (no
 * condition is added to its queries).
 */
export function permitted(model: ModelConfig, operation: AccessOperation): AccessCondition | null {
  if (!model.access || model.access.length === 0) return null;
  const rules = rulesCovering(model, operation);
  const allows = rules.filter((rule) => rule.effect === 'allow').map((rule) => rule.condition);
  const denies = rules.filter((rule) => rule.effect === 'deny').map((rule) => rule.condition);
  if (allows.length === 0) return { kind: 'never' };
  const allowed: AccessCondition = allows.length === 1 ? allows[0] : { kind: 'any', items: allows };
  if (denies.length === 0) return allowed;
  const denied: AccessCondition = denies.length === 1 ? denies[0] : { kind: 'any', items: denies };
  return { kind: 'all', items: [allowed, { kind: 'not', item: denied }] };
}

/** Whether a condition asks for the caller's role (the handler then reads it). */
export function readsRole(condition: AccessCondition): boolean {
  switch (condition.kind) {
    case 'role':
      return true;
    case 'all':
    case 'any':
      return condition.items.some(readsRole);
    case 'not':
      return readsRole(condition.item);
    default:
      return false;
  }
}
