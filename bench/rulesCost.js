// `npm run bench -- rules`: what a model's access rules (issue 52) cost a list read, in-process:
// the same page of 20 posts, filtered and sorted by an index, with and without the rules'
// condition (src/appgen/access/post.ts as appgen generates it, combined by ModelAccess), over
// 50,000 posts in SQLite (better-sqlite3, in memory), for a signed-out caller, a member and an
// editor; and the count a list sends beside it. Runs hand-written/rulesCost.js inside the shared
// install, whose drizzle-orm and better-sqlite3 are the generated apps' own.
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const ts = require('typescript');
const { REPO_ROOT } = require('./lib/paths');
const { ensureSharedInstall } = require('./lib/sharedInstall');
const { fixed, median, printTable } = require('./lib/table');

const log = (line) => process.stdout.write(`  ${line}\n`);

/** The project: User with roles, Post with read rules (published, own, editors; deny archived). */
const FILES = {
  'appgen.config.json': {
    orm: 'drizzle',
    accounts: { model: 'User', roles: ['member', 'editor', 'admin'] },
  },
  'config/models/User.json': {
    name: 'User',
    fields: { name: 'string' },
    relations: { posts: { type: 'hasMany', model: 'Post' } },
  },
  'config/models/Post.json': {
    name: 'Post',
    fields: {
      authorId: 'uuid',
      title: 'string',
      status: { type: 'enum', values: ['draft', 'published', 'archived'] },
      createdAt: 'date_now',
    },
    relations: { author: { type: 'belongsTo', model: 'User' } },
    indexes: [['status', 'createdAt'], ['createdAt']],
    access: [
      { allow: 'read', when: { status: 'published' } },
      { allow: 'read', when: { author: 'currentUser' } },
      { allow: 'read', when: { 'currentUser.role': ['editor', 'admin'] } },
      { deny: 'read', when: { status: 'archived', not: { 'currentUser.role': 'admin' } } },
    ],
  },
  'config/routes/posts.json': {
    routes: [{ method: 'GET', path: '/api/posts', response: 'Post[]' }],
  },
};

/** Generates the project and compiles the three modules the bench runs to CommonJS in `out`. */
function generatedModules(out) {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-bench-rules-'));
  try {
    for (const [file, value] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
      fs.writeFileSync(path.join(project, file), JSON.stringify(value));
    }
    execFileSync(
      process.execPath,
      [path.join(REPO_ROOT, 'dist', 'cli', 'appgen.js'), 'generate', '--cwd', project],
      {
        stdio: 'pipe',
      },
    );
    fs.mkdirSync(out, { recursive: true });
    for (const [from, to] of [
      ['src/appgen/schema.ts', 'schema.cjs'],
      ['src/appgen/access.ts', 'access.cjs'],
      ['src/appgen/access/post.ts', 'post.cjs'],
    ]) {
      const source = fs.readFileSync(path.join(project, from), 'utf8');
      const { outputText } = ts.transpileModule(source, {
        compilerOptions: {
          module: ts.ModuleKind.CommonJS,
          target: ts.ScriptTarget.ES2022,
          esModuleInterop: true,
        },
      });
      // The app's own modules, as this folder holds them (db: the bench's database; roles: unused).
      const linked = outputText
        .replace(/require\("@\/appgen\/access"\)/g, 'require("./access.cjs")')
        .replace(/require\("@\/appgen\/db"\)/g, 'require("./db.cjs")')
        .replace(/require\("\.\/http"\)/g, 'require("./http.cjs")')
        .replace(/require\("\.\/probe"\)/g, 'require("./http.cjs")')
        .replace(/require\("\.\/roles"\)/g, 'require("./http.cjs")')
        .replace(/require\("uuid"\)/g, 'require("./http.cjs")');
      fs.writeFileSync(path.join(out, to), linked);
    }
    fs.writeFileSync(
      path.join(out, 'http.cjs'),
      'exports.jsonError = () => null; exports.refuse = () => null; exports.RuleRefusal = class {}; exports.isProbe = () => false;\n' +
        'exports.roleOf = async () => null; exports.v7 = () => { throw new Error("ids are given"); };\n',
    );
    fs.copyFileSync(
      path.join(__dirname, 'hand-written', 'rulesCost.js'),
      path.join(out, 'run.cjs'),
    );
  } finally {
    fs.rmSync(project, { recursive: true, force: true });
  }
}

async function runRulesCost(options) {
  const install = ensureSharedInstall(log);
  // In the install's folder, so that its node_modules resolve; removed afterwards.
  const out = path.join(install, `rules-bench-${process.pid}`);
  let result;
  try {
    generatedModules(out);
    const rounds = String(Math.max(3, options.runs));
    result = JSON.parse(
      execFileSync(process.execPath, [path.join(out, 'run.cjs'), '50000', rounds], {
        encoding: 'utf8',
      }),
    );
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
  const rows = result.cases.map((c) => [
    c.name,
    fixed(median(c.without), 1),
    fixed(median(c.with), 1),
    `${fixed(median(c.with) / median(c.without), 2)}x`,
    String(c.records),
  ]);
  printTable(
    `Drizzle on SQLite (better-sqlite3, in memory), 50,000 posts, ${result.rounds} rounds of ${result.reads} reads, in-process; µs per read (median)`,
    ['read', 'without rules', 'with rules', 'ratio', 'records'],
    rows,
  );
  const page = result.cases.find((c) => c.name.startsWith('page of 20, member'));
  return [
    {
      goal: 'access rules: a list page with rules beside the same page without (issue 52, reported)',
      measured: `${fixed(median(page.with), 1)} µs with, ${fixed(median(page.without), 1)} µs without (member, page of 20)`,
      met: undefined,
    },
  ];
}

module.exports = { runRulesCost };
