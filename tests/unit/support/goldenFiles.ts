import path from 'path';
import type { FileMap } from '../../../src/render/fileMap';
import { GOLDEN_DIR } from './paths';
import { readTree } from './tempProject';

/**
 * A golden case's committed `expected/` tree as a FileMap: what the generator renders for it,
 * as tests/unit/golden/golden.test.ts proves. Tests that check what a case generates (its types,
 * its OpenAPI document) read it rather than render the case again: one rendering per case and run.
 */
export function expectedFiles(name: string): FileMap {
  const files: FileMap = new Map();
  for (const [relative, content] of readTree(path.join(GOLDEN_DIR, name, 'expected')))
    files.set(relative, { content, owner: 'generated' });
  return files;
}
