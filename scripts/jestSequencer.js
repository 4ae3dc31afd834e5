// Orders test files longest first, so neither of the two Jest workers sits idle at the end of the
// run while the other works through a long suite it picked up last.
//
// Jest's own sequencer does this only from the timings it cached on earlier runs; on a fresh clone
// (CI) it has none and falls back to file size, which put two of the longest end-to-end suites
// (readme-flow.test.ts: a real `npm install`, 64 lines; compile-examples.test.ts: ten builds, 102
// lines) last. Timings Jest cached on this machine still win; the table below covers a fresh clone.
const path = require('path');
const Sequencer = require('@jest/test-sequencer').default;

// Seconds each end-to-end suite took in a full `npm test` on the 2-core machine, two suites at a
// time (2026-11-27). Approximate: only the order matters. A suite not listed runs after these.
// Scaled by later side-by-side runs where a suite changed: readme-flow (better-sqlite3 prebuilt,
// not compiled: 688 -> 414 s), data-loss (copies of one seeded database: 754 -> 639 s), outbox
// (its PostgreSQL pairs, without their two builds, moved to production).
const E2E_SECONDS = {
  'starter-app.test.ts': 660,
  'publishing.test.ts': 560,
  'readme-flow.test.ts': 380,
  'data-loss.test.ts': 375,
  'production.test.ts': 310,
  'todo.test.ts': 240,
  'compile-examples.test.ts': 220,
  'dev.test.ts': 220,
  'route-semantics.test.ts': 215,
  'forum.test.ts': 200,
  'migrate.test.ts': 180,
  'outbox.test.ts': 160,
  'views-browser.test.ts': 150,
  'names-typecheck.test.ts': 120,
  'none-stubs.test.ts': 100,
  'relations-postgres.test.ts': 80,
  'create-package.test.ts': 60,
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
