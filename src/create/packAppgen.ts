import { spawnSync } from 'child_process';
import fs from 'fs';
import { UserError } from '../diagnostics/diagnostic';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Packs the running appgen (a checkout or an installed package alike) into `destination` as npm
 * would publish it, and returns the tarball's file name. `--ignore-scripts`: dist/ is already
 * built (it is running), and a checkout's `prepare` would rebuild it with dev dependencies.
 */
export function packAppgen(packageRoot: string, destination: string): string {
  fs.mkdirSync(destination, { recursive: true });
  const args = [
    'pack',
    '--json',
    '--ignore-scripts',
    '--pack-destination',
    destination,
    '--no-update-notifier',
  ];
  const result = spawnSync(npm, args, { cwd: packageRoot, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new UserError(
      `could not pack appgen from ${packageRoot} (npm pack: ${result.stderr.trim().split('\n').pop() ?? `exit ${result.status}`})`,
      'pass --appgen <npm spec>, e.g. --appgen file:<path to appgen>.',
    );
  }
  const [info] = JSON.parse(result.stdout) as Array<{ filename: string }>;
  return info.filename;
}
