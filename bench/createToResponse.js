// Part "create": from `create-appgen` (with its npm install, warm npm cache) to the first page
// from `appgen dev`, as a new user would run them, for a Prisma and a Drizzle app, with the size
// of what was installed.
const { execFileSync, spawn } = require('child_process');
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

/** Disk use of a folder in MiB (`du -sk`; symlinks, such as appgen's `file:` link, not followed). */
function diskMiB(dir) {
  const kib = Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0]);
  return kib / 1024;
}

/** Installed packages: folders with a package.json under node_modules (scoped ones included). */
function packageCount(dir) {
  const count = (folder) =>
    fs.readdirSync(folder, { withFileTypes: true }).reduce((sum, entry) => {
      if (!entry.isDirectory() || entry.name.startsWith('.')) return sum;
      const inner = path.join(folder, entry.name);
      if (entry.name.startsWith('@')) return sum + count(inner);
      const own = fs.existsSync(path.join(inner, 'package.json')) ? 1 : 0;
      const nested = path.join(inner, 'node_modules');
      return sum + own + (fs.existsSync(nested) ? count(nested) : 0);
    }, 0);
  return count(path.join(dir, 'node_modules'));
}

/** create-appgen with its npm install, then `appgen dev` until the users page answers 200. */
async function createOne(orm, { keep }) {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), `appgen-bench-create-${orm}-`));
  const dir = path.join(parent, 'bench-app');
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  try {
    log(`${orm}: create-appgen ${dir} (with npm install) ...`);
    const create = await runToEnd(
      process.execPath,
      [CREATE_APPGEN, dir, '--orm', orm, '--appgen', `file:${REPO_ROOT}`],
      { env },
    );
    const figures = {
      orm,
      create: create.seconds,
      native: nativeBuildSeconds(dir),
      // Warnings npm printed during the install (EBADENGINE, install-scripts, deprecations).
      warnings: create.output.split('\n').filter((line) => line.startsWith('npm warn')).length,
      mib: diskMiB(path.join(dir, 'node_modules')),
      packages: packageCount(dir),
    };
    log(`${orm}: appgen dev until the users page (GET /users) answers 200 ...`);
    const port = await freePort();
    const started = process.hrtime.bigint();
    const dev = startServer(
      path.join(dir, 'node_modules', '.bin', 'appgen'),
      ['dev', '--port', String(port)],
      { cwd: dir, env, port },
    );
    try {
      await waitForStatus(dev, '/users', { timeoutMs: 300_000 });
      figures.page = Number(process.hrtime.bigint() - started) / 1e9;
      const api = process.hrtime.bigint();
      await waitForStatus(dev, '/api/users');
      figures.api = Number(process.hrtime.bigint() - api) / 1e9;
      const again = process.hrtime.bigint();
      await waitForStatus(dev, '/users');
      figures.second = Number(process.hrtime.bigint() - again) / 1e9;
    } finally {
      await dev.stop('SIGINT'); // Ctrl-C: appgen dev stops the next dev it started
    }
    return figures;
  } finally {
    if (!keep) fs.rmSync(parent, { recursive: true, force: true });
  }
}

async function runCreate(options) {
  // The same pinned packages installed once before: every tarball is in the npm cache.
  ensureSharedInstall(log);
  const runs = [];
  for (const orm of ['prisma', 'drizzle']) runs.push(await createOne(orm, options));
  const row = (label, pick, digits) => [label, ...runs.map((run) => fixed(pick(run), digits))];
  printTable(
    'create-to-first-page (seconds, sizes)',
    ['step', ...runs.map((run) => run.orm)],
    [
      row('create-appgen, with npm install (s)', (r) => r.create, 1),
      row('  of which compiling better-sqlite3 (node-gyp) (s)', (r) => r.native, 1),
      row('  npm warnings printed', (r) => r.warnings, 0),
      row('appgen dev → first 200 from GET /users (s)', (r) => r.page, 1),
      row('total: create → first page (s)', (r) => r.create + r.page, 1),
      row('then GET /api/users, compiled on demand (s)', (r) => r.api, 2),
      row('second GET /users (compiled) (s)', (r) => r.second, 3),
      row('node_modules on disk (MiB, du)', (r) => r.mib, 0),
      row('installed packages', (r) => r.packages, 0),
    ],
  );
  return runs.map((run) => ({
    goal: `create-to-first-page, ${run.orm} (no goal set; reported)`,
    measured: `${fixed(run.create + run.page, 1)} s (${fixed(run.native, 0)} s compiling better-sqlite3), node_modules ${fixed(run.mib, 0)} MiB`,
    met: undefined,
  }));
}

module.exports = { runCreate };
