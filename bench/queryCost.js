// `npm run bench -- query`: what preparing a generated Drizzle one-record read saves, in-process
// (no HTTP, so the few microseconds are not lost in the spread of the handlers part). Runs
// hand-written/drizzleReadCost.mjs inside the shared install, whose drizzle-orm and
// better-sqlite3 are the generated apps' own, and sets the saving against the handlers part's
// "ms per request beyond the ceiling".
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { ensureSharedInstall } = require('./lib/sharedInstall');
const { fixed, median, printTable } = require('./lib/table');

const log = (line) => process.stdout.write(`  ${line}\n`);

async function runQueryCost(options) {
  const install = ensureSharedInstall(log);
  // In the install's folder, so that its node_modules resolve; removed afterwards.
  const script = path.join(install, `drizzleReadCost-${process.pid}.mjs`);
  fs.copyFileSync(path.join(__dirname, 'hand-written', 'drizzleReadCost.mjs'), script);
  let result;
  try {
    const rounds = String(Math.max(3, options.runs));
    result = JSON.parse(
      execFileSync(process.execPath, [script, '50000', rounds], { encoding: 'utf8' }),
    );
  } finally {
    fs.rmSync(script, { force: true });
  }
  const built = median(result.built);
  const prepared = median(result.prepared);
  const spread = (list) => `${fixed(Math.min(...list), 1)}–${fixed(Math.max(...list), 1)}`;
  printTable(
    `Drizzle, one row by id from 50 (better-sqlite3, in memory), 50,000 reads per round, ${result.built.length} rounds, in-process`,
    ['read', 'µs per read', 'range'],
    [
      [
        'built on every call (the query builder, SQL compiled, statement prepared)',
        fixed(built, 1),
        spread(result.built),
      ],
      [
        'prepared once (preparedOnce, what generated one-record GETs do)',
        fixed(prepared, 1),
        spread(result.prepared),
      ],
    ],
  );
  return [
    {
      goal: 'Drizzle one-record read: what preparing saves per request (issue 20, reported)',
      measured: `${fixed(built - prepared, 1)} µs (${fixed(built, 1)} → ${fixed(prepared, 1)} µs per read)`,
      met: undefined,
    },
  ];
}

module.exports = { runQueryCost };
