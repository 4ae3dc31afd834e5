// The figures a CI log needs to keep `npm test` short: how long each step took, and the slowest
// suites and tests of each Jest part (from its --json report), printed before the summary line.

/** Seconds with one decimal. */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** "label: 12.3 s" lines of the steps run before the tests (build, type check, lint...). */
function stepTimes(steps) {
  return steps.map(([label, ms]) => `  ${label}: ${seconds(ms)}`).join('\n');
}

/**
 * The `suites` slowest test files and the `tests` slowest tests of a Jest JSON report (a test's
 * time leaves out its hooks: a slow beforeAll shows in its file's time).
 */
function slowest(report, { suites = 8, tests = 12 } = {}) {
  const files = report.testResults.map((file) => ({
    name: file.name.replace(/^.*?(tests\/)/, '$1'),
    ms: file.endTime - file.startTime,
    tests: file.assertionResults,
  }));
  const byFile = [...files].sort((a, b) => b.ms - a.ms).slice(0, suites);
  const byTest = files
    .flatMap((file) =>
      file.tests.map((test) => ({
        name: `${file.name} › ${test.fullName}`,
        ms: test.duration ?? 0,
      })),
    )
    .sort((a, b) => b.ms - a.ms)
    .slice(0, tests);
  return [
    '  slowest files:',
    ...byFile.map((file) => `    ${seconds(file.ms)}  ${file.name}`),
    '  slowest tests:',
    ...byTest.map((test) => `    ${seconds(test.ms)}  ${test.name}`),
  ].join('\n');
}

module.exports = { seconds, slowest, stepTimes };
