import fs from 'fs';
import path from 'path';
import { UserError } from '../diagnostics/diagnostic';
import { isGeneratedFile } from './findGeneratedFiles';
import { isOtherProcessRunning, tempPathOf } from './leftoverTemps';
import { removeFile } from './removeFile';
import { resolveInside } from './safePath';
import type { WriteFs } from './writeFs';

export const JOURNAL_PATH = '.appgen/journal.json';

/**
 * The rest of a run once every new content sits in a temporary file: what to rename into place
 * and what to delete. Written (atomically) before the first rename and removed after the last
 * delete, so a run killed in between is finished by the next one from here.
 */
export interface Journal {
  version: 1;
  /** The run's process id: its temporary files are `<file>.<pid>.appgen-tmp`. */
  pid: number;
  /** Files whose temporary file is renamed into place, in this order. */
  renames: string[];
  /** Generated files to delete (only while they still start with the header). */
  deletes: string[];
}

const isPathList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function damaged(reason: string): UserError {
  return new UserError(
    `${JOURNAL_PATH} is damaged (${reason})`,
    `delete it and run appgen generate again: the run then starts from the files as they are (appgen finds its own files by their header line).`,
  );
}

export function readJournal(root: string): Journal | undefined {
  const file = resolveInside(root, JOURNAL_PATH);
  if (!fs.existsSync(file)) return undefined;
  let value: Partial<Journal>;
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Journal>;
  } catch (error) {
    throw damaged((error as Error).message);
  }
  if (
    value?.version !== 1 ||
    !Number.isSafeInteger(value.pid) ||
    !isPathList(value.renames) ||
    !isPathList(value.deletes)
  )
    throw damaged('unexpected shape');
  try {
    for (const relative of [...value.renames, ...value.deletes]) resolveInside(root, relative);
  } catch (error) {
    throw damaged((error as Error).message);
  }
  return value as Journal;
}

export function writeJournal(root: string, journal: Journal, writeFs: WriteFs): void {
  const file = resolveInside(root, JOURNAL_PATH);
  writeFs.makeDir(path.dirname(file));
  // Temporary file then rename: a journal on disk is always whole.
  const temp = tempPathOf(file, journal.pid);
  writeFs.writeFile(temp, `${JSON.stringify(journal, null, 2)}\n`);
  writeFs.rename(temp, file);
}

/**
 * Carries out a journal, from wherever a killed run stopped: a temporary file already renamed is
 * gone, a file already deleted is missing, so each step is done at most once. Removes the journal last.
 */
export function carryOutJournal(root: string, journal: Journal, writeFs: WriteFs): void {
  for (const relative of journal.renames) {
    const target = resolveInside(root, relative);
    const temp = tempPathOf(target, journal.pid);
    if (fs.existsSync(temp)) writeFs.rename(temp, target);
  }
  for (const relative of journal.deletes) {
    const target = resolveInside(root, relative);
    if (isGeneratedFile(target)) removeFile(root, target, writeFs);
  }
  writeFs.removeFile(resolveInside(root, JOURNAL_PATH));
}

/** Finishes the run a journal left by a killed `generate` records; undefined when there is none. */
export function finishInterruptedRun(root: string, writeFs: WriteFs): Journal | undefined {
  const journal = readJournal(root);
  if (journal === undefined) return undefined;
  if (isOtherProcessRunning(journal.pid)) {
    throw new UserError(
      `another appgen (process ${journal.pid}) is writing this project now (${JOURNAL_PATH})`,
      `wait for it to finish, then run again. If no appgen is running, delete ${JOURNAL_PATH} and run appgen generate again.`,
    );
  }
  carryOutJournal(root, journal, writeFs);
  return journal;
}
