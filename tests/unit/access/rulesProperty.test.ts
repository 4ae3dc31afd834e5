import fs from 'fs';
import os from 'os';
import path from 'path';
import { createRequire } from 'module';
import fc from 'fast-check';
import { buildProjectFiles } from '../../../src/generate/generateProject';
import { sharedInstall } from '../support/generatedAppTypes';
import { evaluateModule } from '../support/typescriptSource';

// Issue 52 §2, a property: for random access rules over a small model and random records, the
// records the generated rules select (src/appgen/access/post.ts, combined by ModelAccess in
// src/appgen/access.ts, run by Drizzle on SQLite) are exactly those an independent evaluation of
// the rules in memory admits, for every caller (signed out, each user, each role). The rules and
// the SQL are appgen's; the evaluation below reads the config as the docs say, and nothing else.
// (The e2e blog suite shows the same rules on the four ORM x database pairs.)
jest.setTimeout(300_000);

const ROLES = ['member', 'editor', 'admin'] as const;
const STATUSES = ['draft', 'published', 'archived'] as const;

type Condition = Record<string, unknown>;
type Rule = { allow?: string[]; deny?: string[]; when?: Condition };
type Post = {
  id: string;
  authorId: string;
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
  fc.constant({ authorId: 'currentUser' }),
  fc.subarray([...ROLES], { minLength: 1 }).map((roles) => ({ 'currentUser.role': roles })),
  fc.constant({ currentUser: 'signedIn' }),
);
const leaf: fc.Arbitrary<Condition> = fc.oneof(
  fieldLeaf,
  fc.constant({ author: 'currentUser' }),
  // Two relations: the post's desk has the caller among its members.
  fc.constant({ 'desk.members': 'currentUser' }),
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
    if (key === 'desk.members')
      return caller.id !== null && (MEMBERS[post.deskId] ?? []).includes(caller.id);
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
  fields: { name: 'string' },
  relations: {
    posts: { type: 'hasMany', model: 'Post' },
    desks: { type: 'manyToMany', model: 'Desk' },
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
const postModel = (access: Rule[], noteReader: Condition) => ({
  name: 'Post',
  fields: {
    authorId: 'uuid',
    deskId: 'uuid',
    status: { type: 'enum', values: [...STATUSES] },
    score: 'int',
    flag: 'boolean',
    note: { type: 'text', optional: true, access: { read: noteReader } },
  },
  relations: {
    author: { type: 'belongsTo', model: 'User' },
    desk: { type: 'belongsTo', model: 'Desk' },
  },
  // Every field a rule may compare is indexed (else generate warns, once a field).
  indexes: [['status'], ['score'], ['flag'], ['note']],
  access,
});

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-rules-property-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** appgen's access modules for these rules, evaluated against a SQLite database (better-sqlite3). */
function generatedAccess(ruleSet: Rule[], noteReader: Condition, requireShared: NodeJS.Require) {
  const write = (file: string, value: unknown) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), JSON.stringify(value));
  };
  write('appgen.config.json', { orm: 'drizzle', accounts: { model: 'User', roles: [...ROLES] } });
  write('config/models/User.json', USER);
  write('config/models/Desk.json', DESK);
  write('config/models/Post.json', postModel(ruleSet, noteReader));
  write('config/routes/posts.json', {
    routes: [{ method: 'GET', path: '/api/posts', response: 'Post[]' }],
  });
  const files = buildProjectFiles({
    root,
    provider: 'sqlite',
    defaultDatabaseUrl: 'file:./drizzle/dev.db',
  });
  const source = (file: string) => files.get(file)?.content ?? '';
  const packages = (name: string) => requireShared(name) as unknown;
  const schema = evaluateModule('schema.ts', source('src/appgen/schema.ts'), {
    'drizzle-orm/sqlite-core': packages('drizzle-orm/sqlite-core'),
    // Every row below has its id: the default's uuid (an ES module Jest would not load) is not called.
    uuid: {
      v7: () => {
        throw new Error('no id default in this test');
      },
    },
  });
  const Database = requireShared('better-sqlite3') as new (file: string) => {
    exec(sql: string): void;
  };
  const sqlite = new Database(':memory:');
  // Every table of the generated schema, as its Drizzle columns say.
  const { getTableConfig } = requireShared('drizzle-orm/sqlite-core') as {
    getTableConfig: (table: unknown) => {
      name: string;
      columns: Array<{ name: string; getSQLType: () => string; notNull: boolean }>;
    };
  };
  for (const table of Object.values(schema).filter((value) => {
    try {
      return typeof getTableConfig(value).name === 'string';
    } catch {
      return false;
    }
  })) {
    const config = getTableConfig(table);
    const columns = config.columns.map(
      (column) => `"${column.name}" ${column.getSQLType()}${column.notNull ? ' NOT NULL' : ''}`,
    );
    sqlite.exec(`CREATE TABLE "${config.name}" (${columns.join(', ')});`);
  }
  const { drizzle } = requireShared('drizzle-orm/better-sqlite3') as {
    drizzle: (client: unknown, config: { schema: unknown }) => unknown;
  };
  const db = drizzle(sqlite, { schema });
  const access = evaluateModule('access.ts', source('src/appgen/access.ts'), {
    'drizzle-orm': packages('drizzle-orm'),
    './http': { jsonError: () => null, logRefusal: () => undefined, RuleRefusal: class {} },
    './probe': { isProbe: () => false },
    './roles': { roleOf: async () => null },
  });
  const post = evaluateModule('post.ts', source('src/appgen/access/post.ts'), {
    'drizzle-orm': packages('drizzle-orm'),
    '@/appgen/access': access,
    '@/appgen/db': { db, tables: schema },
  });
  return {
    db: db as never,
    schema,
    postAccess: post.postAccess as { where: (op: string, caller: Caller) => unknown },
    postFields: post.postFields as { hiding: (records: Post[], caller: Caller) => Post[] },
  };
}

it('a list holds exactly the records the rules admit, and a field where its rule holds, for every caller (Drizzle, SQLite)', async () => {
  const requireShared = createRequire(path.join(sharedInstall(), 'package.json'));
  const users = ROLES.map((role, i) => ({ id: USER_IDS[i], name: role, role }));
  const postArbitrary = fc.record({
    author: fc.integer({ min: 0, max: users.length - 1 }),
    desk: fc.integer({ min: 0, max: DESK_IDS.length - 1 }),
    status: fc.constantFrom(...STATUSES),
    score: fc.integer({ min: 0, max: 3 }),
    flag: fc.boolean(),
    note: fc.option(fc.constantFrom('a', 'b'), { nil: null }),
  });
  let checked = 0;
  await fc.assert(
    fc.asyncProperty(
      rules,
      fieldCondition,
      fc.array(postArbitrary, { minLength: 1, maxLength: 8 }),
      async (ruleSet, noteReader, drafts) => {
        const { db, schema, postAccess, postFields } = generatedAccess(
          ruleSet,
          noteReader,
          requireShared,
        );
        const orm = db as {
          insert: (table: unknown) => { values: (rows: unknown[]) => { run: () => void } };
          select: (columns: unknown) => {
            from: (table: unknown) => {
              where: (w: unknown) => { all: () => Array<{ id: string }> };
            };
          };
        };
        const tables = schema as Record<string, { id: unknown }>;
        orm.insert(tables.user).values(users).run();
        orm
          .insert(tables.desk)
          .values(DESK_IDS.map((id, i) => ({ id, name: `desk ${i}` })))
          .run();
        // The join table of Desk.members (A: the desk, B: the user, as Prisma names them).
        orm
          .insert(tables._Desk_members)
          .values(Object.entries(MEMBERS).flatMap(([A, ids]) => ids.map((B) => ({ A, B }))))
          .run();
        const posts: Post[] = drafts.map((draft, i) => ({
          id: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          authorId: users[draft.author].id,
          deskId: DESK_IDS[draft.desk],
          status: draft.status,
          score: draft.score,
          flag: draft.flag,
          note: draft.note,
        }));
        orm.insert(tables.post).values(posts).run();
        const callers: Caller[] = [
          { id: null, role: null },
          ...users.map((u) => ({ id: u.id, role: u.role })),
        ];
        for (const caller of callers) {
          const selected = orm
            .select({ id: tables.post.id })
            .from(tables.post)
            .where(postAccess.where('read', caller))
            .all()
            .map((row) => row.id)
            .sort();
          const expected = posts
            .filter((p) => readable(ruleSet, p, caller))
            .map((p) => p.id)
            .sort();
          expect([JSON.stringify(ruleSet), caller, selected]).toEqual([
            JSON.stringify(ruleSet),
            caller,
            expected,
          ]);
          // The field's rule, tested on each record as read: `note` is left out where it fails.
          const withNote = postFields
            .hiding(posts, caller)
            .map((p) => 'note' in p)
            .join();
          const noteExpected = posts.map((p) => holds(noteReader, p, caller)).join();
          expect([JSON.stringify(noteReader), caller, withNote]).toEqual([
            JSON.stringify(noteReader),
            caller,
            noteExpected,
          ]);
          checked++;
        }
      },
    ),
    { numRuns: 40 },
  );
  expect(checked).toBe(40 * 4);
});
