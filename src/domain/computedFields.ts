import type { ModelConfig } from '../config/configTypes';
import { isUrlComputed } from './computed';
import { fieldOf, fieldOptions, modelFieldNames } from './fields';

/** A field a response may send: declared (or `id`), not hidden, not a password. */
export function isSentField(model: ModelConfig, name: string): boolean {
  if (name === 'id') return true;
  const field = fieldOf(model, name);
  if (!field) return false;
  const options = fieldOptions(field);
  return !options.hidden && options.type !== 'password';
}

/** The fields responses send of a model, `id` first. */
export function sentFieldNames(model: ModelConfig): string[] {
  return modelFieldNames(model).filter((name) => isSentField(model, name));
}

/** The model's computed field of that name; own properties only. */
export function computedOf(model: ModelConfig, name: string) {
  return model.computed && Object.hasOwn(model.computed, name) ? model.computed[name] : undefined;
}

/** The model's `url` computed fields, in order: every answer of the model sends them unless its `fields` leave them out. */
export function urlFieldNames(model: ModelConfig): string[] {
  return Object.entries(model.computed ?? {})
    .filter(([, config]) => isUrlComputed(config))
    .map(([name]) => name);
}
