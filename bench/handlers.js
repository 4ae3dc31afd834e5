// Part "handlers": requests per second and p99 latency of the generated GET /api/users,
// GET /api/users/:id and POST /api/users on a production build against SQLite, next to
// hand-written handlers doing the same Prisma queries in the same app, in the same run; then
// GET /api/users/:id of the starter built with each ORM against two references measured in the
// same rounds: a trivial route answering a constant JSON (the ceiling of any handler of a Next.js
// app here) and a bare Node http server reading the same row with better-sqlite3 (the physical
// limit).
const { execFileSync, spawnSync } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const { createRequire } = require('module');
const { APPGEN, CREATE_APPGEN, REPO_ROOT } = require('./lib/paths');
const { ensureSharedInstall } = require('./lib/sharedInstall');
const { freePort, startServer, waitForStatus } = require('./lib/server');
const { fixed, signedPercent, printTable } = require('./lib/table');
const { measureInterleaved } = require('./lib/interleaved');
const { CONSTANT_ROUTE, DRIZZLE_HAND_ROUTES, HAND_ROUTES } = require('./hand-written/handRoutes');

const BARE_SERVER = path.join(__dirname, 'hand-written', 'bareServer.js');

const log = (line) => process.stdout.write(`  ${line}\n`);

// A production server refuses the development secret of .env: the benchmark's servers get one of
// their own, random for each run.
const SESSION_SECRET = crypto.randomBytes(32).toString('base64url');

/**
 * The environment of a bench server: on `databaseUrl`, else the embedded SQLite file. The
 * starter mails password-reset and verification links, so a production server needs an SMTP
 * server and a public URL to start: the bench names a closed port (a sign-up's mail fails and is
 * retried by the outbox, off the measured requests).
 */
function appEnv(databaseUrl) {
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    APPGEN_SESSION_SECRET: SESSION_SECRET,
    APPGEN_SMTP_URL: 'smtp://127.0.0.1:9',
    APPGEN_PUBLIC_URL: 'http://127.0.0.1',
  };
  delete env.NODE_ENV; // next start sets production itself
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL; // the embedded SQLite file of the project
  return env;
}

/**
 * The starter project with `orm` inside the shared install, plus the trivial route (and, on
 * SQLite, the hand-written routes); then `appgen build`, on `databaseUrl` (a PostgreSQL database)
 * or, without one, the embedded SQLite file.
 */
function buildBenchProject(orm, databaseUrl) {
  const projects = path.join(ensureSharedInstall(log), 'projects');
  fs.mkdirSync(projects, { recursive: true });
  const dir = path.join(projects, `bench-handlers-${orm}-${crypto.randomBytes(3).toString('hex')}`);
  execFileSync(
    process.execPath,
    [CREATE_APPGEN, dir, '--no-install', '--no-git', '--appgen', `file:${REPO_ROOT}`, '--orm', orm],
    { stdio: 'ignore' },
  );
  // The hand-written routes are written for the SQLite file: a PostgreSQL project has none.
  const hand = databaseUrl ? {} : orm === 'prisma' ? HAND_ROUTES : DRIZZLE_HAND_ROUTES;
  const extra = { ...CONSTANT_ROUTE, ...hand };
  for (const [file, source] of Object.entries(extra)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  log(`appgen build in ${dir} ...`);
  const started = Date.now();
  const build = spawnSync(process.execPath, [APPGEN, 'build'], {
    cwd: dir,
    env: appEnv(databaseUrl),
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`appgen build failed:\n${build.stdout}\n${build.stderr}`);
  return { dir, buildSeconds: (Date.now() - started) / 1000 };
}

async function post(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201)
    throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Both variants must answer the same data, or the comparison means nothing. */
async function checkSameAnswers(base, id) {
  for (const [generated, hand] of [
    ['/api/users', '/api/hand/users'],
    [`/api/users/${id}`, `/api/hand/users/${id}`],
  ]) {
    const [a, b] = await Promise.all(
      [generated, hand].map((p) => fetch(`${base}${p}`).then((r) => r.text())),
    );
    if (a !== b)
      throw new Error(
        `${generated} and ${hand} answer differently:\n${a.slice(0, 300)}\n${b.slice(0, 300)}`,
      );
  }
}

async function compare(base, endpoint, settings) {
  const urls = { generated: `${base}${endpoint.generated}`, hand: `${base}${endpoint.hand}` };
  return measureInterleaved(urls, endpoint, settings);
}

/**
 * Starts the app of `dir` (on `databaseUrl`, else its SQLite file) with `next start` and seeds
 * `rows` users; returns the server and a user.
 */
async function startSeeded(dir, rows, databaseUrl) {
  const port = await freePort();
  const next = createRequire(path.join(dir, 'package.json')).resolve('next/dist/bin/next');
  const server = startServer(
    process.execPath,
    [next, 'start', '-p', String(port), '-H', '127.0.0.1'],
    { cwd: dir, env: appEnv(databaseUrl), port },
  );
  await waitForStatus(server, '/api/users', { timeoutMs: 60_000 });
  let first;
  for (let i = 0; i < rows; i++) {
    const user = await post(`${server.url}/api/users`, {
      name: `Seed ${i}`,
      email: `seed${i}@example.com`,
    });
    first ??= user;
  }
  return { server, first };
}

/**
 * GET /api/users/:id of the app against the hand-written read (and, with Drizzle, the same with a
 * prepared statement), the trivial route and the bare server, in the same interleaved rounds.
 */
async function againstCeiling(orm, dir, server, first, settings) {
  const port = await freePort();
  const file = path.join(dir, orm === 'drizzle' ? 'drizzle' : 'prisma', 'dev.db');
  const bare = startServer(process.execPath, [BARE_SERVER, file, String(port)], {
    cwd: dir,
    env: appEnv(),
    port,
  });
  try {
    await waitForStatus(bare, `/users/${first.id}`, { timeoutMs: 30_000 });
    const urls = {
      generated: `${server.url}/api/users/${first.id}`,
      hand: `${server.url}/api/hand/users/${first.id}`,
      ...(orm === 'drizzle' ? { prepared: `${server.url}/api/hand/prepared/${first.id}` } : {}),
      trivial: `${server.url}/api/hand/constant/${first.id}`,
      bare: `${bare.url}/users/${first.id}`,
    };
    // The hand-written reads answer what the generated one does, byte for byte.
    const answers = await Promise.all(
      ['generated', 'hand', 'prepared']
        .filter((variant) => urls[variant])
        .map((variant) => fetch(urls[variant]).then((r) => r.text())),
    );
    if (new Set(answers).size !== 1)
      throw new Error(
        `GET /api/users/:id (${orm}): the variants answer differently:\n${answers.join('\n')}`,
      );
    log(`GET /api/users/:id (${orm}) against the trivial route and the bare server ...`);
    return await measureInterleaved(urls, { method: 'GET' }, settings);
  } finally {
    await bare.stop();
  }
}

async function runHandlers({ duration, connections, rounds, rows, keep }) {
  process.stdout.write(
    `handlers: ${connections} connections; per endpoint and variant ${rounds} rounds of ${duration} s, interleaved; medians shown\n`,
  );
  const settings = { duration, connections, rounds };
  const { dir, buildSeconds } = buildBenchProject('prisma');
  const { server, first } = await startSeeded(dir, rows);
  const results = [];
  const ceiling = {};
  try {
    await checkSameAnswers(server.url, first.id);
    log(`seeded ${rows} users; both variants answer the same`);
    const endpoints = [
      { name: 'GET /api/users', method: 'GET', generated: '/api/users', hand: '/api/hand/users' },
      {
        name: 'GET /api/users/:id',
        method: 'GET',
        generated: `/api/users/${first.id}`,
        hand: `/api/hand/users/${first.id}`,
      },
      {
        name: 'POST /api/users',
        method: 'POST',
        generated: '/api/users',
        hand: '/api/hand/users',
        body: JSON.stringify({ name: 'Bench', email: 'bench-[<id>]@example.com' }),
        headers: { 'content-type': 'application/json' },
      },
    ];
    for (const endpoint of endpoints) {
      log(`${endpoint.name} ...`);
      results.push({ endpoint, ...(await compare(server.url, endpoint, settings)) });
    }
    ceiling.prisma = await againstCeiling('prisma', dir, server, first, settings);
  } finally {
    await server.stop();
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
  const drizzle = buildBenchProject('drizzle');
  const seeded = await startSeeded(drizzle.dir, rows);
  try {
    ceiling.drizzle = await againstCeiling(
      'drizzle',
      drizzle.dir,
      seeded.server,
      seeded.first,
      settings,
    );
  } finally {
    await seeded.server.stop();
    if (!keep) fs.rmSync(drizzle.dir, { recursive: true, force: true });
  }

  const compared = results.map(({ endpoint, generated: g, hand: h }) => ({
    endpoint,
    g,
    h,
    rps: ((g.rps - h.rps) / h.rps) * 100,
    p99: ((g.p99 - h.p99) / h.p99) * 100,
    rpsNoise: Math.max(g.rpsSpread, h.rpsSpread),
    p99Noise: Math.max(g.p99Spread, h.p99Spread),
  }));
  printTable(
    `route handlers, production build, SQLite with ${rows} seeded rows (appgen build took ${fixed(buildSeconds, 1)} s)`,
    [
      'endpoint',
      'generated req/s',
      'hand req/s',
      'Δ req/s',
      'spread',
      'generated p99 ms',
      'hand p99 ms',
      'Δ p99',
      'spread',
    ],
    compared.map((r) => [
      r.endpoint.name,
      fixed(r.g.rps, 0),
      fixed(r.h.rps, 0),
      signedPercent(r.rps),
      `${fixed(r.rpsNoise, 0)}%`,
      fixed(r.g.p99, 1),
      fixed(r.h.p99, 1),
      signedPercent(r.p99),
      `${fixed(r.p99Noise, 0)}%`,
    ]),
  );
  printTable(
    `GET /api/users/:id against the ceiling (a trivial route answering a constant JSON under next start) and the physical limit (a bare Node http server reading the row with better-sqlite3), same rounds`,
    [
      'orm',
      'generated req/s',
      'hand req/s',
      'hand prepared req/s',
      'trivial route req/s',
      'bare server req/s',
      'generated % of trivial',
      'spread',
      'ms per request beyond the ceiling',
    ],
    Object.entries(ceiling).map(([orm, c]) => [
      orm,
      fixed(c.generated.rps, 0),
      fixed(c.hand.rps, 0),
      c.prepared ? fixed(c.prepared.rps, 0) : '-',
      fixed(c.trivial.rps, 0),
      fixed(c.bare.rps, 0),
      `${fixed((c.generated.rps / c.trivial.rps) * 100, 0)}%`,
      `${fixed(Math.max(c.generated.rpsSpread, c.trivial.rpsSpread), 0)}%`,
      // The server's time per request beyond the trivial route's: one Node process serves them
      // one at a time, so a request costs 1/rate of it.
      fixed((1 / c.generated.rps - 1 / c.trivial.rps) * 1000, 2),
    ]),
  );
  const share = (orm) => (ceiling[orm].generated.rps / ceiling[orm].trivial.rps) * 100;
  const ceilingGoals = [
    {
      goal: 'Drizzle GET /api/users/:id ≥ 90% of the trivial route',
      measured: `${fixed(share('drizzle'), 0)}%; hand-written ${fixed((ceiling.drizzle.hand.rps / ceiling.drizzle.trivial.rps) * 100, 0)}%, prepared ${fixed((ceiling.drizzle.prepared.rps / ceiling.drizzle.trivial.rps) * 100, 0)}% (spread ${fixed(Math.max(ceiling.drizzle.generated.rpsSpread, ceiling.drizzle.trivial.rpsSpread), 0)}%)`,
      met: share('drizzle') >= 90,
    },
    {
      goal: 'Prisma GET /api/users/:id: the best Prisma 7 can do (reported)',
      measured: `${fixed(share('prisma'), 0)}% of the trivial route; hand-written ${fixed((ceiling.prisma.hand.rps / ceiling.prisma.trivial.rps) * 100, 0)}%`,
      met: undefined,
    },
  ];
  return [
    ...ceilingGoals,
    ...compared.map((r) => {
      // A miss smaller than the spread between rounds of one variant is not a measured difference.
      const verdict = (miss, noise) => (miss <= 5 ? true : miss < noise ? 'unclear' : false);
      const both = [verdict(-r.rps, r.rpsNoise), verdict(r.p99, r.p99Noise)];
      const met = both.includes(false) ? false : both.includes('unclear') ? 'unclear' : true;
      return {
        goal: `${r.endpoint.name} within 5% of hand-written`,
        measured: `req/s ${signedPercent(r.rps)}, p99 ${signedPercent(r.p99)}`,
        met,
      };
    }),
  ];
}

module.exports = { runHandlers, buildBenchProject, startSeeded };
