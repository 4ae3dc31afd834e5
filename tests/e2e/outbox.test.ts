import { ORMS } from './support/orms';
import { describeOutbox, OUTBOX_FIXTURE } from './support/outbox';
import { copyFixtureSources, createTestProject } from './support/testProject';

jest.setTimeout(600_000);

// The outbox's cases (support/outbox.ts) on SQLite, one build of the outbox fixture per ORM. On
// PostgreSQL they run in production.test.ts, on the builds of its three-instance suite.
for (const orm of ORMS)
  describeOutbox(orm, 'sqlite', async () => {
    const project = await createTestProject(`outbox-${orm}-sqlite`, {
      orm,
      configFrom: OUTBOX_FIXTURE,
    });
    copyFixtureSources(OUTBOX_FIXTURE, project.dir, orm);
    await project.appgen(['build']);
    return { dir: project.dir, env: project.env };
  });
