import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument, ConfigKind } from '../load/configDocument';
import { childPointer, diagnosticAt } from './locate';

/** The key only a file of each kind has, and the folder such files belong in. */
const KINDS: Array<{ kind: ConfigKind; key: string; folder: string; what: string }> = [
  { kind: 'model', key: 'fields', folder: 'config/models/', what: 'a model' },
  { kind: 'routes', key: 'routes', folder: 'config/routes/', what: 'a routes file' },
  { kind: 'view', key: 'root', folder: 'config/views/', what: 'a view' },
];

/**
 * A file of one kind in another kind's folder (a routes file in config/models/): one error that
 * says where it belongs, rather than every key its schema misses or does not know. Undefined
 * when the file has its own kind's key, or no other kind's.
 */
export function fileKindProblem(document: ConfigDocument): Diagnostic | undefined {
  const value = document.value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const own = KINDS.find((k) => k.kind === document.kind);
  if (!own || Object.hasOwn(value, own.key)) return undefined;
  const other = KINDS.find((k) => k.kind !== document.kind && Object.hasOwn(value, k.key));
  if (!other) return undefined;
  return diagnosticAt(
    document,
    childPointer('', other.key),
    `this is ${other.what} (it has "${other.key}"), and ${own.folder} holds ${own.what === 'a routes file' ? 'routes files' : `${own.what.slice(2)}s`}`,
    `move it to ${other.folder}.`,
    'key',
  );
}
