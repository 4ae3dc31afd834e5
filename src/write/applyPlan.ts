import fs from 'fs';
import path from 'path';
import { carryOutJournal, writeJournal } from './journal';
import { tempPathOf } from './leftoverTemps';
import { MANIFEST_PATH, serializeManifest } from './manifest';
import type { WritePlan } from './planWrite';
import { resolveInside } from './safePath';
import { nodeWriteFs, type WriteFs } from './writeFs';

/**
 * Writes a plan in two phases. First every new content goes to a temporary file next to its
 * target: a failure or a kill there leaves the project as it was (plus temporary files, which the
 * next run removes). Then a journal of the renames and deletes is written, and carried out: a
 * kill from there on is finished by the next run (src/write/journal.ts). Unchanged files are not
 * touched (their modification times stay).
 */
export function applyPlan(root: string, plan: WritePlan, writeFs: WriteFs = nodeWriteFs): void {
  // Updates land before new files, and new routes and pages last: a dev server that discovers a
  // new route then compiles it against already-updated (or new) modules, such as its model's
  // answer shapes (Turbopack missed updates that landed alongside).
  const isEntry = (file: { path: string }) =>
    /^src\/app\/(.*\/)?(route\.ts|page\.tsx)$/.test(file.path);
  const writes = [
    ...plan.update,
    ...plan.create.filter((file) => !isEntry(file)),
    ...plan.create.filter(isEntry),
  ];
  const manifestPath = resolveInside(root, MANIFEST_PATH);
  const manifestText = serializeManifest(plan.manifest);
  const manifestChanged =
    !fs.existsSync(manifestPath) || fs.readFileSync(manifestPath, 'utf8') !== manifestText;
  // The manifest goes last, so it never lists files that are not in place yet.
  if (manifestChanged) writes.push({ path: MANIFEST_PATH, content: manifestText });
  const targets = writes.map((file) => resolveInside(root, file.path));
  for (const relative of plan.delete) resolveInside(root, relative);
  if (writes.length === 0 && plan.delete.length === 0) return;
  const staged: string[] = [];
  try {
    writes.forEach(({ content }, index) => {
      writeFs.makeDir(path.dirname(targets[index]));
      const temp = tempPathOf(targets[index]);
      staged.push(temp);
      writeFs.writeFile(temp, content);
    });
  } catch (error) {
    for (const temp of staged) writeFs.removeFile(temp);
    throw error;
  }
  const journal = {
    version: 1 as const,
    pid: process.pid,
    renames: writes.map((file) => file.path),
    deletes: plan.delete,
  };
  writeJournal(root, journal, writeFs);
  carryOutJournal(root, journal, writeFs);
}
