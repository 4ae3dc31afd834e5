// Part "dev": the `appgen dev` loop on a project of N synthetic models (issue 20: a saved config
// change visible over HTTP in under 1 s at N = 100). The starter project is created inside the
// shared install (as for "handlers"), the synthetic models, routes and views are added to it, and
// `appgen dev` runs on a free loopback port. Each round saves one config change and polls (every
// 20 ms) until the app answers with it: a new route (no schema change: regenerate, then next dev
// compiles the new route on its first request) and a new model field (a schema change: the
// database is pushed before the files are written; seen in GET /api/openapi.json). The floor of
// the route rounds: a route file written by hand (no appgen), timed the same way. Route rounds run
// first: a field change restarts next dev, and a save during the restart would time the restart.
const crypto = require('crypto');
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { APPGEN, CREATE_APPGEN, REPO_ROOT } = require('./lib/paths');
const { ensureSharedInstall } = require('./lib/sharedInstall');
const { freePort, startServer, waitForStatus } = require('./lib/server');
const { fixed, median, printTable } = require('./lib/table');
const { writeSyntheticProject } = require('./synthetic/syntheticProject');

const log = (line) => process.stdout.write(`  ${line}\n`);

const writeJson = (file, value) => fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** Seconds from now until `check(response text, status)` holds, polling every 20 ms. */
async function until(server, urlPath, check, timeoutMs = 120_000) {
  const started = process.hrtime.bigint();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!server.running()) throw new Error(`appgen dev exited:\n${server.output().slice(-4000)}`);
    try {
      const response = await fetch(`${server.url}${urlPath}`);
      if (check(await response.text(), response.status))
        return Number(process.hrtime.bigint() - started) / 1e9;
    } catch {
      // restarting or compiling
    }
    if (Date.now() > deadline)
      throw new Error(
        `${urlPath} did not change within ${timeoutMs / 1000} s:\n${server.output().slice(-4000)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Seconds from now until `holds()` (checked every 10 ms): when appgen has written the files. */
function whenWritten(holds) {
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      let ok = false;
      try {
        ok = holds();
      } catch {
        // being renamed into place
      }
      if (ok) {
        clearInterval(timer);
        resolve(Number(process.hrtime.bigint() - started) / 1e9);
      }
    }, 10);
  });
}

async function runDevLoop({ devN, devRounds, keep }) {
  const projects = path.join(ensureSharedInstall(log), 'projects');
  fs.mkdirSync(projects, { recursive: true });
  const dir = path.join(projects, `bench-dev-${crypto.randomBytes(3).toString('hex')}`);
  execFileSync(
    process.execPath,
    // No git repository: Turbopack would take it as the root and miss the shared node_modules.
    [CREATE_APPGEN, dir, '--no-install', '--no-git', '--appgen', `file:${REPO_ROOT}`],
    { stdio: 'ignore' },
  );
  // The synthetic models, routes and views beside the starter's own (its User and pages stay).
  const synthetic = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-bench-dev-config-'));
  writeSyntheticProject(path.join(synthetic, 'p'), devN);
  fs.cpSync(path.join(synthetic, 'p', 'config'), path.join(dir, 'config'), { recursive: true });
  fs.rmSync(synthetic, { recursive: true, force: true });
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  delete env.NODE_ENV;
  delete env.DATABASE_URL;

  const port = await freePort();
  const started = process.hrtime.bigint();
  const dev = startServer(APPGEN, ['dev', '--port', String(port)], { cwd: dir, env, port });
  const handTimes = [];
  const routeTimes = [];
  const fieldTimes = [];
  const routeWritten = [];
  const fieldWritten = [];
  let firstSeconds;
  try {
    log(`appgen dev on ${devN} models in ${dir} ...`);
    await waitForStatus(dev, '/api/item0001', { timeoutMs: 300_000 });
    firstSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    await waitForStatus(dev, '/api/openapi.json');
    const routesFile = path.join(dir, 'config', 'routes', 'item0002.json');
    const modelFile = path.join(dir, 'config', 'models', 'Item0003.json');
    // Route rounds first, all of them: a field change restarts next dev (the ORM client changed),
    // and a route saved during that restart would measure the restart.
    for (let round = 0; round < devRounds; round++) {
      // The floor: a route file written by hand, no appgen (next dev compiles it on first request).
      const handFile = path.join(dir, 'src', 'app', 'api', `hand${round}`, 'route.ts');
      fs.mkdirSync(path.dirname(handFile), { recursive: true });
      fs.writeFileSync(
        handFile,
        'export function GET() {\n  return Response.json({ ok: true });\n}\n',
      );
      handTimes.push(await until(dev, `/api/hand${round}`, (_text, status) => status === 200));
      // A new route: 404 until regenerated and compiled.
      const routes = readJson(routesFile);
      routes.routes.push({ method: 'GET', path: `/api/probe${round}`, response: 'Item0002[]' });
      const routeFile = path.join(dir, 'src', 'app', 'api', `probe${round}`, 'route.ts');
      const written = whenWritten(() => fs.existsSync(routeFile));
      writeJson(routesFile, routes);
      routeTimes.push(await until(dev, `/api/probe${round}`, (_text, status) => status === 200));
      routeWritten.push(await written);
      log(
        `round ${round + 1}: hand-written route ${fixed(handTimes.at(-1), 2)} s, config route ${fixed(routeTimes.at(-1), 2)} s`,
      );
    }
    for (let round = 0; round < devRounds; round++) {
      // A new field: pushed to the database, then seen in the OpenAPI document.
      const model = readJson(modelFile);
      model.fields[`note${round}`] = { type: 'string', optional: true };
      const openapi = path.join(dir, 'src', 'appgen', 'openapi.ts');
      const fieldWrite = whenWritten(() =>
        fs.readFileSync(openapi, 'utf8').includes(`note${round}`),
      );
      writeJson(modelFile, model);
      fieldTimes.push(
        await until(
          dev,
          '/api/openapi.json',
          (text, status) => status === 200 && text.includes(`note${round}`),
        ),
      );
      fieldWritten.push(await fieldWrite);
      log(`round ${round + 1}: field ${fixed(fieldTimes.at(-1), 2)} s`);
      // Let the restart this change causes finish before the next round.
      await until(dev, '/api/item0001', (_text, status) => status === 200);
    }
  } finally {
    await dev.stop('SIGINT');
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
  const spread = (list) => `${fixed(Math.min(...list), 2)}–${fixed(Math.max(...list), 2)}`;
  printTable(
    `appgen dev at N = ${devN} (${devRounds} rounds; seconds from saving a config file to the app answering with it, and to appgen having written the files: the rest is next dev)`,
    ['change', 'visible s', 'range s', 'files written s', 'range s'],
    [
      [
        'a route file written by hand, no appgen (the floor)',
        fixed(median(handTimes), 2),
        spread(handTimes),
        '',
        '',
      ],
      [
        'new route (no schema change)',
        fixed(median(routeTimes), 2),
        spread(routeTimes),
        fixed(median(routeWritten), 2),
        spread(routeWritten),
      ],
      [
        'new model field (schema pushed)',
        fixed(median(fieldTimes), 2),
        spread(fieldTimes),
        fixed(median(fieldWritten), 2),
        spread(fieldWritten),
      ],
      ['appgen dev start → first 200 (for reference)', fixed(firstSeconds, 1), '', '', ''],
    ],
  );
  const worst = Math.max(median(routeTimes), median(fieldTimes));
  return [
    {
      goal: `N=${devN} dev loop: a saved config change visible over HTTP < 1 s (issue 20)`,
      measured: `route ${fixed(median(routeTimes), 2)} s (written ${fixed(median(routeWritten), 2)} s; hand-written ${fixed(median(handTimes), 2)} s), field ${fixed(median(fieldTimes), 2)} s (written ${fixed(median(fieldWritten), 2)} s)`,
      met: worst < 1,
    },
  ];
}

module.exports = { runDevLoop };
