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
}

/** Every output path (relative to the project, forward slashes) to its planned content. */
export type FileMap = Map<string, PlannedFile>;
