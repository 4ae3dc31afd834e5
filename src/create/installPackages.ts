import { spawnSync } from 'child_process';
import { UserError } from '../diagnostics/diagnostic';

/** Runs `npm install` in the new project, showing npm's own output. */
export function installPackages(directory: string): void {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install'], { cwd: directory, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new UserError(
      'npm install failed (see its output above); the project files are in place',
      `fix the cause, then run "npm install" in ${directory}.`,
    );
  }
}
