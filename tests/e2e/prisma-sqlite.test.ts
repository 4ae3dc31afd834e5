import fs from 'fs';
import path from 'path';
import { request } from './support/http';
import { describePrismaApi } from './support/prismaApiScenario';
import { RunningServer, startBuiltApp } from './support/server';
import { createTestProject, TestProject } from './support/testProject';

jest.setTimeout(300_000);

describe('orm prisma on the embedded SQLite database', () => {
  let project: TestProject;
  let server: RunningServer;

  beforeAll(async () => {
    project = await createTestProject('sqlite');
    await project.appgen(['build']);
    server = await startBuiltApp(project.dir, project.env);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('created the database file inside the project', () => {
    expect(fs.existsSync(path.join(project.dir, 'prisma', 'dev.db'))).toBe(true);
  });

  describePrismaApi(() => server.url);

  it('keeps records across a restart', async () => {
    const created = await request(server.url, 'POST', '/api/users', { name: 'Grace', email: 'grace@example.com' });
    await server.stop();
    server = await startBuiltApp(project.dir, project.env);
    const listed = await request(server.url, 'GET', '/api/users');
    expect(listed.body).toEqual(expect.arrayContaining([created.body]));
  });
});
