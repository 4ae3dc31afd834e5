import fs from 'fs';
import path from 'path';
import { minimalProject } from '../support/configs';
import { ensureBuiltCli, runAppgen } from '../support/runCli';
import { makeProject, removeTempProjects } from '../support/tempProject';

/**
 * Switching an existing project between ORMs by editing "orm" in appgen.config.json, and the
 * commands that are not there (yet) for Drizzle. No install: these stop before any package is used.
 */
beforeAll(() => ensureBuiltCli());
afterAll(() => removeTempProjects());

const setOrm = (root: string, orm: string) =>
  fs.writeFileSync(path.join(root, 'appgen.config.json'), JSON.stringify({ orm }));

describe('switching orm in appgen.config.json', () => {
  it('prisma → drizzle: generate deletes the Prisma files and writes the Drizzle schema; and back', () => {
    const root = makeProject(minimalProject());
    expect(runAppgen(['generate'], { cwd: root }).status).toBe(0);
    expect(fs.existsSync(path.join(root, 'prisma', 'schema.prisma'))).toBe(true);

    setOrm(root, 'drizzle');
    const switched = runAppgen(['generate'], { cwd: root });
    expect(switched.status).toBe(0);
    expect(switched.stdout).toContain('delete prisma/schema.prisma');
    expect(switched.stdout).toContain('delete prisma.config.ts');
    expect(switched.stdout).toContain('create src/appgen/schema.ts');
    expect(fs.existsSync(path.join(root, 'prisma', 'schema.prisma'))).toBe(false);
    expect(fs.readFileSync(path.join(root, 'src', 'appgen', 'db.ts'), 'utf8')).toContain(
      'drizzle-orm/better-sqlite3',
    );
    expect(
      fs.readFileSync(path.join(root, 'src', 'app', 'api', 'users', 'route.ts'), 'utf8'),
    ).toContain('db.select(columns.user).from(tables.user)');

    setOrm(root, 'prisma');
    const back = runAppgen(['generate'], { cwd: root });
    expect(back.status).toBe(0);
    expect(back.stdout).toContain('delete src/appgen/schema.ts');
    expect(fs.existsSync(path.join(root, 'prisma', 'schema.prisma'))).toBe(true);
  });

  it('a database command names the npm install to run when the new ORM is not installed', () => {
    const root = makeProject(minimalProject());
    setOrm(root, 'drizzle');
    expect(runAppgen(['generate'], { cwd: root }).status).toBe(0);
    const push = runAppgen(['db', 'push'], { cwd: root });
    expect(push.status).toBe(1);
    expect(push.stderr).toContain(
      'appgen.config.json says "orm": "drizzle", but this project does not have drizzle-orm, drizzle-kit, better-sqlite3, pg, uuid installed.',
    );
    expect(push.stderr).toMatch(
      /fix: run: npm install --save-exact drizzle-orm@\S+ drizzle-kit@\S+ better-sqlite3@\S+ pg@\S+ uuid@\S+\n/,
    );
    expect(push.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('appgen migrate with orm drizzle', () => {
  it.each([[['migrate', 'create', 'init']], [['migrate', 'deploy']]])(
    '%j names the npm install to run when drizzle is not installed',
    (args) => {
      const root = makeProject(minimalProject());
      setOrm(root, 'drizzle');
      const result = runAppgen(args, { cwd: root });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('appgen.config.json says "orm": "drizzle"');
      expect(result.stderr).toMatch(/fix: run: npm install --save-exact drizzle-orm@/);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    },
  );
});
