import crypto from 'crypto';
import fs from 'fs';
import { createRequire } from 'module';
import path from 'path';
import { APPGEN } from './support/paths';
import { createTestDatabase, postgresAvailable, psql } from './support/postgres';
import { run, RunResult } from './support/run';
import { ORMS } from './support/orms';
import { createTestProject, keepOnlyUserList, TestProject } from './support/testProject';

/**
 * `appgen migrate create` / `deploy` with each ORM on each database, in each ORM's own format
 * (Prisma: prisma/migrations; Drizzle: drizzle-kit's drizzle/migrations with its journal, applied
 * by drizzle-orm's migrator): a first migration deployed to an empty database, a model change as
 * a second one that keeps the rows, "up to date" after. data-loss.test.ts covers more of
 * Prisma's side (its lock file, the collation in its files). Only generate and the database: no
 * next build.
 */

jest.setTimeout(300_000);

type Row = Record<string, unknown>;

/** A database of its own, read with plain SQL (better-sqlite3 or psql), independently of appgen. */
interface Db {
  url: string;
  sql(text: string): Promise<Row[]>;
  drop(): Promise<void>;
}

function sqliteDb(project: TestProject, orm: string, label: string): Db {
  const file = path.join(project.dir, orm, `${label}.db`);
  const Database = createRequire(path.join(project.dir, 'package.json'))('better-sqlite3');
  return {
    url: `file:./${orm}/${label}.db`,
    sql: async (text) => {
      const db = new Database(file);
      try {
        return /^\s*(select|pragma)/i.test(text) ? db.prepare(text).all() : (db.exec(text), []);
      } finally {
        db.close();
      }
    },
    // The write-ahead log and its index belong to the database (src/db/sqliteJournal.ts).
    drop: async () => {
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
    },
  };
}

async function postgresDb(): Promise<Db> {
  const database = await createTestDatabase();
  return {
    url: database.url,
    sql: async (text) =>
      /^\s*select/i.test(text)
        ? JSON.parse(
            await psql(`SELECT coalesce(json_agg(t), '[]') FROM (${text}) t`, database.url),
          )
        : (await psql(text, database.url), []),
    drop: database.drop,
  };
}

const DATABASES = [
  { name: 'SQLite', available: async () => true },
  { name: 'PostgreSQL', available: postgresAvailable },
];
const CASES = ORMS.flatMap((orm) => DATABASES.map((database) => ({ orm, database })));

describe.each(CASES)('appgen migrate with orm $orm on $database.name', ({ orm, database }) => {
  let project: TestProject;
  const dbs: Db[] = [];
  let skip = false;

  const newDb = async (label: string): Promise<Db> => {
    const db = database.name === 'SQLite' ? sqliteDb(project, orm, label) : await postgresDb();
    dbs.push(db);
    return db;
  };
  const appgen = (args: string[], db: Db): Promise<RunResult> =>
    run(process.execPath, [APPGEN, ...args], {
      cwd: project.dir,
      env: { ...project.env, DATABASE_URL: db.url },
      timeoutMs: 120_000,
    });
  const appgenOk = async (args: string[], db: Db): Promise<string> => {
    const result = await appgen(args, db);
    if (result.code !== 0)
      throw new Error(`appgen ${args.join(' ')}: ${result.code}\n${result.stdout}${result.stderr}`);
    return result.stdout;
  };
  const writeUser = (fields: Record<string, unknown>): void =>
    fs.writeFileSync(
      path.join(project.dir, 'config', 'models', 'User.json'),
      JSON.stringify({ name: 'User', fields }),
    );
  const columns = async (db: Db): Promise<string[]> =>
    (database.name === 'SQLite'
      ? (await db.sql(`PRAGMA table_info("User")`)).map((c) => c.name as string)
      : (
          await db.sql(
            `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'User'`,
          )
        ).map((c) => c.column_name as string)
    ).sort();
  /** The migration files, relative to the project, in order. */
  const migrationFiles = (): string[] =>
    orm === 'drizzle'
      ? fs
          .readdirSync(path.join(project.dir, 'drizzle', 'migrations'))
          .filter((name) => name.endsWith('.sql'))
          .sort()
          .map((name) => `drizzle/migrations/${name}`)
      : fs
          .readdirSync(path.join(project.dir, 'prisma', 'migrations'))
          .filter((name) => !name.endsWith('.toml'))
          .sort()
          .map((name) => `prisma/migrations/${name}/migration.sql`);
  const tagOf = (file: string) =>
    orm === 'drizzle' ? path.basename(file, '.sql') : path.basename(path.dirname(file));

  let prod: Db;
  const BASE = { id: 'uuid', name: 'string', email: 'string' };

  beforeAll(async () => {
    skip = !(await database.available());
    if (skip) return console.warn(`${database.name} is not reachable: skipped`);
    project = await createTestProject(`migrate-${orm}-${database.name.toLowerCase()}`, { orm });
    keepOnlyUserList(project.dir);
    prod = await newDb('prod');
  });
  afterAll(async () => {
    for (const db of dbs) await db.drop();
  });
  const maybe = (name: string, fn: () => Promise<void>) =>
    it(name, async () => (skip ? undefined : fn()));

  maybe('create writes the first migration; deploy applies it to an empty database', async () => {
    writeUser(BASE);
    const created = await appgenOk(['migrate', 'create', 'init'], prod);
    const [init] = migrationFiles();
    expect(created).toContain(`create ${init}`);
    expect(fs.readFileSync(path.join(project.dir, init), 'utf8')).toMatch(
      /CREATE TABLE [`"]User[`"]/,
    );
    if (orm === 'drizzle') {
      expect(init).toBe('drizzle/migrations/0000_init.sql');
      const journal = JSON.parse(
        fs.readFileSync(path.join(project.dir, 'drizzle/migrations/meta/_journal.json'), 'utf8'),
      );
      expect(journal).toMatchObject({
        dialect: database.name === 'SQLite' ? 'sqlite' : 'postgresql',
        entries: [{ idx: 0, tag: '0000_init', breakpoints: true }],
      });
      expect(fs.existsSync(path.join(project.dir, 'drizzle/migrations/meta/0000_snapshot.json')));
    }
    const deployed = await appgenOk(['migrate', 'deploy'], prod);
    expect(deployed).toContain(`apply ${tagOf(init)}`);
    expect(await columns(prod)).toEqual(['email', 'id', 'name']);
    await prod.sql(
      `INSERT INTO "User" ("id", "name", "email") VALUES ('a', 'Ada', 'ada@example.com')`,
    );
  });

  maybe(
    'a new field is a second migration; deploy applies only it and keeps the rows',
    async () => {
      writeUser({ ...BASE, bio: { type: 'text', optional: true } });
      // Prisma's folder names are stamped to the second: a new second sorts after the first.
      if (orm === 'prisma') await new Promise((resolve) => setTimeout(resolve, 1_100));
      await appgenOk(['migrate', 'create', 'addUserBio'], prod);
      const [init, second] = migrationFiles();
      expect(tagOf(second)).toMatch(orm === 'drizzle' ? /^0001_add_user_bio$/ : /_add_user_bio$/);
      const sql = fs.readFileSync(path.join(project.dir, second), 'utf8');
      expect(sql).toMatch(/ADD (COLUMN\s+)?[`"]bio[`"]/);
      expect(sql).not.toMatch(/CREATE TABLE|Warnings/);
      expect(await appgenOk(['migrate', 'create', 'nothing'], prod)).toMatch(
        /already match the models; no migration written/,
      );
      expect(migrationFiles()).toEqual([init, second]);

      const deployed = await appgenOk(['migrate', 'deploy'], prod);
      expect(deployed).toContain(`apply ${tagOf(second)}`);
      expect(deployed).not.toContain(`apply ${tagOf(init)}`);
      expect(await columns(prod)).toEqual(['bio', 'email', 'id', 'name']);
      expect(await prod.sql(`SELECT "name", "bio" FROM "User"`)).toEqual([
        { name: 'Ada', bio: null },
      ]);
      expect(await appgenOk(['migrate', 'deploy'], prod)).toMatch(
        /no pending migrations; the database is up to date/,
      );
      // A push finds the migrated database in line with the models (nothing to change).
      expect(await appgenOk(['db', 'push'], prod)).toMatch(/database already matches the models/);
    },
  );

  maybe('a fresh database gets every migration; a pushed one is refused', async () => {
    const fresh = await newDb('fresh');
    const deployed = await appgenOk(['migrate', 'deploy'], fresh);
    for (const file of migrationFiles()) expect(deployed).toContain(`apply ${tagOf(file)}`);
    expect(await columns(fresh)).toEqual(['bio', 'email', 'id', 'name']);

    const pushed = await newDb('pushed');
    await appgenOk(['db', 'push'], pushed);
    const refused = await appgen(['migrate', 'deploy'], pushed);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already has tables that no migration created/);
    expect(refused.stderr).not.toMatch(/\n\s+at /);
  });

  // Issue 55 §4: a missing, unreachable or refusing database, or one whose user lacks rights, is
  // the user's to fix: exit 1, what is wrong and what to do, never "appgen crashed" with a stack.
  maybe('a database the user must fix: exit 1 with the fix, for every command', async () => {
    const refused = async (args: string[], url: string, message: RegExp, fix: RegExp) => {
      const result = await appgen(args, { ...prod, url });
      const said = `appgen ${args.join(' ')} with ${url}:\n${result.stdout}${result.stderr}`;
      expect([said, result.code]).toEqual([said, 1]);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toMatch(fix);
      expect(result.stderr).not.toMatch(/crashed|\n\s+at |schema_engine_wasm/);
    };
    const commands = [
      ['migrate', 'deploy'],
      ['db', 'push'],
      ['events', 'failed'],
    ];
    if (database.name === 'SQLite') {
      // A file where the database's folder should be.
      for (const args of commands.slice(0, 2))
        await refused(
          args,
          'file:./package.json/dev.db',
          /Cannot create the folder of the SQLite database file/,
          /fix: point DATABASE_URL to a file in a folder/,
        );
      await refused(
        ['events', 'failed'],
        'file:./config',
        /Cannot open the SQLite database file/,
        /fix: check that the file in DATABASE_URL/,
      );
      return;
    }
    const base = new URL(prod.url);
    const withUrl = (change: (url: URL) => void): string => {
      const url = new URL(base);
      change(url);
      return url.toString();
    };
    const missing = withUrl((url) => (url.pathname = '/appgen_e2e_does_not_exist'));
    const unreachable = withUrl((url) => (url.port = '1'));
    // Drizzle's migrate create compares the migrations with the models only, without a database.
    const touching = orm === 'prisma' ? [...commands, ['migrate', 'create', 'again']] : commands;
    for (const args of touching) {
      await refused(
        args,
        missing,
        /The PostgreSQL database "appgen_e2e_does_not_exist" does not exist/,
        /createdb appgen_e2e_does_not_exist/,
      );
      await refused(
        args,
        unreachable,
        /Cannot reach the database server at 127\.0\.0\.1:1/,
        /start the database server/,
      );
    }
    // A role that may log in but neither create tables in the database nor create databases.
    const role = `appgen_e2e_${crypto.randomBytes(4).toString('hex')}`;
    const empty = await newDb('empty');
    await psql(`CREATE ROLE ${role} LOGIN`);
    try {
      const withoutRights = new URL(empty.url);
      withoutRights.username = role;
      await refused(
        ['db', 'push'],
        withoutRights.toString(),
        /lacks the rights this command needs \(permission denied for schema public\)/,
        /owns the database and its schema/,
      );
      await refused(
        ['migrate', 'deploy'],
        withoutRights.toString(),
        /permission denied/,
        /owns the database and its schema/,
      );
      // Prisma's migrate create replays the migrations on a shadow database it creates.
      if (orm === 'prisma') {
        writeUser({
          ...BASE,
          bio: { type: 'text', optional: true },
          nick: { type: 'string', optional: true },
        });
        await refused(
          ['migrate', 'create', 'add_nick'],
          withoutRights.toString(),
          /temporary \(shadow\) database, and the database user may not create databases/,
          /ALTER ROLE <user> CREATEDB/,
        );
      }
    } finally {
      writeUser({ ...BASE, bio: { type: 'text', optional: true } });
      await empty.drop();
      dbs.splice(dbs.indexOf(empty), 1);
      await psql(`DROP ROLE IF EXISTS ${role}`);
    }
  });

  // Two instances started with `appgen migrate deploy` at once: each migration is applied once,
  // and both deploys succeed (the second waits for the first, then finds nothing pending).
  if (database.name === 'PostgreSQL')
    maybe('two deploys at once apply each migration once', async () => {
      const fresh = await newDb('concurrent');
      const [first, second] = await Promise.all([
        appgen(['migrate', 'deploy'], fresh),
        appgen(['migrate', 'deploy'], fresh),
      ]);
      expect([first.code, second.code, first.stderr, second.stderr]).toEqual([0, 0, '', '']);
      const output = first.stdout + second.stdout;
      for (const file of migrationFiles())
        expect(output.split(`apply ${tagOf(file)}`)).toHaveLength(2);
      expect(await columns(fresh)).toEqual(['bio', 'email', 'id', 'name']);
    });

  if (orm === 'drizzle')
    maybe('a migration that fails on the rows is named, and nothing of it stays', async () => {
      writeUser({ ...BASE, bio: 'text', age: { type: 'int', optional: true } });
      const created = await appgenOk(['migrate', 'create', 'require_bio'], prod);
      expect(created).toMatch(/Made the column `bio` on table `User` required/);
      const failing = migrationFiles()[2];
      expect(fs.readFileSync(path.join(project.dir, failing), 'utf8')).toMatch(
        /^\/\*\n {2}Warnings:/,
      );
      const refused = await appgen(['migrate', 'deploy'], prod);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`${failing} failed`);
      expect(refused.stderr).toMatch(/None of the pending migrations was applied/);
      expect(await columns(prod)).toEqual(['bio', 'email', 'id', 'name']);

      await prod.sql(`UPDATE "User" SET "bio" = 'hello'`);
      expect(await appgenOk(['migrate', 'deploy'], prod)).toContain(`apply ${tagOf(failing)}`);
      expect(await columns(prod)).toEqual(['age', 'bio', 'email', 'id', 'name']);
    });

  if (orm === 'drizzle')
    maybe('a missing folder and a broken journal are errors that name the file', async () => {
      const journal = path.join(project.dir, 'drizzle/migrations/meta/_journal.json');
      const text = fs.readFileSync(journal, 'utf8');
      fs.writeFileSync(journal, '{ "entries": [');
      const broken = await appgen(['migrate', 'deploy'], prod);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toMatch(/drizzle\/migrations\/meta\/_journal\.json is not valid JSON/);
      fs.writeFileSync(journal, text);

      const folder = path.join(project.dir, 'drizzle', 'migrations');
      fs.renameSync(folder, `${folder}.away`);
      const missing = await appgen(['migrate', 'deploy'], prod);
      fs.renameSync(`${folder}.away`, folder);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/There are no migrations in drizzle\/migrations/);
    });
});
