import fs from 'fs';
import { createRequire } from 'module';
import path from 'path';
import { APPGEN } from './support/paths';
import { createTestDatabase, postgresAvailable } from './support/postgres';
import { run, RunResult, runOk } from './support/run';
import { ORMS } from './support/orms';
import { createTestProject, keepOnlyUserList, TestProject } from './support/testProject';

/**
 * Schema changes against a database with rows in it, on SQLite and PostgreSQL: a change that
 * would lose data is refused (exit 1, rows intact, the message names what would be lost) until
 * --accept-data-loss; a change the rows make impossible says what to do instead; an additive
 * change applies and keeps the rows. Only `appgen generate` + `appgen db push`: no next build.
 */

jest.setTimeout(300_000);

type Fields = Record<string, unknown>;
type Row = Record<string, unknown>;

const BASE: Fields = {
  id: 'uuid',
  name: 'string',
  email: 'string',
  age: 'string',
  nick: { type: 'string', optional: true },
};

const SEED = [
  `INSERT INTO "User" ("id", "name", "email", "age", "nick") VALUES ('a', 'Ada', 'ada@example.com', '36', NULL), ('b', 'Bob', 'bob@example.com', '41', 'bobby')`,
  `INSERT INTO "Note" ("id", "title") VALUES ('n1', 'hello')`,
];

const SEEDED_USERS: Row[] = [
  { id: 'a', name: 'Ada', email: 'ada@example.com', age: '36', nick: null },
  { id: 'b', name: 'Bob', email: 'bob@example.com', age: '41', nick: 'bobby' },
];

/** One database, inspected with plain SQL (better-sqlite3 or psql), independently of appgen. */
interface Db {
  url: string;
  query(sql: string): Promise<Row[]>;
  columns(table: string): Promise<Record<string, string>>;
  tables(): Promise<string[]>;
  drop(): Promise<void>;
}

interface Provider {
  name: 'SQLite' | 'PostgreSQL';
  available(): Promise<boolean>;
  newDatabase(project: TestProject, label: string): Promise<Db>;
  /** A new database with the tables and rows of `source` (to which nothing is connected). */
  copyDatabase(project: TestProject, source: Db, label: string): Promise<Db>;
}

function sqliteDb(project: TestProject, label: string): Db {
  const file = path.join(project.dir, 'prisma', `${label}.db`);
  const Database = createRequire(path.join(project.dir, 'package.json'))('better-sqlite3');
  const withDb = <T>(
    work: (db: { prepare(sql: string): { all(): Row[]; run(): unknown } }) => T,
  ): T => {
    const db = new Database(file);
    try {
      return work(db);
    } finally {
      db.close();
    }
  };
  return {
    url: `file:./prisma/${label}.db`,
    query: async (sql) =>
      withDb((db) =>
        /^\s*select/i.test(sql) ? db.prepare(sql).all() : (db.prepare(sql).run(), []),
      ),
    columns: async (table) =>
      Object.fromEntries(
        withDb((db) => db.prepare(`PRAGMA table_info("${table}")`).all()).map((c) => [
          c.name as string,
          String(c.type).toLowerCase(),
        ]),
      ),
    tables: async () =>
      withDb((db) =>
        db
          .prepare(
            `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_%' ESCAPE '\\' ORDER BY name`,
          )
          .all(),
      ).map((r) => r.name as string),
    // The write-ahead log and its index belong to the database (src/db/sqliteJournal.ts).
    drop: async () => {
      for (const suffix of ['', '-wal', '-shm', '-journal'])
        fs.rmSync(`${file}${suffix}`, { force: true });
    },
  };
}

/** The file of a database of the project's prisma/ folder, from its URL (`file:./prisma/...`). */
const sqliteFile = (project: TestProject, db: Db): string =>
  path.join(project.dir, db.url.slice('file:'.length));

/** A copy of an SQLite database: its file and, when one is left, its write-ahead log. */
function copySqliteDb(project: TestProject, source: Db, label: string): Db {
  const copy = sqliteDb(project, label);
  for (const suffix of ['', '-wal'])
    if (fs.existsSync(`${sqliteFile(project, source)}${suffix}`))
      fs.copyFileSync(
        `${sqliteFile(project, source)}${suffix}`,
        `${sqliteFile(project, copy)}${suffix}`,
      );
  return copy;
}

async function postgresDb(copyOf?: Db): Promise<Db> {
  const database = await createTestDatabase(copyOf?.url);
  const psql = async (sql: string): Promise<string> =>
    (
      await runOk('psql', [database.url, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], {
        timeoutMs: 30_000,
      })
    ).stdout.trim();
  const query = async (sql: string): Promise<Row[]> => {
    if (!/^\s*select/i.test(sql)) {
      await psql(sql);
      return [];
    }
    return JSON.parse(
      (await psql(`SELECT coalesce(json_agg(t), '[]') FROM (${sql}) t`)) || '[]',
    ) as Row[];
  };
  return {
    url: database.url,
    query,
    columns: async (table) =>
      Object.fromEntries(
        (
          await query(
            `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'public' AND table_name = '${table}'`,
          )
        ).map((c) => [c.column_name as string, c.data_type as string]),
      ),
    tables: async () =>
      (
        await query(
          `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name NOT LIKE '\\_%' ORDER BY table_name`,
        )
      ).map((r) => r.table_name as string),
    drop: database.drop,
  };
}

const PROVIDERS: Provider[] = [
  {
    name: 'SQLite',
    available: async () => true,
    newDatabase: async (project, label) => sqliteDb(project, label),
    copyDatabase: async (project, source, label) => copySqliteDb(project, source, label),
  },
  {
    name: 'PostgreSQL',
    available: postgresAvailable,
    newDatabase: async () => postgresDb(),
    copyDatabase: async (_project, source) => postgresDb(source),
  },
];

/** Each ORM on each database: the same refusals, messages and outcomes. */
const ORM_PROVIDERS = ORMS.flatMap((orm) =>
  PROVIDERS.map((provider) => ({ orm, provider, name: provider.name })),
);

describe.each(ORM_PROVIDERS)(
  'schema changes with orm $orm on $name with rows present',
  ({ orm, provider }) => {
    let project: TestProject;
    /** The base models pushed to an empty database, and the seed rows: each case starts from a copy. */
    let seeded: Db;
    let db: Db;
    let skip = false;

    const writeModels = (userFields: Fields, withNote = true): void => {
      const models = path.join(project.dir, 'config', 'models');
      fs.rmSync(models, { recursive: true });
      fs.mkdirSync(models);
      fs.writeFileSync(
        path.join(models, 'User.json'),
        JSON.stringify({ name: 'User', fields: userFields }, null, 2),
      );
      if (withNote)
        fs.writeFileSync(
          path.join(models, 'Note.json'),
          JSON.stringify({ name: 'Note', fields: { id: 'uuid', title: 'string' } }, null, 2),
        );
    };

    const appgen = (args: string[]): Promise<RunResult> =>
      run(process.execPath, [APPGEN, ...args], {
        cwd: project.dir,
        env: { ...project.env, DATABASE_URL: db.url },
        timeoutMs: 120_000,
      });

    const appgenOk = async (args: string[]): Promise<RunResult> => {
      const result = await appgen(args);
      if (result.code !== 0)
        throw new Error(
          `appgen ${args.join(' ')} exited with ${result.code}\n${result.stdout}\n${result.stderr}`,
        );
      return result;
    };

    /** Changes the models and runs `appgen generate`; the database is not touched. */
    const changeModels = async (userFields: Fields, withNote = true): Promise<void> => {
      writeModels(userFields, withNote);
      await appgenOk(['generate']);
    };

    const users = (): Promise<Row[]> => db.query(`SELECT * FROM "User" ORDER BY "id"`);

    /** Every refusal: exit 1, a message for people (no stack trace), and the rows untouched. */
    const expectRefusedIntact = async (result: RunResult): Promise<void> => {
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/The database schema was not changed/);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(await users()).toEqual(SEEDED_USERS);
      expect(await db.query(`SELECT * FROM "Note"`)).toEqual([{ id: 'n1', title: 'hello' }]);
      expect(Object.keys(await db.columns('User')).sort()).toEqual([
        'age',
        'email',
        'id',
        'name',
        'nick',
      ]);
    };

    beforeAll(async () => {
      skip = !(await provider.available());
      if (skip) {
        // The project's machines run PostgreSQL on loopback; say loudly when it is not there.
        console.warn(`${provider.name} is not reachable: its data-loss scenarios are skipped`);
        return;
      }
      project = await createTestProject(`data-loss-${orm}-${provider.name.toLowerCase()}`, { orm });
      // Routes that only read, so model edits never invalidate a route body.
      keepOnlyUserList(project.dir);
      seeded = db = await provider.newDatabase(project, 'seeded');
      await changeModels(BASE);
      await appgenOk(['db', 'push']);
      for (const sql of SEED) await db.query(sql);
    });

    afterAll(async () => {
      if (!skip) await seeded?.drop();
    });

    let caseNumber = 0;
    /**
     * A fresh database with the base models pushed and rows in User and Note: a copy of `seeded`.
     * Each case starts by changing the models, so the generated files need no reset.
     */
    beforeEach(async () => {
      if (skip) return;
      caseNumber += 1;
      db = await provider.copyDatabase(project, seeded, `case${caseNumber}`);
    });

    afterEach(async () => {
      if (!skip && db !== seeded) await db?.drop();
    });

    const maybe = (name: string, fn: () => Promise<void>) =>
      it(name, async () => (skip ? undefined : fn()));

    maybe(
      'dropping a field: refused naming table, column and rows; applied with --accept-data-loss',
      async () => {
        const { name: _dropped, ...fields } = BASE;
        await changeModels(fields);
        const refused = await appgen(['db', 'push']);
        await expectRefusedIntact(refused);
        expect(refused.stderr).toMatch(
          /drop the column `name` on the `User` table, which still contains 2 non-null values/,
        );
        expect(refused.stderr).toMatch(/Re-run with --accept-data-loss/);

        await appgenOk(['db', 'push', '--accept-data-loss']);
        expect(Object.keys(await db.columns('User')).sort()).toEqual([
          'age',
          'email',
          'id',
          'nick',
        ]);
        expect(await users()).toEqual(SEEDED_USERS.map(({ name: _name, ...rest }) => rest));
      },
    );

    maybe(
      'SQLite runs in write-ahead-log mode; rows still in the -wal file survive a refused push and an applied one',
      async () => {
        if (provider.name !== 'SQLite') return; // PostgreSQL has no journal mode to choose
        const Database = createRequire(path.join(project.dir, 'package.json'))('better-sqlite3');
        const file = path.join(project.dir, db.url.slice('file:'.length));
        // A connection that stays open, as the running app's would: its commits stay in -wal.
        const app = new Database(file);
        try {
          expect(app.pragma('journal_mode', { simple: true })).toBe('wal');
          app.prepare(`INSERT INTO "Note" ("id", "title") VALUES ('n2', 'in the log')`).run();
          expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
          await changeModels(BASE, false);
          const refused = await appgen(['db', 'push']);
          expect(refused.code).toBe(1);
          expect(refused.stderr).toMatch(/drop the `Note` table, which is not empty \(2 rows\)/);
          expect(app.prepare(`SELECT "id" FROM "Note" ORDER BY "id"`).all()).toEqual([
            { id: 'n1' },
            { id: 'n2' },
          ]);
          await changeModels({ ...BASE, bio: { type: 'string', optional: true } });
          await appgenOk(['db', 'push']);
          expect(app.prepare(`SELECT "id" FROM "Note" ORDER BY "id"`).all()).toEqual([
            { id: 'n1' },
            { id: 'n2' },
          ]);
        } finally {
          app.close();
        }
        expect(await users()).toEqual(SEEDED_USERS.map((user) => ({ ...user, bio: null })));
      },
    );

    maybe(
      'dropping a model: refused naming the table and its rows; applied with --accept-data-loss',
      async () => {
        await changeModels(BASE, false);
        const refused = await appgen(['db', 'push']);
        await expectRefusedIntact(refused);
        expect(refused.stderr).toMatch(/drop the `Note` table, which is not empty \(1 rows\)/);
        expect(refused.stderr).toMatch(/--accept-data-loss/);

        await appgenOk(['db', 'push', '--accept-data-loss']);
        expect(await db.tables()).toEqual(['User']);
        expect(await users()).toEqual(SEEDED_USERS);
      },
    );

    maybe(
      'narrowing a type (string to int): refused naming the column; accepted where the engine can convert, else says what to do',
      async () => {
        await changeModels({ ...BASE, age: 'int' });
        const refused = await appgen(['db', 'push']);
        await expectRefusedIntact(refused);
        expect(refused.stderr).toMatch(/`age`.*`User` table/);
        const accepted = await appgen(['db', 'push', '--accept-data-loss']);
        if (provider.name === 'SQLite') {
          // SQLite redefines the table and casts the values.
          // The types are named as each ORM's schema names them (Prisma: String/Int; Drizzle: SQL types).
          expect(refused.stderr).toMatch(
            /alter the column `age` on the `User` table, which contains 2 non-null values.*cast from `(String|text)` to `(Int|integer)`/,
          );
          expect(accepted.code).toBe(0);
          expect((await db.columns('User')).age).toBe('integer');
          expect((await users()).map((u) => u.age)).toEqual([36, 41]);
          return;
        }
        // PostgreSQL has no cast from text to integer: the engine cannot apply it even when forced.
        expect(refused.stderr).toMatch(
          /Changed the type of `age` on the `User` table\. No cast exists/,
        );
        expect(refused.stderr).toMatch(/--accept-data-loss does not change that/);
        expect(refused.stderr).toMatch(
          /what to do: .*add a new field of the new type.*make age "optional": true in config\/models\/User\.json and re-run with --accept-data-loss/s,
        );
        await expectRefusedIntact(accepted);

        // Following the advice: optional, then the column is dropped and recreated with consent.
        await changeModels({ ...BASE, age: { type: 'int', optional: true } });
        const warned = await appgen(['db', 'push']);
        await expectRefusedIntact(warned);
        expect(warned.stderr).toMatch(
          /The `age` column on the `User` table would be dropped and recreated/,
        );
        await appgenOk(['db', 'push', '--accept-data-loss']);
        expect((await db.columns('User')).age).toBe('integer');
        expect((await users()).map((u) => [u.name, u.age])).toEqual([
          ['Ada', null],
          ['Bob', null],
        ]);
      },
    );

    maybe(
      'making a field required without a default: refused with the count of empty rows and what to do, even with --accept-data-loss',
      async () => {
        await changeModels({ ...BASE, nick: 'string' });
        const refused = await appgen(['db', 'push']);
        await expectRefusedIntact(refused);
        expect(refused.stderr).toMatch(
          /Made the column `nick` on table `User` required, but there are 1 existing NULL values/,
        );
        expect(refused.stderr).toMatch(
          /what to do: User\.nick has no value in 1 row\(s\).*UPDATE "User" SET "nick" = \.\.\. WHERE "nick" IS NULL.*"optional": true in config\/models\/User\.json/s,
        );
        expect(refused.stderr).not.toMatch(/Re-run with --accept-data-loss/);
        await expectRefusedIntact(await appgen(['db', 'push', '--accept-data-loss']));

        // Following the advice: fill in the empty row, then the change applies without any flag.
        await db.query(`UPDATE "User" SET "nick" = 'ada' WHERE "nick" IS NULL`);
        await appgenOk(['db', 'push']);
        expect((await users()).map((u) => u.nick)).toEqual(['ada', 'bobby']);
      },
    );

    maybe(
      'adding a required field without a default: says to give it a default; a default applies with the rows kept',
      async () => {
        await changeModels({ ...BASE, score: 'int' });
        const refused = await appgen(['db', 'push']);
        await expectRefusedIntact(refused);
        expect(refused.stderr).toMatch(
          /Added the required column `score` to the `User` table without a default value\. There are 2 rows/,
        );
        expect(refused.stderr).toMatch(
          /what to do: Give User\.score a "default" in config\/models\/User\.json, or make it "optional": true/,
        );

        await changeModels({ ...BASE, score: { type: 'int', default: 0 } });
        await appgenOk(['db', 'push']);
        expect((await users()).map((u) => [u.id, u.score])).toEqual([
          ['a', 0],
          ['b', 0],
        ]);
      },
    );

    maybe(
      'renaming a field (drop + add of the same type): refused with a rename hint that, followed, keeps the values',
      async () => {
        const { name: _renamed, ...rest } = BASE;
        await changeModels({ ...rest, fullName: 'string' });
        const refused = await appgen(['db', 'push']);
        await expectRefusedIntact(refused);
        expect(refused.stderr).toMatch(
          /drop the column `name` on the `User` table, which still contains 2 non-null values/,
        );
        expect(refused.stderr).toContain(
          'If you renamed User.name to fullName: rename the column in the database first to keep its values, e.g. ALTER TABLE "User" RENAME COLUMN "name" TO "fullName"',
        );

        await db.query(`ALTER TABLE "User" RENAME COLUMN "name" TO "fullName"`);
        const pushed = await appgenOk(['db', 'push']);
        expect(pushed.stdout).toMatch(/database already matches the models/);
        expect(await users()).toEqual(
          SEEDED_USERS.map(({ name, ...other }) => ({ ...other, fullName: name })),
        );
      },
    );

    maybe(
      'an additive change (a new optional field) is applied without a flag, keeping the rows',
      async () => {
        await changeModels({ ...BASE, bio: { type: 'text', optional: true } });
        const pushed = await appgenOk(['db', 'push']);
        expect(pushed.stdout).toMatch(/database updated to the models/);
        expect(Object.keys(await db.columns('User')).sort()).toEqual([
          'age',
          'bio',
          'email',
          'id',
          'name',
          'nick',
        ]);
        expect(await users()).toEqual(SEEDED_USERS.map((u) => ({ ...u, bio: null })));
        expect(await db.query(`SELECT * FROM "Note"`)).toEqual([{ id: 'n1', title: 'hello' }]);
      },
    );
  },
);

/**
 * Migrations for teams: `appgen migrate create` writes the SQL from the committed migrations to
 * the models (replayed on a shadow database, never on the real one), `appgen migrate deploy`
 * applies the pending ones. Offline, through the same wasm engine.
 */
describe.each(PROVIDERS)('offline migrations on $name', (provider) => {
  let project: TestProject;
  let dev: Db;
  let prod: Db;
  let skip = false;

  const appgen = (args: string[], db: Db): Promise<RunResult> =>
    run(process.execPath, [APPGEN, ...args], {
      cwd: project.dir,
      env: { ...project.env, DATABASE_URL: db.url },
      timeoutMs: 120_000,
    });
  const appgenOk = async (args: string[], db: Db): Promise<RunResult> => {
    const result = await appgen(args, db);
    if (result.code !== 0)
      throw new Error(
        `appgen ${args.join(' ')} exited with ${result.code}\n${result.stdout}\n${result.stderr}`,
      );
    return result;
  };
  const writeUser = (fields: Fields): void => {
    fs.writeFileSync(
      path.join(project.dir, 'config', 'models', 'User.json'),
      JSON.stringify({ name: 'User', fields }, null, 2),
    );
  };
  const migrationsDir = (): string => path.join(project.dir, 'prisma', 'migrations');
  const migrations = (): string[] =>
    fs
      .readdirSync(migrationsDir())
      .filter((name) => name !== 'migration_lock.toml')
      .sort();
  const migrationSql = (name: string): string =>
    fs.readFileSync(path.join(migrationsDir(), name, 'migration.sql'), 'utf8');

  beforeAll(async () => {
    skip = !(await provider.available());
    if (skip) {
      console.warn(`${provider.name} is not reachable: its migration scenarios are skipped`);
      return;
    }
    project = await createTestProject(`migrate-${provider.name.toLowerCase()}`);
    keepOnlyUserList(project.dir);
    dev = await provider.newDatabase(project, 'dev');
    prod = await provider.newDatabase(project, 'prod');
  });

  afterAll(async () => {
    if (skip) return;
    await dev?.drop();
    await prod?.drop();
  });

  const maybe = (name: string, fn: () => Promise<void>) =>
    it(name, async () => (skip ? undefined : fn()));

  maybe('create writes the first migration and the lock file; deploy applies it', async () => {
    writeUser({ id: 'uuid', name: 'string', email: 'string' });
    const created = await appgenOk(['migrate', 'create', 'init'], dev);
    const [init] = migrations();
    expect(init).toMatch(/^\d{14}_init$/);
    expect(created.stdout).toContain(`create prisma/migrations/${init}/migration.sql`);
    expect(migrationSql(init)).toMatch(/CREATE TABLE "User" \(/);
    expect(fs.readFileSync(path.join(migrationsDir(), 'migration_lock.toml'), 'utf8')).toContain(
      `provider = "${provider.name === 'SQLite' ? 'sqlite' : 'postgresql'}"`,
    );

    for (const db of [dev, prod]) {
      const deployed = await appgenOk(['migrate', 'deploy'], db);
      expect(deployed.stdout).toContain(`apply ${init}`);
      await db.query(
        `INSERT INTO "User" ("id", "name", "email") VALUES ('a', 'Ada', 'ada@example.com')`,
      );
    }
    if (provider.name === 'PostgreSQL') {
      const collations = (db: Db) =>
        db.query(
          `SELECT column_name, collation_name FROM information_schema.columns WHERE table_name = 'User' ORDER BY 1`,
        );
      const codePoint = ['email', 'id', 'name'].map((name) => ({
        column_name: name,
        collation_name: 'C',
      }));
      // deploy gives text columns the code-point order, as a push does (src/db/codePointOrder.ts).
      expect(await collations(prod)).toEqual(codePoint);
      // The file carries it too, for Prisma's own `prisma migrate deploy`: its statements run
      // as they are on a fresh database give the same collation.
      expect(migrationSql(init)).toContain(
        'ALTER TABLE "User" ALTER COLUMN "email" TYPE text COLLATE "C";',
      );
      const native = await provider.newDatabase(project, 'native');
      try {
        for (const statement of migrationSql(init).split(/;\s*\n/))
          if (statement.replace(/--.*$/gm, '').trim() !== '') await native.query(statement);
        expect(await collations(native)).toEqual(codePoint);
      } finally {
        await native.drop();
      }
    }
  });

  maybe(
    'create writes only the next change, without touching the database it runs against',
    async () => {
      writeUser({
        id: 'uuid',
        name: 'string',
        email: 'string',
        bio: { type: 'text', optional: true },
      });
      // Same second as the first migration is impossible to sort after it; wait for a new stamp.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await appgenOk(['migrate', 'create', 'addUserBio'], dev);
      const names = migrations();
      expect(names).toHaveLength(2);
      expect(names[1]).toMatch(/^\d{14}_add_user_bio$/);
      expect(migrationSql(names[1])).toMatch(/ALTER TABLE "User" ADD COLUMN\s+"bio" TEXT;/);
      expect(migrationSql(names[1])).not.toMatch(/CREATE TABLE/);
      // The migrations were replayed on a shadow database: dev is as it was.
      expect(Object.keys(await dev.columns('User')).sort()).toEqual(['email', 'id', 'name']);
      expect(await dev.query(`SELECT * FROM "User"`)).toEqual([
        { id: 'a', name: 'Ada', email: 'ada@example.com' },
      ]);

      const again = await appgenOk(['migrate', 'create', 'nothing'], dev);
      expect(again.stdout).toMatch(/already match the models; no migration written/);
      expect(migrations()).toEqual(names);
    },
  );

  maybe(
    'deploy applies only the pending migration, keeps the rows, and then has nothing to do',
    async () => {
      const names = migrations();
      const deployed = await appgenOk(['migrate', 'deploy'], prod);
      expect(deployed.stdout).toContain(`apply ${names[1]}`);
      expect(deployed.stdout).not.toContain(`apply ${names[0]}`);
      expect(await prod.query(`SELECT * FROM "User"`)).toEqual([
        { id: 'a', name: 'Ada', email: 'ada@example.com', bio: null },
      ]);
      expect(
        (
          await prod.query(
            `SELECT "migration_name" FROM "_prisma_migrations" ORDER BY "migration_name"`,
          )
        ).map((r) => r.migration_name),
      ).toEqual(names);
      const idle = await appgenOk(['migrate', 'deploy'], prod);
      expect(idle.stdout).toMatch(/no pending migrations/);
    },
  );

  maybe('deploy refuses a database synced with db push, saying why', async () => {
    const pushed = await provider.newDatabase(project, 'pushed');
    try {
      await appgenOk(['db', 'push'], pushed);
      const refused = await appgen(['migrate', 'deploy'], pushed);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/already has tables that no migration created/);
      expect(refused.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await pushed.drop();
    }
  });
});
