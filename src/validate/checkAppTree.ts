import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import { pathShape, PathSegment } from './appPaths';
import { childPointer, diagnosticAt } from './locate';

export interface TreeEntry {
  document: ConfigDocument;
  /** Pointer of the object whose `path` this is. */
  pointer: string;
  segments: PathSegment[];
  kind: 'route' | 'page';
}

/**
 * Rules of the Next.js app folder that span files: one name per dynamic folder at a position
 * (`[id]` and `[userId]` side by side is a build error) and no folder with both a route handler
 * and a page.
 */
export function checkAppTree(entries: TreeEntry[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const paramAt = new Map<string, { name: string; entry: TreeEntry }>();
  const kindAt = new Map<string, TreeEntry>();
  for (const entry of entries) {
    const at = childPointer(entry.pointer, 'path');
    for (let i = 0; i < entry.segments.length; i++) {
      const name = entry.segments[i].param;
      if (!name) continue;
      const prefix = pathShape(entry.segments.slice(0, i + 1));
      const first = paramAt.get(prefix);
      if (!first) {
        paramAt.set(prefix, { name, entry });
      } else if (first.name !== name) {
        diagnostics.push(diagnosticAt(entry.document, at, `":${name}" sits where ${first.entry.document.file} uses ":${first.name}"; Next.js needs one name per dynamic folder`, `rename it to ":${first.name}" (and its "params" entry).`));
        break;
      }
    }
    const shape = pathShape(entry.segments);
    const other = kindAt.get(shape);
    if (!other) kindAt.set(shape, entry);
    else if (other.kind !== entry.kind) {
      diagnostics.push(diagnosticAt(entry.document, at, `a page and an API route cannot share a path (${other.document.file} has the other)`, 'serve pages and API routes at different paths, e.g. API routes under /api.'));
    }
  }
  return diagnostics;
}
