import fs from 'fs';
import { UserError } from '../diagnostics/diagnostic';
import type { FileMap } from '../render/fileMap';
import { hasGeneratedHeader } from '../render/header';
import { checkFileNameLengths } from './fileNameLength';
import { findGeneratedFiles } from './findGeneratedFiles';
import { FolderListing } from './walkFiles';
import { sha256Hex } from '../hash/sha256Hex';
import { Manifest, readManifest } from './manifest';
import { resolveInside } from './safePath';

export interface WritePlan {
  create: Array<{ path: string; content: string }>;
  update: Array<{ path: string; content: string; before: string }>;
  delete: string[];
  unchanged: string[];
  /** User-owned files that exist and are left alone. */
  kept: string[];
  manifest: Manifest;
}

/** What is known of the generated files on disk without reading them (the generation cache). */
export interface KnownOnDisk {
  /** Generated files whose content on disk is the planned content. */
  unchanged: ReadonlySet<string>;
  /** Whether each of them starts with appgen's header. */
  header: ReadonlyMap<string, boolean>;
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Compares the planned files with the project on disk and the last manifest. Refuses (before
 * anything is written) to overwrite a file appgen did not generate.
 */
export function planWrite(
  root: string,
  files: FileMap,
  /** Generated files known to be on disk as planned (the generation cache): not read again. */
  known?: KnownOnDisk,
  /** The tree's listing, shared with other steps of the same plan. */
  listing?: FolderListing,
): WritePlan {
  checkFileNameLengths(files);
  const previous = readManifest(root);
  // The generated folders walked first: a planned file they do not hold is not read.
  const tree = listing ?? new FolderListing(root);
  const found = findGeneratedFiles(root, known?.header, tree);
  const plan: WritePlan = {
    create: [],
    update: [],
    delete: [],
    unchanged: [],
    kept: [],
    manifest: { version: 1, generated: {}, scaffolded: [] },
  };
  const conflicts: string[] = [];
  for (const [path, file] of files) {
    if (file.owner === 'generated' && known?.unchanged.has(path)) {
      // The cache's hash of a file it did not read is trusted when the manifest agrees (or has
      // none); else the file is read and hashed, so a wrong cache cannot reach the manifest.
      const recorded = previous.generated[path];
      plan.manifest.generated[path] =
        file.sha256 !== undefined && (recorded === undefined || recorded === file.sha256)
          ? file.sha256
          : sha256Hex(file.content);
      plan.unchanged.push(path);
      continue;
    }
    // Inside the project first (resolveInside throws otherwise), then looked for.
    const absolute = resolveInside(root, path);
    const current = tree.isMissing(path) ? undefined : readIfExists(absolute);
    if (file.owner === 'user') {
      plan.manifest.scaffolded.push(path);
      if (current === undefined) plan.create.push({ path, content: file.content });
      // Scaffolded under other settings and never edited: it follows the settings.
      else if (current !== file.content && file.replaces?.includes(current))
        plan.update.push({ path, content: file.content, before: current });
      else plan.kept.push(path);
      continue;
    }
    // The content first: a planned file read from disk (the cache) takes its hash from it then.
    const { content } = file;
    plan.manifest.generated[path] = file.sha256 ?? sha256Hex(content);
    if (current === undefined) plan.create.push({ path, content });
    else if (current === content) plan.unchanged.push(path);
    // Ours to rewrite: still carrying the header, or untouched since the last run (hashed only
    // then: large files are). A file whose header was removed has been taken over by the user.
    else if (hasGeneratedHeader(current) || sha256Hex(current) === previous.generated[path])
      plan.update.push({ path, content, before: current });
    else conflicts.push(path);
  }
  // Stale: generated last time (the manifest) or carrying the header in a generated folder (found
  // without the manifest, which may be lost or, after a killed run, ahead of the tree).
  const stale = new Set([...Object.keys(previous.generated), ...found]);
  for (const path of stale) {
    if (files.has(path)) continue;
    const current = readIfExists(resolveInside(root, path));
    // A generated file whose header was removed has been taken over by the user: leave it.
    if (current !== undefined && hasGeneratedHeader(current)) plan.delete.push(path);
  }
  if (conflicts.length > 0) {
    throw new UserError(
      `appgen would overwrite ${conflicts.length === 1 ? 'a file' : 'files'} it did not generate:\n${conflicts.map((c) => `  ${c}`).join('\n')}`,
      'move or delete them (or change the config so nothing is generated there), then run appgen generate again. Nothing was written.',
    );
  }
  plan.delete.sort();
  return plan;
}
