// Part "outbox": what recording an event in the write's transaction (the outbox, issue 37) costs
// a POST, per ORM × database. One app per pair with three models of the same shape and a POST
// route each: `Plain` (no event: the figure of an app without events), `Queued` (an event run by
// the worker, the default) and `InRequest` (an event with "run": "inRequest", run before the
// answer as before issue 37). The three endpoints are loaded in interleaved rounds on one server;
// then the time the workers take to run the queued backlog. Handlers do nothing, so the figures
// are appgen's own cost.
const { execFileSync, spawnSync } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const { createRequire } = require('module');
const { APPGEN, CREATE_APPGEN, REPO_ROOT } = require('./lib/paths');
const { appEnv, createDatabase } = require('./lib/database');
const { measureInterleaved } = require('./lib/interleaved');
const { ensureSharedInstall } = require('./lib/sharedInstall');
const { startBuiltApp } = require('./lib/server');
const { fixed, signedPercent, printTable } = require('./lib/table');

const log = (line) => process.stdout.write(`  ${line}\n`);
const VARIANTS = { Plain: null, Queued: 'worker', InRequest: 'inRequest' };
const routePath = (model) => `/api/${model.toLowerCase()}`;

/** The extra config and handlers: three models of one shape, their POST routes, two events. */
function benchFiles() {
  const files = {};
  const events = [];
  for (const [model, run] of Object.entries(VARIANTS)) {
    files[`config/models/${model}.json`] = { name: model, fields: { title: 'string' } };
    files[`config/routes/${model.toLowerCase()}.json`] = {
      routes: [
        {
          method: 'POST',
          path: routePath(model),
          body: { title: { type: 'string', required: true } },
          response: model,
        },
      ],
    };
    if (run === null) continue;
    const name = `${model[0].toLowerCase()}${model.slice(1)}Created`;
    events.push({ name, model, on: ['create'], run });
    files[`src/events/${name}.ts`] =
      `import type { EventPayload } from "@/appgen/handler";\n\n/** Does nothing: the bench measures appgen's cost. */\nexport async function ${name}(event: EventPayload): Promise<void> {\n  void event;\n}\n`;
  }
  files['config/events/bench.json'] = { events };
  return files;
}

function buildProject(orm, env) {
  const projects = path.join(ensureSharedInstall(log), 'projects');
  fs.mkdirSync(projects, { recursive: true });
  const dir = path.join(projects, `bench-outbox-${orm}-${crypto.randomBytes(3).toString('hex')}`);
  execFileSync(
    process.execPath,
    [CREATE_APPGEN, dir, '--no-install', '--no-git', '--appgen', `file:${REPO_ROOT}`, '--orm', orm],
    { stdio: 'ignore' },
  );
  for (const [file, content] of Object.entries(benchFiles())) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(
      path.join(dir, file),
      typeof content === 'string' ? content : JSON.stringify(content),
    );
  }
  const build = spawnSync(process.execPath, [APPGEN, 'build'], { cwd: dir, env, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`appgen build failed:\n${build.stdout}\n${build.stderr}`);
  return dir;
}

/** Seconds until no queued event is left (`appgen events` is not needed: the count is enough). */
async function drainSeconds(countPending, started) {
  for (;;) {
    if ((await countPending()) === 0) return (Date.now() - started) / 1000;
    if (Date.now() - started > 600_000) return Infinity;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The pending rows of the outbox, read with the app's own database driver. */
function pendingCounter(dir, database, url) {
  const required = createRequire(path.join(dir, 'package.json'));
  if (database === 'postgresql') {
    const { Client } = required('pg');
    return async () => {
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query(
          `select count(*)::int as n from "AppgenEvent" where status = 'pending'`,
        );
        return rows[0].n;
      } finally {
        await client.end();
      }
    };
  }
  const Database = required('better-sqlite3');
  return async () => {
    const db = new Database(
      path.join(dir, fs.existsSync(path.join(dir, 'prisma')) ? 'prisma' : 'drizzle', 'dev.db'),
      {
        readonly: true,
      },
    );
    try {
      return db.prepare(`select count(*) as n from "AppgenEvent" where status = 'pending'`).get().n;
    } finally {
      db.close();
    }
  };
}

async function runVariant(orm, database, settings) {
  const db = database === 'postgresql' ? createDatabase() : null;
  const env = appEnv(db?.url);
  let dir;
  let server;
  try {
    log(`${orm} on ${database}: appgen build ...`);
    dir = buildProject(orm, env);
    server = await startBuiltApp(dir, env);
    log(
      `${orm} on ${database}: ${settings.rounds} rounds of ${settings.duration} s per variant ...`,
    );
    const urls = Object.fromEntries(
      Object.keys(VARIANTS).map((model) => [model, `${server.url}${routePath(model)}`]),
    );
    const endpoint = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'bench [<id>]' }),
    };
    const measured = await measureInterleaved(urls, endpoint, settings);
    const loadEnded = Date.now();
    const drain = await drainSeconds(pendingCounter(dir, database, db?.url), loadEnded);
    return { variant: `${orm} / ${database}`, measured, drain };
  } finally {
    await server?.stop();
    db?.drop();
    if (dir && !settings.keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function runOutboxCost({ duration, connections, rounds, keep }) {
  const settings = { duration, connections, rounds, keep };
  process.stdout.write(
    `outbox: POST of a record without an event, with a queued event, with an in-request event; ${connections} connections, ${rounds} rounds of ${duration} s, interleaved; medians shown\n`,
  );
  const rows = [];
  for (const database of ['sqlite', 'postgresql'])
    for (const orm of ['prisma', 'drizzle']) rows.push(await runVariant(orm, database, settings));
  printTable(
    'What an event costs a POST (req/s; the spread is max − min over rounds, % of the median)',
    [
      'variant',
      'no event',
      'queued (outbox)',
      'vs none',
      'in request',
      'vs none',
      'spread',
      'backlog drained after',
    ],
    rows.map(({ variant, measured, drain }) => [
      variant,
      fixed(measured.Plain.rps, 0),
      fixed(measured.Queued.rps, 0),
      signedPercent((measured.Queued.rps / measured.Plain.rps - 1) * 100),
      fixed(measured.InRequest.rps, 0),
      signedPercent((measured.InRequest.rps / measured.Plain.rps - 1) * 100),
      `${fixed(Math.max(...Object.values(measured).map((m) => m.rpsSpread)), 0)}%`,
      `${fixed(drain, 1)} s`,
    ]),
  );
  return [];
}

module.exports = { runOutboxCost };
