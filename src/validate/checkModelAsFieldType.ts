import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import { childPointer, diagnosticAt } from './locate';

/**
 * Fields whose type names a declared model (`"author": "User"`, `"id": "Article"`): a link to
 * another model written as a field. The schema would only say the value is not a field type; this
 * says what was meant and replaces that diagnostic (one mistake, one error).
 */
export function checkModelAsFieldType(
  document: ConfigDocument,
  models: ReadonlySet<string>,
): Diagnostic[] {
  const value = document.value as { name?: unknown; fields?: unknown } | null;
  const fields = value?.fields;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return [];
  return Object.entries(fields).flatMap(([name, field]) => {
    const long = typeof field === 'object' && field !== null;
    const type: unknown = long ? (field as { type?: unknown }).type : field;
    if (typeof type !== 'string' || !models.has(type)) return [];
    const pointer = childPointer('/fields', name);
    const self = typeof value?.name === 'string' ? value.name : 'this model';
    const link = name === 'id' ? type.charAt(0).toLowerCase() + type.slice(1) : name;
    const relation = `"relations": { "${link}": { "type": "belongsTo", "model": "${type}" } } with "${link}Id": "uuid" in "fields"`;
    return [
      diagnosticAt(
        document,
        long ? childPointer(pointer, 'type') : pointer,
        `"${type}" is a model, not a field type`,
        name === 'id'
          ? `"id" is ${self}'s own id: write "uuid". To link ${self} to ${type}, declare a relation, e.g. ${relation}.`
          : `to link ${self} to ${type}, replace the field with a relation, e.g. ${relation} (or a hasMany or manyToMany).`,
      ),
    ];
  });
}
