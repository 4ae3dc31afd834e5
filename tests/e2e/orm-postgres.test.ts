import fs from 'fs';
import path from 'path';
import { describeApi } from './support/apiScenario';
import { ORMS, type Orm } from './support/orms';
import { REPO_ROOT } from './support/paths';
import { postgresAvailable, createTestDatabase } from './support/postgres';
import { RunningServer, startBuiltApp } from './support/server';
import { createTestProject } from './support/testProject';
import { itemTranscript } from './support/transcript';

jest.setTimeout(300_000);

/** The Item model and routes of the semantics fixture: every field type, for the byte comparison. */
const ITEM_CONFIG = ['models/Item.json', 'routes/items.json'];
const transcripts: Partial<Record<Orm, string[]>> = {};

// .ci/run makes sure the loopback PostgreSQL server is up; without it this suite fails loudly
// rather than skipping, so a green run always includes PostgreSQL.
describe.each(ORMS)('orm %s on PostgreSQL (DATABASE_URL)', (orm) => {
  let server: RunningServer;
  let database: { url: string; drop(): Promise<void> };

  beforeAll(async () => {
    if (!(await postgresAvailable()))
      throw new Error('PostgreSQL at 127.0.0.1:5432 is not reachable; .ci/run starts it');
    database = await createTestDatabase();
    const project = await createTestProject(`postgres-${orm}`, {
      orm,
      env: { DATABASE_URL: database.url },
    });
    for (const file of ITEM_CONFIG)
      fs.copyFileSync(
        path.join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'semantics', 'config', file),
        path.join(project.dir, 'config', file),
      );
    await project.appgen(['build']);
    server = await startBuiltApp(project.dir, project.env);
  });

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  describeApi(() => server.url);

  it('answers the every-field-type conversation (compared across ORMs below)', async () => {
    transcripts[orm] = await itemTranscript(server.url);
    expect(transcripts[orm]?.[3]).toBe(
      'POST /api/items -> 409 {"error":"A record with this label already exists"}',
    );
  });
});

// The spec's "same observable behaviour" on PostgreSQL: status codes and bodies, byte for byte.
describe('prisma and drizzle on PostgreSQL', () => {
  it('answer the same conversation with the same statuses and the same bytes', () => {
    if (!transcripts.prisma || !transcripts.drizzle) return; // one of them was filtered out (jest -t)
    expect(transcripts.drizzle).toEqual(transcripts.prisma);
  });
});
