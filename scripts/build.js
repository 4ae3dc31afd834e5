#!/usr/bin/env node
// `npm run build`, its steps in one place: tsc (dist/), then the config schemas and the built-in
// templates compiled ahead of time. scripts/run-tests.js runs the same steps one by one, with
// their labels; scripts/ensure-install.js's `build()` (demo, template contexts) runs them all.
const { execFileSync } = require('child_process');
const path = require('path');

const root = path.resolve(__dirname, '..');

/** [label, command, arguments], run in order from the repository's root. */
const BUILD_STEPS = [
  ['build', path.join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.build.json']],
  ['build validators', process.execPath, [path.join(root, 'scripts', 'build-validators.js')]],
  ['build templates', process.execPath, [path.join(root, 'scripts', 'build-templates.js')]],
];

/** Runs every step; throws on the first that fails (its output is already on the terminal). */
function build() {
  for (const [, command, args] of BUILD_STEPS)
    execFileSync(command, args, { cwd: root, stdio: 'inherit' });
}

module.exports = { BUILD_STEPS, build };

if (require.main === module) {
  try {
    build();
  } catch (error) {
    process.exit(typeof error.status === 'number' && error.status > 0 ? error.status : 1);
  }
}
