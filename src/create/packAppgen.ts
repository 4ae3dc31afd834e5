import { spawnSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { UserError } from '../diagnostics/diagnostic';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The lifecycle scripts npm runs when it installs a package (from a folder, `prepare` too). */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];

/**
 * Packs the running appgen (a checkout or an installed package alike) into `destination` as npm
 * would publish it, and returns the tarball's file name. dist/ is already built (it is running),
 * so the packed package.json has no install scripts: a checkout's `prepare` (its build) would
 * otherwise be listed by npm 11 after every install of the project ("install scripts not yet
 * covered by allowScripts": npm matches a tarball only by its absolute path, which a project that
 * moves cannot name). Packed from a copy of the published files, so the checkout is untouched.
 */
export function packAppgen(packageRoot: string, destination: string): string {
  fs.mkdirSync(destination, { recursive: true });
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-pack-'));
  try {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8'),
    ) as {
      files?: string[];
      scripts?: Record<string, string>;
    };
    for (const entry of manifest.files ?? []) {
      const from = path.join(packageRoot, entry);
      if (fs.existsSync(from)) fs.cpSync(from, path.join(stage, entry), { recursive: true });
    }
    for (const name of INSTALL_SCRIPTS) delete manifest.scripts?.[name];
    fs.writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const args = [
      'pack',
      '--json',
      '--ignore-scripts',
      '--pack-destination',
      path.resolve(destination),
      '--no-update-notifier',
    ];
    const result = spawnSync(npm, args, { cwd: stage, encoding: 'utf8' });
    if (result.status !== 0) {
      throw new UserError(
        `could not pack appgen from ${packageRoot} (npm pack: ${result.stderr.trim().split('\n').pop() ?? `exit ${result.status}`})`,
        'pass --appgen <npm spec>, e.g. --appgen file:<path to appgen>.',
      );
    }
    const [info] = JSON.parse(result.stdout) as Array<{ filename: string }>;
    return info.filename;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}
