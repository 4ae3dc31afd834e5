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
const { mean, fixed, signedPercent, printTable } = require('./lib/table');
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
  execFileSync(process.execPath, [CREATE_APPGEN, dir, '--no-install', '--appgen', `file:${REPO_ROOT}`], { stdio: 'ignore' });
  for (const [file, source] of Object.entries(HAND_ROUTES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  log(`appgen build in ${dir} ...`);
  const started = Date.now();
  const build = spawnSync(process.execPath, [APPGEN, 'build'], { cwd: dir, env: appEnv(), encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`appgen build failed:\n${build.stdout}\n${build.stderr}`);
  return { dir, buildSeconds: (Date.now() - started) / 1000 };
}

async function post(url, body) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== 201) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Both variants must answer the same data, or the comparison means nothing. */
async function checkSameAnswers(base, id) {
  for (const [generated, hand] of [['/api/users', '/api/hand/users'], [`/api/users/${id}`, `/api/hand/users/${id}`]]) {
    const [a, b] = await Promise.all([generated, hand].map((p) => fetch(`${base}${p}`).then((r) => r.text())));
    if (a !== b) throw new Error(`${generated} and ${hand} answer differently:\n${a.slice(0, 300)}\n${b.slice(0, 300)}`);
  }
}

async function load(url, endpoint, duration, connections) {
  const result = await autocannon({ url, duration, connections, method: endpoint.method, body: endpoint.body, headers: endpoint.headers });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${endpoint.method} ${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return { requests: result.requests.total, seconds: result.duration, p99: result.latency.p99 };
}

/** Warm both up, then alternate A B B A so drift (e.g. a growing table) hits both alike. */
async function compare(base, endpoint, { duration, connections }) {
  const urls = { generated: `${base}${endpoint.generated}`, hand: `${base}${endpoint.hand}` };
  for (const variant of ['generated', 'hand']) await load(urls[variant], endpoint, 2, connections);
  const rounds = { generated: [], hand: [] };
  for (const variant of ['generated', 'hand', 'hand', 'generated']) rounds[variant].push(await load(urls[variant], endpoint, duration, connections));
  const summary = (runs) => ({
    rps: runs.reduce((s, r) => s + r.requests, 0) / runs.reduce((s, r) => s + r.seconds, 0),
    p99: mean(runs.map((r) => r.p99)),
    // Spread between the two rounds of one variant: the noise a difference must beat.
    noise: (Math.abs(runs[0].requests / runs[0].seconds - runs[1].requests / runs[1].seconds) / mean(runs.map((r) => r.requests / r.seconds))) * 100,
  });
  return { generated: summary(rounds.generated), hand: summary(rounds.hand) };
}

async function runHandlers({ duration, connections, rows, keep }) {
  process.stdout.write(`handlers: ${connections} connections, ${duration} s per round, rounds A B B A per endpoint\n`);
  const { dir, buildSeconds } = buildBenchProject();
  const port = await freePort();
  const next = createRequire(path.join(dir, 'package.json')).resolve('next/dist/bin/next');
  const server = startServer(process.execPath, [next, 'start', '-p', String(port), '-H', '127.0.0.1'], { cwd: dir, env: appEnv(), port });
  const results = [];
  try {
    await waitForStatus(server, '/api/users', { timeoutMs: 60_000 });
    let first;
    for (let i = 0; i < rows; i++) {
      const user = await post(`${server.url}/api/users`, { name: `Seed ${i}`, email: `seed${i}@example.com` });
      first ??= user;
    }
    await checkSameAnswers(server.url, first.id);
    log(`seeded ${rows} users; both variants answer the same`);
    const endpoints = [
      { name: 'GET /api/users', method: 'GET', generated: '/api/users', hand: '/api/hand/users' },
      { name: 'GET /api/users/:id', method: 'GET', generated: `/api/users/${first.id}`, hand: `/api/hand/users/${first.id}` },
      {
        name: 'POST /api/users',
        method: 'POST',
        generated: '/api/users',
        hand: '/api/hand/users',
        body: JSON.stringify({ name: 'Bench', email: 'bench@example.com' }),
        headers: { 'content-type': 'application/json' },
      },
    ];
    for (const endpoint of endpoints) {
      log(`${endpoint.name} ...`);
      results.push({ endpoint, ...(await compare(server.url, endpoint, { duration, connections })) });
    }
  } finally {
    await server.stop();
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }

  printTable(
    `route handlers, production build, SQLite with ${rows} seeded rows (appgen build took ${fixed(buildSeconds, 1)} s)`,
    ['endpoint', 'generated req/s', 'hand req/s', 'Δ req/s', 'generated p99 ms', 'hand p99 ms', 'Δ p99', 'round noise gen/hand'],
    results.map(({ endpoint, generated: g, hand: h }) => [
      endpoint.name, fixed(g.rps, 0), fixed(h.rps, 0), signedPercent(((g.rps - h.rps) / h.rps) * 100),
      fixed(g.p99, 1), fixed(h.p99, 1), signedPercent(((g.p99 - h.p99) / h.p99) * 100),
      `${fixed(g.noise, 1)}% / ${fixed(h.noise, 1)}%`,
    ]),
  );
  return results.map(({ endpoint, generated: g, hand: h }) => {
    const rps = ((g.rps - h.rps) / h.rps) * 100;
    const p99 = ((g.p99 - h.p99) / h.p99) * 100;
    return { goal: `${endpoint.name} within 5% of hand-written`, measured: `req/s ${signedPercent(rps)}, p99 ${signedPercent(p99)}`, met: rps >= -5 && p99 <= 5 };
  });
}

module.exports = { runHandlers };
