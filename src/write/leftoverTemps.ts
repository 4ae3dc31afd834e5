import { resolveInside } from './safePath';
import { removeFile } from './removeFile';
import { FolderListing } from './walkFiles';
import type { WriteFs } from './writeFs';

const TEMP_SUFFIX = /\.(\d+)\.appgen-tmp$/;

/** Where a run stages a file's new content before renaming it into place. */
export function tempPathOf(target: string, pid = process.pid): string {
  return `${target}.${pid}.appgen-tmp`;
}

/**
 * Whether another process with this id runs now (its temporary files may be in use). Our own id
 * counts as not running: a run has written nothing yet when it looks for leftovers.
 */
export function isOtherProcessRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Every folder a run writes into: generated and scaffolded files live under src/ and prisma/ or at
 * the root (prisma.config.ts), the manifest and journal in .appgen/.
 */
const TEMP_FOLDERS = [
  { folder: 'src', recursive: true },
  { folder: 'prisma', recursive: true },
  { folder: '.', recursive: false },
  { folder: '.appgen', recursive: false },
];

/**
 * Temporary files (`<file>.<pid>.appgen-tmp`) that a killed run left behind: those of any process
 * id that is not running now. Relative paths, sorted.
 */
export function findLeftoverTemps(
  root: string,
  listing: FolderListing = new FolderListing(root),
): string[] {
  return TEMP_FOLDERS.flatMap(({ folder, recursive }) => listing.files(folder, { recursive }))
    .filter((file) => {
      const pid = TEMP_SUFFIX.exec(file)?.[1];
      return pid !== undefined && !isOtherProcessRunning(Number(pid));
    })
    .sort();
}

export function removeLeftoverTemps(root: string, writeFs: WriteFs): string[] {
  const temps = findLeftoverTemps(root);
  for (const temp of temps) removeFile(root, resolveInside(root, temp), writeFs);
  return temps;
}
