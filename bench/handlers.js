// Part "handlers": requests per second and p99 latency of the generated GET /api/users,
// GET /api/users/:id and POST /api/users on a production build against SQLite, next to
// hand-written handlers doing the same Prisma queries in the same app, in the same run.
const { execFileSync, spawnSync } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const { createRequire } = require('module');
const autocannon = require('autocannon');
const { APPGEN, CREATE_APPGEN, REPO_ROOT } = require('./lib/paths');
const { ensureSharedInstall } = require('./lib/sharedInstall');
const { freePort, startServer, waitForStatus } = require('./lib/server');
const { median, fixed, signedPercent, printTable } = require('./lib/table');
const { HAND_ROUTES } = require('./hand-written/handRoutes');

const log = (line) => process.stdout.write(`  ${line}\n`);

function appEnv() {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  delete env.NODE_ENV; // next start sets production itself
  delete env.DATABASE_URL; // the embedded SQLite file of the project
  return env;
}

/** The starter project inside the shared install, plus the hand-written routes; then `appgen build`. */
function buildBenchProject() {
  const projects = path.join(ensureSharedInstall(log), 'projects');
  fs.mkdirSync(projects, { recursive: true });
  const dir = path.join(projects, `bench-handlers-${crypto.randomBytes(3).toString('hex')}`);
  execFileSync(
    process.execPath,
    [CREATE_APPGEN, dir, '--no-install', '--appgen', `file:${REPO_ROOT}`],
    { stdio: 'ignore' },
  );
  for (const [file, source] of Object.entries(HAND_ROUTES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  log(`appgen build in ${dir} ...`);
  const started = Date.now();
  const build = spawnSync(process.execPath, [APPGEN, 'build'], {
    cwd: dir,
    env: appEnv(),
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

async function load(url, endpoint, duration, connections) {
  const result = await autocannon({
    url,
    duration,
    connections,
    method: endpoint.method,
    body: endpoint.body,
    headers: endpoint.headers,
    // `[<id>]` in the body becomes a fresh id per request (the starter's emails are unique).
    idReplacement: true,
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0)
    throw new Error(
      `${endpoint.method} ${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  return { requests: result.requests.total, seconds: result.duration, p99: result.latency.p99 };
}

/**
 * Warm both up, then alternate A B B A A B B A ... so drift (a growing table, other work on the
 * machine) hits both alike; medians over rounds keep one disturbed round from deciding.
 */
async function compare(base, endpoint, { duration, connections, rounds }) {
  const urls = { generated: `${base}${endpoint.generated}`, hand: `${base}${endpoint.hand}` };
  // Next.js' server needs several seconds of load before its JIT settles (rounds after a 2 s
  // warm-up still grew by a third): warm each variant up for as long as a round, at least 5 s.
  for (const variant of ['generated', 'hand'])
    await load(urls[variant], endpoint, Math.max(5, duration), connections);
  const runs = { generated: [], hand: [] };
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? ['generated', 'hand'] : ['hand', 'generated'];
    for (const variant of order)
      runs[variant].push(await load(urls[variant], endpoint, duration, connections));
  }
  // Spread of one variant over its rounds (max − min, % of the median): the noise a difference
  // has to beat.
  const spread = (values) => ((Math.max(...values) - Math.min(...values)) / median(values)) * 100;
  const summary = (list) => {
    const rates = list.map((r) => r.requests / r.seconds);
    const p99s = list.map((r) => r.p99);
    return {
      rps: median(rates),
      p99: median(p99s),
      rpsSpread: spread(rates),
      p99Spread: spread(p99s),
    };
  };
  return { generated: summary(runs.generated), hand: summary(runs.hand) };
}

async function runHandlers({ duration, connections, rounds, rows, keep }) {
  process.stdout.write(
    `handlers: ${connections} connections; per endpoint and variant ${rounds} rounds of ${duration} s, interleaved; medians shown\n`,
  );
  const { dir, buildSeconds } = buildBenchProject();
  const port = await freePort();
  const next = createRequire(path.join(dir, 'package.json')).resolve('next/dist/bin/next');
  const server = startServer(
    process.execPath,
    [next, 'start', '-p', String(port), '-H', '127.0.0.1'],
    { cwd: dir, env: appEnv(), port },
  );
  const results = [];
  try {
    await waitForStatus(server, '/api/users', { timeoutMs: 60_000 });
    let first;
    for (let i = 0; i < rows; i++) {
      const user = await post(`${server.url}/api/users`, {
        name: `Seed ${i}`,
        email: `seed${i}@example.com`,
      });
      first ??= user;
    }
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
      results.push({
        endpoint,
        ...(await compare(server.url, endpoint, { duration, connections, rounds })),
      });
    }
  } finally {
    await server.stop();
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
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
  return compared.map((r) => {
    // A miss smaller than the spread between rounds of one variant is not a measured difference.
    const verdict = (miss, noise) => (miss <= 5 ? true : miss < noise ? 'unclear' : false);
    const both = [verdict(-r.rps, r.rpsNoise), verdict(r.p99, r.p99Noise)];
    const met = both.includes(false) ? false : both.includes('unclear') ? 'unclear' : true;
    return {
      goal: `${r.endpoint.name} within 5% of hand-written`,
      measured: `req/s ${signedPercent(r.rps)}, p99 ${signedPercent(r.p99)}`,
      met,
    };
  });
}

module.exports = { runHandlers };
