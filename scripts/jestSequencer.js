// Orders test files longest first, so neither of the two Jest workers sits idle at the end of the
// run while the other works through a long suite it picked up last.
//
// Jest's own sequencer does this only from the timings it cached on earlier runs; on a fresh clone
// (CI) it has none and falls back to file size, which put two of the longest end-to-end suites
// (readme-flow.test.ts: a real `npm install`, 64 lines; compile-examples.test.ts: ten builds, 102
// lines) last. The table below orders the end-to-end suites; Jest's cached timings order the rest.
const path = require('path');
const Sequencer = require('@jest/test-sequencer').default;

// Seconds each end-to-end suite took in a fresh-clone `npm test` on the 2-core machine, two
// suites at a time, nothing else running (2026-11-30: e2e part 17 min; the eight longest again
// after the starter and the blog gained their mail cases: e2e part 19 min). The table wins over
// Jest's cache for the suites it lists (a run filtered with -t caches a fraction of a suite's
// time). Approximate: only the order matters.
const E2E_SECONDS = {
  'starter-app.test.ts': 386,
  // Four builds (ORM x database), one per pair for every block (lists, record pages, ...).
  'pages-blog.test.ts': 353,
  'newsroom-access.test.ts': 192,
  // Its own project (accounts.requireVerified), one build per ORM x database.
  'accounts-verified.test.ts': 180,
  'publishing.test.ts': 194,
  'production.test.ts': 207,
  'compile-examples.test.ts': 134,
  'dev.test.ts': 120,
  'data-loss.test.ts': 104,
  'outbox.test.ts': 127,
  'todo.test.ts': 100,
  'route-semantics.test.ts': 77,
  'readme-flow.test.ts': 122,
  'views-browser.test.ts': 66,
  'forum.test.ts': 51,
  'migrate.test.ts': 45,
  'names-typecheck.test.ts': 33,
  'none-stubs.test.ts': 23,
  'create-package.test.ts': 14,
  'relations-postgres.test.ts': 8,
};

class LongestFirstSequencer extends Sequencer {
  /** Milliseconds: the table's time of an end-to-end suite, else Jest's cached timing, else none. */
  time(test) {
    const inE2e = path.basename(path.dirname(test.path)) === 'e2e';
    const seconds = inE2e ? E2E_SECONDS[path.basename(test.path)] : undefined;
    return seconds === undefined ? super.time(test) : seconds * 1000;
  }
}

module.exports = LongestFirstSequencer;
