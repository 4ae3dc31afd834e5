#!/usr/bin/env node
// Runs every test (build, type check, unit and end-to-end) and ends with one summary line:
// "N passed, N failed" (plus skipped), which CI reads. Exit code 0 only when all passed.
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const { root, ensureInstall } = require('./ensure-install');
const { BUILD_STEPS } = require('./build');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (command, args) =>
  spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  }).status;

ensureInstall();
const extraArgs = process.argv.slice(2);
let failedSteps = 0;
// Each step runs even when an earlier one failed, so one run reports every kind of problem.
const FORMATTED = ['src/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.js', 'bench/**/*.js', '*.js'];
const steps = [
  // `npm run build` (scripts/build.js): tsc, then the config schemas and the built-in templates
  // compiled ahead of time.
  ...BUILD_STEPS,
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('eslint'), ['.']],
  ['format', bin('prettier'), ['--check', '--log-level', 'warn', ...FORMATTED]],
];
for (const [label, command, args] of steps) {
  process.stdout.write(`\n> ${label}\n`);
  if (run(command, args) !== 0) {
    failedSteps++;
    process.stdout.write(`${label} failed\n`);
  }
}

// Unit tests on two workers (they are CPU-bound and independent: 2 min instead of 4 on the 2-core
// machine); end-to-end tests one at a time (each builds and runs apps that use both cores).
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-jest-'));
const PARTS = [
  ['unit', ['--maxWorkers=2']],
  ['e2e', ['--runInBand']],
];
let status = failedSteps > 0 ? 1 : 0;
let passed = 0;
let failed = failedSteps;
let skipped = 0;
for (const [project, options] of failedSteps > 0 ? [] : PARTS) {
  const report = path.join(reports, `${project}.json`);
  const code = run(bin('jest'), [
    '--selectProjects',
    project,
    ...options,
    '--passWithNoTests',
    '--json',
    `--outputFile=${report}`,
    ...extraArgs,
  ]);
  if (code !== 0) status = 1;
  if (!fs.existsSync(report)) {
    failed++;
    continue;
  }
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests + (result.numRuntimeErrorTestSuites || 0);
  skipped += result.numPendingTests + (result.numTodoTests || 0);
}
if (status !== 0 && failed === 0) failed = 1;
process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failed > 0 ? 1 : 0);
