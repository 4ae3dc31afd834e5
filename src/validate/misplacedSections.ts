import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import { childPointer, diagnosticAt } from './locate';

/** Parts of a model that sit beside "fields", never inside it. */
const MODEL_SECTIONS = ['relations', 'indexes', 'computed'];

/**
 * A model's `relations` (or `indexes`, `computed`) written inside `fields`, a brace too late:
 * one error that says where it belongs, instead of what the field schema says of each entry.
 */
export function withMisplacedSections(
  document: ConfigDocument,
  problems: Diagnostic[],
): Diagnostic[] {
  const fields = (document.value as { fields?: unknown } | null)?.fields;
  if (document.kind !== 'model' || problems.length === 0) return problems;
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return problems;
  const misplaced = MODEL_SECTIONS.filter((key) => {
    const value = (fields as Record<string, unknown>)[key];
    return value !== null && typeof value === 'object' && !Object.hasOwn(value, 'type');
  });
  if (misplaced.length === 0) return problems;
  const inside = (path: string) =>
    misplaced.some((key) => {
      const at = `fields.${key}`;
      return path === at || path.startsWith(`${at}.`) || path.startsWith(`${at}[`);
    });
  return [
    ...misplaced.map((key) =>
      diagnosticAt(
        document,
        childPointer('/fields', key),
        `"${key}" is inside "fields", and belongs beside it`,
        `move "${key}" out of "fields": close "fields" with "}" before it.`,
        'key',
      ),
    ),
    ...problems.filter((problem) => !inside(problem.jsonPath)),
  ];
}
