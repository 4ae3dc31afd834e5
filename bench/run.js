#!/usr/bin/env node
// `npm run bench [-- <part>...] [options]`: builds appgen, runs the benchmarks and prints their
// figures as tables, then the goals each was measured against. Never run by `npm test`.
const { execFileSync } = require('child_process');
const os = require('os');
const { parseArgs } = require('util');
const { REPO_ROOT } = require('./lib/paths');
const { printTable } = require('./lib/table');

const PARTS = {
  generate: (o) => require('./generation').runGeneration(o),
  against: (o) => require('./generationAgainst').runGenerationAgainst(o),
  handlers: (o) => require('./handlers').runHandlers(o),
  create: (o) => require('./createToResponse').runCreate(o),
  load: (o) => require('./load').runLoad(o),
  password: (o) => require('./passwordHash').runPasswordHash(o),
  dev: (o) => require('./devLoop').runDevLoop(o),
  query: (o) => require('./queryCost').runQueryCost(o),
  rules: (o) => require('./rulesCost').runRulesCost(o),
  outbox: (o) => require('./outboxCost').runOutboxCost(o),
  data: (o) => require('./data').runData(o),
  queue: (o) => require('./queueCompare').runQueueCompare(o),
  session: (o) => require('./sessionCost').runSessionCost(o),
};

const USAGE = `usage: npm run bench [-- [generate] [against] [handlers] [create] [load] [dev] [password] [query] [rules] [outbox] [data] [queue] [session] [options]]   (no part: all of them)
  --n 10,100,1000    generate: project sizes N (N models, 4N routes, N views)
  --runs 3           generate: runs per measurement (the median is shown); query, rules: rounds (at least 3)
  --ref e2c20fa7     against: the git revision to compare cold generation with (built in a worktree)
  --against-rounds 30  against: rounds per N, each a cold run of either build (the order reversed every round)
  --against-node-flags=--max-inlined-bytecode-size-cumulative=920  against: node flags for both builds' runs (V8's settings alike)
  --duration 5       handlers, outbox, data, session: seconds per load round (plus a warm-up as long, at least 5 s)
  --rounds 6         handlers, outbox, data, queue, session: rounds per endpoint and variant, interleaved (medians shown)
  --connections 10   handlers, outbox, data, session: concurrent connections of autocannon; queue: concurrent writes
  --queue-writes 400    queue: write transactions per system and round (the write's cost)
  --queue-backlog 2000  queue: events queued before the workers start (throughput)
  --queue-idle 20       queue: seconds of the idle window (queries with no work)
  --rows 50          handlers: users seeded before the load
  --requests 10000   load: POSTs per ORM × database (SQLite, and PostgreSQL at 127.0.0.1:5432)
  --load-connections 50  load: concurrent connections
  --data-orms prisma,drizzle  data: the ORMs
  --data-databases postgresql,sqlite  data: the databases (PostgreSQL at 127.0.0.1:5432, the embedded SQLite file)
  --data-endpoints lists,search  data: issue 41's endpoints, the searches (?q=, issue 54), or both
  --dev-n 100        dev: project size N for the appgen dev loop
  --dev-rounds 3     dev: saved changes of each kind (a route, a model field)
  --no-build         use dist/ as it is instead of building it first
  --keep             keep the temporary projects (their folders are printed) and data's databases`;

function options() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      n: { type: 'string', default: '10,100,1000' },
      runs: { type: 'string', default: '3' },
      ref: { type: 'string' },
      'against-rounds': { type: 'string', default: '30' },
      'against-node-flags': { type: 'string', default: '' },
      duration: { type: 'string', default: '5' },
      rounds: { type: 'string', default: '6' },
      connections: { type: 'string', default: '10' },
      rows: { type: 'string', default: '50' },
      requests: { type: 'string', default: '10000' },
      'load-connections': { type: 'string', default: '50' },
      'data-orms': { type: 'string', default: 'prisma,drizzle' },
      'data-databases': { type: 'string', default: 'postgresql,sqlite' },
      'data-endpoints': { type: 'string', default: 'lists,search' },
      'queue-writes': { type: 'string', default: '400' },
      'queue-backlog': { type: 'string', default: '2000' },
      'queue-idle': { type: 'string', default: '20' },
      'dev-n': { type: 'string', default: '100' },
      'dev-rounds': { type: 'string', default: '3' },
      'no-build': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const unknown = positionals.filter((p) => !(p in PARTS));
  if (values.help || unknown.length > 0) {
    process.stderr.write(
      `${unknown.length ? `unknown part: ${unknown.join(', ')}\n` : ''}${USAGE}\n`,
    );
    process.exit(values.help ? 0 : 1);
  }
  const listOf = (name, allowed) => {
    const list = values[name].split(',').filter(Boolean);
    const wrong = list.filter((item) => !allowed.includes(item));
    if (wrong.length > 0 || list.length === 0)
      throw new Error(`--${name}: one or more of ${allowed.join(', ')}, got "${values[name]}"`);
    return list;
  };
  const positive = (name) => {
    const value = Number(values[name]);
    if (!(value > 0)) throw new Error(`--${name} must be a positive number, got "${values[name]}"`);
    return value;
  };
  return {
    parts: positionals.length ? [...new Set(positionals)] : Object.keys(PARTS),
    partsNamed: positionals.length > 0,
    ns: values.n
      .split(',')
      .map((n) => Math.round(Number(n)))
      .filter((n) => n > 0),
    runs: positive('runs'),
    ref: values.ref,
    againstRounds: Math.round(positive('against-rounds')),
    againstNodeFlags: values['against-node-flags'].split(/\s+/).filter((flag) => flag !== ''),
    duration: positive('duration'),
    rounds: Math.round(positive('rounds')),
    connections: positive('connections'),
    rows: positive('rows'),
    requests: Math.round(positive('requests')),
    loadConnections: Math.round(positive('load-connections')),
    dataOrms: listOf('data-orms', ['prisma', 'drizzle']),
    dataDatabases: listOf('data-databases', ['postgresql', 'sqlite']),
    dataEndpoints: listOf('data-endpoints', ['lists', 'search']),
    queueWrites: Math.round(positive('queue-writes')),
    queueBacklog: Math.round(positive('queue-backlog')),
    queueIdle: positive('queue-idle'),
    devN: Math.round(positive('dev-n')),
    devRounds: Math.round(positive('dev-rounds')),
    build: !values['no-build'],
    keep: values.keep,
  };
}

function machine() {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return `${os.availableParallelism()} CPUs (nproc; ${cpus[0]?.model.trim()}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}; load average ${load}`;
}

async function main() {
  const opts = options();
  process.stdout.write(`appgen benchmarks: ${opts.parts.join(', ')}\nmachine: ${machine()}\n`);
  if (opts.build) {
    process.stdout.write('building appgen (npm run build) ...\n');
    execFileSync('npm', ['run', '-s', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  }
  const goals = [];
  for (const part of opts.parts) {
    process.stdout.write(`\n== ${part}\n`);
    goals.push(...(await PARTS[part](opts)));
  }
  printTable(
    'goals (reported, not asserted)',
    ['goal', 'measured', 'met'],
    goals.map((g) => [
      g.goal,
      g.measured,
      g.met === undefined ? '-' : g.met === true ? 'yes' : g.met === false ? 'NO' : g.met,
    ]),
  );
  process.stdout.write(
    `\nload average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (other work on the machine skews every figure)\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error.stack ?? error}\n`);
  process.exit(1);
});
