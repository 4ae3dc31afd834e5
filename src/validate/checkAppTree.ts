import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import { pathShape, PathSegment } from '../domain/appPaths';
import { childPointer, diagnosticAt } from './locate';

export interface TreeEntry {
  document: ConfigDocument;
  /** Pointer of the object whose `path` this is. */
  pointer: string;
  segments: PathSegment[];
  kind: 'route' | 'page';
}

/** Paths appgen generates files at itself: the OpenAPI document, the API docs page, health checks. */
export const GENERATED_APP_PATHS: Record<string, string> = {
  '/api/openapi.json': 'the OpenAPI document',
  '/api/docs': 'the API documentation page',
  '/api/health': 'the readiness check (GET /api/health)',
  '/api/health/live': 'the liveness check (GET /api/health/live)',
  '/appgen/mail': 'the development mailbox (with account mail routes)',
};

/**
 * Rules of the Next.js app folder that span files: no folder with both a route handler and a
 * page. Different parameter names at one position are fine: they share a folder, named by
 * src/validate/appFolders.ts.
 */
export function checkAppTree(entries: TreeEntry[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const kindAt = new Map<string, TreeEntry>();
  for (const entry of entries) {
    const at = childPointer(entry.pointer, 'path');
    const shape = pathShape(entry.segments);
    if (GENERATED_APP_PATHS[shape]) {
      diagnostics.push(
        diagnosticAt(
          entry.document,
          at,
          `${shape} is where appgen serves ${GENERATED_APP_PATHS[shape]}`,
          'choose another path for this route or view.',
        ),
      );
      continue;
    }
    const other = kindAt.get(shape);
    if (!other) kindAt.set(shape, entry);
    else if (other.kind !== entry.kind) {
      diagnostics.push(
        diagnosticAt(
          entry.document,
          at,
          `a page and an API route cannot share a path (${other.document.file} has the other)`,
          'serve pages and API routes at different paths, e.g. API routes under /api.',
        ),
      );
    }
  }
  return diagnostics;
}
