import fs from 'fs';
import path from 'path';
import { UserError } from '../diagnostics/diagnostic';

export const MANIFEST_PATH = '.appgen/manifest.json';

/**
 * What appgen wrote last time: generated files with the hash of their content, and user-owned
 * files it scaffolded. Commit it: with the header line of generated files, it is how appgen tells
 * its own files from yours.
 */
export interface Manifest {
  version: 1;
  generated: Record<string, string>;
  scaffolded: string[];
}

export const EMPTY_MANIFEST: Manifest = { version: 1, generated: {}, scaffolded: [] };

export function readManifest(root: string): Manifest {
  const file = path.join(root, MANIFEST_PATH);
  if (!fs.existsSync(file)) return EMPTY_MANIFEST;
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
    if (
      value.version !== 1 ||
      typeof value.generated !== 'object' ||
      !Array.isArray(value.scaffolded)
    )
      throw new Error('unexpected shape');
    return value;
  } catch (error) {
    throw new UserError(
      `${MANIFEST_PATH} is damaged (${(error as Error).message})`,
      `restore it from version control, or delete it and run appgen generate again: appgen then finds its generated files by their header line (see "Generated and user-owned files" in docs/cli.md of appgen).`,
    );
  }
}

export function serializeManifest(manifest: Manifest): string {
  const generated = Object.fromEntries(
    Object.entries(manifest.generated).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return `${JSON.stringify({ version: 1, generated, scaffolded: [...manifest.scaffolded].sort() }, null, 2)}\n`;
}
