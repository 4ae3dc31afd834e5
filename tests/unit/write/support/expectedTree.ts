import crypto from 'crypto';
import type { FileMap } from '../../../../src/render/fileMap';
import { readTree } from '../../support/tempProject';

const MANIFEST = '.appgen/manifest.json';

/** The project's files apart from its configuration: what `generate` answers for. */
export function outputTree(root: string): Map<string, string> {
  return readTree(root, {
    exclude: (relative) => relative === 'config' || relative === 'appgen.config.json',
  });
}

/**
 * The tree a config produces: its FileMap, user-owned files that an earlier config scaffolded
 * (never deleted), and the manifest naming exactly the generated files (by the SHA-256 of their
 * content) and the scaffolds of this config. Spelled out here rather than taken from
 * src/write/manifest.ts, so that a wrong manifest shows.
 */
export function expectedTree(
  files: FileMap,
  keptUserFiles: Map<string, string> = new Map(),
): Map<string, string> {
  const tree = new Map(keptUserFiles);
  for (const [path, file] of files) tree.set(path, file.content);
  const entries = [...files].sort(([a], [b]) => (a < b ? -1 : 1));
  const generated = Object.fromEntries(
    entries
      .filter(([, f]) => f.owner === 'generated')
      .map(([p, f]) => [p, crypto.createHash('sha256').update(f.content).digest('hex')]),
  );
  const scaffolded = entries.filter(([, f]) => f.owner === 'user').map(([p]) => p);
  tree.set(MANIFEST, `${JSON.stringify({ version: 1, generated, scaffolded }, null, 2)}\n`);
  return new Map([...tree].sort(([a], [b]) => (a < b ? -1 : 1)));
}
