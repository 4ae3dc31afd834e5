// Part "create": from `create-appgen` (with its npm install, warm npm cache) to the first 200
// from `appgen dev`, as a new user would run them.
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { CREATE_APPGEN, REPO_ROOT } = require('./lib/paths');
const { ensureSharedInstall } = require('./lib/sharedInstall');
const { freePort, startServer, waitForStatus } = require('./lib/server');
const { fixed, printTable } = require('./lib/table');

const log = (line) => process.stdout.write(`  ${line}\n`);

function runToEnd(command, args, options) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0)
        reject(
          new Error(
            `${path.basename(args[0] ?? command)} exited with ${code}:\n${output.slice(-4000)}`,
          ),
        );
      else resolve({ seconds: Number(process.hrtime.bigint() - started) / 1e9, output });
    });
  });
}

/**
 * How long npm spent compiling better-sqlite3 from source (no prebuilt binary can be downloaded
 * here): node-gyp's config.gypi is its first file, the .node addon its last. NaN when it was not
 * compiled.
 */
function nativeBuildSeconds(dir) {
  const build = path.join(dir, 'node_modules', 'better-sqlite3', 'build');
  try {
    return (
      (fs.statSync(path.join(build, 'Release', 'better_sqlite3.node')).mtimeMs -
        fs.statSync(path.join(build, 'config.gypi')).mtimeMs) /
      1000
    );
  } catch {
    return NaN;
  }
}

async function runCreate({ keep }) {
  // The same pinned packages installed once before: every tarball is in the npm cache.
  ensureSharedInstall(log);
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-bench-create-'));
  const dir = path.join(parent, 'bench-app');
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  let create;
  let nativeSeconds;
  let devSeconds;
  let secondSeconds;
  try {
    log(`create-appgen ${dir} (with npm install) ...`);
    create = await runToEnd(
      process.execPath,
      [CREATE_APPGEN, dir, '--appgen', `file:${REPO_ROOT}`],
      { env },
    );
    nativeSeconds = nativeBuildSeconds(dir);

    log('appgen dev until GET /api/users answers 200 ...');
    const port = await freePort();
    const started = process.hrtime.bigint();
    const dev = startServer(
      path.join(dir, 'node_modules', '.bin', 'appgen'),
      ['dev', '--port', String(port)],
      { cwd: dir, env, port },
    );
    try {
      await waitForStatus(dev, '/api/users', { timeoutMs: 300_000 });
      devSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      const again = process.hrtime.bigint();
      await waitForStatus(dev, '/api/users');
      secondSeconds = Number(process.hrtime.bigint() - again) / 1e9;
    } finally {
      await dev.stop('SIGINT'); // Ctrl-C: appgen dev stops the next dev it started
    }
  } finally {
    if (!keep) fs.rmSync(parent, { recursive: true, force: true });
  }

  const total = create.seconds + devSeconds;
  printTable(
    'create-to-first-response (seconds)',
    ['step', 'seconds'],
    [
      ['create-appgen, with npm install', fixed(create.seconds, 1)],
      ['  of which compiling better-sqlite3 (node-gyp)', fixed(nativeSeconds, 1)],
      ['appgen dev → first 200 from GET /api/users', fixed(devSeconds, 1)],
      ['total', fixed(total, 1)],
      ['second GET /api/users (compiled)', fixed(secondSeconds, 3)],
    ],
  );
  return [
    {
      goal: 'create-to-first-response (no goal set; reported)',
      measured: `${fixed(total, 1)} s (${fixed(nativeSeconds, 0)} s compiling better-sqlite3)`,
      met: undefined,
    },
  ];
}

module.exports = { runCreate };
