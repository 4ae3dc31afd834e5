import fs from 'fs';
import path from 'path';
import { APPGEN, REPO_ROOT } from './support/paths';
import { run } from './support/run';
import { createTestDatabase, postgresAvailable, psql } from './support/postgres';
import { createTestProject, TestProject } from './support/testProject';

jest.setTimeout(300_000);

const EXAMPLE = path.join(REPO_ROOT, 'examples', 'forum');
const ADA = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';
const POST = '00000000-0000-4000-8000-0000000000b1';
const TAG = '00000000-0000-4000-8000-0000000000c1';

// examples/forum's relations on PostgreSQL, in the database rather than over HTTP (forum.test.ts
// does that on SQLite): both ORMs make the same foreign keys and the same table of links, so a
// database made by Drizzle is taken over by Prisma with no row lost. The way back hits a
// drizzle-kit bug with Prisma's primary key of two columns: refused with the SQL that fixes it.
describe('forum relations on PostgreSQL, switching ORM', () => {
  let project: TestProject;
  let database: { url: string; drop(): Promise<void> };
  const sql = (text: string) => psql(text, database.url);
  const useOrm = async (orm: string) => {
    fs.writeFileSync(path.join(project.dir, 'appgen.config.json'), JSON.stringify({ orm }));
    await project.appgen(['generate']);
  };
  const push = () =>
    run(process.execPath, [APPGEN, 'db', 'push'], { cwd: project.dir, env: project.env });
  const foreignKeys = () =>
    sql(
      `select conrelid::regclass || ' ' || conname || ' ' || confdeltype::text || confupdtype::text from pg_constraint where contype = 'f' order by conname`,
    );
  // confdeltype: r restrict, c cascade, n set null; confupdtype c cascade.
  const FOREIGN_KEYS = [
    '"Comment" Comment_authorId_fkey nc',
    '"Comment" Comment_postId_fkey cc',
    '"Post" Post_authorId_fkey rc',
    '"_Post_tags" _Post_tags_A_fkey cc',
    '"_Post_tags" _Post_tags_B_fkey cc',
  ].join('\n');

  beforeAll(async () => {
    if (!(await postgresAvailable()))
      throw new Error('PostgreSQL at 127.0.0.1:5432 is not reachable; .ci/run starts it');
    database = await createTestDatabase();
    project = await createTestProject('relations-pg', {
      orm: 'drizzle',
      configFrom: EXAMPLE,
      env: { DATABASE_URL: database.url },
    });
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('refuses to push before the schema is generated, as a user error', async () => {
    fs.writeFileSync(
      path.join(project.dir, 'appgen.config.json'),
      JSON.stringify({ orm: 'drizzle' }),
    );
    fs.rmSync(path.join(project.dir, 'src', 'appgen', 'schema.ts'), { force: true });
    const early = await push();
    expect(early.code).toBe(1);
    expect(early.stderr).toContain('src/appgen/schema.ts does not exist');
    expect(early.stderr).toContain('run appgen generate first');
    expect(early.stderr).not.toMatch(/\n\s+at /);
  });

  it('Drizzle makes the foreign keys (onDelete per relation, ON UPDATE CASCADE) and the links table, and reads them back unchanged', async () => {
    await useOrm('drizzle');
    expect((await push()).stdout).toMatch(/PostgreSQL database updated to the models/);
    expect(await foreignKeys()).toBe(FOREIGN_KEYS);
    expect(
      await sql(`select indexname from pg_indexes where tablename = '_Post_tags' order by 1`),
    ).toBe('_Post_tags_AB_unique\n_Post_tags_B_index');
    await sql(`insert into "User" (id, email, name, "createdAt") values ('${ADA}', 'ada@example.com', 'Ada', now());
      insert into "Post" (id, "authorId", title, body, "createdAt") values ('${POST}', '${ADA}', 'One', 'About one', now());
      insert into "Tag" (id, name) values ('${TAG}', 'news');
      insert into "_Post_tags" ("A", "B") values ('${POST}', '${TAG}')`);
    expect((await push()).stdout).toMatch(/PostgreSQL database already matches the models/);
  });

  it('Prisma takes the database over with the same foreign keys and every row', async () => {
    await useOrm('prisma');
    const pushed = await push();
    expect(pushed.code).toBe(0);
    expect(await foreignKeys()).toBe(FOREIGN_KEYS);
    expect(await sql(`select count(*) from "_Post_tags"`)).toBe('1');
    expect((await push()).stdout).toMatch(/PostgreSQL database already matches the models/);
  });

  it("back on Drizzle, refuses Prisma's two-column primary key with the SQL that fixes it, and then takes the database", async () => {
    await useOrm('drizzle');
    const refused = await push();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/drizzle-kit cannot read the primary key of "_Post_tags"/);
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    const fix = /run the command again: (.+)$/m.exec(refused.stderr)?.[1] ?? '';
    expect(fix).toContain('DROP CONSTRAINT "_Post_tags_AB_pkey"');
    await sql(fix);
    expect((await push()).code).toBe(0);
    expect((await push()).stdout).toMatch(/PostgreSQL database already matches the models/);
    expect(await sql(`select count(*) from "_Post_tags"`)).toBe('1');
  });

  it('enforces the delete rules the models declare', async () => {
    await expect(sql(`delete from "User" where id = '${ADA}'`)).rejects.toThrow(
      /violates foreign key constraint "Post_authorId_fkey"/,
    );
    await sql(
      `insert into "Comment" (id, "postId", "authorId", content, "createdAt") values ('${TAG}', '${POST}', '${ADA}', 'Hi', now())`,
    );
    await sql(`delete from "Post" where id = '${POST}'`);
    expect(
      await sql(
        `select (select count(*) from "Comment") || ' ' || (select count(*) from "_Post_tags")`,
      ),
    ).toBe('0 0');
    // Comment.author is optional with onDelete setNull: the comment stays, without its author.
    await sql(`insert into "User" (id, email, name, "createdAt") values ('${BOB}', 'bob@example.com', 'Bob', now());
      insert into "Post" (id, "authorId", title, body, "createdAt") values ('${POST}', '${BOB}', 'Two', 'About two', now());
      insert into "Comment" (id, "postId", "authorId", content, "createdAt") values ('${TAG}', '${POST}', '${ADA}', 'Hi', now());
      delete from "User" where id = '${ADA}'`);
    expect(await sql(`select content || ' ' || coalesce("authorId", 'null') from "Comment"`)).toBe(
      'Hi null',
    );
  });
});
