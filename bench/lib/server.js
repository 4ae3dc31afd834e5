// Long-running servers for the benchmarks (next start, appgen dev): started in a process group
// of their own on a free loopback port, and stopped by that group's id, nothing else.
const { spawn } = require('child_process');
const { createRequire } = require('module');
const path = require('path');
const net = require('net');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function startServer(command, args, { cwd, env, port }) {
  const child = spawn(command, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async (signal = 'SIGTERM') => {
    if (!running()) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { url: `http://127.0.0.1:${port}`, child, running, output: () => output, stop };
}

/** Polls `url` until it answers `status`; returns the seconds waited. Throws on timeout or exit. */
async function waitForStatus(server, path, { status = 200, timeoutMs = 180_000 } = {}) {
  const started = process.hrtime.bigint();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!server.running())
      throw new Error(`server exited before answering ${path}:\n${server.output().slice(-4000)}`);
    try {
      const response = await fetch(`${server.url}${path}`);
      await response.arrayBuffer();
      if (response.status === status) return Number(process.hrtime.bigint() - started) / 1e9;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(
        `no ${status} from ${path} within ${timeoutMs / 1000} s:\n${server.output().slice(-4000)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `next start` of a built project on a free loopback port, once `readyPath` answers 200. */
async function startBuiltApp(dir, env, readyPath = '/api/users') {
  const port = await freePort();
  const next = createRequire(path.join(dir, 'package.json')).resolve('next/dist/bin/next');
  const server = startServer(
    process.execPath,
    [next, 'start', '-p', String(port), '-H', '127.0.0.1'],
    { cwd: dir, env, port },
  );
  await waitForStatus(server, readyPath, { timeoutMs: 60_000 });
  return server;
}

module.exports = { freePort, startBuiltApp, startServer, waitForStatus };
