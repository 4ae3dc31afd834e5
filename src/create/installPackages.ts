import { spawn } from 'child_process';
import { UserError } from '../diagnostics/diagnostic';

/** Runs `npm install` in the new project, showing npm's own output. */
export function installPackages(directory: string): Promise<void> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return new Promise((resolve, reject) => {
    const child = spawn(npm, ['install'], { cwd: directory, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else
        reject(
          new UserError(
            'npm install failed (see its output above); the project files are in place',
            `fix the cause, then run "npm install" in ${directory}.`,
          ),
        );
    });
  });
}
