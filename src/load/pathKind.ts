import fs from 'fs';

/** What is at a path, following symbolic links: a file, a folder, nothing, or something else. */
export function pathKind(file: string): 'file' | 'folder' | 'missing' | 'other' {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return 'missing';
  }
  if (stat.isFile()) return 'file';
  return stat.isDirectory() ? 'folder' : 'other';
}
