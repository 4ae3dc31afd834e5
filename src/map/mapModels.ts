import type { FieldConfig, ModelConfig } from '../config/configTypes';
import { FIELD_TYPES } from '../config/fieldTypes';
import type { CheckedModel } from '../validate/checkedProject';
import { fieldOptions } from '../validate/checkModels';
import type { DatabaseProvider, FieldContext, ModelContext, RelationContext } from './contexts';
import { drizzleColumn } from './drizzleColumns';
import { mapIndexes } from './mapRelations';
import { delegateName } from './names';

export function enumTsType(values: readonly string[]): string {
  return values.map((v) => JSON.stringify(v)).join(' | ');
}

function prismaDefault(field: FieldConfig): string | undefined {
  const options = fieldOptions(field);
  if (options.type === 'date_now') return 'now()';
  if (options.default === undefined) return undefined;
  // JSON.stringify gives a valid Prisma string literal for the characters the schema allows.
  if (options.type === 'datetime') return JSON.stringify(new Date(String(options.default)).toISOString());
  return typeof options.default === 'string' ? JSON.stringify(options.default) : String(options.default);
}

function mapField(name: string, field: FieldConfig, provider: DatabaseProvider): FieldContext {
  const options = fieldOptions(field);
  const isId = name === 'id';
  const attributes: string[] = [];
  if (isId) attributes.push('@id', '@default(uuid())');
  else {
    if (options.unique) attributes.push('@unique');
    const value = prismaDefault(field);
    if (value !== undefined) attributes.push(`@default(${value})`);
  }
  const values = options.values ?? null;
  return {
    name,
    type: options.type,
    tsType: values ? enumTsType(values) : FIELD_TYPES[options.type].ts,
    prismaType: FIELD_TYPES[options.type].prisma,
    prismaAttributes: attributes.join(' '),
    drizzleColumn: drizzleColumn(name, field, provider),
    optional: Boolean(options.optional),
    unique: !isId && Boolean(options.unique),
    isId,
    values,
    hidden: Boolean(options.hidden),
  };
}

/** A model's fields with `id` first (added when the config leaves it out), then as declared. */
export function modelFields(config: ModelConfig): Record<string, FieldConfig> {
  const { id = 'uuid', ...rest } = config.fields;
  return { id, ...rest };
}

/** Every model, with the relations of both sides (mapRelations of all the models). */
export function mapModels(models: readonly CheckedModel[], relations: Map<string, RelationContext[]>, provider: DatabaseProvider): ModelContext[] {
  return models.map((model) => {
    const fields = Object.entries(modelFields(model.config)).map(([name, field]) => mapField(name, field, provider));
    return {
      name: model.config.name,
      delegate: delegateName(model.config.name),
      source: model.origin.file,
      fields,
      hasUnique: fields.some((field) => field.unique),
      relations: relations.get(model.config.name) ?? [],
      indexes: mapIndexes(model.config),
      hiddenFields: fields.filter((f) => f.hidden).map((f) => f.name),
      relatedModels: [...new Set((relations.get(model.config.name) ?? []).filter((r) => !r.backReference && r.model !== model.config.name).map((r) => r.model))].sort(),
    };
  });
}
