// Part "dev": the `appgen dev` loop on a project of N synthetic models (issue 20: a saved config
// change visible over HTTP in under 1 s at N = 100), for each ORM (SQLite). The starter project is
// created inside the shared install (as for "handlers"), the synthetic models, routes and views
// are added to it, and `appgen dev` runs on a free loopback port. Each round saves one config
// change and polls (every 20 ms) until the app answers with it: a new route (no schema change:
// regenerate, then next dev compiles the new route on its first request) and a new model field (a
// schema change: the database is pushed before the files are written, the Prisma client is
// generated and next dev reloads its server modules; seen when a record read through the API has
// the field). The floor of the route rounds: a route file written by hand (no appgen), timed the
// same way. Route rounds run first. A second session per ORM times the field rounds with the
// restart of next dev they replaced (APPGEN_DEV_RESTART=1, issue 41), and each field round's
// `prisma generate` is read from appgen dev's log.
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

/**
 * Seconds from `started` (a process.hrtime.bigint(), now by default) until `check(response text,
 * status)` holds, polling every 20 ms from now.
 */
async function until(
  server,
  urlPath,
  check,
  started = process.hrtime.bigint(),
  timeoutMs = 120_000,
) {
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

/**
 * Seconds from `started` until `holds()` (checked every 10 ms): when appgen has written the files.
 * Fails, with appgen dev's output, when it exits or nothing is written in time: the app is polled
 * only after this, so a failed regeneration must not leave the bench waiting.
 */
function whenWritten(server, holds, started, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
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
      } else if (!server.running() || Date.now() > deadline) {
        clearInterval(timer);
        reject(
          new Error(
            `${server.running() ? `nothing written within ${timeoutMs / 1000} s` : 'appgen dev exited'}:\n${server.output().slice(-4000)}`,
          ),
        );
      }
    }, 10);
  });
}

/** One `appgen dev` session of the starter (`orm`) with the synthetic config of N beside it. */
async function devSession(orm, { devN, devRounds, keep, restart = false }) {
  const projects = path.join(ensureSharedInstall(log), 'projects');
  fs.mkdirSync(projects, { recursive: true });
  const dir = path.join(projects, `bench-dev-${orm}-${crypto.randomBytes(3).toString('hex')}`);
  execFileSync(
    process.execPath,
    // No git repository: Turbopack would take it as the root and miss the shared node_modules.
    [CREATE_APPGEN, dir, '--no-install', '--no-git', '--orm', orm, '--appgen', `file:${REPO_ROOT}`],
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
  if (restart) env.APPGEN_DEV_RESTART = '1';
  else delete env.APPGEN_DEV_RESTART;

  const port = await freePort();
  const started = process.hrtime.bigint();
  const dev = startServer(process.execPath, [APPGEN, 'dev', '--port', String(port)], {
    cwd: dir,
    env,
    port,
  });
  const times = {
    hand: [],
    route: [],
    field: [],
    routeWritten: [],
    fieldWritten: [],
    generate: [],
  };
  try {
    log(
      `appgen dev (${orm}${restart ? ', APPGEN_DEV_RESTART=1' : ''}) on ${devN} models in ${dir} ...`,
    );
    await waitForStatus(dev, '/api/item0001', { timeoutMs: 300_000 });
    times.first = Number(process.hrtime.bigint() - started) / 1e9;
    const routesFile = path.join(dir, 'config', 'routes', 'item0002.json');
    const modelFile = path.join(dir, 'config', 'models', 'Item0003.json');
    for (let round = 0; round < (restart ? 0 : devRounds); round++) {
      // The floor: a route file written by hand, no appgen (next dev compiles it on first request).
      const handFile = path.join(dir, 'src', 'app', 'api', `hand${round}`, 'route.ts');
      fs.mkdirSync(path.dirname(handFile), { recursive: true });
      fs.writeFileSync(
        handFile,
        'export function GET() {\n  return Response.json({ ok: true });\n}\n',
      );
      times.hand.push(await until(dev, `/api/hand${round}`, (_text, status) => status === 200));
      // A new route: 404 until regenerated and compiled.
      const routes = readJson(routesFile);
      routes.routes.push({ method: 'GET', path: `/api/probe${round}`, response: 'Item0002[]' });
      const routeFile = path.join(dir, 'src', 'app', 'api', `probe${round}`, 'route.ts');
      const saved = process.hrtime.bigint();
      const written = whenWritten(dev, () => fs.existsSync(routeFile), saved);
      writeJson(routesFile, routes);
      // HTTP polling starts once the files are written: a request before that can only miss, and
      // 50 requests a second for a missing route keep next dev rendering its 404 page on the
      // cores appgen is generating on (a user does not reload that fast).
      times.routeWritten.push(await written);
      times.route.push(
        await until(dev, `/api/probe${round}`, (_text, status) => status === 200, saved),
      );
      log(
        `round ${round + 1}: hand-written route ${fixed(times.hand.at(-1), 2)} s, config route ${fixed(times.route.at(-1), 2)} s`,
      );
    }
    // One record, read back after each field change: the answer has the new field only once the
    // database, the ORM's client and the handlers in the running server all have it.
    const created = await fetch(`${dev.url}/api/item0003`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Probe', code: 'PROBE1' }),
    });
    if (created.status !== 201) throw new Error(`POST /api/item0003 answered ${created.status}`);
    const record = `/api/item0003/${(await created.json()).id}`;
    for (let round = 0; round < devRounds; round++) {
      const model = readJson(modelFile);
      model.fields[`note${round}`] = { type: 'string', optional: true };
      const openapi = path.join(dir, 'src', 'appgen', 'openapi.ts');
      const saved = process.hrtime.bigint();
      const fieldWrite = whenWritten(
        dev,
        () => fs.readFileSync(openapi, 'utf8').includes(`note${round}`),
        saved,
      );
      const logged = dev.output().length;
      writeJson(modelFile, model);
      // As for routes: the record cannot have the field before the files are written.
      times.fieldWritten.push(await fieldWrite);
      times.field.push(
        await until(
          dev,
          record,
          (text, status) => status === 200 && text.includes(`"note${round}":null`),
          saved,
        ),
      );
      const generated = /appgen: Prisma client generated \(([\d.]+) (ms|s)\)/.exec(
        dev.output().slice(logged),
      );
      if (generated) times.generate.push(Number(generated[1]) / (generated[2] === 'ms' ? 1000 : 1));
      log(
        `round ${round + 1}: field ${fixed(times.field.at(-1), 2)} s${generated ? ` (prisma generate ${generated[1]} ${generated[2]})` : ''}`,
      );
    }
  } finally {
    await dev.stop('SIGINT');
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
  return times;
}

async function runDevLoop(options) {
  const sessions = [];
  for (const orm of ['prisma', 'drizzle']) {
    const times = await devSession(orm, options);
    times.restarted = await devSession(orm, { ...options, restart: true });
    sessions.push([orm, times]);
  }
  const spread = (list) => `${fixed(Math.min(...list), 2)}–${fixed(Math.max(...list), 2)}`;
  // A column pair: the median and the range of a list of seconds.
  const timed = (list) => [fixed(median(list), 2), spread(list)];
  const rows = sessions.flatMap(([orm, t]) => [
    [orm, 'a route file written by hand, no appgen (the floor)', ...timed(t.hand), '', ''],
    [orm, 'new route (no schema change)', ...timed(t.route), ...timed(t.routeWritten)],
    [
      orm,
      'new model field, no restart (schema pushed; a record read with it)',
      ...timed(t.field),
      ...timed(t.fieldWritten),
    ],
    [
      orm,
      'new model field, next dev restarted (APPGEN_DEV_RESTART=1)',
      ...timed(t.restarted.field),
      ...timed(t.restarted.fieldWritten),
    ],
    ...(t.generate.length > 0
      ? [[orm, '  of which prisma generate (no restart)', ...timed(t.generate), '', '']]
      : []),
    [orm, 'appgen dev start → first 200 (for reference)', fixed(t.first, 1), '', '', ''],
  ]);
  printTable(
    `appgen dev at N = ${options.devN} (${options.devRounds} rounds; seconds from saving a config file to the app answering with it, and to appgen having written the files: the rest is next dev)`,
    ['orm', 'change', 'visible s', 'range s', 'files written s', 'range s'],
    rows,
  );
  return sessions.map(([orm, t]) => ({
    goal: `N=${options.devN} dev loop (${orm}): a saved config change visible over HTTP < 1 s (issue 20)`,
    measured: `route ${fixed(median(t.route), 2)} s (written ${fixed(median(t.routeWritten), 2)} s; hand-written ${fixed(median(t.hand), 2)} s), field ${fixed(median(t.field), 2)} s (written ${fixed(median(t.fieldWritten), 2)} s; with the restart ${fixed(median(t.restarted.field), 2)} s${t.generate.length > 0 ? `; prisma generate ${fixed(median(t.generate), 2)} s` : ''})`,
    met: Math.max(median(t.route), median(t.field)) < 1,
  }));
}

module.exports = { runDevLoop };
