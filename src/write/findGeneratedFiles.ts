import fs from 'fs';
import path from 'path';
import { hasGeneratedHeader, HEADER_PREFIX_BYTES } from '../render/header';
import { FolderListing } from './walkFiles';

/**
 * Where appgen's generated output lives (every generated path of the template registry is under
 * one of these; a unit test keeps it so). The scaffold folders (src/functions, src/voters,
 * src/events, src/jobs, src/auth) are not here: those files are the user's.
 */
export const GENERATED_FOLDERS = ['src/app', 'src/appgen', 'prisma'];
export const GENERATED_ROOT_FILES = ['prisma.config.ts', '.env.example'];

/** The first bytes of a file, enough to see the header; undefined when it is gone. */
function readStart(file: string): string | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const buffer = Buffer.alloc(HEADER_PREFIX_BYTES);
    const length = fs.readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}

/** Whether the file at this absolute path exists and starts with appgen's header. */
export function isGeneratedFile(file: string): boolean {
  const start = readStart(file);
  return start !== undefined && hasGeneratedHeader(start);
}

/**
 * Every file in the generated folders that starts with appgen's header, whatever the manifest
 * says: how stale output is found when the manifest is lost or an interrupted run left it ahead
 * of the tree. Of other files only the first few bytes are read, to see that they are not ours.
 */
export function findGeneratedFiles(
  root: string,
  /** Whether files known from the generation cache start with the header: they are not read. */
  knownHeader?: ReadonlyMap<string, boolean>,
  listing: FolderListing = new FolderListing(root),
): string[] {
  // src/ whole (the leftover-temporary-file scan of the same plan lists it too), then its
  // generated folders.
  const inSrc = GENERATED_FOLDERS.filter((folder) => folder.startsWith('src/'));
  const candidates = [
    ...listing
      .files('src', { recursive: true })
      .filter((file) => inSrc.some((folder) => file.startsWith(`${folder}/`))),
    ...GENERATED_FOLDERS.filter((folder) => !folder.startsWith('src/')).flatMap((folder) =>
      listing.files(folder, { recursive: true }),
    ),
    ...listing
      .files('.', { recursive: false })
      .filter((file) => GENERATED_ROOT_FILES.includes(file)),
  ];
  return candidates.filter((file) => {
    return knownHeader?.get(file) ?? isGeneratedFile(path.join(root, file));
  });
}
