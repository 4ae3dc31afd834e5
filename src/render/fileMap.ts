/**
 * Generated files are rewritten whenever their content changes; user-owned files are written
 * once, when missing, and never again.
 */
export type FileOwner = 'generated' | 'user';

export interface PlannedFile {
  content: string;
  owner: FileOwner;
}

/** Every output path (relative to the project, forward slashes) to its planned content. */
export type FileMap = Map<string, PlannedFile>;
