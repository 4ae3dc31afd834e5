// Part "queue": appgen's outbox (the generated runtime: src/appgen/outbox.ts, its Drizzle store,
// events.ts) against pg-boss (installed by the bench on first use, send inside the write's transaction with its `db`
// option and `fromDrizzle`), on PostgreSQL in a throwaway database (issue 55). One generated
// Drizzle project with a model `Note` and a worker event `noteCreated` whose handler does
// nothing; hand-written/queueHarness.ts.txt is written into it, bundled with the project's own
// esbuild (drizzle-kit's) and run as child processes, one per app instance, commanded over IPC.
// Measured, each system once per round in a rotating order (interleaved, as the machine is shared):
//   (a) a write transaction alone and with its enqueue: latency p50/p99, `--connections` at once
//   (b) handled events per second: a backlog of `--queue-backlog` events, then 1 or 2 instances' workers
//   (c) commit → handler start, writes at a steady rate spread over 1 or 2 running instances
//   (d) idle load: transactions per second in the database (pg_stat_database) with workers and no work
//   (e) what each system adds to the database (tables, indexes, functions, ...)
// pg-boss runs as an app would, 4 handlers at once as the outbox: with its defaults (4 pollers,
// one job per fetch, a fetch every 2 s), and tuned (LISTEN/NOTIFY: `useListenNotify` and a
// `notify` queue; batches of 4 with `burstWhenBatchFull`, fetched again at once while full).
const { execFileSync, fork, spawnSync } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { createRequire } = require('module');
const { APPGEN, CREATE_APPGEN, REPO_ROOT } = require('./lib/paths');
const { appEnv, createDatabase } = require('./lib/database');
const { ensureSharedInstall } = require('./lib/sharedInstall');
const { fixed, median, printTable } = require('./lib/table');

const log = (line) => process.stdout.write(`  ${line}\n`);

// pg-boss is not a dependency of appgen (its version 12 declares Node >= 22.12, and appgen's own
// install must print no warning on Node 20): the bench installs the pinned version once into a
// folder of its own beside the shared install and loads it from there.
const PG_BOSS_VERSION = '12.38.0';

function pgBossEntry() {
  const folder = path.join(os.tmpdir(), `appgen-bench-pg-boss-${PG_BOSS_VERSION}`);
  const entry = () => createRequire(path.join(folder, 'package.json')).resolve('pg-boss');
  try {
    return entry();
  } catch {
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'package.json'), '{ "private": true }\n');
    execFileSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--engine-strict=false', `pg-boss@${PG_BOSS_VERSION}`],
      {
        cwd: folder,
        stdio: 'inherit',
      },
    );
    return entry();
  }
}

/** The systems compared, and `plain` (the write alone, no event) for the write's cost. */
const SYSTEMS = ['outbox', 'pgboss', 'pgboss-tuned'];
const LABELS = {
  plain: 'write alone (no event)',
  outbox: 'appgen outbox',
  pgboss: 'pg-boss, defaults',
  'pgboss-tuned': 'pg-boss, tuned',
};

/** The `p`-th percentile (0..100) of `values`, nearest rank; NaN when there are none. */
function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(rank, 1)) - 1];
}

/** `list` rotated left by `by` places: each round runs the systems in another order. */
const rotated = (list, by) => list.map((_, i) => list[(i + by) % list.length]);

/** The settings of this part from run.js's options (numbers checked there). */
function queueSettings(opts) {
  return {
    rounds: Math.max(1, opts.rounds),
    connections: Math.round(opts.connections),
    writes: opts.queueWrites,
    backlog: opts.queueBacklog,
    idleSeconds: opts.queueIdle,
    keep: opts.keep,
  };
}

function project(env) {
  const projects = path.join(ensureSharedInstall(log), 'projects');
  fs.mkdirSync(projects, { recursive: true });
  const dir = path.join(projects, `bench-queue-${crypto.randomBytes(3).toString('hex')}`);
  execFileSync(
    process.execPath,
    [
      CREATE_APPGEN,
      dir,
      '--no-install',
      '--no-git',
      '--appgen',
      `file:${REPO_ROOT}`,
      '--orm',
      'drizzle',
    ],
    { stdio: 'ignore' },
  );
  const files = {
    'config/models/Note.json': JSON.stringify({ name: 'Note', fields: { title: 'string' } }),
    'config/events/bench.json': JSON.stringify({
      events: [{ name: 'noteCreated', model: 'Note', on: ['create'] }],
    }),
    // The handler does nothing but say when it started (the harness collects it).
    'src/events/noteCreated.ts': `import type { EventPayload } from "@/appgen/handler";\n\nexport async function noteCreated(event: EventPayload): Promise<void> {\n  (globalThis as { benchHandled?: (id: string) => void }).benchHandled?.(String((event.record as { id: unknown }).id));\n}\n`,
    'src/benchQueueHarness.ts': fs.readFileSync(
      path.join(__dirname, 'hand-written', 'queueHarness.ts.txt'),
      'utf8',
    ),
  };
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  for (const args of [['generate'], ['db', 'push']]) {
    const run = spawnSync(process.execPath, [APPGEN, ...args], { cwd: dir, env, encoding: 'utf8' });
    if (run.status !== 0)
      throw new Error(`appgen ${args.join(' ')} failed:\n${run.stdout}\n${run.stderr}`);
  }
  // The project's own esbuild (a dependency of drizzle-kit), as `appgen` would find it.
  const esbuild = createRequire(require.resolve('drizzle-kit', { paths: [dir] }))('esbuild');
  const harness = path.join(dir, 'benchQueueHarness.mjs');
  esbuild.buildSync({
    entryPoints: [path.join(dir, 'src', 'benchQueueHarness.ts')],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: harness,
    tsconfig: path.join(dir, 'tsconfig.json'),
    logLevel: 'error',
  });
  return { dir, harness };
}

/** Reads one number (or a row of them) from the database with psql, in the admin database unless a URL is given. */
function query(sql, url) {
  const args = ['-v', 'ON_ERROR_STOP=1', '-qAtc', sql];
  const result = spawnSync(
    'psql',
    url ? [url, ...args] : ['postgresql://postgres@127.0.0.1:5432/postgres', ...args],
    {
      encoding: 'utf8',
      env: { ...process.env, PGCONNECT_TIMEOUT: '10' },
    },
  );
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`);
  return result.stdout.trim();
}

/** Handler starts reported by every instance: the first start of each note, and repeats. */
class Handled {
  constructor() {
    this.first = new Map();
    this.repeats = 0;
    this.waiter = null;
  }
  add(id, time) {
    if (this.first.has(id)) this.repeats++;
    else this.first.set(id, time);
    if (this.waiter && this.first.size >= this.waiter.count) this.waiter.resolve();
  }
  /** Resolves once `count` distinct events started (true), or after `timeoutMs` (false). */
  until(count, timeoutMs) {
    if (this.first.size >= count) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        resolve(false);
      }, timeoutMs);
      this.waiter = {
        count,
        resolve: () => {
          clearTimeout(timer);
          this.waiter = null;
          resolve(true);
        },
      };
    });
  }
}

/** One app instance: the harness in a child process (the app's database client, maybe pg-boss). */
class Instance {
  constructor(app, env, system, handled) {
    this.system = system;
    this.pending = new Map();
    this.seq = 0;
    this.child = fork(app.harness, [], {
      cwd: app.dir,
      env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.loaded = new Promise((resolve, reject) => {
      this.child.once('error', reject);
      this.child.once('exit', (code) =>
        reject(new Error(`instance exited (${code}) before it loaded`)),
      );
      this.child.on('message', (message) => {
        if (message.op === 'loaded') resolve();
        else if (message.op === 'handled')
          for (const [id, time] of message.events) handled.add(id, time);
        else this.pending.get(message.seq)?.(message);
      });
    });
  }
  async ask(op, fields = {}) {
    await this.loaded;
    const seq = ++this.seq;
    const answer = await new Promise((resolve) => {
      this.pending.set(seq, resolve);
      this.child.send({ op, system: this.system, seq, ...fields });
    });
    this.pending.delete(seq);
    if (answer.op === 'error') throw new Error(`instance (${this.system}) ${op}: ${answer.error}`);
    return answer;
  }
  async stop() {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    await this.ask('stop').catch(() => {});
    this.child.kill();
    await exited;
  }
}

/** Starts `count` instances of `system` (one after another: the first creates pg-boss's schema and queue). */
async function instances(app, env, system, count, handled) {
  const started = [];
  for (let i = 0; i < count; i++) {
    const instance = new Instance(app, env, system, handled);
    started.push(instance);
    await instance.ask('init');
  }
  return started;
}

const stopAll = (list) => Promise.all(list.map((instance) => instance.stop()));

/** Empties the tables between measurements: the notes, the outbox, pg-boss's jobs. */
function clean(url) {
  query(
    `truncate "Note", "AppgenEvent"; do $$ begin if to_regclass('pgboss.job') is not null then truncate pgboss.job cascade; end if; end $$;`,
    url,
  );
}

/** (a) `writes` write transactions, `connections` at once, on one instance without a worker. */
async function writeCost(app, env, url, system, settings) {
  const [instance] = await instances(app, env, system, 1, new Handled());
  try {
    const { latencies } = await instance.ask('writes', {
      count: settings.writes,
      concurrency: settings.connections,
    });
    return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rate: NaN };
  } finally {
    await instance.stop();
    clean(url);
  }
}

/** The longest wait for a backlog: a slower system's rate is what it handled in this time. */
const THROUGHPUT_MAX_MS = 30_000;

/** (b) A backlog written by the first instance, then every instance's worker started: events per second. */
async function throughput(app, env, url, system, count, settings) {
  const handled = new Handled();
  const list = await instances(app, env, system, count, handled);
  try {
    await list[0].ask('writes', { count: settings.backlog, concurrency: settings.connections });
    const started = performance.timeOrigin + performance.now();
    await Promise.all(list.map((instance) => instance.ask('work')));
    const all = await handled.until(settings.backlog, THROUGHPUT_MAX_MS);
    const end = all ? Math.max(...handled.first.values()) : started + THROUGHPUT_MAX_MS;
    return { rate: handled.first.size / ((end - started) / 1000), repeats: handled.repeats };
  } finally {
    await stopAll(list);
    clean(url);
  }
}

/** Writes per instance in (c), one a second: few enough for pg-boss's defaults to keep up. */
const LATENCY_WRITES = 15;

/** (c) A write a second on each running instance: commit → handler start. */
async function latency(app, env, url, system, count) {
  const handled = new Handled();
  const list = await instances(app, env, system, count, handled);
  try {
    await Promise.all(list.map((instance) => instance.ask('work')));
    const answers = await Promise.all(
      list.map((instance) =>
        instance.ask('writes', { count: LATENCY_WRITES, concurrency: 1, intervalMs: 1000 }),
      ),
    );
    const commits = answers.flatMap((answer) => answer.commits);
    if (!(await handled.until(commits.length, 120_000)))
      throw new Error(
        `${system}: only ${handled.first.size} of ${commits.length} events handled after 120 s`,
      );
    const waits = commits.map(([id, committed]) => handled.first.get(id) - committed);
    return { p50: percentile(waits, 50), p99: percentile(waits, 99), max: Math.max(...waits) };
  } finally {
    await stopAll(list);
    clean(url);
  }
}

/** Transactions committed or rolled back so far in the database, and its open connections. */
function databaseCounters(name) {
  const [xacts, connections] = query(
    `select (select xact_commit + xact_rollback from pg_stat_database where datname = '${name}'), (select count(*) from pg_stat_activity where datname = '${name}')`,
  ).split('|');
  return { xacts: Number(xacts), connections: Number(connections) };
}

/** (d) One instance with its worker and no work (`none`: no instance): transactions per second. */
async function idleLoad(app, env, name, system, settings) {
  const list = system === 'none' ? [] : await instances(app, env, system, 1, new Handled());
  try {
    await Promise.all(list.map((instance) => instance.ask('work')));
    // Backends report their counters about once a second, idle ones within 10 s: a warm-up, then a long window.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const before = databaseCounters(name);
    await new Promise((resolve) => setTimeout(resolve, settings.idleSeconds * 1000));
    const after = databaseCounters(name);
    return {
      xactsPerSecond: (after.xacts - before.xacts) / settings.idleSeconds,
      connections: after.connections,
    };
  } finally {
    await stopAll(list);
  }
}

/** (e) The database objects of a schema by kind, or of the outbox's table. */
function objects(url) {
  const count = (sql) => Number(query(sql, url));
  const inSchema = (kinds) =>
    count(
      `select count(*) from pg_class where relnamespace = 'pgboss'::regnamespace and relkind in (${kinds})`,
    );
  return {
    outbox: {
      tables: 1,
      indexes: count(`select count(*) from pg_indexes where tablename = 'AppgenEvent'`),
      functions: 0,
      other: 0,
      note: 'table "AppgenEvent" (both ORMs make it from the models)',
    },
    pgboss: {
      tables: inSchema(`'r', 'p'`),
      indexes: inSchema(`'i', 'I'`),
      functions: count(`select count(*) from pg_proc where pronamespace = 'pgboss'::regnamespace`),
      other:
        inSchema(`'S', 'v', 'm', 'c'`) +
        count(
          `select count(*) from pg_type where typnamespace = 'pgboss'::regnamespace and typtype in ('e', 'd')`,
        ),
      note: 'schema "pgboss" (partitions, queue and stats tables included)',
    },
  };
}

/** Median over rounds of each measured figure, per key (system, or system × instances). */
function medians(results) {
  const out = {};
  for (const [key, rounds] of Object.entries(results)) {
    out[key] = {};
    for (const field of Object.keys(rounds[0] ?? {}))
      out[key][field] = median(rounds.map((round) => round[field]));
  }
  return out;
}

/** The rows of the tables printed (pure: tests/unit/bench/queueCompare.test.ts). */
function tableRows({ cost, rates, waits, idle, created }) {
  const plain = cost.plain?.p50;
  return {
    cost: ['plain', ...SYSTEMS].map((system) => [
      LABELS[system],
      fixed(cost[system].p50, 1),
      fixed(cost[system].p99, 1),
      system === 'plain' ? '-' : `+${fixed(cost[system].p50 - plain, 1)}`,
    ]),
    throughput: SYSTEMS.map((system) => [
      LABELS[system],
      fixed(rates[`${system} 1`].rate, 0),
      fixed(rates[`${system} 2`].rate, 0),
      String(rates[`${system} 1`].repeats + rates[`${system} 2`].repeats),
    ]),
    latency: SYSTEMS.map((system) => [
      LABELS[system],
      fixed(waits[`${system} 1`].p50, 0),
      fixed(waits[`${system} 1`].p99, 0),
      fixed(waits[`${system} 2`].p50, 0),
      fixed(waits[`${system} 2`].p99, 0),
    ]),
    idle: ['none', ...SYSTEMS].map((system) => [
      system === 'none' ? 'no instance (baseline)' : LABELS[system],
      fixed(idle[system].xactsPerSecond, 2),
      fixed(idle[system].connections, 0),
    ]),
    objects: Object.entries(created).map(([system, o]) => [
      system === 'outbox' ? LABELS.outbox : 'pg-boss',
      String(o.tables),
      String(o.indexes),
      String(o.functions),
      String(o.other),
      o.note,
    ]),
  };
}

function printQueueTables(rows, settings) {
  printTable(
    `(a) A write transaction (insert + its event), ${settings.connections} at once, ${settings.writes} per round (ms; medians over rounds)`,
    ['system', 'p50', 'p99', 'p50 vs write alone'],
    rows.cost,
  );
  printTable(
    `(b) Handled events per second, a backlog of ${settings.backlog} (handlers do nothing; 4 at once per instance; at most 30 s)`,
    ['system', '1 instance', '2 instances', 'handled twice'],
    rows.throughput,
  );
  printTable(
    `(c) Commit → handler start (ms), a write a second on each running instance, ${LATENCY_WRITES} each`,
    ['system', '1 inst. p50', 'p99', '2 inst. p50', 'p99'],
    rows.latency,
  );
  printTable(
    `(d) Idle: one instance with its worker and no work, ${settings.idleSeconds} s window`,
    ['system', 'transactions/s', 'connections'],
    rows.idle,
  );
  printTable(
    '(e) What each adds to the database',
    ['system', 'tables', 'indexes', 'functions', 'other', ''],
    rows.objects,
  );
}

async function runQueueCompare(opts) {
  const settings = queueSettings(opts);
  process.stdout.write(
    `queue: appgen's outbox vs pg-boss ${PG_BOSS_VERSION} on PostgreSQL (Drizzle), ${settings.rounds} rounds, systems interleaved in a rotating order\n`,
  );
  const db = createDatabase();
  const name = db.url.slice(db.url.lastIndexOf('/') + 1);
  const env = { ...appEnv(db.url), BENCH_PGBOSS_ENTRY: pgBossEntry() };
  let app;
  try {
    log('a Drizzle project on PostgreSQL: appgen generate, db push, esbuild ...');
    app = project(env);
    const results = { cost: {}, rates: {}, waits: {}, idle: {} };
    const add = (table, key, value) => (results[table][key] ??= []).push(value);
    for (let round = 0; round < settings.rounds; round++) {
      log(`round ${round + 1} of ${settings.rounds} ...`);
      for (const system of rotated(['plain', ...SYSTEMS], round))
        add('cost', system, await writeCost(app, env, db.url, system, settings));
      log('  (b) throughput and (c) commit → handler start, 1 then 2 instances ...');
      for (const count of [1, 2])
        for (const system of rotated(SYSTEMS, round)) {
          add(
            'rates',
            `${system} ${count}`,
            await throughput(app, env, db.url, system, count, settings),
          );
          add('waits', `${system} ${count}`, await latency(app, env, db.url, system, count));
        }
      log('  (d) idle load ...');
      for (const system of rotated(['none', ...SYSTEMS], round))
        add('idle', system, await idleLoad(app, env, name, system, settings));
    }
    const created = objects(db.url);
    const summary = Object.fromEntries(Object.entries(results).map(([k, v]) => [k, medians(v)]));
    printQueueTables(tableRows({ ...summary, created }), settings);
  } finally {
    if (settings.keep) log(`kept: ${app?.dir}, database ${db.url}`);
    else {
      db.drop();
      if (app) fs.rmSync(app.dir, { recursive: true, force: true });
    }
  }
  return [];
}

module.exports = { runQueueCompare, percentile, rotated, medians, tableRows, queueSettings };
