import type { ModelConfig, OnDelete } from '../config/configTypes';
import { fieldOf, fieldOptions } from '../validate/checkModels';
import { indexFields, mirroredRelation, relationField } from '../validate/checkRelations';
import type { IndexContext, RelationContext } from './contexts';
import { delegateName, pascalCase } from './names';

const ON_DELETE: Record<OnDelete, 'Restrict' | 'Cascade' | 'SetNull'> = { restrict: 'Restrict', cascade: 'Cascade', setNull: 'SetNull' };

/**
 * Each model's relations, both sides named alike: a belongsTo and the hasMany mirroring it share
 * `<Model>_<relation>` of the belongsTo side; a manyToMany pair shares the name of the side that
 * sorts first. A side the config leaves out is added as a back reference.
 */
export function mapRelations(models: readonly ModelConfig[]): Map<string, RelationContext[]> {
  const byName = new Map(models.map((m) => [m.name, m]));
  const result = new Map<string, RelationContext[]>(models.map((m) => [m.name, []]));
  const mirrored = new Set<string>();
  for (const model of models) {
    for (const [name, relation] of Object.entries(model.relations ?? {})) {
      const other = byName.get(relation.model) as ModelConfig;
      const own = `${model.name}_${name}`;
      let relationName = own;
      if (relation.type !== 'belongsTo') {
        const mirror = mirroredRelation(model, relation, other).name;
        if (mirror) {
          const theirs = `${other.name}_${mirror}`;
          relationName = relation.type === 'hasMany' || theirs < own ? theirs : own;
          mirrored.add(`${other.name}.${mirror}`);
        }
      }
      const field = relation.type === 'belongsTo' ? relationField(name, relation) : null;
      const fieldConfig = field ? fieldOf(model, field) : undefined;
      (result.get(model.name) as RelationContext[]).push({
        name,
        type: relation.type,
        model: relation.model,
        field,
        optional: Boolean(fieldConfig && fieldOptions(fieldConfig).optional),
        onDelete: relation.type === 'belongsTo' ? ON_DELETE[relation.onDelete ?? 'restrict'] : null,
        relationName,
        isList: relation.type !== 'belongsTo',
        backReference: false,
      });
    }
  }
  // Sides nobody declared: Prisma needs them in the schema.
  for (const model of models) {
    for (const relation of result.get(model.name) as RelationContext[]) {
      if (relation.backReference || mirrored.has(`${model.name}.${relation.name}`)) continue;
      const declaredOther = (result.get(relation.model) as RelationContext[]).some((r) => r.relationName === relation.relationName);
      if (declaredOther || relation.type === 'hasMany') continue;
      (result.get(relation.model) as RelationContext[]).push({
        name: `${delegateName(model.name)}By${pascalCase(relation.name)}`,
        type: relation.type === 'belongsTo' ? 'hasMany' : 'manyToMany',
        model: model.name,
        field: null,
        optional: false,
        onDelete: null,
        relationName: relation.relationName,
        isList: true,
        backReference: true,
      });
    }
  }
  return result;
}

/** Declared indexes, and an index on each belongsTo field not already leading one (or unique). */
export function mapIndexes(model: ModelConfig): IndexContext[] {
  const named = (fields: string[], unique: boolean) => ({ name: `${model.name}_${fields.join('_')}_${unique ? 'key' : 'idx'}`, fields, unique });
  const declared = (model.indexes ?? []).map((index) => named(indexFields(index), !Array.isArray(index) && Boolean(index.unique)));
  const covered = (field: string) => field === 'id' || declared.some((i) => i.fields[0] === field) || Boolean(fieldOf(model, field) && fieldOptions(fieldOf(model, field) as never).unique);
  const foreign = Object.entries(model.relations ?? {})
    .filter(([, r]) => r.type === 'belongsTo')
    .map(([name, r]) => relationField(name, r))
    .filter((field) => !covered(field))
    .map((field) => named([field], false));
  return [...declared, ...foreign];
}
