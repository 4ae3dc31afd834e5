import fs from 'fs';

/**
 * The file operations that change a project, passed in so that tests can count them (and stop
 * the process before any one of them) without touching the real file system's behaviour.
 * Reads are not side effects and go straight to `fs`.
 */
export interface WriteFs {
  writeFile(file: string, content: string): void;
  rename(from: string, to: string): void;
  removeFile(file: string): void;
  makeDir(dir: string): void;
  /** Removes an empty folder. */
  removeDir(dir: string): void;
}

export const nodeWriteFs: WriteFs = {
  writeFile: (file, content) => fs.writeFileSync(file, content),
  rename: (from, to) => fs.renameSync(from, to),
  removeFile: (file) => fs.rmSync(file, { force: true }),
  makeDir: (dir) => fs.mkdirSync(dir, { recursive: true }),
  removeDir: (dir) => fs.rmdirSync(dir),
};
