import fs from 'fs';
import path from 'path';
import { runOk } from './run';
import { sharedInstallDir } from './sharedInstall';

/**
 * Lets an `npm install` under `folder` take better-sqlite3's binary from the shared install
 * instead of compiling SQLite (minutes on the 2-core machine): the binary the shared install
 * built, packed as prebuild-install's release file, and a `.prebuild-installrc` in `folder`
 * naming its directory (prebuild-install reads it from any folder above the package, and looks
 * there before it would download from GitHub, which a new user's install does and this machine
 * cannot). With another version or Node.js ABI the file's name does not match, and npm compiles
 * as before. Nothing when the shared install has no binary.
 */
export async function offerSharedPrebuilds(folder: string): Promise<void> {
  const pkg = path.join(sharedInstallDir(), 'node_modules', 'better-sqlite3');
  const binary = path.join('build', 'Release', 'better_sqlite3.node');
  if (!fs.existsSync(path.join(pkg, binary))) return;
  const { version } = JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8'));
  const prebuilds = path.join(folder, '.prebuilds');
  fs.mkdirSync(prebuilds, { recursive: true });
  // prebuild-install's name for a Node.js release file on glibc: {name}-v{version}-node-v{abi}-{platform}-{arch}.
  const file = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  await runOk('tar', ['-czf', path.join(prebuilds, file), '-C', pkg, binary]);
  fs.writeFileSync(
    path.join(folder, '.prebuild-installrc'),
    `${JSON.stringify({ 'local-prebuilds': prebuilds })}\n`,
  );
}
