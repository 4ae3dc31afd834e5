import type { ComputedConfig, IncludeConfig, RouteConfig } from '../config/configTypes';

/** What a computed field reads from a relation. */
export type ComputedKind = 'count' | 'callerIn' | 'values';
/** What a computed field's config may name: a kind read from a relation, or `url` (no relation). */
export type ComputedConfigKind = ComputedKind | 'url';
export const COMPUTED_KINDS: readonly ComputedConfigKind[] = ['count', 'callerIn', 'values', 'url'];

/** A computed field that reads a relation (not a `url`). */
export type RelationComputedConfig = Exclude<ComputedConfig, { url: string }>;

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
export function computedKinds(config: ComputedConfig): ComputedConfigKind[] {
  return COMPUTED_KINDS.filter((kind) => kind in config);
}

/** A checked `url` computed field: the record's absolute URL, a route path filled with its fields. */
export function isUrlComputed(config: ComputedConfig): config is { url: string } {
  return 'url' in config;
}

/** The route path a url field fills (`/api/todos/:id`) as its parameters, in order (`["id"]`). */
export function urlPathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]);
}

/** A checked computed field that reads a relation, in long form. */
export function computedSpec(config: RelationComputedConfig): ComputedSpec {
  const [kind] = computedKinds(config) as ComputedKind[];
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
