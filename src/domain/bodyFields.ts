import type {
  BodyFieldConfig,
  BodyFieldOptions,
  FieldConfig,
  ModelConfig,
} from '../config/configTypes';
import { fieldOf, isRequiredOnCreate } from './fields';
import type { RouteOperation } from './routeOperation';

/** The long form of a body field, whether written as a type string or an object. */
export function bodyFieldOptions(field: BodyFieldConfig): BodyFieldOptions {
  return typeof field === 'string' ? { type: field } : field;
}

/**
 * Whether a request must carry the field: declared `required`, or a create or replace of a
 * model field the model requires (PATCH leaves absent fields alone).
 */
export function isBodyFieldRequired(
  name: string,
  field: BodyFieldConfig,
  operation: RouteOperation,
  model: ModelConfig | undefined,
): boolean {
  if (bodyFieldOptions(field).required) return true;
  const modelField = model && fieldOf(model, name);
  return (
    Boolean(modelField) &&
    (operation === 'create' || operation === 'replace') &&
    isRequiredOnCreate(name, modelField as FieldConfig)
  );
}
