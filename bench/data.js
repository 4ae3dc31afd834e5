// Part "data": examples/publishing on PostgreSQL at real data volumes (issue 41: 2,000 users,
// 50,000 articles with 3 of 200 tags each, 200,000 favorites), per ORM: req/s, p50 and p99 of
// the list (anonymous and signed in), a filtered list, the feed and one article. A request must
// cost what its page holds, not what the tables hold. Reports; asserts nothing.
const { execFileSync, spawnSync } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const autocannon = require('autocannon');
const { APPGEN, CREATE_APPGEN, REPO_ROOT } = require('./lib/paths');
const { ensureSharedInstall } = require('./lib/sharedInstall');
const { startBuiltApp } = require('./lib/server');
const { fixed, printTable } = require('./lib/table');
const { appEnv, createDatabase, psql } = require('./lib/database');

const log = (line) => process.stdout.write(`  ${line}\n`);
const EXAMPLE = path.join(REPO_ROOT, 'examples', 'publishing');
const VOLUME = { users: 2000, articles: 50000, tags: 200, tagsPerArticle: 3, favorites: 200000 };

/** examples/publishing with this ORM inside the shared install, built against its database. */
function buildProject(orm, env) {
  const projects = path.join(ensureSharedInstall(log), 'projects');
  fs.mkdirSync(projects, { recursive: true });
  const dir = path.join(projects, `bench-data-${orm}-${crypto.randomBytes(3).toString('hex')}`);
  execFileSync(
    process.execPath,
    [CREATE_APPGEN, dir, '--no-install', '--no-git', '--appgen', `file:${REPO_ROOT}`, '--orm', orm],
    { stdio: 'ignore' },
  );
  fs.rmSync(path.join(dir, 'config'), { recursive: true });
  fs.cpSync(path.join(EXAMPLE, 'config'), path.join(dir, 'config'), { recursive: true });
  const settings = JSON.parse(fs.readFileSync(path.join(EXAMPLE, 'appgen.config.json'), 'utf8'));
  fs.writeFileSync(path.join(dir, 'appgen.config.json'), JSON.stringify({ ...settings, orm }));
  const build = spawnSync(process.execPath, [APPGEN, 'build'], { cwd: dir, env, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`appgen build failed:\n${build.stdout}\n${build.stderr}`);
  return dir;
}

/**
 * The rows, written by SQL into the tables both ORMs share (Prisma's names: `_Article_tags` and
 * `_Article_favoritedBy` hold the article in "A"). Timestamps are given: Drizzle's tables have
 * no database default. Favorites are random pairs, duplicates dropped, until there are enough.
 */
function seed(url) {
  const { users, articles, tags, tagsPerArticle, favorites } = VOLUME;
  const id = (prefix, n, width) => `'${prefix}' || lpad((${n})::text, ${width}, '0')`;
  const sql = [
    `insert into "User"(id, email, username, password, "createdAt", "updatedAt") select ${id('u', 'i', 5)}, 'seed' || i || '@example.com', 'seed' || i, 'x', now(), now() from generate_series(1, ${users}) i`,
    `insert into "Tag"(id, name) select ${id('t', 'i', 4)}, 'tag' || i from generate_series(1, ${tags}) i`,
    `insert into "Article"(id, slug, title, description, body, "authorId", "createdAt", "updatedAt") select ${id('a', 'i', 6)}, 'seed-' || i, 'Article ' || i, 'd', 'b', ${id('u', `1 + i % ${users}`, 5)}, timestamp '2024-01-01' + i * interval '1 minute', timestamp '2024-01-01' + i * interval '1 minute' from generate_series(1, ${articles}) i`,
    `insert into "_Article_tags"("A", "B") select ${id('a', 'i', 6)}, ${id('t', `1 + (i + k * 67) % ${tags}`, 4)} from generate_series(1, ${articles}) i, generate_series(0, ${tagsPerArticle - 1}) k`,
    `insert into "_Article_favoritedBy"("A", "B") select distinct ${id('a', `1 + floor(random() * ${articles})::int`, 6)}, ${id('u', `1 + floor(random() * ${users})::int`, 5)} from generate_series(1, ${Math.round(favorites * 1.1)}) limit ${favorites}`,
    'analyze',
  ];
  for (const statement of sql) psql(statement, url);
}

/** A signed-up member who follows 50 of the seeded authors (the feed) and favorites one article. */
async function member(base) {
  const post = async (url, body, token) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Token ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const user = { username: 'bench', email: 'bench@example.com', password: 'bench secret 123' };
  const { user: created } = await post('/api/users', { user });
  for (let i = 1; i <= 50; i++) await post(`/api/profiles/seed${i}/follow`, {}, created.token);
  await post(`/api/articles/seed-${VOLUME.articles}/favorite`, {}, created.token);
  return created.token;
}

async function measure(base, { path: url, token }, { duration, connections }) {
  const headers = token ? { authorization: `Token ${token}` } : {};
  const run = (seconds) =>
    autocannon({ url: `${base}${url}`, connections, duration: seconds, headers, timeout: 30 });
  await run(Math.max(2, Math.round(duration / 2))); // warm-up
  const result = await run(duration);
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${url}: ${failed} failed answers (non-2xx, errors, timeouts)`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function runVariant(orm, options) {
  const db = createDatabase();
  const env = appEnv(db.url);
  let dir;
  let server;
  try {
    log(`${orm} on postgresql: appgen build ...`);
    dir = buildProject(orm, env);
    log(`${orm} on postgresql: seeding ${JSON.stringify(VOLUME)} ...`);
    seed(db.url);
    server = await startBuiltApp(dir, env, '/api/tags');
    const token = await member(server.url);
    const endpoints = [
      { name: 'GET /api/articles (first page, anonymous)', path: '/api/articles' },
      { name: 'GET /api/articles (first page, signed in)', path: '/api/articles', token },
      { name: 'GET /api/articles?tag=tag7 (filtered, counted)', path: '/api/articles?tag=tag7' },
      { name: 'GET /api/articles/feed (signed in)', path: '/api/articles/feed', token },
      {
        name: 'GET /api/articles/:slug (signed in)',
        path: `/api/articles/seed-${VOLUME.articles}`,
        token,
      },
    ];
    const rows = [];
    for (const endpoint of endpoints) {
      log(`${orm}: ${endpoint.name} ...`);
      rows.push({
        orm,
        endpoint: endpoint.name,
        ...(await measure(server.url, endpoint, options)),
      });
    }
    return rows;
  } finally {
    await server?.stop();
    db.drop();
    if (dir && !options.keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function runData({ duration, connections, keep }) {
  process.stdout.write(
    `data: examples/publishing on PostgreSQL with ${VOLUME.users} users, ${VOLUME.articles} articles (${VOLUME.tagsPerArticle} of ${VOLUME.tags} tags each), ${VOLUME.favorites} favorites; ${duration} s per endpoint at concurrency ${connections}, production build\n`,
  );
  const rows = [];
  for (const orm of ['prisma', 'drizzle'])
    rows.push(...(await runVariant(orm, { duration, connections, keep })));
  printTable(
    'Requests at real data volumes (PostgreSQL at 127.0.0.1:5432, the app on the same machine)',
    ['ORM', 'endpoint', 'req/s', 'p50 ms', 'p99 ms'],
    rows.map((r) => [r.orm, r.endpoint, fixed(r.rps, 0), fixed(r.p50, 1), fixed(r.p99, 1)]),
  );
  const slowest = (orm) => Math.max(...rows.filter((r) => r.orm === orm).map((r) => r.p50));
  return ['prisma', 'drizzle'].map((orm) => ({
    goal: `${orm}: every endpoint at real volumes answers at page cost (issue 41, reported)`,
    measured: `slowest p50 ${fixed(slowest(orm), 1)} ms`,
    met: undefined,
  }));
}

module.exports = { runData };
