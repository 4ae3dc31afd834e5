// Installs the repository's own dependencies and builds dist/ when they are missing, so that
// `npm test` and `npm run demo` work as the first command on a fresh clone.
const { execFileSync } = require('child_process');
const { build } = require('./build');
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');

/** The repository's own dependencies are not installed yet (a fresh clone). */
const needsInstall = () => !fs.existsSync(path.join(root, 'node_modules', '.bin', 'tsc'));

function ensureInstall() {
  if (needsInstall()) {
    process.stdout.write('> npm install (first run)\n');
    execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  }
}

module.exports = { root, ensureInstall, needsInstall, build };
