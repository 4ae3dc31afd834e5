import { describeApi } from './support/apiScenario';
import { ORMS } from './support/orms';
import { postgresAvailable, createTestDatabase } from './support/postgres';
import { RunningServer, startBuiltApp } from './support/server';
import { createTestProject } from './support/testProject';

jest.setTimeout(300_000);

// .ci/run makes sure the loopback PostgreSQL server is up; without it this suite fails loudly
// rather than skipping, so a green run always includes PostgreSQL.
describe.each(ORMS)('orm %s on PostgreSQL (DATABASE_URL)', (orm) => {
  let server: RunningServer;
  let database: { url: string; drop(): Promise<void> };

  beforeAll(async () => {
    if (!(await postgresAvailable())) throw new Error('PostgreSQL at 127.0.0.1:5432 is not reachable; .ci/run starts it');
    database = await createTestDatabase();
    const project = await createTestProject(`postgres-${orm}`, { orm, env: { DATABASE_URL: database.url } });
    await project.appgen(['build']);
    server = await startBuiltApp(project.dir, project.env);
  });

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  describeApi(() => server.url);
});
