// Orders test files longest first, so neither of the two Jest workers sits idle at the end of the
// run while the other works through a long suite it picked up last.
//
// Jest's own sequencer does this only from the timings it cached on earlier runs; on a fresh clone
// (CI) it has none and falls back to file size, which put two of the longest end-to-end suites
// (readme-flow.test.ts: a real `npm install`, 64 lines; compile-examples.test.ts: ten builds, 102
// lines) last. Timings Jest cached on this machine still win; the table below covers a fresh clone.
const path = require('path');
const Sequencer = require('@jest/test-sequencer').default;

// Seconds each end-to-end suite took in a full `.ci/run` on a fresh clone on the 2-core machine,
// two suites at a time, with other work beside it (2026-11-27: e2e part 1012 s, whole run 25 min).
// Approximate: only the order matters. A suite not listed runs after these.
const E2E_SECONDS = {
  'starter-app.test.ts': 423,
  // Four builds (ORM x database), one per pair for every block (lists, record pages, ...); the
  // suites it was merged from took 282 s + 160 s in the full run of 2026-11-28.
  'pages-blog.test.ts': 400,
  'publishing.test.ts': 403,
  'production.test.ts': 144,
  'outbox.test.ts': 122,
  'dev.test.ts': 121,
  'compile-examples.test.ts': 109,
  'data-loss.test.ts': 107,
  'todo.test.ts': 103,
  'route-semantics.test.ts': 103,
  'forum.test.ts': 96,
  'names-typecheck.test.ts': 62,
  'readme-flow.test.ts': 59,
  'views-browser.test.ts': 58,
  'migrate.test.ts': 49,
  'none-stubs.test.ts': 32,
  'relations-postgres.test.ts': 12,
  'create-package.test.ts': 12,
};

class LongestFirstSequencer extends Sequencer {
  /** Milliseconds: Jest's cached timing of the suite, else the table's, else none. */
  time(test) {
    const cached = super.time(test);
    if (cached !== undefined) return cached;
    const inE2e = path.basename(path.dirname(test.path)) === 'e2e';
    const seconds = inE2e ? E2E_SECONDS[path.basename(test.path)] : undefined;
    return seconds === undefined ? undefined : seconds * 1000;
  }
}

module.exports = LongestFirstSequencer;
