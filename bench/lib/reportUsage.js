// Preloaded with `node --require` into every measured child process. On exit it prints one line
// with the child's own peak resident memory, so each figure belongs to one run alone (the
// parent's memory, and that of earlier runs, never mixes in).
const fs = require('fs');

const MARK = 'APPGEN_BENCH_USAGE '; // read by measureChild.js

process.on('exit', () => {
  const { maxRSS } = process.resourceUsage(); // kilobytes
  fs.writeSync(2, `\n${MARK}${JSON.stringify({ maxRssKb: maxRSS })}\n`);
});
