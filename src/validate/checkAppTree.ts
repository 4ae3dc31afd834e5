import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import { pathShape, PathSegment } from './appPaths';
import { appFolderNamer } from './appFolders';
import { childPointer, diagnosticAt } from './locate';

export interface TreeEntry {
  document: ConfigDocument;
  /** Pointer of the object whose `path` this is. */
  pointer: string;
  segments: PathSegment[];
  kind: 'route' | 'page';
}

/**
 * Rules of the Next.js app folder that span files: no folder with both a route handler and a
 * page, and no path whose dynamic folders (named as src/validate/appFolders.ts shares them) would
 * use one name twice. Different parameter names at one position are fine: they share a folder.
 */
export function checkAppTree(entries: TreeEntry[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const kindAt = new Map<string, TreeEntry>();
  const folderOf = appFolderNamer(entries.map((entry) => '/' + entry.segments.map((s) => s.text).join('/')));
  for (const entry of entries) {
    const at = childPointer(entry.pointer, 'path');
    const path = '/' + entry.segments.map((s) => s.text).join('/');
    const { params } = folderOf(path);
    // The same name twice is reported with the route's parameters; here only distinct names.
    const clash = params.find((p, i) => params.findIndex((q) => q.folder === p.folder) !== i && params.every((q, j) => j === i || q.name !== p.name));
    if (clash) {
      const first = params.find((p) => p.folder === clash.folder) as { name: string };
      diagnostics.push(diagnosticAt(entry.document, at, `":${first.name}" and ":${clash.name}" of "${path}" would both be the dynamic folder [${clash.folder}] (Next.js shares one name per dynamic folder with other paths)`, `rename ":${clash.name}" so that no two parameters of the path share a folder name.`));
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
