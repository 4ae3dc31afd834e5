import fs from 'fs';
import os from 'os';
import path from 'path';
import { spawnSync } from 'child_process';
import { REPO_ROOT } from '../support/paths';
import { ensureBuiltCli, runCreateAppgen } from '../support/runCli';

function createAppgen(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const result = runCreateAppgen(args, cwd, env);
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

// Tests about other things skip the registry question, the packing and git.
const QUICK = ['--appgen', 'file:../appgen', '--no-git'];
const version = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'))
  .version as string;
const git = (args: string[], cwd: string) =>
  spawnSync('git', args, { cwd, encoding: 'utf8' }).stdout.trim();
// No user configuration of git: the author create-appgen sets for its one commit shows.
const noGitConfig = { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };

describe('create-appgen', () => {
  let work: string;

  beforeAll(ensureBuiltCli);

  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'create-appgen-'));
  });

  afterEach(() => {
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('creates the starter project, generates it, and prints the next steps', () => {
    const result = createAppgen(['my-app', '--no-install', '--appgen', 'file:../appgen'], work);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const app = path.join(work, 'my-app');
    const pkg = JSON.parse(fs.readFileSync(path.join(app, 'package.json'), 'utf8'));
    expect(pkg).toMatchObject({
      name: 'my-app',
      type: 'module',
      scripts: {
        dev: 'appgen dev',
        generate: 'appgen generate',
        build: 'appgen build',
        start: 'appgen start',
      },
    });
    expect(pkg.devDependencies.appgen).toBe('file:../appgen');
    // No npm warning a newcomer cannot act on (issue 40): @prisma/streams-local (Node 22 only,
    // for `prisma dev`) is stood in for by a folder of the project, and every package with
    // install scripts is allowed or denied.
    expect(pkg.overrides).toEqual({
      '@prisma/streams-local': 'file:./.appgen/stand-ins/prisma-streams-local',
    });
    expect(
      JSON.parse(
        fs.readFileSync(
          path.join(app, '.appgen/stand-ins/prisma-streams-local/package.json'),
          'utf8',
        ),
      ),
    ).toMatchObject({ name: '@prisma/streams-local', exports: { '.': './index.js' } });
    expect(
      fs.readFileSync(path.join(app, '.appgen/stand-ins/prisma-streams-local/index.js'), 'utf8'),
    ).toContain('throw new Error(');
    expect(pkg.allowScripts).toEqual({
      '@prisma/engines': true,
      '@scarf/scarf': false,
      'better-sqlite3': true,
      'file:../appgen': true,
      prisma: true,
    });
    expect(pkg.dependencies).toMatchObject({
      next: expect.any(String),
      '@prisma/client': expect.any(String),
      'better-sqlite3': expect.any(String),
    });
    for (const file of [
      'tsconfig.json',
      'next.config.ts',
      '.gitignore',
      '.prettierrc.json',
      '.env',
      'README.md',
      'appgen.config.json',
      'config/models/User.json',
      'config/routes/users.json',
      'config/views/login.json',
    ]) {
      expect(fs.existsSync(path.join(app, file))).toBe(true);
    }
    for (const file of [
      'src/app/api/users/route.ts',
      'src/app/api/users/[id]/route.ts',
      'src/app/login/page.tsx',
      'prisma/schema.prisma',
      '.appgen/manifest.json',
    ]) {
      expect(fs.existsSync(path.join(app, file))).toBe(true);
    }
    expect(result.stdout).toContain('cd my-app');
    expect(result.stdout).toContain('npm install');
    expect(result.stdout).toContain('npm run dev');
    // No leftovers of the staging folder.
    expect(fs.readdirSync(work)).toEqual(['my-app']);
  });

  it("holds the spec's minimal configuration, with an update route for the user's own record", () => {
    createAppgen(['app', '--no-install', ...QUICK], work);
    const routes = JSON.parse(
      fs.readFileSync(path.join(work, 'app', 'config', 'routes', 'users.json'), 'utf8'),
    ).routes;
    expect(routes.map((r: { method: string; path: string }) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/users',
      'POST /api/users',
      'GET /api/users/:id',
      'PATCH /api/users/:id',
      'DELETE /api/users/:id',
    ]);
    // Issue 40: the user's page has an edit form; only that user, signed in, may save it.
    expect(routes[3]).toMatchObject({ auth: true, voter: 'self' });
    // Issue 49: and only that user may delete it; the page shows both forms to that user only
    // (issue 50 §3), so it has no text about who may use them.
    expect(routes[4]).toMatchObject({ auth: true, voter: 'self' });
    const userPage = fs.readFileSync(
      path.join(work, 'app', 'config', 'views', 'user.json'),
      'utf8',
    );
    expect(userPage).toContain('"route": "DELETE /api/users/:id"');
    expect(userPage).not.toContain('Only this user');
    const model = JSON.parse(
      fs.readFileSync(path.join(work, 'app', 'config', 'models', 'User.json'), 'utf8'),
    );
    // The spec's fields, and accounts: a unique email to log in with and a password (never sent).
    expect(model).toEqual({
      $schema: '../../node_modules/appgen/schemas/model.schema.json',
      name: 'User',
      fields: {
        id: 'uuid',
        name: 'string',
        email: { type: 'string', unique: true },
        password: { type: 'password', optional: true },
        createdAt: 'date_now',
      },
    });
    const accountRoutes = JSON.parse(
      fs.readFileSync(path.join(work, 'app', 'config', 'routes', 'account.json'), 'utf8'),
    ).routes;
    expect(
      accountRoutes.map((r: { method: string; path: string; account?: string; record?: string }) =>
        [r.method, r.path, r.account ?? r.record].join(' '),
      ),
    ).toEqual([
      'POST /api/signup signUp',
      'POST /api/login logIn',
      'POST /api/logout logOut',
      'POST /api/password/forgot requestReset',
      'POST /api/password/reset resetPassword',
      'POST /api/email/verify verifyEmail',
      'POST /api/email/resend resendVerification',
      'GET /api/me currentUser',
    ]);
    expect(fs.readdirSync(path.join(work, 'app', 'config', 'views')).sort()).toEqual([
      'account.json',
      'forgot-password.json',
      'login.json',
      'reset-password.json',
      'signup.json',
      'user.json',
      'users.json',
      'verify-email.json',
    ]);
  });

  it('with --orm none, holds the spec minimal configuration alone: no account routes, a login form bound to nothing', () => {
    createAppgen(['app', '--no-install', '--orm', 'none', ...QUICK], work);
    const config = path.join(work, 'app', 'config');
    expect(fs.readdirSync(path.join(config, 'routes'))).toEqual(['users.json']);
    expect(fs.readdirSync(path.join(config, 'views')).sort()).toEqual([
      'login.json',
      'user.json',
      'users.json',
    ]);
    const login = JSON.parse(fs.readFileSync(path.join(config, 'views', 'login.json'), 'utf8'));
    expect(login.root).toEqual({
      type: 'form',
      fields: [
        { type: 'input', id: 'email', label: 'Email' },
        { type: 'input', id: 'password', label: 'Password' },
        { type: 'button', label: 'Log in' },
      ],
    });
    expect(
      JSON.parse(fs.readFileSync(path.join(work, 'app', 'appgen.config.json'), 'utf8')),
    ).not.toHaveProperty('accounts');
    // The spec's table: a stub DELETE answers anyone (it deletes nothing; nobody can sign in);
    // the user's page shows each form only to whom its route lets through (no text to go stale).
    const routes = JSON.parse(fs.readFileSync(path.join(config, 'routes', 'users.json'), 'utf8'));
    expect(routes.routes[4]).toEqual({
      method: 'DELETE',
      path: '/api/users/:id',
      params: { id: 'uuid' },
    });
    const userPage = fs.readFileSync(path.join(config, 'views', 'user.json'), 'utf8');
    expect(userPage).toContain('"route": "PATCH /api/users/:id"');
    expect(userPage).not.toContain('Only this user');
  });

  it('without --appgen, depends on this appgen packed into the project when the registry does not have its version', () => {
    const result = createAppgen(['app', '--no-install', '--no-git'], work);
    expect(result.code).toBe(0);
    const spec = `file:.appgen/appgen-${version}.tgz`;
    expect(
      JSON.parse(fs.readFileSync(path.join(work, 'app', 'package.json'), 'utf8')).devDependencies
        .appgen,
    ).toBe(spec);
    expect(
      fs.statSync(path.join(work, 'app', '.appgen', `appgen-${version}.tgz`)).size,
    ).toBeGreaterThan(10_000);
    expect(result.stdout).toContain(
      `the npm registry could not be reached: the project uses this appgen, packed into .appgen/appgen-${version}.tgz`,
    );
    expect(result.stdout).not.toContain(REPO_ROOT);
    // The packed appgen has no install scripts (its `prepare` is the checkout's build): nothing
    // for npm to run or to warn about, so allowScripts needs no entry for it (issue 55 §2).
    const pkg = JSON.parse(fs.readFileSync(path.join(work, 'app', 'package.json'), 'utf8'));
    expect(Object.keys(pkg.allowScripts)).not.toContain(spec);
    const listed = spawnSync(
      'tar',
      ['-xzOf', `.appgen/appgen-${version}.tgz`, 'package/package.json'],
      {
        cwd: path.join(work, 'app'),
        encoding: 'utf8',
      },
    ).stdout;
    const packed = JSON.parse(listed);
    expect(packed.version).toBe(version);
    for (const script of ['preinstall', 'install', 'postinstall', 'prepare'])
      expect(packed.scripts ?? {}).not.toHaveProperty(script);
    expect(fs.existsSync(path.join(REPO_ROOT, 'package.json'))).toBe(true);
    expect(
      JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).scripts.prepare,
    ).toBe('npm run build');
  });

  it('--appgen packed packs this appgen into the project without asking the registry (npm run demo)', () => {
    const result = createAppgen(['demo', '--no-install', '--no-git', '--appgen', 'packed'], work);
    expect(result.code).toBe(0);
    expect(
      JSON.parse(fs.readFileSync(path.join(work, 'demo', 'package.json'), 'utf8')).devDependencies
        .appgen,
    ).toBe(`file:.appgen/appgen-${version}.tgz`);
    expect(result.stdout).toContain(`--appgen packed: the project uses this appgen, packed into`);
  });

  it('says what it does, step by step, with timings', () => {
    const result = createAppgen(
      ['steps', '--no-install', '--appgen', 'file:../appgen'],
      work,
      noGitConfig,
    );
    expect(result.code).toBe(0);
    const steps = result.stdout
      .split('\n')
      .filter((line) => line.startsWith('✔') || line.startsWith('- '));
    expect(steps).toEqual([
      expect.stringMatching(/^✔ appgen from file:\.\.\/appgen \(--appgen\) \(\d+(\.\d)? m?s\)$/),
      expect.stringMatching(
        /^✔ Wrote the starter configuration and project files \(\d+(\.\d)? m?s\)$/,
      ),
      expect.stringMatching(/^✔ Generated \d+ files from config\/ \(\d+(\.\d)? m?s\)$/),
      expect.stringMatching(/^✔ Made a git repository with a first commit \(\d+(\.\d)? m?s\)$/),
    ]);
    expect(result.stdout.indexOf('Creating an appgen project in steps (orm prisma).')).toBe(0);
  });

  it('makes a git repository with one commit of every file but the ignored ones, authored by create-appgen when git has no user', () => {
    expect(
      createAppgen(['repo', '--no-install', '--appgen', 'file:../appgen'], work, noGitConfig).code,
    ).toBe(0);
    const repo = path.join(work, 'repo');
    expect(git(['log', '--format=%s|%an'], repo)).toBe(
      'Initial commit from create-appgen|create-appgen',
    );
    const committed = git(['ls-files'], repo).split('\n');
    expect(committed).toEqual(
      expect.arrayContaining([
        'package.json',
        'config/models/User.json',
        'src/app/api/users/route.ts',
        '.appgen/manifest.json',
      ]),
    );
    expect(committed).not.toContain('.env');
    expect(git(['status', '--porcelain'], repo)).toBe('');
    expect(git(['config', '--local', 'user.name'], repo)).toBe('');
  });

  it('skips git with --no-git, and with a note inside another repository', () => {
    expect(
      createAppgen(['plain', '--no-install', '--no-git', '--appgen', 'file:../appgen'], work).code,
    ).toBe(0);
    expect(fs.existsSync(path.join(work, 'plain', '.git'))).toBe(false);
    spawnSync('git', ['init', '--quiet'], { cwd: work });
    const inside = createAppgen(['inner', '--no-install', '--appgen', 'file:../appgen'], work);
    expect(inside.code).toBe(0);
    expect(inside.stdout).toContain(
      '- No git repository: the folder is already inside a git repository',
    );
    expect(fs.existsSync(path.join(work, 'inner', '.git'))).toBe(false);
  });

  it('creates into the current folder without "cd ." and keeps that folder', () => {
    const here = path.join(work, 'here');
    fs.mkdirSync(here);
    const inode = fs.statSync(here).ino;
    const result = createAppgen(
      ['.', '--no-install', '--no-git', '--appgen', 'file:../appgen'],
      here,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/^\s*cd /m);
    expect(result.stdout).toContain('  npm install\n  npm run dev');
    expect(fs.statSync(here).ino).toBe(inode);
    expect(fs.existsSync(path.join(here, 'appgen.config.json'))).toBe(true);
    expect(fs.readdirSync(work)).toEqual(['here']);
  });

  it('--orm none makes a project without Prisma', () => {
    expect(createAppgen(['stubs', '--orm', 'none', '--no-install', ...QUICK], work).code).toBe(0);
    const app = path.join(work, 'stubs');
    expect(JSON.parse(fs.readFileSync(path.join(app, 'appgen.config.json'), 'utf8')).orm).toBe(
      'none',
    );
    expect(
      JSON.parse(fs.readFileSync(path.join(app, 'package.json'), 'utf8')).dependencies,
    ).not.toHaveProperty('@prisma/client');
    expect(fs.existsSync(path.join(app, 'prisma'))).toBe(false);
  });

  it('refuses a folder that is not empty, and leaves it alone', () => {
    fs.mkdirSync(path.join(work, 'taken'));
    fs.writeFileSync(path.join(work, 'taken', 'notes.txt'), 'mine');
    const result = createAppgen(['taken', '--no-install', ...QUICK], work);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/is not empty \(it has notes\.txt\)/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(fs.readdirSync(path.join(work, 'taken'))).toEqual(['notes.txt']);
  });

  it('accepts an existing empty folder', () => {
    fs.mkdirSync(path.join(work, 'empty'));
    expect(createAppgen(['empty', '--no-install', ...QUICK], work).code).toBe(0);
  });

  it.each([['My App'], ['_private'], ['UPPER']])('refuses the invalid package name %j', (name) => {
    const result = createAppgen([name, '--no-install', ...QUICK], work);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("cannot be the project's package name");
    expect(result.stderr).toContain('fix:');
    expect(fs.readdirSync(work)).toEqual([]);
  });

  it('creates a Drizzle project with --orm drizzle: its packages, schema and SQLite file, nothing of Prisma', () => {
    const result = createAppgen(['d', '--orm', 'drizzle', '--no-install', ...QUICK], work);
    expect(result.code).toBe(0);
    const dir = path.join(work, 'd');
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(pkg.dependencies).toMatchObject({
      'drizzle-orm': expect.any(String),
      'drizzle-kit': expect.any(String),
      'better-sqlite3': expect.any(String),
      pg: expect.any(String),
    });
    expect(Object.keys(pkg.dependencies).filter((name) => name.includes('prisma'))).toEqual([]);
    expect(pkg.overrides).toBeUndefined();
    expect(fs.existsSync(path.join(dir, '.appgen', 'stand-ins'))).toBe(false);
    expect(pkg.allowScripts).toEqual({
      '@scarf/scarf': false,
      'better-sqlite3': true,
      esbuild: true,
      'file:../appgen': true,
    });
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'appgen.config.json'), 'utf8')).orm).toBe(
      'drizzle',
    );
    expect(fs.readFileSync(path.join(dir, 'src', 'appgen', 'schema.ts'), 'utf8')).toContain(
      'export const user = sqliteTable(\n  "User",',
    );
    expect(fs.readFileSync(path.join(dir, 'src', 'appgen', 'db.ts'), 'utf8')).toContain(
      '"file:./drizzle/dev.db"',
    );
    expect(fs.existsSync(path.join(dir, 'prisma'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'prisma.config.ts'))).toBe(false);
  });

  it('rejects an unknown --orm and a missing folder name with usage', () => {
    expect(createAppgen(['x', '--orm', 'sequelize'], work).code).toBe(1);
    const missing = createAppgen([], work);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Name the project folder/);
  });
});
