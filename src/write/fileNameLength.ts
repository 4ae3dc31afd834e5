import { UserError } from '../diagnostics/diagnostic';
import type { FileMap } from '../render/fileMap';

/**
 * The longest file or folder name, in bytes, that common file systems take (NAME_MAX on Linux
 * and macOS, 255 UTF-16 units on Windows): the `.appgen-tmp` suffix of the temporary file must
 * fit too.
 */
export const MAX_NAME_BYTES = 255 - '.99999999.appgen-tmp'.length;

/**
 * Refuses, before anything is written, an output path with a name the file system would refuse
 * (a config name or path segment thousands of characters long), which would otherwise fail
 * half-way through as ENAMETOOLONG.
 */
export function checkFileNameLengths(files: FileMap): void {
  const long: string[] = [];
  for (const file of files.keys()) {
    // A path this short has no name that long (a UTF-16 unit is at most 3 bytes of UTF-8):
    // nearly every path, so most are not split (thousands per run in a large project).
    if (file.length * 3 <= MAX_NAME_BYTES) continue;
    for (const part of file.split('/'))
      if (Buffer.byteLength(part) > MAX_NAME_BYTES) long.push(part);
  }
  if (long.length === 0) return;
  const name = long[0];
  const shown = name.length > 60 ? `${name.slice(0, 60)}… (${name.length} characters)` : name;
  throw new UserError(
    `a generated file or folder would be named "${shown}", longer than the ${MAX_NAME_BYTES} bytes a file name may have`,
    'shorten the model, view, function, voter or event name, or the route path segment, it comes from. Nothing was written.',
  );
}
