import type { FieldConfig, FieldOptions, ModelConfig } from '../config/configTypes';
import { isServerSetType } from '../config/fieldTypes';

/** The long form of a field, whether it was written as a type string or an object. */
export function fieldOptions(field: FieldConfig): FieldOptions {
  return typeof field === 'string' ? { type: field } : field;
}

/** The model's field of that name; own properties only, so "constructor" is not a field. */
export function fieldOf(model: ModelConfig, name: string): FieldConfig | undefined {
  return Object.hasOwn(model.fields, name) ? model.fields[name] : undefined;
}

/** A model's field names, `id` first (every model has it, declared or not). */
export function modelFieldNames(model: ModelConfig): string[] {
  return ['id', ...Object.keys(model.fields).filter((name) => name !== 'id')];
}

/** A model's fields with `id` first (added when the config leaves it out), then as declared. */
export function modelFields(config: ModelConfig): Record<string, FieldConfig> {
  const { id = 'uuid', ...rest } = config.fields;
  return { id, ...rest };
}

/** Whether a create must set the field: required, without default, and not set by the server. */
export function isRequiredOnCreate(name: string, field: FieldConfig): boolean {
  const options = fieldOptions(field);
  return (
    name !== 'id' &&
    !options.optional &&
    options.default === undefined &&
    !isServerSetType(options.type)
  );
}
