// better-sqlite3's binary for an `npm install` under a folder, as a new user's install downloads
// it (a prebuilt release file from GitHub, which this machine cannot reach): the binary the shared
// install built, packed as prebuild-install's release file, and a `.prebuild-installrc` in the
// folder naming its directory (prebuild-install reads it from any folder above the package, and
// looks there before it would download). With another version or Node.js ABI the file's name does
// not match, and npm compiles SQLite as before (minutes on 2 cores). Returns false, offering
// nothing, when the shared install has no binary. Plain JavaScript so that the benchmarks (bench/,
// plain Node) and the e2e tests use it alike.
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { sharedInstallDir } = require('./sharedInstall');

function offerSharedPrebuilds(folder) {
  const pkg = path.join(sharedInstallDir(), 'node_modules', 'better-sqlite3');
  const binary = path.join('build', 'Release', 'better_sqlite3.node');
  if (!fs.existsSync(path.join(pkg, binary))) return false;
  const { version } = JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8'));
  const prebuilds = path.join(folder, '.prebuilds');
  fs.mkdirSync(prebuilds, { recursive: true });
  // prebuild-install's name for a Node.js release file on glibc: {name}-v{version}-node-v{abi}-{platform}-{arch}.
  const file = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', ['-czf', path.join(prebuilds, file), '-C', pkg, binary]);
  fs.writeFileSync(
    path.join(folder, '.prebuild-installrc'),
    `${JSON.stringify({ 'local-prebuilds': prebuilds })}\n`,
  );
  return true;
}

module.exports = { offerSharedPrebuilds };
