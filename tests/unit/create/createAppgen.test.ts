import fs from 'fs';
import os from 'os';
import path from 'path';
import { ensureBuiltCli, runCreateAppgen } from '../support/runCli';

function createAppgen(args: string[], cwd: string) {
  const result = runCreateAppgen(args, cwd);
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

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
    expect(pkg).toMatchObject({ name: 'my-app', type: 'module', scripts: { dev: 'appgen dev', generate: 'appgen generate', build: 'appgen build', start: 'next start' } });
    expect(pkg.devDependencies.appgen).toBe('file:../appgen');
    expect(pkg.dependencies).toMatchObject({ next: expect.any(String), '@prisma/client': expect.any(String), 'better-sqlite3': expect.any(String) });
    for (const file of ['tsconfig.json', 'next.config.ts', '.gitignore', '.env', 'README.md', 'appgen.config.json', 'config/models/User.json', 'config/routes/users.json', 'config/views/login.json']) {
      expect(fs.existsSync(path.join(app, file))).toBe(true);
    }
    for (const file of ['src/app/api/users/route.ts', 'src/app/api/users/[id]/route.ts', 'src/app/login/page.tsx', 'prisma/schema.prisma', '.appgen/manifest.json']) {
      expect(fs.existsSync(path.join(app, file))).toBe(true);
    }
    expect(result.stdout).toContain('cd my-app');
    expect(result.stdout).toContain('npm install');
    expect(result.stdout).toContain('npm run dev');
    // No leftovers of the staging folder.
    expect(fs.readdirSync(work)).toEqual(['my-app']);
  });

  it('holds the spec minimal configuration', () => {
    createAppgen(['app', '--no-install'], work);
    const routes = JSON.parse(fs.readFileSync(path.join(work, 'app', 'config', 'routes', 'users.json'), 'utf8')).routes;
    expect(routes.map((r: { method: string; path: string }) => `${r.method} ${r.path}`)).toEqual(['GET /api/users', 'POST /api/users', 'GET /api/users/:id', 'DELETE /api/users/:id']);
    const model = JSON.parse(fs.readFileSync(path.join(work, 'app', 'config', 'models', 'User.json'), 'utf8'));
    expect(model).toMatchObject({ name: 'User', fields: { id: 'uuid', name: 'string', email: 'string', createdAt: 'date_now' } });
    expect(JSON.parse(fs.readFileSync(path.join(work, 'app', 'package.json'), 'utf8')).devDependencies.appgen).toBe('alpha');
  });

  it('--orm none makes a project without Prisma', () => {
    expect(createAppgen(['stubs', '--orm', 'none', '--no-install'], work).code).toBe(0);
    const app = path.join(work, 'stubs');
    expect(JSON.parse(fs.readFileSync(path.join(app, 'appgen.config.json'), 'utf8')).orm).toBe('none');
    expect(JSON.parse(fs.readFileSync(path.join(app, 'package.json'), 'utf8')).dependencies).not.toHaveProperty('@prisma/client');
    expect(fs.existsSync(path.join(app, 'prisma'))).toBe(false);
  });

  it('refuses a folder that is not empty, and leaves it alone', () => {
    fs.mkdirSync(path.join(work, 'taken'));
    fs.writeFileSync(path.join(work, 'taken', 'notes.txt'), 'mine');
    const result = createAppgen(['taken', '--no-install'], work);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/is not empty \(it has notes\.txt\)/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(fs.readdirSync(path.join(work, 'taken'))).toEqual(['notes.txt']);
  });

  it('accepts an existing empty folder', () => {
    fs.mkdirSync(path.join(work, 'empty'));
    expect(createAppgen(['empty', '--no-install'], work).code).toBe(0);
  });

  it.each([['My App'], ['_private'], ['UPPER']])('refuses the invalid package name %j', (name) => {
    const result = createAppgen([name, '--no-install'], work);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('cannot be the project\'s package name');
    expect(result.stderr).toContain('fix:');
    expect(fs.readdirSync(work)).toEqual([]);
  });

  it('creates a Drizzle project with --orm drizzle: its packages, schema and SQLite file, nothing of Prisma', () => {
    const result = createAppgen(['d', '--orm', 'drizzle', '--no-install'], work);
    expect(result.code).toBe(0);
    const dir = path.join(work, 'd');
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(pkg.dependencies).toMatchObject({ 'drizzle-orm': expect.any(String), 'drizzle-kit': expect.any(String), 'better-sqlite3': expect.any(String), pg: expect.any(String) });
    expect(Object.keys(pkg.dependencies).filter((name) => name.includes('prisma'))).toEqual([]);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'appgen.config.json'), 'utf8')).orm).toBe('drizzle');
    expect(fs.readFileSync(path.join(dir, 'src', 'appgen', 'schema.ts'), 'utf8')).toContain('export const user = sqliteTable("User", {');
    expect(fs.readFileSync(path.join(dir, 'src', 'appgen', 'db.ts'), 'utf8')).toContain('"file:./drizzle/dev.db"');
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
