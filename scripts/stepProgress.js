// The progress lines of `npm run demo`'s own steps, as create-appgen prints its own
// (src/create/progress.ts, src/project/slowStep.ts; those are in dist/, which these steps build):
// what a step starts, "still running" every few seconds while it takes long, then "✔ <done> (<time>)".
const { spawn } = require('child_process');

const seconds = (ms) =>
  ms < 60_000
    ? `${(ms / 1000).toFixed(1)} s`
    : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

/**
 * Runs `command args` with its output on the terminal, between the lines `doing` and `done`
 * (either may be left out when the command prints its own). `heartbeat` (a short name):
 * after 5 s and every 5 s after, "  <heartbeat>... (still running, N s)". Rejects on a failure.
 */
function runStep({ doing, done, heartbeat }, command, args, options = {}) {
  if (doing) process.stdout.write(`${doing}\n`);
  const started = Date.now();
  const ticker =
    heartbeat &&
    setInterval(() => {
      const ran = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`  ${heartbeat}... (still running, ${ran} s)\n`);
    }, 5000);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(ticker);
      if (code !== 0)
        return reject(new Error(`${[command, ...args].join(' ')} failed (exit ${code})`));
      if (done) process.stdout.write(`✔ ${done} (${seconds(Date.now() - started)})\n`);
      resolve();
    });
  });
}

module.exports = { runStep };
