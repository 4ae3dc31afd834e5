import fs from 'fs';
import path from 'path';
import { MANIFEST_PATH, serializeManifest } from './manifest';
import type { WritePlan } from './planWrite';
import { resolveInside } from './safePath';

function removeEmptyParents(root: string, file: string): void {
  let dir = path.dirname(file);
  const base = path.resolve(root);
  while (dir.startsWith(base + path.sep)) {
    if (fs.readdirSync(dir).length > 0) return;
    fs.rmdirSync(dir);
    dir = path.dirname(dir);
  }
}

/**
 * Writes a plan: every new content goes to a temporary file first; only when all of them are
 * written are they renamed into place, so a failure part-way leaves the project as it was.
 * Unchanged files are not touched (their modification times stay).
 */
export function applyPlan(root: string, plan: WritePlan): void {
  // Updates land before new files: a dev server that discovers a new route then compiles it
  // against already-updated modules (Turbopack missed updates that landed alongside).
  const writes = [...plan.update, ...plan.create];
  const manifestPath = resolveInside(root, MANIFEST_PATH);
  const manifestText = serializeManifest(plan.manifest);
  const manifestChanged = !fs.existsSync(manifestPath) || fs.readFileSync(manifestPath, 'utf8') !== manifestText;
  if (manifestChanged) writes.push({ path: MANIFEST_PATH, content: manifestText });
  const staged: Array<{ temp: string; target: string }> = [];
  try {
    for (const { path: relative, content } of writes) {
      const target = resolveInside(root, relative);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.appgen-tmp`;
      fs.writeFileSync(temp, content);
      staged.push({ temp, target });
    }
  } catch (error) {
    for (const { temp } of staged) fs.rmSync(temp, { force: true });
    throw error;
  }
  for (const { temp, target } of staged) fs.renameSync(temp, target);
  for (const relative of plan.delete) {
    const target = resolveInside(root, relative);
    fs.rmSync(target, { force: true });
    removeEmptyParents(root, target);
  }
}
