// Part "data" (issue 41): examples/publishing on PostgreSQL and SQLite at real data volumes (2,000 users,
// 50,000 articles with 3 of 200 tags each, 200,000 favorites, 20,000 follows, 100,000 comments),
// per ORM. For each endpoint: req/s, p50 and p99 of the generated route beside a hand-written
// route in the same app that answers the same bytes with one SQL statement (the ceiling that
// includes the framework: hand-written/publishingRoutes.js), measured in interleaved rounds (with
// Prisma also a third route, the same answer written by hand with Prisma Client's API: what
// appgen's code adds to Prisma's, and what Prisma Client costs beside the SQL); the
// statements the generated route sends per request (APPGEN_LOG_SQL=params); and the plan of each
// (EXPLAIN): no statement may read a whole table of more than 10,000 rows, except the count the
// route asks for (lib/planCheck.js). Exits non-zero on a plan violation or different bytes.
// Search (issue 54, part 3): the same list with ?q= over the articles' title, description and
// body (a bench-only `"search"` on the copy's GET /api/articles), beside a hand-written statement
// that reads the same index (the GIN index on PostgreSQL, the FTS5 table on SQLite); neither the
// generated statements nor the hand-written one may scan a table, the count included.
const { execFileSync, spawnSync } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const { createRequire } = require('module');
const { APPGEN, CREATE_APPGEN, REPO_ROOT } = require('./lib/paths');
const { ensureSharedInstall } = require('./lib/sharedInstall');
const { startBuiltApp } = require('./lib/server');
const { fixed, printTable } = require('./lib/table');
const { appEnv, createDatabase } = require('./lib/database');
const { measureInterleaved } = require('./lib/interleaved');
const { VOLUME, seedPostgres, seedSqlite } = require('./lib/publishingSeed');
const { SEARCHED, publishingHandRoutes } = require('./hand-written/publishingRoutes');
const planCheck = require('./lib/planCheck');
const { postgresExplainer, sqliteExplainer } = require('./lib/explainers');

const log = (line) => process.stdout.write(`  ${line}\n`);
const EXAMPLE = path.join(REPO_ROOT, 'examples', 'publishing');
/** Issue 41's goal: every endpoint at least this share of its hand-written route's req/s. */
const GOAL_RATIO = 0.7;

/** The endpoints measured; `counted`: the route sends the count of all matching (query.count). */
const ENDPOINTS = [
  { name: 'list, first page (anonymous)', path: '/api/articles', counted: true },
  { name: 'list, first page', path: '/api/articles', signedIn: true, counted: true },
  {
    name: 'list at offset 40,000',
    path: '/api/articles?offset=40000',
    signedIn: true,
    counted: true,
  },
  { name: '?tag=tag7', path: '/api/articles?tag=tag7', signedIn: true, counted: true },
  { name: '?author=seed7', path: '/api/articles?author=seed7', signedIn: true, counted: true },
  {
    name: '?favorited=seed7',
    path: '/api/articles?favorited=seed7',
    signedIn: true,
    counted: true,
  },
  { name: 'feed (following 50)', path: '/api/articles/feed', signedIn: true, counted: true },
  { name: 'article by slug', path: `/api/articles/seed-${VOLUME.articles}`, signedIn: true },
  {
    name: 'comments of an article',
    path: `/api/articles/seed-${VOLUME.articles}/comments`,
    signedIn: true,
  },
  // Searches (issue 54, part 3), most relevant first. The seeded titles are "Article <i>", so a
  // number's digits find the articles whose number starts with them: 11 of 50,000 for 1234, 1,111
  // for 12; "article" finds every one (the worst case: all 50,000 ranked for one page). Not
  // `counted`: the count must not scan the table either.
  { name: '?q=1234 (11 match)', path: '/api/articles?q=1234', signedIn: true, search: true },
  { name: '?q=12 (1,111 match)', path: '/api/articles?q=12', signedIn: true, search: true },
  {
    name: '?q=article (all 50,000 match)',
    path: '/api/articles?q=article',
    signedIn: true,
    search: true,
  },
];

/** --data-endpoints: `lists` (issue 41's), `search` (issue 54's), or both. */
const endpointsOf = (groups) =>
  ENDPOINTS.filter((e) => groups.includes(e.search ? 'search' : 'lists'));

const handPath = (url) => url.replace(/^\/api\//, '/api/hand/');
/** The same answer written by hand with Prisma Client's API (Prisma apps only). */
const prismaHandPath = (url) => url.replace(/^\/api\//, '/api/hand-prisma/');

/** A package of the app's own dependencies (the shared install's): pg, better-sqlite3. */
const appRequire = (dir, name) => createRequire(path.join(dir, 'package.json'))(name);

/** The embedded SQLite file of a project (DATABASE_URL unset): the generated db.ts's default. */
const sqliteFile = (dir, orm) => path.join(dir, orm, 'dev.db');

/**
 * Per database: a place for the rows (a throwaway PostgreSQL database, or the project's SQLite
 * file), how to seed it and how to explain a statement there.
 */
const DATABASES = {
  postgresql: {
    create() {
      const db = createDatabase();
      return { env: appEnv(db.url), drop: db.drop, url: db.url };
    },
    seed: (dir, orm, env) => seedPostgres(env.DATABASE_URL),
    explainer: (dir, orm, env) => postgresExplainer(appRequire(dir, 'pg'), env.DATABASE_URL),
  },
  sqlite: {
    create: () => ({ env: appEnv(), drop: () => {}, url: 'the project file' }),
    seed: (dir, orm) => seedSqlite(appRequire(dir, 'better-sqlite3'), sqliteFile(dir, orm)),
    explainer: (dir, orm) =>
      sqliteExplainer(appRequire(dir, 'better-sqlite3'), sqliteFile(dir, orm)),
  },
};

/** examples/publishing with this ORM inside the shared install, the hand routes added, built. */
function buildProject(orm, database, env) {
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
  addSearch(dir);
  const settings = JSON.parse(fs.readFileSync(path.join(EXAMPLE, 'appgen.config.json'), 'utf8'));
  fs.writeFileSync(path.join(dir, 'appgen.config.json'), JSON.stringify({ ...settings, orm }));
  for (const [file, source] of Object.entries(publishingHandRoutes(database, orm))) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  const build = spawnSync(process.execPath, [APPGEN, 'build'], { cwd: dir, env, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`appgen build failed:\n${build.stdout}\n${build.stderr}`);
  return dir;
}

/**
 * The bench's copy of GET /api/articles searches the articles (`"search"`): the example itself
 * does not, since it answers RealWorld's API (its e2e suite checks the 400 that lists the list's
 * parameters, and golden cases copy its config).
 */
function addSearch(dir) {
  const file = path.join(dir, 'config', 'routes', 'articles.json');
  const config = JSON.parse(fs.readFileSync(file, 'utf8'));
  const list = config.routes.find((r) => r.method === 'GET' && r.path === '/api/articles');
  list.query.search = SEARCHED;
  fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
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

const headersOf = (endpoint, token) =>
  endpoint.signedIn ? { authorization: `Token ${token}` } : {};

async function get(base, url, headers) {
  const response = await fetch(`${base}${url}`, { headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${text}`);
  return text;
}

/** Where two answers first differ, for the report. */
function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at byte ${i}: generated …${a.slice(Math.max(0, i - 60), i + 60)}… hand …${b.slice(Math.max(0, i - 60), i + 60)}…`;
}

/** The statements the server logs while answering one request (after a first, warming one). */
async function statementsOf(server, url, headers) {
  await get(server.url, url, headers);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const start = server.output().length;
  await get(server.url, url, headers);
  let length = -1;
  while (server.output().length !== length) {
    length = server.output().length;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return planCheck.parseSqlLog(server.output().slice(start));
}

/**
 * With a server that logs its SQL: per endpoint, the statements of one request, their plans, and
 * whether the hand-written route answers the same bytes.
 */
async function inspect(dir, env, token, explainer, orm, endpoints) {
  const server = await startBuiltApp(dir, { ...env, APPGEN_LOG_SQL: 'params' }, '/api/tags');
  const explained = async (statements) => {
    const checked = [];
    for (const statement of statements.filter((s) => planCheck.isQuery(s.sql)))
      checked.push({ ...statement, ...(await explainer.explain(statement)) });
    return checked;
  };
  try {
    const found = [];
    for (const endpoint of endpoints) {
      const headers = headersOf(endpoint, token);
      const generated = await get(server.url, endpoint.path, headers);
      const hand = await get(server.url, handPath(endpoint.path), headers);
      const prismaHand =
        orm === 'prisma' && !endpoint.search
          ? await get(server.url, prismaHandPath(endpoint.path), headers)
          : hand;
      if (prismaHand !== hand)
        throw new Error(
          `${endpoint.path}: the hand-written Prisma route's answer differs from the SQL route's ${firstDifference(prismaHand, hand)}`,
        );
      const statements = await statementsOf(server, endpoint.path, headers);
      const checked = await explained(statements);
      // A search's hand-written statement (it prints itself as the app's do): its plan too.
      const handChecked = endpoint.search
        ? await explained(await statementsOf(server, handPath(endpoint.path), headers))
        : [];
      found.push({
        endpoint,
        sameBytes: generated === hand,
        difference: generated === hand ? null : firstDifference(generated, hand),
        statements,
        checked,
        violations: planCheck.violations(checked, endpoint),
        handChecked,
        handViolations: planCheck.violations(handChecked, endpoint),
      });
    }
    return found;
  } finally {
    await server.stop();
  }
}

async function runVariant(orm, database, options) {
  const backend = DATABASES[database];
  const db = backend.create();
  const { env } = db;
  const variant = `${orm} on ${database}`;
  let dir;
  let server;
  try {
    log(`${variant}: appgen build (with the hand-written routes) ...`);
    dir = buildProject(orm, database, env);
    if (options.keep) log(`project: ${dir}, database: ${db.url} (both kept)`);
    log(`${variant}: seeding ${JSON.stringify(VOLUME)} ...`);
    backend.seed(dir, orm, env);
    server = await startBuiltApp(dir, env, '/api/tags');
    const token = await member(server.url);
    await server.stop();
    log(`${variant}: statements, plans (EXPLAIN) and the answers' bytes ...`);
    const explainer = await backend.explainer(dir, orm, env);
    let inspected;
    try {
      inspected = await inspect(dir, env, token, explainer, orm, options.endpoints);
    } finally {
      await explainer.close();
    }
    server = await startBuiltApp(dir, env, '/api/tags');
    const rows = [];
    for (const found of inspected) {
      const { endpoint } = found;
      log(`${variant}: ${endpoint.name}: generated and hand-written, interleaved ...`);
      const headers = headersOf(endpoint, token);
      const measured = await measureInterleaved(
        {
          generated: `${server.url}${endpoint.path}`,
          hand: `${server.url}${handPath(endpoint.path)}`,
          ...(orm === 'prisma' && !endpoint.search
            ? { prismaHand: `${server.url}${prismaHandPath(endpoint.path)}` }
            : {}),
        },
        { method: 'GET', headers },
        options,
      );
      rows.push({ orm, database, variant, ...found, ...measured });
    }
    return rows;
  } finally {
    await server?.stop();
    if (!options.keep) {
      db.drop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

function verdict(violations) {
  if (violations.length === 0) return 'ok';
  return violations
    .map((v) => v.bigScans.map((s) => `${s.scan} on ${s.table} (${s.rows} rows)`).join(', '))
    .join('; ');
}

/** A plan's lines: SQLite's EXPLAIN QUERY PLAN details, or PostgreSQL's nodes (JSON) indented. */
function planLines(plan) {
  if (!plan) return ['(not explained)'];
  if (Array.isArray(plan) && plan.length && 'detail' in plan[0]) return plan.map((r) => r.detail);
  const lines = [];
  const walk = (node, depth) => {
    const on = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
    const index = node['Index Name'] ? ` using ${node['Index Name']}` : '';
    lines.push(`${'  '.repeat(depth)}${node['Node Type']}${index}${on}`);
    for (const child of node.Plans ?? []) walk(child, depth + 1);
  };
  for (const entry of Array.isArray(plan) ? plan : [plan]) walk(entry.Plan ?? entry, 0);
  return lines;
}

/** The searches' statements, generated and hand-written, each with its plan. */
function printSearchPlans(rows) {
  for (const row of rows.filter((r) => r.endpoint.search)) {
    process.stdout.write(`\n${row.variant}, ${row.endpoint.name} (${row.endpoint.path}):\n`);
    for (const [who, checked] of [
      ['generated', row.checked],
      ['hand', row.handChecked],
    ])
      for (const statement of checked) {
        const sql = statement.sql.replace(/\s+/g, ' ');
        process.stdout.write(`  ${who}: ${sql.length > 160 ? `${sql.slice(0, 157)}...` : sql}\n`);
        for (const line of planLines(statement.plan)) process.stdout.write(`      ${line}\n`);
      }
  }
}

function printDetails(rows) {
  for (const row of rows) {
    if (row.violations.length === 0 && row.sameBytes) continue;
    process.stdout.write(`\n${row.variant}, ${row.endpoint.name} (${row.endpoint.path}):\n`);
    if (!row.sameBytes) process.stdout.write(`  different answers ${row.difference}\n`);
    for (const v of row.violations) {
      process.stdout.write(`  ${v.sql}\n  params: ${JSON.stringify(v.params)}\n`);
      process.stdout.write(`  plan: ${JSON.stringify(v.plan)}\n`);
    }
  }
}

async function runData({
  duration,
  connections,
  rounds,
  keep,
  dataOrms,
  dataDatabases,
  dataEndpoints,
}) {
  const endpoints = endpointsOf(dataEndpoints);
  process.stdout.write(
    `data: examples/publishing on ${dataDatabases.join(' and ')} with ${JSON.stringify(VOLUME)}; per endpoint the generated route and its hand-written ceiling, ${rounds} interleaved rounds of ${duration} s at concurrency ${connections} (medians), production build\n`,
  );
  const rows = [];
  const variants = dataDatabases.flatMap((database) => dataOrms.map((orm) => [orm, database]));
  for (const [orm, database] of variants)
    rows.push(
      ...(await runVariant(orm, database, { duration, connections, rounds, keep, endpoints })),
    );
  printTable(
    'Generated route vs hand-written route (one SQL statement) in the same app (PostgreSQL at 127.0.0.1:5432; SQLite: the embedded file)',
    [
      'ORM × database',
      'endpoint',
      'req/s',
      'hand req/s',
      'ratio',
      'p50 ms',
      'hand p50',
      'p99 ms',
      'hand p99',
      'spread %',
      'statements',
      'same bytes',
      'Prisma by hand req/s',
      'generated ÷ Prisma by hand',
      'Prisma by hand ÷ hand',
    ],
    rows.map((r) => [
      r.variant,
      r.endpoint.name,
      fixed(r.generated.rps, 0),
      fixed(r.hand.rps, 0),
      fixed(r.generated.rps / r.hand.rps, 2),
      fixed(r.generated.p50, 1),
      fixed(r.hand.p50, 1),
      fixed(r.generated.p99, 1),
      fixed(r.hand.p99, 1),
      `${fixed(r.generated.rpsSpread, 0)}/${fixed(r.hand.rpsSpread, 0)}`,
      String(r.statements.length),
      r.sameBytes ? 'yes' : 'NO',
      r.prismaHand ? fixed(r.prismaHand.rps, 0) : '',
      r.prismaHand ? fixed(r.generated.rps / r.prismaHand.rps, 2) : '',
      r.prismaHand ? fixed(r.prismaHand.rps / r.hand.rps, 2) : '',
    ]),
  );
  printTable(
    `Plan check (EXPLAIN): a whole-table read (PostgreSQL Seq Scan; SQLite SCAN without an index or of a covering index) of a table of more than ${planCheck.BIG_TABLE_ROWS} rows, outside the count the route asks for`,
    ['ORM × database', 'endpoint', 'statements', 'explained', 'verdict', 'hand-written'],
    rows.map((r) => [
      r.variant,
      r.endpoint.name,
      String(r.statements.length),
      String(r.checked.filter((c) => c.plan).length),
      verdict(r.violations),
      r.endpoint.search ? verdict(r.handViolations) : '',
    ]),
  );
  printDetails(rows);
  printSearchPlans(rows);
  const wrong = (r) => r.violations.length > 0 || r.handViolations.length > 0 || !r.sameBytes;
  if (rows.some(wrong)) process.exitCode = 1;
  return variants.flatMap(([orm, database]) => {
    const mine = rows.filter((r) => r.orm === orm && r.database === database);
    const variant = `${orm} on ${database}`;
    const ratios = mine.map((r) => r.generated.rps / r.hand.rps);
    const lowest = Math.min(...ratios);
    const scans = mine.filter((r) => r.violations.length > 0 || r.handViolations.length > 0);
    return [
      {
        goal: `${variant}: every endpoint at least ${GOAL_RATIO} of its hand-written route's req/s (issue 41)`,
        measured: `lowest ${fixed(lowest, 2)} (${mine[ratios.indexOf(lowest)].endpoint.name})`,
        met: lowest >= GOAL_RATIO,
      },
      {
        goal: `${variant}: no statement reads a table of more than ${planCheck.BIG_TABLE_ROWS} rows whole, but the count asked for (issue 41)`,
        measured: scans.length ? scans.map((r) => r.endpoint.name).join(', ') : 'none',
        met: scans.length === 0,
      },
    ];
  });
}

module.exports = { runData };
