import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import { escapePointerToken } from '../load/parseJsonWithPositions';
import { pointerToJsonPath } from './jsonPath';

/** Builds a diagnostic for a value in a document, pointing at the value (or its key). */
export function diagnosticAt(
  document: ConfigDocument,
  pointer: string,
  message: string,
  hint?: string,
  at: 'value' | 'key' = 'value',
): Diagnostic {
  const position = document.positions.get(pointer);
  const location = at === 'key' ? (position?.key ?? position?.value) : position?.value;
  return {
    file: document.file,
    jsonPath: pointerToJsonPath(pointer),
    location,
    message,
    hint: hint || undefined,
  };
}

/** Pointer of a child property. */
export function childPointer(pointer: string, key: string | number): string {
  return `${pointer}/${escapePointerToken(String(key))}`;
}
