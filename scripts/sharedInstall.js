// One `npm install` of everything generated apps need, shared by the e2e tests and the
// benchmarks: projects are created in sub-folders of it and resolve their packages from its
// node_modules (Node looks in parent folders). Kept outside the repo, in the system's temp
// folder, so no other lockfile sits above the projects, and keyed by the dependency list so a
// changed pin gets a fresh install. Reads the pins from dist/ (built by `npm test` and
// `npm run bench`), unless the caller passes the module that lists them (the unit tests pass
// src/project/appDependencies.ts, so they need no build).
const { execFileSync } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');

const REPO_ROOT = path.resolve(__dirname, '..');
/**
 * This checkout as a created project names it (for allowScripts, whose entry for it is then
 * dropped). appgen itself is not installed: the tests and benchmarks run this checkout's CLI
 * (dist/cli) themselves, and no generated file imports appgen. Installing it would run its
 * `prepare` (a build of dist/) inside the install, so the unit tests, which run dist/, could not
 * run beside the install.
 */
const APPGEN = `file:${REPO_ROOT}`;

/** The exports of src/project/appDependencies: `lists` when given, else its build in dist/. */
const pins = (lists) =>
  lists ?? require(path.join(REPO_ROOT, 'dist', 'project', 'appDependencies.js'));

function dependencies(lists) {
  const {
    APP_BASE_DEPENDENCIES,
    PRISMA_APP_DEPENDENCIES,
    DRIZZLE_APP_DEPENDENCIES,
    APP_DEV_DEPENDENCIES,
  } = pins(lists);
  // Both ORMs' packages: one install serves the Prisma and the Drizzle scenarios alike.
  return {
    ...APP_BASE_DEPENDENCIES,
    ...PRISMA_APP_DEPENDENCIES,
    ...DRIZZLE_APP_DEPENDENCIES,
    ...APP_DEV_DEPENDENCIES,
  };
}

/**
 * The package.json of the shared install, less its dependencies: the same `overrides` (with
 * their stand-in folders, standInFiles) and `allowScripts` as a created app's
 * (src/create/projectFiles.ts), for both ORMs.
 */
function packageSettings(lists) {
  const { ormOverrides, allowScripts } = pins(lists);
  const allowed = { ...allowScripts('prisma', APPGEN), ...allowScripts('drizzle', APPGEN) };
  delete allowed[APPGEN];
  return {
    overrides: ormOverrides('prisma'),
    allowScripts: allowed,
    scarfSettings: { enabled: false },
  };
}

/** `lists`: the exports of src/project/appDependencies (by default its build in dist/). */
function sharedInstallDir(lists) {
  const hash = crypto
    .createHash('sha256')
    .update(JSON.stringify(dependencies(lists)))
    .update(JSON.stringify(packageSettings(lists)))
    .update(JSON.stringify(pins(lists).standInFiles('prisma')))
    .digest('hex')
    .slice(0, 12);
  return path.join(os.tmpdir(), `appgen-e2e-${hash}`);
}

function ensureSharedInstall(log = () => {}, lists) {
  const dir = sharedInstallDir(lists);
  const marker = path.join(dir, 'node_modules', '.appgen-e2e-installed');
  if (fs.existsSync(marker)) return dir;
  fs.mkdirSync(dir, { recursive: true });
  const { standInFiles } = pins(lists);
  for (const [file, content] of standInFiles('prisma')) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify(
      {
        name: 'appgen-e2e',
        private: true,
        type: 'module',
        dependencies: dependencies(lists),
        ...packageSettings(lists),
      },
      null,
      2,
    ),
  );
  log(`installing generated-app dependencies once into ${dir} ...`);
  const started = Date.now();
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    stdio: 'inherit',
  });
  fs.writeFileSync(marker, new Date().toISOString());
  log(`installed in ${Math.round((Date.now() - started) / 1000)} s`);
  return dir;
}

module.exports = { sharedInstallDir, ensureSharedInstall };
