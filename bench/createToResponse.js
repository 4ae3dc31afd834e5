// Part "create": from the command to the first page, as a new user runs them (issue 55 §2):
// `npm run demo` (from a copy of this checkout, appgen already installed and built), and
// `create-appgen` (with its npm install) then `appgen dev`, for a Prisma and a Drizzle app; beside
// them the floor, a plain project's `npm install` of the same packages (a create-next-app project
// with the created app's dependencies and appgen's own, no appgen); the same npm cache for all,
// with the size of what was installed.
const { execFileSync, spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { CREATE_APPGEN, REPO_ROOT } = require('./lib/paths');
const { offerSharedPrebuilds } = require('./lib/prebuilds');
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

const benchEnv = () => {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  return env;
};

/** A temp folder for one run, with better-sqlite3's binary offered as a download would be. */
function runFolder(name) {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), `appgen-bench-${name}-`));
  offerSharedPrebuilds(parent);
  return parent;
}

/** Warnings npm printed (EBADENGINE, install scripts, deprecations), the lines themselves. */
const npmWarnings = (output) => output.split('\n').filter((line) => /^npm warn/i.test(line));

/** Sizes and the better-sqlite3 compile of an installed project. */
function installFigures(dir, output) {
  return {
    native: nativeBuildSeconds(dir),
    warnings: npmWarnings(output),
    mib: diskMiB(path.join(dir, 'node_modules')),
    packages: packageCount(dir),
  };
}

/**
 * `appgen dev` until the users page answers 200, then GET /api/users and the page again, then
 * Ctrl-C (SIGINT to its process group).
 */
async function firstPage(dir, env) {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const dev = startServer(
    path.join(dir, 'node_modules', '.bin', 'appgen'),
    ['dev', '--port', String(port)],
    { cwd: dir, env, port },
  );
  try {
    return await pageTimes(dev, started);
  } finally {
    await dev.stop('SIGINT'); // Ctrl-C: appgen dev stops the next dev it started
  }
}

async function pageTimes(server, started, timeoutMs = 300_000) {
  await waitForStatus(server, '/users', { timeoutMs });
  const page = Number(process.hrtime.bigint() - started) / 1e9;
  const api = process.hrtime.bigint();
  await waitForStatus(server, '/api/users');
  const apiSeconds = Number(process.hrtime.bigint() - api) / 1e9;
  const again = process.hrtime.bigint();
  await waitForStatus(server, '/users');
  return { page, api: apiSeconds, second: Number(process.hrtime.bigint() - again) / 1e9 };
}

/** create-appgen as a new user runs it (no --appgen), then `appgen dev` until the first page. */
async function createOne(orm, { keep }) {
  const parent = runFolder(`create-${orm}`);
  const dir = path.join(parent, 'bench-app');
  const env = benchEnv();
  try {
    log(`create-appgen ${orm}: create-appgen ${dir} --orm ${orm} (with npm install) ...`);
    const create = await runToEnd(process.execPath, [CREATE_APPGEN, dir, '--orm', orm], { env });
    const figures = { install: create.seconds, ...installFigures(dir, create.output) };
    log(`create-appgen ${orm}: appgen dev until the users page (GET /users) answers 200 ...`);
    return { ...figures, ...(await firstPage(dir, env)) };
  } finally {
    if (!keep) fs.rmSync(parent, { recursive: true, force: true });
  }
}

/**
 * The floor: a plain Next.js project (what create-next-app makes, plus packages) whose
 * package.json lists the created app's dependencies with appgen replaced by appgen's own
 * dependencies, with the app's `overrides` (and stand-in folder) and `allowScripts`: the same
 * packages but appgen, installed by `npm install` as create-appgen runs it. No first page: it has
 * no pages to serve beyond what create-next-app's would.
 */
async function floorOne(orm, { keep }) {
  const parent = runFolder(`floor-${orm}`);
  const dir = path.join(parent, 'plain-app');
  const env = benchEnv();
  try {
    // The created app's package.json and stand-in folders, without installing anything.
    await runToEnd(
      process.execPath,
      [CREATE_APPGEN, dir, '--orm', orm, '--appgen', 'packed', '--no-install', '--no-git'],
      { env },
    );
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const appgen = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    delete pkg.devDependencies.appgen;
    pkg.dependencies = { ...pkg.dependencies, ...appgen.dependencies };
    pkg.scripts = { dev: 'next dev', build: 'next build', start: 'next start' };
    if (pkg.allowScripts) delete pkg.allowScripts.appgen;
    fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
    fs.rmSync(path.join(dir, '.appgen', `appgen-${appgen.version}.tgz`), { force: true });
    log(`floor ${orm}: npm install of the same packages in a plain project ${dir} ...`);
    const install = await runToEnd('npm', ['install'], { cwd: dir, env });
    return { install: install.seconds, ...installFigures(dir, install.output) };
  } finally {
    if (!keep) fs.rmSync(parent, { recursive: true, force: true });
  }
}

/**
 * `npm run demo` from a copy of this checkout whose dependencies are installed (node_modules
 * linked) and whose dist/ is current: what a second `npm run demo -- --fresh` costs, and the first
 * less appgen's own install and build. Timed to "Starting appgen dev" (its create and install),
 * then to the first page.
 */
async function demoOne({ keep }) {
  const parent = runFolder('demo');
  const checkout = path.join(parent, 'appgen');
  const env = benchEnv();
  // Sources first, dist/ last: the copy's build stamp is newer than every input, as after a build.
  for (const entry of [
    'package.json',
    'README.md',
    'tsconfig.json',
    'tsconfig.build.json',
    'src',
    'scripts',
    'templates',
    'schemas',
    'docs',
    'examples',
    'dist',
  ])
    fs.cpSync(path.join(REPO_ROOT, entry), path.join(checkout, entry), { recursive: true });
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(checkout, 'node_modules'), 'dir');
  try {
    const port = await freePort();
    log(
      `demo: npm run demo -- --fresh --port ${port} in a copy of this checkout (${checkout}) ...`,
    );
    const started = process.hrtime.bigint();
    const demo = startServer('npm', ['run', 'demo', '--', '--fresh', '--port', String(port)], {
      cwd: checkout,
      env,
      port,
    });
    try {
      let install = NaN;
      const marker = setInterval(() => {
        if (Number.isNaN(install) && demo.output().includes('Starting appgen dev'))
          install = Number(process.hrtime.bigint() - started) / 1e9;
      }, 100);
      const times = await pageTimes(demo, started, 900_000).finally(() => clearInterval(marker));
      if (!demo.output().includes('appgen is built'))
        throw new Error(`the demo built appgen again:\n${demo.output().slice(-4000)}`);
      const app = path.join(checkout, 'demo-app');
      return {
        install,
        ...installFigures(app, demo.output()),
        ...times,
        page: times.page - install,
      };
    } finally {
      await demo.stop('SIGINT');
    }
  } finally {
    if (!keep) fs.rmSync(parent, { recursive: true, force: true });
  }
}

async function runCreate(options) {
  // The same pinned packages installed once before: every tarball is in the npm cache.
  ensureSharedInstall(log);
  const runs = [
    { label: 'demo (prisma)', ...(await demoOne(options)) },
    { label: 'create prisma', ...(await createOne('prisma', options)) },
    { label: 'floor prisma', ...(await floorOne('prisma', options)) },
    { label: 'create drizzle', ...(await createOne('drizzle', options)) },
    { label: 'floor drizzle', ...(await floorOne('drizzle', options)) },
  ];
  const row = (label, pick, digits) => [label, ...runs.map((run) => fixed(pick(run), digits))];
  printTable(
    'command to first page, beside the floor (seconds, sizes)',
    ['step', ...runs.map((run) => run.label)],
    [
      row('create and npm install (floor: npm install) (s)', (r) => r.install, 1),
      row('  of which compiling better-sqlite3 (node-gyp) (s)', (r) => r.native, 1),
      row('  npm warnings printed', (r) => r.warnings.length, 0),
      row('appgen dev → first 200 from GET /users (s)', (r) => r.page, 1),
      row('total: command → first page (s)', (r) => r.install + r.page, 1),
      row('then GET /api/users, compiled on demand (s)', (r) => r.api, 2),
      row('second GET /users (compiled) (s)', (r) => r.second, 3),
      row('node_modules on disk (MiB, du)', (r) => r.mib, 0),
      row('installed packages', (r) => r.packages, 0),
    ],
  );
  for (const run of runs)
    for (const warning of run.warnings) log(`${run.label}: ${warning.slice(0, 200)}`);
  const floor = (orm) => runs.find((run) => run.label === `floor ${orm}`).install;
  return runs
    .filter((run) => !run.label.startsWith('floor'))
    .map((run) => {
      const orm = run.label.includes('drizzle') ? 'drizzle' : 'prisma';
      return {
        goal: `${run.label}: install within a few seconds of the floor, no npm warning`,
        measured: `${fixed(run.install, 1)} s against the floor's ${fixed(floor(orm), 1)} s, ${run.warnings.length} warnings; first page ${fixed(run.install + run.page, 1)} s after the command; node_modules ${fixed(run.mib, 0)} MiB`,
        met: undefined,
      };
    });
}

module.exports = { runCreate };
