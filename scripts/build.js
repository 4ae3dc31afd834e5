#!/usr/bin/env node
// `npm run build`, its steps in one place: tsc (dist/), then the config schemas and the built-in
// templates compiled ahead of time. scripts/run-tests.js runs the same steps one by one, with
// their labels; scripts/ensure-install.js's `build()` (demo, template contexts) runs them all.
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');

/** [label, command, arguments], run in order from the repository's root. */
const BUILD_STEPS = [
  ['build', path.join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.build.json']],
  ['build validators', process.execPath, [path.join(root, 'scripts', 'build-validators.js')]],
  ['build templates', process.execPath, [path.join(root, 'scripts', 'build-templates.js')]],
];

/** Written into dist/ when every step has run: buildIsCurrent compares the inputs with it. */
const STAMP = path.join(root, 'dist', '.build-stamp');
/**
 * What the build reads: a file under these changed since the stamp means dist/ is stale. Not the
 * lockfile, which `npm install` may write after its `prepare` built dist/ (a new ajv or
 * TypeScript is caught anyway: a validator or template built by another is ignored at run time).
 */
const INPUTS = [
  'src',
  'templates',
  'schemas',
  'scripts/build.js',
  'scripts/build-validators.js',
  'scripts/build-templates.js',
  'tsconfig.json',
  'tsconfig.build.json',
];

function newestChange(file) {
  if (!fs.existsSync(file)) return 0;
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(file)
    .reduce(
      (newest, entry) => Math.max(newest, newestChange(path.join(file, entry))),
      stat.mtimeMs,
    );
}

/** dist/ was built by every step after the last change of an input (`npm run demo` skips it). */
function buildIsCurrent() {
  if (!fs.existsSync(STAMP)) return false;
  const built = fs.statSync(STAMP).mtimeMs;
  return INPUTS.every((input) => newestChange(path.join(root, input)) <= built);
}

/** Notes that dist/ is complete and current (after the last step). */
function stampBuild() {
  fs.writeFileSync(STAMP, `${new Date().toISOString()}\n`);
}

/** Runs every step; throws on the first that fails (its output is already on the terminal). */
function build() {
  for (const [, command, args] of BUILD_STEPS)
    execFileSync(command, args, { cwd: root, stdio: 'inherit' });
  stampBuild();
}

module.exports = { BUILD_STEPS, build, buildIsCurrent, stampBuild };

if (require.main === module) {
  try {
    build();
  } catch (error) {
    process.exit(typeof error.status === 'number' && error.status > 0 ? error.status : 1);
  }
}
