import type { Diagnostic } from '../diagnostics/diagnostic';
import type { TreeEntry } from './checkAppTree';
import { childPointer, diagnosticAt } from './locate';

/**
 * Folders of the app differing only in case (`/api/Users` beside `/api/users`) are one folder on
 * case-insensitive file systems (macOS, Windows), where one route would overwrite the other, and
 * on the others TypeScript refuses imports of paths differing only in case (TS1149). Compares
 * every folder on the way to each route and page, parameters counting as one folder.
 */
export function checkPathCase(entries: readonly TreeEntry[]): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const folders = new Map<string, { key: string; path: string; entry: TreeEntry }>();
  for (const entry of entries) {
    let key = '';
    let path = '';
    for (const segment of entry.segments) {
      key += `/${segment.param ? ':' : segment.text}`;
      path += `/${segment.text}`;
      const previous = folders.get(key.toLowerCase());
      if (!previous) {
        folders.set(key.toLowerCase(), { key, path, entry });
      } else if (previous.key !== key) {
        const other = previous.entry.document.file;
        problems.push(
          diagnosticAt(
            entry.document,
            childPointer(entry.pointer, 'path'),
            `"${path}" differs only in case from "${previous.path}" (${other}): they would be one folder on macOS and Windows`,
            `use one spelling: "${previous.path}".`,
          ),
        );
        break;
      }
    }
  }
  return problems;
}
