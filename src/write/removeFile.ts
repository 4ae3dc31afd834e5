import fs from 'fs';
import path from 'path';
import type { WriteFs } from './writeFs';

/** Deletes a file, then the folders it leaves empty, up to (not including) the project root. */
export function removeFile(root: string, file: string, writeFs: WriteFs): void {
  writeFs.removeFile(file);
  const base = path.resolve(root);
  let dir = path.dirname(file);
  while (dir.startsWith(base + path.sep)) {
    if (fs.readdirSync(dir).length > 0) return;
    writeFs.removeDir(dir);
    dir = path.dirname(dir);
  }
}
