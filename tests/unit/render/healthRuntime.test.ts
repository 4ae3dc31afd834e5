import { mapProject } from '../../../src/map/mapProject';
import { buildFileMap } from '../../../src/render/buildFileMap';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { TemplateSet } from '../../../src/render/templateSet';
import { checkedProject } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { evaluateModule } from '../support/typescriptSource';

// src/appgen/health.ts: the database's start-up check and GET /api/health's readiness, run
// against a stand-in database (the e2e test deploy.test.ts runs them against real ones).

type Health = {
  databaseProblem(): Promise<string | null>;
  readiness(): Promise<{ status: number; body: unknown }>;
};

const PASSWORD = 'pa:ss@w0rd/x';
const URL_WITH_PASSWORD = `postgresql://app:${encodeURIComponent(PASSWORD)}@db.internal:6543/shop`;

function healthSource(provider: 'sqlite' | 'postgresql'): string {
  const files = buildFileMap(
    mapProject(checkedProject(minimalProject()), {
      provider,
      defaultDatabaseUrl: 'file:./prisma/dev.db',
    }),
    new TemplateSet(BUILTIN_TEMPLATES_DIR),
  );
  return files.get('src/appgen/health.ts')?.content ?? '';
}

function healthModule(provider: 'sqlite' | 'postgresql', db: Record<string, unknown>): Health {
  return evaluateModule('health.ts', healthSource(provider), {
    '@/appgen/db': { db },
    '@/appgen/http': { errorBody: (messages: string[]) => ({ error: messages.join('; ') }) },
  }) as Health;
}

const saved = process.env.DATABASE_URL;
afterEach(() => {
  jest.restoreAllMocks();
  if (saved === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = saved;
});

const quiet = () => jest.spyOn(console, 'error').mockImplementation(() => undefined);

/** A Prisma client whose `select 1` and User reads do what the test says. */
function fakeDb(options: { ping?: () => Promise<unknown>; users?: () => Promise<unknown> } = {}) {
  const reads = { users: 0 };
  const db = {
    $queryRawUnsafe: options.ping ?? (async () => [{ 1: 1 }]),
    user: {
      findFirst: async () => {
        reads.users++;
        return (options.users ?? (async () => null))();
      },
    },
  };
  return { db, reads };
}

describe('the database start-up check', () => {
  it('PostgreSQL without DATABASE_URL: names the variable and what to set', async () => {
    delete process.env.DATABASE_URL;
    const problem = await healthModule('postgresql', fakeDb().db).databaseProblem();
    expect(problem).toMatch(/^DATABASE_URL is not set: this app was generated for PostgreSQL/);
  });

  it('a database that refuses: where it is, why, and never the password', async () => {
    process.env.DATABASE_URL = URL_WITH_PASSWORD;
    const ping = async () => {
      throw new Error(`password authentication failed (${PASSWORD}, ${URL_WITH_PASSWORD})`);
    };
    const problem = await healthModule('postgresql', fakeDb({ ping }).db).databaseProblem();
    expect(problem).toContain('DATABASE_URL: cannot use the database at db.internal:6543/shop');
    expect(problem).toContain('password authentication failed');
    expect(problem).not.toContain(PASSWORD);
    expect(problem).not.toContain(encodeURIComponent(PASSWORD));
  });

  it("on one line, with the driver's reason under Drizzle's `Failed query` and in an AggregateError", async () => {
    process.env.DATABASE_URL = URL_WITH_PASSWORD;
    const refused = new Error('connect ECONNREFUSED 127.0.0.1:5');
    const wrapped = async () => {
      throw new Error('Failed query: select 1\nparams: ', { cause: refused });
    };
    const problem = await healthModule(
      'postgresql',
      fakeDb({ ping: wrapped }).db,
    ).databaseProblem();
    expect(problem).toContain('(connect ECONNREFUSED 127.0.0.1:5)');
    const both = async () => {
      throw new AggregateError([refused, new Error('connect ECONNREFUSED ::1:5')], '');
    };
    const twice = await healthModule('postgresql', fakeDb({ ping: both }).db).databaseProblem();
    expect(twice).toContain('(connect ECONNREFUSED 127.0.0.1:5; connect ECONNREFUSED ::1:5)');
    expect(twice).not.toContain('\n');
  });

  it('a database module that throws when imported (SQLite in a folder that does not exist): a problem, not a crash', async () => {
    process.env.DATABASE_URL = 'file:/no/such/folder/app.db';
    const failing = evaluateModule('health.ts', healthSource('sqlite'), {
      '@/appgen/http': { errorBody: () => ({}) },
    }) as Health;
    expect(await failing.databaseProblem()).toMatch(
      /^DATABASE_URL: cannot use the database at file:\/no\/such\/folder\/app\.db \(.*@\/appgen\/db/,
    );
  });

  it('SQLite without DATABASE_URL (the embedded file) that answers: no problem', async () => {
    delete process.env.DATABASE_URL;
    expect(await healthModule('sqlite', fakeDb().db).databaseProblem()).toBeNull();
  });
});

describe('readiness', () => {
  it('200 with the tables read when every one answers', async () => {
    process.env.DATABASE_URL = URL_WITH_PASSWORD;
    expect(await healthModule('postgresql', fakeDb().db).readiness()).toEqual({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', tables: 1 } },
    });
  });

  // Issue 49, item 6: the answer, which anyone may ask for, names no model; the log does.
  it('503 "Migrations pending" when a table or column is missing; which ones only in the log', async () => {
    const error = quiet();
    const users = async () => {
      throw new Error('The column `User.email` does not exist in the current database.');
    };
    const answer = await healthModule('sqlite', fakeDb({ users }).db).readiness();
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ error: 'Migrations pending' });
    expect(error.mock.calls.map(([line]) => line)).toEqual([
      expect.stringContaining('User.email'),
      '[appgen] health: the database lacks tables or columns this build uses (User): apply the migrations',
    ]);
  });

  it('503 without internals when the database cannot be reached', async () => {
    process.env.DATABASE_URL = URL_WITH_PASSWORD;
    const error = quiet();
    const ping = async () => {
      throw new Error(`connect ECONNREFUSED ${PASSWORD}`);
    };
    const answer = await healthModule('postgresql', fakeDb({ ping }).db).readiness();
    expect(answer).toEqual({ status: 503, body: { error: 'The database cannot be reached' } });
    expect(JSON.stringify(error.mock.calls)).not.toContain(PASSWORD);
  });

  it('reuses an answer for a moment: probes in a burst read the tables once', async () => {
    const { db, reads } = fakeDb();
    const health = healthModule('sqlite', db);
    await Promise.all([health.readiness(), health.readiness(), health.readiness()]);
    await health.readiness();
    expect(reads.users).toBe(1);
  });
});
