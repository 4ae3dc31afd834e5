/**
 * Generated files are rewritten whenever their content changes; user-owned files are written
 * once, when missing, and never again.
 */
export type FileOwner = 'generated' | 'user';

export interface PlannedFile {
  content: string;
  owner: FileOwner;
  /** SHA-256 of `content`, when already known (the generation cache); computed when absent. */
  sha256?: string;
  /**
   * A user-owned file: what appgen scaffolds at this path under other settings (src/proxy.ts with
   * and without `cors`). A file on disk still equal to one of them was never edited: it is
   * replaced by `content`, so it follows the settings; any other is the user's and kept.
   */
  replaces?: string[];
}

/** Every output path (relative to the project, forward slashes) to its planned content. */
export type FileMap = Map<string, PlannedFile>;
