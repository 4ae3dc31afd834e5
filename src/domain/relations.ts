import type { IndexConfig, ModelConfig, RelationConfig } from '../config/configTypes';

/** The field a belongsTo relation keeps the related record's id in. */
export function relationField(name: string, relation: RelationConfig): string {
  return relation.field ?? `${name}Id`;
}

/** The model's relation of that name; own properties only, as for fields. */
export function relationOf(model: ModelConfig, name: string): RelationConfig | undefined {
  return model.relations && Object.hasOwn(model.relations, name)
    ? model.relations[name]
    : undefined;
}

export const indexFields = (index: IndexConfig): string[] =>
  Array.isArray(index) ? index : index.fields;

/** The relation of the other model that a hasMany or manyToMany relation mirrors, if one can be told. */
export function mirroredRelation(
  model: ModelConfig,
  relation: RelationConfig,
  other: ModelConfig,
): { name?: string; candidates: string[] } {
  const wanted = relation.type === 'hasMany' ? 'belongsTo' : 'manyToMany';
  const candidates = Object.entries(other.relations ?? {})
    .filter(([, r]) => r.type === wanted && r.model === model.name)
    .map(([name]) => name);
  if (relation.via)
    return { name: candidates.includes(relation.via) ? relation.via : undefined, candidates };
  return { name: candidates.length === 1 ? candidates[0] : undefined, candidates };
}
