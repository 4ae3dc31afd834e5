import fs from 'fs';

/** Folders appgen never looks into, wherever they are. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.next', '.git']);

/**
 * The regular files in `folder` (relative to `root`, forward slashes), in its subfolders too when
 * `recursive`. Symbolic links are neither followed nor listed: appgen never writes through one.
 * A missing folder has no files.
 */
export function walkFiles(
  root: string,
  folder: string,
  options: { recursive: boolean },
  /** Filled with the folders read (missing ones too) and every entry in them, of any kind. */
  seen?: SeenEntries,
): string[] {
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
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        seen?.folders.add(relative);
        return;
      }
      if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return;
      throw error;
    }
    seen?.folders.add(relative);
    for (const entry of entries) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      seen?.entries.add(child);
      if (entry.isFile()) found.push(child);
      else if (entry.isDirectory() && options.recursive && !SKIPPED_FOLDERS.has(entry.name))
        walk(child);
    }
  };
  walk(folder === '.' ? '' : folder);
  return found.sort();
}

/** What walks saw: the folders read (`''` for the root), and every entry of those folders. */
export interface SeenEntries {
  folders: Set<string>;
  entries: Set<string>;
}

/**
 * The files of folders under one root, each folder walked once: for the steps of one plan that
 * look at the same tree (stale generated files, leftover temporary files). Only for a tree that
 * nothing writes to while it is in use.
 */
export class FolderListing {
  private readonly walked = new Map<string, string[]>();
  private readonly seen: SeenEntries = { folders: new Set(), entries: new Set() };

  constructor(readonly root: string) {}

  files(folder: string, options: { recursive: boolean }): string[] {
    const key = `${options.recursive ? 'all' : 'top'}:${folder}`;
    let found = this.walked.get(key);
    if (!found) {
      found = walkFiles(this.root, folder, options, this.seen);
      this.walked.set(key, found);
    }
    return found;
  }

  /**
   * Whether `path` (relative, forward slashes) is known to be missing: the nearest of its folders
   * that a walk read holds nothing of the name on the way. False when no walk read one of them.
   * (A cold run plans thousands of files that do not exist yet; reading each to find that out
   * threw an error each, ~20 µs: ~80 ms at N = 1000, bench/README.md.)
   */
  isMissing(path: string): boolean {
    let child = path;
    for (;;) {
      const slash = child.lastIndexOf('/');
      const folder = slash === -1 ? '' : child.slice(0, slash);
      if (this.seen.folders.has(folder)) return !this.seen.entries.has(child);
      if (folder === '') return false;
      child = folder;
    }
  }
}
