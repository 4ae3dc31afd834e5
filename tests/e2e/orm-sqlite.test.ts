import fs from 'fs';
import { createRequire } from 'module';
import path from 'path';
import { request } from './support/http';
import { APPGEN } from './support/paths';
import { run } from './support/run';
import { describeApi } from './support/apiScenario';
import { defaultDatabaseFile, ORMS } from './support/orms';
import { RunningServer, startBuiltApp } from './support/server';
import { createTestProject, keepOnlyUserList, TestProject } from './support/testProject';

jest.setTimeout(300_000);

describe.each(ORMS)('orm %s on the embedded SQLite database', (orm) => {
  let project: TestProject;
  let server: RunningServer;

  beforeAll(async () => {
    project = await createTestProject(`sqlite-${orm}`, { orm });
    await project.appgen(['build']);
    server = await startBuiltApp(project.dir, project.env);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('created the database file inside the project', () => {
    expect(fs.existsSync(defaultDatabaseFile(project.dir, orm))).toBe(true);
  });

  describeApi(() => server.url);

  it('keeps records across a restart', async () => {
    const created = await request(server.url, 'POST', '/api/users', {
      name: 'Grace',
      email: 'grace@example.com',
    });
    await server.stop();
    server = await startBuiltApp(project.dir, project.env);
    const listed = await request(server.url, 'GET', '/api/users');
    expect(listed.body).toEqual(expect.arrayContaining([created.body]));
  });

  it('refuses a model change that would lose data, keeping the rows, until --accept-data-loss', async () => {
    await server.stop();
    const modelFile = path.join(project.dir, 'config', 'models', 'User.json');
    const model = JSON.parse(fs.readFileSync(modelFile, 'utf8'));
    delete model.fields.name;
    fs.writeFileSync(modelFile, JSON.stringify(model, null, 2));
    keepOnlyUserList(project.dir);
    await project.appgen(['generate']);
    const refused = await run(process.execPath, [APPGEN, 'db', 'push'], {
      cwd: project.dir,
      env: project.env,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/would lose data/);
    expect(refused.stderr).toMatch(
      /column `name` on the `User` table, which still contains 2 non-null values/,
    );
    expect(refused.stderr).toMatch(/--accept-data-loss/);
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    const Database = createRequire(path.join(project.dir, 'package.json'))('better-sqlite3');
    const db = new Database(defaultDatabaseFile(project.dir, orm), { readonly: true });
    const columns = db
      .prepare('PRAGMA table_info("User")')
      .all()
      .map((c: { name: string }) => c.name);
    const rows = db.prepare('SELECT count(*) AS n FROM "User"').get().n;
    db.close();
    expect(columns).toContain('name');
    expect(rows).toBeGreaterThan(0);
    const accepted = await run(process.execPath, [APPGEN, 'db', 'push', '--accept-data-loss'], {
      cwd: project.dir,
      env: project.env,
    });
    expect(accepted.code).toBe(0);
  });
});
