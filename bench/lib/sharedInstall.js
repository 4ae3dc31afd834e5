// The e2e tests' shared install of generated-app dependencies, reused by the benchmarks: a plain
// JS mirror of tests/e2e/support/sharedInstall.ts (same folder name and hash, so a folder the
// tests installed serves the benchmarks and the other way round). Keep the two in step.
const { execFileSync } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { REPO_ROOT } = require('./paths');

function dependencies() {
  const { APP_BASE_DEPENDENCIES, PRISMA_APP_DEPENDENCIES, APP_DEV_DEPENDENCIES } = require(path.join(REPO_ROOT, 'dist', 'project', 'appDependencies.js'));
  return { ...APP_BASE_DEPENDENCIES, ...PRISMA_APP_DEPENDENCIES, ...APP_DEV_DEPENDENCIES, appgen: `file:${REPO_ROOT}` };
}

function sharedInstallDir() {
  const hash = crypto.createHash('sha256').update(JSON.stringify(dependencies())).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `appgen-e2e-${hash}`);
}

function ensureSharedInstall(log = () => {}) {
  const dir = sharedInstallDir();
  const marker = path.join(dir, 'node_modules', '.appgen-e2e-installed');
  if (fs.existsSync(marker)) return dir;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'appgen-e2e', private: true, type: 'module', dependencies: dependencies() }, null, 2));
  log(`installing generated-app dependencies once into ${dir} ...`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
  fs.writeFileSync(marker, new Date().toISOString());
  return dir;
}

module.exports = { sharedInstallDir, ensureSharedInstall };
