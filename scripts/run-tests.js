#!/usr/bin/env node
// Runs every test (build, type check, unit and end-to-end) and ends with one summary line:
// "N passed, N failed" (plus skipped), which CI reads. Exit code 0 only when all passed.
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const { root, ensureInstall } = require('./ensure-install');
const { BUILD_STEPS } = require('./build');
const { seconds, slowest, stepTimes } = require('./testTimings');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (command, args, env = {}) =>
  spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
  }).status;

const runStarted = Date.now();
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
  // The runtime files copied into projects as they are (templates/src/appgen/*.ts), against stubs.
  ['typecheck runtime files', bin('tsc'), ['-p', 'tsconfig.runtime.json']],
  ['lint', bin('eslint'), ['.']],
  ['format', bin('prettier'), ['--check', '--log-level', 'warn', ...FORMATTED]],
];
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-jest-'));
// The generated apps' shared install (scripts/sharedInstall.js: 2-3 minutes on a fresh machine,
// much of it waiting on the registry) is made in the background once dist/ is built (it reads the
// pins from dist/), while the type check, lint and format steps and most unit tests use the CPU.
// The tests that need it wait for it (PARTS).
let sharedInstall = Promise.resolve(0);
/** [label, milliseconds] of every step and part, for the timings printed at the end. */
const timings = [];
for (const [label, command, args] of steps) {
  if (label === 'typecheck' && failedSteps === 0) sharedInstall = startSharedInstall();
  process.stdout.write(`\n> ${label}\n`);
  const started = Date.now();
  if (run(command, args) !== 0) {
    failedSteps++;
    process.stdout.write(`${label} failed\n`);
  }
  timings.push([label, Date.now() - started]);
}

// Unit and end-to-end tests on two workers each. Each e2e suite works in folders, databases and
// ports of its own, and spends part of its time waiting on servers it started, so two at a time
// keep both cores busy: 27 min instead of 37 for the e2e part on the 2-core machine (2026-11-27).
// The unit tests that type-check generated code against the shared install (they import
// tests/unit/support/generatedAppTypes) run once it is made; the others run while npm installs it
// (it waited on the registry for ~2 minutes of an idle CPU in CI before).
const UNIT_DIR = path.join(root, 'tests', 'unit');
const NEEDS_INSTALL = fs
  .readdirSync(UNIT_DIR, { recursive: true })
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) =>
    fs.readFileSync(path.join(UNIT_DIR, file), 'utf8').includes('support/generatedAppTypes'),
  )
  .map((file) => path.basename(file).replace(/\./g, '\\.'));
const installTests = `/(${NEEDS_INSTALL.join('|')})$`;
const PARTS = [
  {
    label: 'unit',
    project: 'unit',
    args: ['--maxWorkers=2', `--testPathIgnorePatterns=${installTests}`],
    env: { APPGEN_SHARED_INSTALL_IN_BACKGROUND: '1' },
    afterInstall: false,
  },
  {
    label: 'unit, types against the shared install',
    project: 'unit',
    args: ['--maxWorkers=2', `--testPathPatterns=${installTests}`],
    afterInstall: true,
  },
  { label: 'e2e', project: 'e2e', args: ['--maxWorkers=2'], afterInstall: true },
];
main().catch((error) => {
  process.stdout.write(`\n${error.stack}\n0 passed, 1 failed, 0 skipped\n`);
  process.exit(1);
});

async function main() {
  let status = failedSteps > 0 ? 1 : 0;
  let passed = 0;
  let failed = failedSteps;
  let skipped = 0;
  let installWaited = false;
  const partReports = [];
  for (const part of failedSteps > 0 ? [] : PARTS) {
    if (part.afterInstall && !installWaited) {
      installWaited = true;
      const waited = Date.now();
      const installed = await sharedInstall;
      timings.push(['waiting for the shared install', Date.now() - waited]);
      if (installed !== 0) {
        failed++;
        status = 1;
        process.stdout.write('the shared install of the generated apps failed\n');
        break;
      }
    }
    const report = path.join(reports, `${part.label.replace(/\W+/g, '-')}.json`);
    const started = Date.now();
    const code = run(
      bin('jest'),
      [
        '--selectProjects',
        part.project,
        ...part.args,
        '--passWithNoTests',
        '--json',
        `--outputFile=${report}`,
        ...extraArgs,
      ],
      part.env,
    );
    if (code !== 0) status = 1;
    if (!fs.existsSync(report)) {
      failed++;
      continue;
    }
    const result = JSON.parse(fs.readFileSync(report, 'utf8'));
    timings.push([`${part.label} tests`, Date.now() - started]);
    partReports.push([part.label, result]);
    passed += result.numPassedTests;
    failed += result.numFailedTests + (result.numRuntimeErrorTestSuites || 0);
    skipped += result.numPendingTests + (result.numTodoTests || 0);
  }
  if (status !== 0 && failed === 0) failed = 1;
  process.stdout.write(
    `\nTimings (${seconds(Date.now() - runStarted)} in all):\n${stepTimes(timings)}\n`,
  );
  for (const [label, result] of partReports)
    process.stdout.write(`${label}:\n${slowest(result)}\n`);
  process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  process.exit(failed > 0 ? 1 : 0);
}

/**
 * Starts the shared install in a child process; resolves to its exit code. Its output is shown
 * when it ends, not interleaved with the steps'.
 */
function startSharedInstall() {
  const log = path.join(reports, 'shared-install.log');
  const out = fs.openSync(log, 'w');
  const script = `require(${JSON.stringify(path.join(root, 'scripts', 'sharedInstall.js'))}).ensureSharedInstall((line) => console.log('[shared install] ' + line))`;
  const child = spawn(process.execPath, ['-e', script], { cwd: root, stdio: ['ignore', out, out] });
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      fs.closeSync(out);
      process.stdout.write(
        `\n> shared install (in the background)\n${fs.readFileSync(log, 'utf8')}`,
      );
      resolve(code ?? 1);
    });
  });
}
