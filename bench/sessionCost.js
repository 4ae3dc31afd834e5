// Part "session": what a signed-in request pays for its stored session (issue 53: a session
// check at the cost of one indexed read). The starter built with each ORM on SQLite and on
// PostgreSQL (a throwaway database at 127.0.0.1:5432) answers
// GET /api/me (`auth: true`: the token's signature, then one read of table AppgenSession by the
// hash of the token's id, then the user by id) and GET /api/users/:id (the same user by id, no
// session), in the same interleaved rounds with the same Authorization header; the difference
// of their server time per request is the session check.
const fs = require('fs');
const { buildBenchProject, startSeeded } = require('./handlers');
const { createDatabase } = require('./lib/database');
const { measureInterleaved } = require('./lib/interleaved');
const { fixed, printTable } = require('./lib/table');

const log = (line) => process.stdout.write(`  ${line}\n`);
const PASSWORD = 'correct horse battery staple';

/** Signs up one account through the starter's sign-up route; its Authorization header. */
async function signedIn(base) {
  const response = await fetch(`${base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'Bench', email: 'bench-session@example.com', password: PASSWORD }),
  });
  if (response.status !== 201)
    throw new Error(`POST /api/signup answered ${response.status}: ${await response.text()}`);
  const { id, token } = await response.json();
  return { id, authorization: `Bearer ${token}` };
}

async function measureOrm(orm, database, settings, keep) {
  const db = database === 'postgresql' ? createDatabase() : null;
  let dir;
  let server;
  try {
    ({ dir } = buildBenchProject(orm, db?.url));
    ({ server } = await startSeeded(dir, 1, db?.url));
    const user = await signedIn(server.url);
    const endpoint = { method: 'GET', headers: { authorization: user.authorization } };
    const urls = { session: `${server.url}/api/me`, none: `${server.url}/api/users/${user.id}` };
    for (const [name, url] of Object.entries(urls)) {
      const status = (await fetch(url, { headers: endpoint.headers })).status;
      if (status !== 200) throw new Error(`${name} ${url} answered ${status}`);
    }
    log(`GET /api/me against GET /api/users/:id (${orm} on ${database}) ...`);
    return await measureInterleaved(urls, endpoint, settings);
  } finally {
    await server?.stop();
    if (dir && !keep) fs.rmSync(dir, { recursive: true, force: true });
    db?.drop();
  }
}

async function runSessionCost({ duration, connections, rounds, keep }) {
  process.stdout.write(
    `session: ${connections} connections; ${rounds} rounds of ${duration} s per variant, interleaved; medians shown\n`,
  );
  const settings = { duration, connections, rounds };
  const results = {};
  for (const orm of ['prisma', 'drizzle'])
    for (const database of ['sqlite', 'postgresql'])
      results[`${orm} ${database}`] = await measureOrm(orm, database, settings, keep);
  // One Node process serves each app: its time per request is 1000 / (requests per second) ms.
  const perRequest = (rps) => 1000 / rps;
  const rows = Object.entries(results).map(([variant, r]) => [
    variant,
    fixed(r.none.rps, 0),
    fixed(r.session.rps, 0),
    fixed(perRequest(r.none.rps), 3),
    fixed(perRequest(r.session.rps), 3),
    fixed(perRequest(r.session.rps) - perRequest(r.none.rps), 3),
    `${fixed(Math.max(r.none.rpsSpread, r.session.rpsSpread), 0)}%`,
    fixed(r.none.p50, 1),
    fixed(r.session.p50, 1),
  ]);
  printTable(
    'a signed-in read (GET /api/me: signature, stored session, user) against the same read without a session (GET /api/users/:id), starter, production build',
    [
      'orm and database',
      'no session req/s',
      'signed-in req/s',
      'no session ms/req',
      'signed-in ms/req',
      'session check ms/req',
      'spread',
      'no session p50 ms',
      'signed-in p50 ms',
    ],
    rows,
  );
  return Object.entries(results).map(([variant, r]) => ({
    goal: `a signed-in request's session check (${variant}): one indexed read beside the signature`,
    measured: `${fixed(perRequest(r.session.rps) - perRequest(r.none.rps), 3)} ms of server time per request`,
    met: undefined,
  }));
}

module.exports = { runSessionCost };
