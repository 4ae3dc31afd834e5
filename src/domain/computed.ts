import type { ComputedConfig, IncludeConfig, RouteConfig } from '../config/configTypes';

export type ComputedKind = 'count' | 'callerIn' | 'values';
export const COMPUTED_KINDS: readonly ComputedKind[] = ['count', 'callerIn', 'values'];

/** A computed field in long form: what it computes, over which relation. */
export interface ComputedSpec {
  kind: ComputedKind;
  relation: string;
  /** values: the related model's field listed; else null. */
  field: string | null;
  /** values: the order of the list (`field` unless configured); else null. */
  orderBy: { field: string; descending: boolean } | null;
}

/** The kinds a computed field's config names (one when valid). */
export function computedKinds(config: ComputedConfig): ComputedKind[] {
  return COMPUTED_KINDS.filter((kind) => kind in config);
}

/** A checked computed field in long form. */
export function computedSpec(config: ComputedConfig): ComputedSpec {
  const [kind] = computedKinds(config);
  const relation = (config as Record<ComputedKind, string>)[kind];
  if (kind !== 'values') return { kind, relation, field: null, orderBy: null };
  const { field, orderBy } = config as { field: string; orderBy?: string };
  const order = orderBy ?? field;
  return {
    kind,
    relation,
    field,
    orderBy: { field: order.replace(/^-/, ''), descending: order.startsWith('-') },
  };
}

/** A route's `include` as entries, in config order: the list form or the object form. */
export function includeEntries(
  include: RouteConfig['include'],
): Array<{ name: string; shape: IncludeConfig | null }> {
  if (!include) return [];
  if (Array.isArray(include)) return include.map((name) => ({ name, shape: null }));
  return Object.entries(include).map(([name, shape]) => ({ name, shape }));
}
