import fs from 'fs';
import type { FileMap } from '../../../../src/render/fileMap';
import { nodeWriteFs, type WriteFs } from '../../../../src/write/writeFs';
import { writeProjectFiles } from '../../../../src/write/writeProjectFiles';

/**
 * Run in a child process (see killedRun.ts): the write stage of `appgen generate` on a project,
 * with every write, rename and delete counted, and the process SIGKILLed just before the k-th
 * operation of one kind when asked. Prints the counts when it was not killed.
 */
export type Operation = 'write' | 'rename' | 'delete';

export interface ChildJob {
  root: string;
  files: Array<[string, FileMap extends Map<string, infer V> ? V : never]>;
  kill?: { operation: Operation; at: number };
}

const job = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as ChildJob;
const counts: Record<Operation, number> = { write: 0, rename: 0, delete: 0 };

function before(operation: Operation): void {
  counts[operation] += 1;
  if (job.kill?.operation !== operation || job.kill.at !== counts[operation]) return;
  process.kill(process.pid, 'SIGKILL');
  // Not reached: SIGKILL to oneself ends the process at once. Should it ever return, fail loudly.
  throw new Error('still running after SIGKILL');
}

const killingFs: WriteFs = {
  ...nodeWriteFs,
  writeFile: (file, content) => (before('write'), nodeWriteFs.writeFile(file, content)),
  rename: (from, to) => (before('rename'), nodeWriteFs.rename(from, to)),
  removeFile: (file) => (before('delete'), nodeWriteFs.removeFile(file)),
};

writeProjectFiles(job.root, new Map(job.files), killingFs);
process.stdout.write(JSON.stringify(counts));
