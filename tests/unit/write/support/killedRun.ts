import { spawnSync } from 'child_process';
import fs from 'fs';
import path from 'path';
import type { FileMap } from '../../../../src/render/fileMap';
import { childEnv, compileForChild } from '../../support/compileForChild';
import { makeTempDir } from '../../support/tempProject';
import type { ChildJob, Operation } from './killingChild';

export type { Operation } from './killingChild';
export type OperationCounts = Record<Operation, number>;

export interface WriteStageRunner {
  /** Runs the write stage to the end in a child process; returns how many of each operation it did. */
  complete(root: string, files: FileMap): OperationCounts;
  /**
   * Runs it in a child process that SIGKILLs itself just before the `at`-th `operation`; returns
   * false when the run ended first (it had fewer such operations).
   */
  killBefore(root: string, files: FileMap, operation: Operation, at: number): boolean;
}

/** Compiles the child once (about a second) and runs it as often as needed (a tenth of a second each). */
export function writeStageRunner(): WriteStageRunner {
  const work = makeTempDir('appgen-kill-');
  const child = compileForChild(path.join(__dirname, 'killingChild.ts'), path.join(work, 'out'));
  let jobs = 0;
  const run = (job: ChildJob) => {
    const jobFile = path.join(work, `job-${(jobs += 1)}.json`);
    fs.writeFileSync(jobFile, JSON.stringify(job));
    return spawnSync(process.execPath, [child, jobFile], {
      env: childEnv(),
      encoding: 'utf8',
      timeout: 30_000,
    });
  };
  return {
    complete(root, files) {
      const result = run({ root, files: [...files] });
      if (result.status !== 0)
        throw new Error(
          `the write stage failed (status ${result.status}, signal ${result.signal}):\n${result.stderr}`,
        );
      return JSON.parse(result.stdout) as OperationCounts;
    },
    killBefore(root, files, operation, at) {
      const result = run({ root, files: [...files], kill: { operation, at } });
      if (result.signal === 'SIGKILL') return true;
      if (result.status === 0) return false;
      throw new Error(
        `the write stage failed (status ${result.status}, signal ${result.signal}):\n${result.stderr}`,
      );
    },
  };
}
