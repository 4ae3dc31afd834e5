import fs from 'fs';
import os from 'os';
import path from 'path';
import { createRequire } from 'module';
import fc from 'fast-check';
import { buildProjectFiles } from '../../../src/generate/generateProject';
import { pushSchema } from '../../../src/db/pushSchema';
import { pushDrizzleSchema } from '../../../src/db/pushDrizzleSchema';
import { createTestDatabase } from '../../e2e/support/postgres';
import { sharedInstall, typesProject } from '../support/generatedAppTypes';
import { generatedPrismaClient } from '../support/generatedPrismaClient';
import { projectModules } from '../support/projectModules';

// Issue 52 §2, a property: for random access rules over a small model and random records, the
// list route appgen generates (GET /api/posts: its access rules, src/appgen/access/post.ts,
// combined by ModelAccess in src/appgen/access.ts, beside a filter of the route's own, with its
// count and its rule on a field) answers exactly the records an independent evaluation of the
// rules in memory admits, for every caller (signed out, each user, each role), on the four ORM x
// database pairs: Drizzle and Prisma (a real Prisma 7 client), each on SQLite and on PostgreSQL
// (a database of this test's own). The route, its rules and its queries are appgen's, run in this
// process from the generated files; the evaluation below reads the config as the docs say, and
// nothing else. Each pair keeps one database and client for all its runs.
jest.setTimeout(300_000);

const ROLES = ['member', 'editor', 'admin'] as const;
const STATUSES = ['draft', 'published', 'archived'] as const;

type Condition = Record<string, unknown>;
type Rule = { allow?: string[]; deny?: string[]; when?: Condition };
type Post = {
  id: string;
  authorId: string;
  /** Optional: a post may have no reviewer. */
  reviewerId: string | null;
  deskId: string;
  status: string;
  score: number;
  flag: boolean;
  note: string | null;
};
type Caller = { id: string | null; role: string | null };

/** Conditions on a field's own record and the caller (a field's rule: no relation paths). */
const fieldLeaf: fc.Arbitrary<Condition> = fc.oneof(
  fc.constantFrom(...STATUSES).map((status) => ({ status })),
  fc.integer({ min: 0, max: 3 }).map((score) => ({ score })),
  fc.boolean().map((flag) => ({ flag })),
  fc.constant({ note: null }),
  // An optional field compared with a value: a record without one does not hold it (and so holds
  // its `not`), whatever SQL's NULL would make of the comparison.
  fc.constantFrom('a', 'b').map((note) => ({ note })),
  fc.constant({ authorId: 'currentUser' }),
  fc.constant({ reviewerId: 'currentUser' }),
  fc.subarray([...ROLES], { minLength: 1 }).map((roles) => ({ 'currentUser.role': roles })),
  fc.constant({ currentUser: 'signedIn' }),
);
const leaf: fc.Arbitrary<Condition> = fc.oneof(
  fieldLeaf,
  fc.constant({ author: 'currentUser' }),
  // An optional relation: a post without a reviewer does not reach the caller through it.
  fc.constant({ reviewer: 'currentUser' }),
  // Two relations: the post's desk has the caller among its members.
  fc.constant({ 'desk.members': 'currentUser' }),
  // A hasMany over an optional key: the caller pinned the post (a user who pinned none holds an
  // empty key, which must not make the condition unknown for other posts).
  fc.constant({ pinners: 'currentUser' }),
);
/** Trees of leaves under any, all and not, and leaves side by side (every key holds). */
const conditionFrom = (leaves: fc.Arbitrary<Condition>): fc.Arbitrary<Condition> =>
  fc.letrec<{ node: Condition }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaves,
      fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((items) => ({ any: items })),
      fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((items) => ({ all: items })),
      tie('node').map((item) => ({ not: item })),
      fc.tuple(leaves, leaves).map(([a, b]) => ({ ...a, ...b })),
    ),
  })).node;
const condition = conditionFrom(leaf);
const fieldCondition = conditionFrom(fieldLeaf);
const rule: fc.Arbitrary<Rule> = fc
  .record({
    effect: fc.constantFrom('allow', 'allow', 'deny'),
    when: condition,
    always: fc.boolean(),
  })
  .map(({ effect, when, always }) => ({ [effect]: ['read'], ...(always ? {} : { when }) }));
const rules = fc.array(rule, { minLength: 1, maxLength: 4 });

/** The condition as the docs define it, on a record and a caller. */
function holds(when: Condition | undefined, post: Post, caller: Caller): boolean {
  return Object.entries(when ?? {}).every(([key, value]) => {
    if (key === 'any') return (value as Condition[]).some((c) => holds(c, post, caller));
    if (key === 'all') return (value as Condition[]).every((c) => holds(c, post, caller));
    if (key === 'not') return !holds(value as Condition, post, caller);
    if (key === 'currentUser.role')
      return caller.role !== null && (value as string[]).includes(caller.role);
    if (key === 'currentUser') return caller.id !== null;
    if (key === 'authorId' || key === 'author')
      return caller.id !== null && post.authorId === caller.id;
    if (key === 'reviewerId' || key === 'reviewer')
      return caller.id !== null && post.reviewerId === caller.id;
    if (key === 'desk.members')
      return caller.id !== null && (MEMBERS[post.deskId] ?? []).includes(caller.id);
    if (key === 'pinners') return caller.id !== null && pins[caller.id] === post.id;
    return (post as unknown as Record<string, unknown>)[key] === value;
  });
}

/** Read is allowed where some allow rule holds and no deny rule does; never without an allow rule. */
function readable(ruleSet: Rule[], post: Post, caller: Caller): boolean {
  const allows = ruleSet.filter((r) => r.allow);
  const denies = ruleSet.filter((r) => r.deny);
  return (
    allows.some((r) => holds(r.when, post, caller)) &&
    !denies.some((r) => holds(r.when, post, caller))
  );
}

const USER = {
  name: 'User',
  // The post the user pinned, if any (Post.pinners).
  fields: { name: 'string', pinnedId: { type: 'uuid', optional: true } },
  relations: {
    posts: { type: 'hasMany', model: 'Post', via: 'author' },
    desks: { type: 'manyToMany', model: 'Desk' },
    pinned: { type: 'belongsTo', model: 'Post' },
  },
};
const DESK = {
  name: 'Desk',
  fields: { name: 'string' },
  relations: {
    members: { type: 'manyToMany', model: 'User' },
    posts: { type: 'hasMany', model: 'Post' },
  },
};
const USER_IDS = [
  '00000000-0000-4000-8000-000000000000',
  '00000000-0000-4000-8000-000000000001',
  '00000000-0000-4000-8000-000000000002',
];
/** Two desks: the first has the member and the editor, the second the admin. */
const DESK_IDS = ['20000000-0000-4000-8000-000000000000', '20000000-0000-4000-8000-000000000001'];
const MEMBERS: Record<string, string[]> = {
  [DESK_IDS[0]]: [USER_IDS[0], USER_IDS[1]],
  [DESK_IDS[1]]: [USER_IDS[2]],
};
/** The post each user pinned in this run (User.pinnedId), or null. */
let pins: Record<string, string | null> = {};
const postModel = (access: Rule[], noteReader: Condition) => ({
  name: 'Post',
  fields: {
    authorId: 'uuid',
    reviewerId: { type: 'uuid', optional: true },
    deskId: 'uuid',
    status: { type: 'enum', values: [...STATUSES] },
    score: 'int',
    flag: 'boolean',
    note: { type: 'text', optional: true, access: { read: noteReader } },
  },
  relations: {
    author: { type: 'belongsTo', model: 'User' },
    reviewer: { type: 'belongsTo', model: 'User' },
    desk: { type: 'belongsTo', model: 'Desk' },
    pinners: { type: 'hasMany', model: 'User', via: 'pinned' },
  },
  // Every field a rule may compare is indexed (else generate warns, once a field).
  indexes: [['status'], ['score'], ['flag'], ['note']],
  access,
});

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-rules-property-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const USERS = ROLES.map((role, i) => ({ id: USER_IDS[i], name: role, role }));
const CALLERS: Caller[] = [
  { id: null, role: null },
  ...USERS.map((u) => ({ id: u.id, role: u.role })),
];
/** The signed-in user of a request, as the stand-in for src/auth/getAuthUser.ts reads it. */
const USER_HEADER = 'x-test-user';

type Orm = 'drizzle' | 'prisma';
type Provider = 'sqlite' | 'postgresql';
const SCHEMA_FILE: Record<Orm, string> = {
  drizzle: 'src/appgen/schema.ts',
  prisma: 'prisma/schema.prisma',
};

/** What a pair of ORM and database does for the property: its records, and its list route. */
interface Pair {
  /** The project of these rules: its files, and its list route run against the pair's database. */
  route(ruleSet: Rule[], noteReader: Condition): (request: Request) => Promise<Response>;
  /** The posts of the database are now these, and the users' pins `pins` (the users and desks stay). */
  setPosts(posts: Post[]): Promise<void>;
  close(): Promise<void>;
}

/** A database client as the generated db.ts makes it: only what this test calls. */
type Drizzle = {
  insert: (table: unknown) => { values: (rows: unknown[]) => Promise<unknown> };
  update: (table: unknown) => {
    set: (values: object) => Promise<unknown> & { where: (where: unknown) => Promise<unknown> };
  };
  delete: (table: unknown) => Promise<unknown>;
};
type Prisma = {
  user: {
    createMany: (args: object) => Promise<unknown>;
    updateMany: (args: object) => Promise<unknown>;
    update: (args: object) => Promise<unknown>;
  };
  desk: { create: (args: object) => Promise<unknown> };
  post: {
    createMany: (args: object) => Promise<unknown>;
    deleteMany: (args?: object) => Promise<unknown>;
  };
};

/**
 * One ORM on one database for every run: the project generated for each run's rules (its schema
 * never changes with them), its tables made once by appgen's own push (the Prisma client made
 * once by `prisma generate`), its db.ts evaluated once; each run evaluates the project's other
 * modules anew (the access rules, the route) and replaces the posts.
 */
async function openPair(orm: Orm, provider: Provider): Promise<Pair> {
  const requireShared = createRequire(path.join(sharedInstall(), 'package.json'));
  const dir = path.join(root, `${orm}-${provider}`);
  const database =
    provider === 'postgresql'
      ? await createTestDatabase()
      : { url: `file:${path.join(dir, 'test.db')}`, drop: async () => undefined };
  const write = (file: string, value: unknown) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), JSON.stringify(value));
  };
  const build = (ruleSet: Rule[], noteReader: Condition) => {
    write('appgen.config.json', { orm, accounts: { model: 'User', roles: [...ROLES] } });
    write('config/models/User.json', USER);
    write('config/models/Desk.json', DESK);
    write('config/models/Post.json', postModel(ruleSet, noteReader));
    write('config/routes/posts.json', {
      routes: [
        {
          method: 'GET',
          path: '/api/posts',
          response: 'Post[]',
          // Every record fits one page; the count is of the same records.
          query: { filter: ['status'], pageSize: 20, count: true },
        },
      ],
    });
    return buildProjectFiles({
      root: dir,
      provider,
      defaultDatabaseUrl: orm === 'drizzle' ? 'file:./drizzle/dev.db' : 'file:./prisma/dev.db',
    });
  };
  try {
    const first = build([{ allow: ['read'] }], {});
    const schema = first.get(SCHEMA_FILE[orm])?.content ?? '';
    const given: Record<string, unknown> = {
      // Every row below has its id: the default's uuid (an ES module Jest would not load) is not called.
      uuid: {
        v7: () => {
          throw new Error('no id default in this test');
        },
      },
    };
    const name = `rules-property-${orm}-${provider}`;
    if (orm === 'prisma') {
      const { client, projectDir } = await generatedPrismaClient(name, first);
      await pushSchema({ projectDir, databaseUrl: database.url, schema });
      given['@/generated/prisma/client'] = client;
      given['@/generated/prismaSchemaHash'] = { schemaHash: 'rules-property' };
    } else {
      const projectDir = await typesProject(name, first);
      await pushDrizzleSchema({ projectDir, databaseUrl: database.url, schema });
    }
    // db.ts opens DATABASE_URL when it is evaluated, and keeps its client on globalThis (for
    // Next.js dev): taken here, closed by this pair alone.
    const url = process.env.DATABASE_URL;
    process.env.DATABASE_URL = database.url;
    const base = projectModules(first, requireShared, given);
    const dbModule = base.load('src/appgen/db.ts');
    if (url === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = url;
    const globals = globalThis as {
      appgenPrismaClient?: { close: () => Promise<void> };
      appgenDrizzleDatabase?: {
        database: { $client: { close?: () => void; end?: () => Promise<void> } };
      };
    };
    // Closed as `appgen dev` closes a replaced client (for PostgreSQL: Prisma, then its pool).
    const prismaClient = globals.appgenPrismaClient;
    const drizzleClient = globals.appgenDrizzleDatabase?.database.$client;
    const closeClient = async () => {
      await prismaClient?.close();
      if (drizzleClient?.end) await drizzleClient.end();
      else drizzleClient?.close?.();
    };
    delete globals.appgenPrismaClient;
    delete globals.appgenDrizzleDatabase;
    given['src/appgen/db.ts'] = dbModule;
    if (orm === 'drizzle') given['src/appgen/schema.ts'] = base.load('src/appgen/schema.ts');
    // The caller is who the request says: sessions are not what this test is about.
    given['src/auth/getAuthUser.ts'] = {
      getAuthUser: async (request: Request) => request.headers.get(USER_HEADER),
    };

    const desks = DESK_IDS.map((id, i) => ({ id, name: `desk ${i}` }));
    let setPosts: (posts: Post[]) => Promise<void>;
    if (orm === 'drizzle') {
      const db = dbModule.db as Drizzle;
      const tables = dbModule.tables as Record<string, unknown>;
      await db.insert(tables.user).values(USERS);
      await db.insert(tables.desk).values(desks);
      // The join table of Desk.members (A: the desk, B: the user, as Prisma names them).
      await db
        .insert(tables._Desk_members)
        .values(Object.entries(MEMBERS).flatMap(([A, ids]) => ids.map((B) => ({ A, B }))));
      const { eq } = requireShared('drizzle-orm') as { eq: (a: unknown, b: unknown) => unknown };
      const userId = (tables.user as { id: unknown }).id;
      setPosts = async (posts) => {
        await db.update(tables.user).set({ pinnedId: null });
        await db.delete(tables.post);
        await db.insert(tables.post).values(posts);
        for (const [id, pinnedId] of Object.entries(pins))
          if (pinnedId !== null)
            await db.update(tables.user).set({ pinnedId }).where(eq(userId, id));
      };
    } else {
      const db = dbModule.db as Prisma;
      await db.user.createMany({ data: USERS });
      for (const desk of desks)
        await db.desk.create({
          data: { ...desk, members: { connect: MEMBERS[desk.id].map((id) => ({ id })) } },
        });
      setPosts = async (posts) => {
        await db.user.updateMany({ data: { pinnedId: null } });
        await db.post.deleteMany();
        await db.post.createMany({ data: posts });
        for (const [id, pinnedId] of Object.entries(pins))
          if (pinnedId !== null) await db.user.update({ where: { id }, data: { pinnedId } });
      };
    }
    return {
      route(ruleSet, noteReader) {
        const files = build(ruleSet, noteReader);
        // The rules change the access modules, never the schema the database was made from.
        expect(files.get(SCHEMA_FILE[orm])?.content).toBe(schema);
        expect(files.get('src/appgen/db.ts')?.content).toBe(first.get('src/appgen/db.ts')?.content);
        const modules = projectModules(files, requireShared, given);
        return modules.load('src/app/api/posts/route.ts').GET as (
          request: Request,
        ) => Promise<Response>;
      },
      setPosts,
      close: async () => {
        await closeClient();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/** A post of the first user, on the first desk, with no optional value: the examples' base. */
const PLAIN_POST = {
  author: 0,
  reviewer: null,
  desk: 0,
  status: 'draft' as const,
  score: 0,
  flag: false,
  note: null,
  pinner: null,
};
const postArbitrary = fc.record({
  author: fc.integer({ min: 0, max: USERS.length - 1 }),
  reviewer: fc.option(fc.integer({ min: 0, max: USERS.length - 1 }), { nil: null }),
  desk: fc.integer({ min: 0, max: DESK_IDS.length - 1 }),
  status: fc.constantFrom(...STATUSES),
  score: fc.integer({ min: 0, max: 3 }),
  flag: fc.boolean(),
  note: fc.option(fc.constantFrom('a', 'b'), { nil: null }),
  /** The user who pins this post (the first post a user is given), if any. */
  pinner: fc.option(fc.integer({ min: 0, max: USERS.length - 1 }), { nil: null }),
});
// Runs per pair. 100 cost about 40 s of CPU for the four pairs (most of it generating the project
// of each run's rules); each deliberate break of the rules' translation tried when this was
// written (a branch of `any` dropped, allow and deny swapped, `not` dropped in a field's rule, the
// join table's columns swapped) failed its pairs within 32 runs.
const RUNS = 100;

describe.each([
  { orm: 'drizzle', provider: 'sqlite' },
  { orm: 'drizzle', provider: 'postgresql' },
  { orm: 'prisma', provider: 'sqlite' },
  { orm: 'prisma', provider: 'postgresql' },
] as const)('$orm on $provider', ({ orm, provider }) => {
  let pair: Pair | undefined;
  beforeAll(async () => {
    pair = await openPair(orm, provider);
  });
  afterAll(async () => {
    await pair?.close();
  });

  it('GET /api/posts lists exactly the records the rules admit, with `note` where its rule holds, for every caller', async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(
        rules,
        fieldCondition,
        fc.array(postArbitrary, { minLength: 1, maxLength: 8 }),
        // The list asked for with a filter of its own, or none: the rules hold beside it.
        fc.option(fc.constantFrom(...STATUSES), { nil: null }),
        async (ruleSet, noteReader, drafts, status) => {
          const GET = pair!.route(ruleSet, noteReader);
          const posts: Post[] = drafts.map((draft, i) => ({
            id: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
            authorId: USERS[draft.author].id,
            reviewerId: draft.reviewer === null ? null : USERS[draft.reviewer].id,
            deskId: DESK_IDS[draft.desk],
            status: draft.status,
            score: draft.score,
            flag: draft.flag,
            note: draft.note,
          }));
          pins = Object.fromEntries(
            USERS.map((user, u) => [
              user.id,
              posts.find((_, i) => drafts[i].pinner === u)?.id ?? null,
            ]),
          );
          await pair!.setPosts(posts);
          for (const caller of CALLERS) {
            const response = await GET(
              new Request(
                `http://localhost/api/posts${status === null ? '' : `?status=${status}`}`,
                {
                  headers: caller.id === null ? {} : { [USER_HEADER]: caller.id },
                },
              ),
            );
            const body = (await response.json()) as unknown;
            const answer = {
              status: response.status,
              total: response.headers.get('x-total-count'),
              // Each record's id, and whether it holds `note` (left out where its rule fails).
              records: Array.isArray(body)
                ? (body as Array<Record<string, unknown>>)
                    .map((record) => `${String(record.id)} ${'note' in record ? 'note' : '-'}`)
                    .sort()
                : body,
            };
            const admitted = posts.filter(
              (p) => (status === null || p.status === status) && readable(ruleSet, p, caller),
            );
            const expected = {
              status: 200,
              total: String(admitted.length),
              records: admitted
                .map((p) => `${p.id} ${holds(noteReader, p, caller) ? 'note' : '-'}`)
                .sort(),
            };
            expect([JSON.stringify(ruleSet), JSON.stringify(noteReader), caller, answer]).toEqual([
              JSON.stringify(ruleSet),
              JSON.stringify(noteReader),
              caller,
              expected,
            ]);
            checked++;
          }
        },
      ),
      {
        numRuns: RUNS,
        examples: [
          // A post without a reviewer is not denied by { reviewer: currentUser }.
          [
            [{ allow: ['read'] }, { deny: ['read'], when: { reviewer: 'currentUser' } }],
            { not: { reviewerId: 'currentUser' } },
            [PLAIN_POST],
            null,
          ],
          // A record without a note holds `not { note: "a" }`, and is not denied by { note: "b" }.
          [
            [
              { allow: ['read'], when: { not: { note: 'a' } } },
              { deny: ['read'], when: { note: 'b' } },
            ],
            {},
            [PLAIN_POST],
            null,
          ],
          // A post no one pinned, for a caller who pinned none: `not { pinners: currentUser }` holds
          // and { pinners: currentUser } does not deny (User.pinnedId is empty for every user).
          [
            [
              { allow: ['read'], when: { not: { pinners: 'currentUser' } } },
              { deny: ['read'], when: { pinners: 'currentUser' } },
            ],
            {},
            [PLAIN_POST, { ...PLAIN_POST, author: 1, desk: 1, pinner: 1 }],
            null,
          ],
        ],
      },
    );
    expect(checked).toBe(RUNS * CALLERS.length);
  });
});
