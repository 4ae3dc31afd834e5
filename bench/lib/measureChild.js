const { spawnSync } = require('child_process');
const { REPORT_USAGE } = require('./paths');

const MARK = 'APPGEN_BENCH_USAGE '; // written by reportUsage.js

/**
 * Runs `node ...nodeArgs` to completion in a child process of its own and returns its wall
 * time (spawn to exit, Node's start-up included: that is what a user waits for) and peak RSS.
 * Throws when the child fails, with its output.
 */
function measureNode(nodeArgs, { cwd, env = process.env } = {}) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ['--require', REPORT_USAGE, ...nodeArgs], {
    cwd,
    env,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) {
    throw new Error(
      `node ${nodeArgs.join(' ')} exited with ${result.status}\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`,
    );
  }
  const usageLine = result.stderr.split('\n').find((line) => line.startsWith(MARK));
  const usage = usageLine ? JSON.parse(usageLine.slice(MARK.length)) : { maxRssKb: NaN };
  return { seconds, rssMb: usage.maxRssKb / 1024, stdout: result.stdout };
}

module.exports = { measureNode };
