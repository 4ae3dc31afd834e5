import type { FileMap } from '../render/fileMap';
import { applyPlan } from './applyPlan';
import { finishInterruptedRun, Journal, readJournal } from './journal';
import { findLeftoverTemps, removeLeftoverTemps, tempPathOf } from './leftoverTemps';
import { planWrite, WritePlan } from './planWrite';
import type { FolderListing } from './walkFiles';
import { nodeWriteFs, type WriteFs } from './writeFs';

/** What a killed run left behind: a journal to finish, temporary files to remove. */
export interface PendingRun {
  /** The journal of a run killed after its last temporary file was written. */
  journal?: Journal;
  /** Leftover temporary files (relative paths) besides those the journal renames into place. */
  temps: string[];
}

/** Looks for what a killed run left, changing nothing (for `--check` and `--dry-run`). */
export function findPendingRun(root: string, listing?: FolderListing): PendingRun {
  const journal = readJournal(root);
  const renamed = new Set((journal?.renames ?? []).map((file) => tempPathOf(file, journal?.pid)));
  return {
    journal,
    temps: findLeftoverTemps(root, listing).filter((temp) => !renamed.has(temp)),
  };
}

/**
 * The write stage: first finishes a run that was killed part-way (its journal) and removes
 * leftover temporary files, so planning starts from a whole tree; then writes what changed.
 */
export function writeProjectFiles(
  root: string,
  files: FileMap,
  writeFs: WriteFs = nodeWriteFs,
): { plan: WritePlan; pending: PendingRun } {
  const journal = finishInterruptedRun(root, writeFs);
  const temps = removeLeftoverTemps(root, writeFs);
  const plan = planWrite(root, files);
  applyPlan(root, plan, writeFs);
  return { plan, pending: { journal, temps } };
}
