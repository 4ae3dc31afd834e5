// Orders test files longest first, so neither of the two Jest workers sits idle at the end of the
// run while the other works through a long suite it picked up last.
//
// Jest's own sequencer does this only from the timings it cached on earlier runs; on a fresh clone
// (CI) it has none and falls back to file size, which put two of the longest end-to-end suites
// (readme-flow.test.ts: a real `npm install`, 64 lines; compile-examples.test.ts: ten builds, 102
// lines) last. The table below orders the end-to-end suites; Jest's cached timings order the rest.
const path = require('path');
const Sequencer = require('@jest/test-sequencer').default;

// Seconds each end-to-end suite took in a full e2e run on the 2-core machine, two suites at a
// time, nothing else running (2026-11-29: e2e part 27 min, the two longest last: Jest had cached
// their times from runs filtered with -t, a fraction of the whole). So the table wins over Jest's
// cache for the suites it lists. Approximate: only the order matters.
const E2E_SECONDS = {
  'starter-app.test.ts': 574,
  // Four builds (ORM x database), one per pair for every block (lists, record pages, ...).
  'pages-blog.test.ts': 435,
  'publishing.test.ts': 365,
  'production.test.ts': 260,
  // Newsroom's four builds moved from compile-examples to newsroom-access (2026-11-29, estimated
  // from their builds' times, not measured in a full run).
  'compile-examples.test.ts': 165,
  'newsroom-access.test.ts': 180,
  'todo.test.ts': 200,
  'data-loss.test.ts': 177,
  'dev.test.ts': 168,
  'route-semantics.test.ts': 140,
  'outbox.test.ts': 121,
  'forum.test.ts': 119,
  'readme-flow.test.ts': 100,
  'views-browser.test.ts': 93,
  'migrate.test.ts': 65,
  'names-typecheck.test.ts': 65,
  'none-stubs.test.ts': 51,
  'create-package.test.ts': 25,
  'relations-postgres.test.ts': 12,
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
