import type { OnDelete } from '../config/configTypes';
import type { ProjectModel } from '../validate/checkedProject';
import type { IndexContext, RelationContext } from './contexts';
import { delegateName, pascalCase } from '../domain/names';

const ON_DELETE: Record<OnDelete, 'Restrict' | 'Cascade' | 'SetNull'> = {
  restrict: 'Restrict',
  cascade: 'Cascade',
  setNull: 'SetNull',
};
const SQL_ON_DELETE: Record<OnDelete, 'restrict' | 'cascade' | 'set null'> = {
  restrict: 'restrict',
  cascade: 'cascade',
  setNull: 'set null',
};

/**
 * The links table of a manyToMany relation as Prisma makes it: `_<relationName>`, column `A` for
 * the model whose name sorts first (on a relation of a model with itself, the side whose name does).
 */
function joinTable(
  relationName: string,
  own: { model: string; side: string },
  other: { model: string; side: string },
): RelationContext['joinTable'] {
  const ownFirst = own.model !== other.model ? own.model < other.model : own.side <= other.side;
  return {
    name: `_${relationName}`,
    ownColumn: ownFirst ? 'A' : 'B',
    otherColumn: ownFirst ? 'B' : 'A',
  };
}

/**
 * Each model's relations, both sides named alike: a belongsTo and the hasMany mirroring it share
 * `<Model>_<relation>` of the belongsTo side; a manyToMany pair shares the name of the side that
 * sorts first. A side the config leaves out is added as a back reference.
 */
export function mapRelations(models: readonly ProjectModel[]): Map<string, RelationContext[]> {
  const ruledNames = new Set(models.filter((m) => m.access.length > 0).map((m) => m.name));
  const byName = new Map(models.map((m) => [m.name, m]));
  const result = new Map<string, Array<Omit<RelationContext, 'apiType'>>>(
    models.map((m) => [m.name, []]),
  );
  const mirrored = new Set<string>();
  for (const model of models) {
    for (const relation of model.relations) {
      const { name } = relation;
      const other = byName.get(relation.model) as ProjectModel;
      const own = `${model.name}_${name}`;
      let relationName = own;
      const mirror = relation.mirror ?? undefined;
      if (mirror) {
        const theirs = `${other.name}_${mirror}`;
        relationName = relation.type === 'hasMany' || theirs < own ? theirs : own;
        mirrored.add(`${other.name}.${mirror}`);
      }
      const otherSide = mirror ?? `${delegateName(model.name)}By${pascalCase(name)}`;
      const field = relation.field;
      const fieldConfig = field ? model.fields.find((f) => f.name === field) : undefined;
      (result.get(model.name) as Array<Omit<RelationContext, 'apiType'>>).push({
        name,
        type: relation.type,
        model: relation.model,
        modelDelegate: delegateName(relation.model),
        field,
        optional: Boolean(fieldConfig?.optional),
        onDelete: relation.onDelete ? ON_DELETE[relation.onDelete] : null,
        sqlOnDelete: relation.onDelete ? SQL_ON_DELETE[relation.onDelete] : null,
        foreignField:
          relation.type === 'hasMany' && mirror
            ? (other.relations.find((r) => r.name === mirror)?.field ?? null)
            : null,
        joinTable:
          relation.type === 'manyToMany'
            ? joinTable(
                relationName,
                { model: model.name, side: name },
                { model: other.name, side: otherSide },
              )
            : null,
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
      const declaredOther = (
        result.get(relation.model) as Array<Omit<RelationContext, 'apiType'>>
      ).some((r) => r.relationName === relation.relationName);
      if (declaredOther || relation.type === 'hasMany') continue;
      const name = `${delegateName(model.name)}By${pascalCase(relation.name)}`;
      (result.get(relation.model) as Array<Omit<RelationContext, 'apiType'>>).push({
        name,
        type: relation.type === 'belongsTo' ? 'hasMany' : 'manyToMany',
        model: model.name,
        modelDelegate: delegateName(model.name),
        field: null,
        optional: false,
        onDelete: null,
        sqlOnDelete: null,
        foreignField: relation.type === 'belongsTo' ? relation.field : null,
        joinTable:
          relation.type === 'manyToMany'
            ? joinTable(
                relation.relationName,
                { model: relation.model, side: name },
                { model: model.name, side: relation.name },
              )
            : null,
        relationName: relation.relationName,
        isList: true,
        backReference: true,
      });
    }
  }
  return new Map(
    [...result].map(([model, list]) => [
      model,
      list.map((relation) => ({ ...relation, apiType: apiTypeOf(relation, ruledNames) })),
    ]),
  );
}

/**
 * A relation's type in its model's API type: a list, or one record (null when optional, or when
 * the related model has access rules: a record the caller may not read is sent as null).
 */
function apiTypeOf(relation: Omit<RelationContext, 'apiType'>, ruled: Set<string>): string {
  if (relation.isList) return `${relation.model}[]`;
  return relation.optional || ruled.has(relation.model)
    ? `${relation.model} | null`
    : relation.model;
}

/** Declared indexes, and an index on each belongsTo field not already leading one (or unique). */
export function mapIndexes(model: ProjectModel): IndexContext[] {
  const named = (fields: string[], unique: boolean) => ({
    name: `${model.name}_${fields.join('_')}_${unique ? 'key' : 'idx'}`,
    fields,
    unique,
  });
  const declared = model.indexes.map((index) => named(index.fields, index.unique));
  const covered = (field: string) =>
    field === 'id' ||
    declared.some((i) => i.fields[0] === field) ||
    Boolean(model.fields.find((f) => f.name === field)?.unique);
  const foreign = model.relations
    .filter((r) => r.field !== null)
    .map((r) => r.field as string)
    .filter((field) => !covered(field))
    .map((field) => named([field], false));
  return [...declared, ...foreign];
}
