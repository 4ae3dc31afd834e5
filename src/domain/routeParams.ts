import type { FieldOptions, ModelConfig } from '../config/configTypes';
import { FIELD_TYPES, type ParamType } from '../config/fieldTypes';
import { fieldOf, fieldOptions } from './fields';
import { indexFields, relationField } from './relations';

/**
 * The record a path parameter names through a `belongsTo` relation of the route's model: the
 * parent `model` is found by its `field` (`id`, or a unique field such as `slug`), and the route's
 * records are those whose `foreignKey` holds the parent's id.
 */
export interface ParamParent {
  relation: string;
  model: string;
  field: string;
  foreignKey: string;
}

/**
 * What a path parameter of a route on `model` means:
 * - `field`: the model's field of the same name (`:id`, `:slug`, `:authorId`) equals it;
 * - `parent`: it names the parent record of a belongsTo relation by a unique field of the parent
 *   (`:slug` of `/api/articles/:slug/comments`, for Comment.article → Article.slug);
 * - `unknown`: neither. `notUnique` lists parent fields of that name that are not unique (the
 *   likely fix), `ambiguous` the parents when several have such a unique field.
 */
export type ParamRole =
  | { kind: 'field'; parent: ParamParent | null }
  | { kind: 'parent'; parent: ParamParent }
  | { kind: 'unknown'; notUnique: string[]; ambiguous: string[] };

/** A field option set that makes the field unique: `unique`, or the `slug` type (always unique). */
export function isUniqueOption(options: FieldOptions): boolean {
  return Boolean(options.unique) || options.type === 'slug';
}

/**
 * Fields whose value names one record: `id`, fields declared `unique`, and fields that alone
 * make a unique index.
 */
export function uniqueFields(model: ModelConfig): string[] {
  const declared = Object.entries(model.fields)
    .filter(([name, field]) => name !== 'id' && isUniqueOption(fieldOptions(field)))
    .map(([name]) => name);
  const indexed = (model.indexes ?? [])
    .filter((index) => !Array.isArray(index) && index.unique && index.fields.length === 1)
    .map((index) => indexFields(index)[0]);
  return [...new Set(['id', ...declared, ...indexed])];
}

export function isUniqueField(model: ModelConfig, name: string): boolean {
  return uniqueFields(model).includes(name);
}

/** The belongsTo relations of a model, with the field holding the related record's id. */
function belongsTo(model: ModelConfig): Array<{ name: string; model: string; field: string }> {
  return Object.entries(model.relations ?? {})
    .filter(([, relation]) => relation.type === 'belongsTo')
    .map(([name, relation]) => ({
      name,
      model: relation.model,
      field: relationField(name, relation),
    }));
}

/** How a path parameter named `name` selects records of `model` (see ParamRole). */
export function paramRole(
  model: ModelConfig,
  name: string,
  models: ReadonlyMap<string, ModelConfig>,
): ParamRole {
  if (name === 'id' || fieldOf(model, name)) {
    // A belongsTo field in the path (`/api/users/:authorId/posts`) names the parent by its id.
    const relation = belongsTo(model).find((r) => r.field === name);
    return {
      kind: 'field',
      parent: relation
        ? { relation: relation.name, model: relation.model, field: 'id', foreignKey: name }
        : null,
    };
  }
  const parents = belongsTo(model).filter((relation) => {
    const other = models.get(relation.model);
    return other !== undefined && isUniqueField(other, name);
  });
  if (parents.length === 1) {
    const [relation] = parents;
    return {
      kind: 'parent',
      parent: {
        relation: relation.name,
        model: relation.model,
        field: name,
        foreignKey: relation.field,
      },
    };
  }
  const notUnique = belongsTo(model)
    .filter((relation) => {
      const other = models.get(relation.model);
      return other !== undefined && fieldOf(other, name) !== undefined;
    })
    .map((relation) => `${relation.model}.${name}`);
  return {
    kind: 'unknown',
    notUnique: parents.length ? [] : notUnique,
    ambiguous: parents.map((relation) => `${relation.model} (${relation.name})`),
  };
}

/**
 * Whether a path parameter of `type` can be compared with the model's field: text parameters
 * (uuid, string) with text fields, int parameters with int fields; other kinds never.
 */
export function paramFitsField(type: ParamType, model: ModelConfig, field: string): boolean {
  const config = field === 'id' ? 'uuid' : fieldOf(model, field);
  if (!config) return false;
  const fieldType = fieldOptions(config).type;
  if (fieldType === 'password') return false;
  const kind = FIELD_TYPES[fieldType].kind;
  return kind === 'integer' ? type === 'int' : kind === 'string' && type !== 'int';
}
