import { generateProject, GenerateResult } from '../../../src/generate/generateProject';
import { SQLITE_OPTIONS } from './generateOptions';

/** The whole pipeline on a project folder, as `appgen generate` runs it. */
export function generate(root: string, options: { dryRun?: boolean } = {}): GenerateResult {
  return generateProject({ root, ...SQLITE_OPTIONS, ...options });
}

/** Runs `work`, returning what it threw (and failing when it did not throw). */
export function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
