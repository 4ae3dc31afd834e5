import fs from 'fs';

/** Folders appgen never looks into, wherever they are. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.next', '.git']);

/**
 * The regular files in `folder` (relative to `root`, forward slashes), in its subfolders too when
 * `recursive`. Symbolic links are neither followed nor listed: appgen never writes through one.
 * A missing folder has no files.
 */
export function walkFiles(root: string, folder: string, options: { recursive: boolean }): string[] {
  const found: string[] = [];
  const walk = (relative: string): void => {
    let entries: fs.Dirent[];
    try {
      // Joined by hand (relative uses forward slashes): path.join's normalising, once per folder
      // of a tree of thousands, showed in the profile of a no-change run.
      entries = fs.readdirSync(relative === '' ? root : `${root}/${relative}`, {
        withFileTypes: true,
      });
    } catch (error) {
      if (
        (error as NodeJS.ErrnoException).code === 'ENOENT' ||
        (error as NodeJS.ErrnoException).code === 'ENOTDIR'
      )
        return;
      throw error;
    }
    for (const entry of entries) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isFile()) found.push(child);
      else if (entry.isDirectory() && options.recursive && !SKIPPED_FOLDERS.has(entry.name))
        walk(child);
    }
  };
  walk(folder === '.' ? '' : folder);
  return found.sort();
}

/**
 * The files of folders under one root, each folder walked once: for the steps of one plan that
 * look at the same tree (stale generated files, leftover temporary files). Only for a tree that
 * nothing writes to while it is in use.
 */
export class FolderListing {
  private readonly walked = new Map<string, string[]>();

  constructor(readonly root: string) {}

  files(folder: string, options: { recursive: boolean }): string[] {
    const key = `${options.recursive ? 'all' : 'top'}:${folder}`;
    let found = this.walked.get(key);
    if (!found) {
      found = walkFiles(this.root, folder, options);
      this.walked.set(key, found);
    }
    return found;
  }
}
