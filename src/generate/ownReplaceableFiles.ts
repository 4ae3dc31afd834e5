import path from 'path';
import fs from 'fs';
import type { FileMap } from '../render/fileMap';
import { isGeneratedFile } from '../write/findGeneratedFiles';
import type { Warn } from './warnings';

/**
 * Generated files a project may have its own of, which appgen then leaves out (with a warning)
 * instead of refusing to overwrite them: projects made before appgen wrote them often have one.
 * Each with what the project misses, for the warning.
 */
export const REPLACEABLE_FILES: ReadonlyArray<{ file: string; what: string }> = [
  { file: '.env.example', what: 'its list of the environment variables the app reads' },
  { file: 'src/app/page.tsx', what: 'its home page' },
  { file: 'src/app/not-found.tsx', what: 'its not-found page' },
];

/**
 * Whether the project has a file of its own at `file` (one without appgen's header: written by
 * hand before appgen wrote one, or taken over by removing the header).
 */
export function hasOwnFile(root: string, file: string): boolean {
  const target = path.join(root, file);
  return fs.existsSync(target) && !isGeneratedFile(target);
}

/** Leaves out each of REPLACEABLE_FILES that the project has its own of, and says so. */
export function leaveOutReplaceableIfOwn(root: string, files: FileMap, warn: Warn): void {
  for (const { file, what } of REPLACEABLE_FILES) {
    if (!files.has(file) || !hasOwnFile(root, file)) continue;
    files.delete(file);
    warn(
      `appgen: the project has its own ${file}, so appgen does not write ${what} there. To get it (kept up to date), move yours away and run appgen generate.\n`,
    );
  }
}
