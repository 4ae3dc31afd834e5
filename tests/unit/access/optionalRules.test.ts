import { mapProject } from '../../../src/map/mapProject';
import { buildFileMap } from '../../../src/render/buildFileMap';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { TemplateSet } from '../../../src/render/templateSet';
import { checkedProject } from '../support/checkConfig';
import { minimalProject, USER_MODEL } from '../support/configs';
import { typesProject } from '../support/generatedAppTypes';
import { typecheckFileMap } from '../support/typecheckFileMap';

jest.setTimeout(300_000);

// A rule on an optional field (or through an optional belongsTo) holds for no record without a
// value: its `not` holds for one, and a deny rule does not refuse it. SQL would compare NULL as
// unknown (and its NOT too), hiding the record: the generated conditions compare it as false
// (tests/unit/access/rulesProperty.test.ts checks the answers on the four ORM x database pairs).
// The same for a hasMany over an optional key (Team.members, User.teamId): one user without a
// team would put a NULL among the subquery's ids, and `id IN (...)` would be unknown for every
// team, so `not { members: currentUser }` too; Drizzle's subquery leaves empty keys out.
const POST = {
  name: 'Post',
  fields: {
    id: 'uuid',
    title: 'string',
    authorId: 'uuid',
    reviewerId: { type: 'uuid', optional: true },
    note: { type: 'text', optional: true },
  },
  relations: {
    author: { type: 'belongsTo', model: 'User' },
    reviewer: { type: 'belongsTo', model: 'User' },
  },
  indexes: [['note']],
  access: [
    { allow: 'read', when: { not: { note: 'secret' } } },
    { deny: 'read', when: { reviewer: 'currentUser' } },
    { deny: 'read', when: { reviewerId: 'currentUser', title: 'x' } },
  ],
};
const USER = {
  ...USER_MODEL,
  fields: { ...USER_MODEL.fields, teamId: { type: 'uuid', optional: true } },
  relations: { team: { type: 'belongsTo', model: 'Team' } },
};
const TEAM = {
  name: 'Team',
  fields: { id: 'uuid', name: 'string' },
  relations: { members: { type: 'hasMany', model: 'User', via: 'team' } },
  access: [
    { allow: 'read', when: { not: { members: 'currentUser' } } },
    { deny: 'read', when: { members: 'currentUser', name: 'x' } },
  ],
};

function accessFiles(orm: 'prisma' | 'drizzle', provider: 'sqlite' | 'postgresql') {
  return buildFileMap(
    mapProject(
      checkedProject(
        minimalProject({
          'appgen.config.json': { orm },
          'config/models/Post.json': POST,
          'config/models/User.json': USER,
          'config/models/Team.json': TEAM,
          'config/routes/posts.json': {
            routes: [{ method: 'GET', path: '/api/posts', response: 'Post[]' }],
          },
          'config/routes/teams.json': {
            routes: [
              // A scope through the same hasMany (the route file's subquery).
              {
                method: 'GET',
                path: '/api/teams',
                auth: true,
                scope: { members: 'currentUser' },
                response: 'Team[]',
              },
            ],
          },
        }),
      ),
      { provider, defaultDatabaseUrl: `file:./${orm}/dev.db` },
    ),
    new TemplateSet(BUILTIN_TEMPLATES_DIR),
  );
}

/** Each rule's `when: ...,` entry, on one line however the layout broke it. */
const whens = (content: string) => {
  const lines = content.split('\n');
  return lines.flatMap((line, at) => {
    if (!line.includes('when: ')) return [];
    const indent = line.length - line.trimStart().length;
    const entry = [line.trim()];
    for (let next = at + 1; next < lines.length; next++) {
      const more = lines[next];
      if (more.length - more.trimStart().length <= indent) break;
      entry.push(more.trim());
    }
    return [entry.join(' ').replace(/\( /g, '(').replace(/,? \)/g, ')').replace(/,\)/g, ')')];
  });
};

it('Prisma: an optional field equals a value, or the caller, only where it is not null', () => {
  const post = accessFiles('prisma', 'sqlite').get('src/appgen/access/post.ts')?.content ?? '';
  expect(whens(post).slice(0, 2)).toEqual([
    'when: () => ({ NOT: { note: { equals: "secret", not: null } } }),',
    'when: (caller) => (caller.id === null ? NO_RECORDS : { reviewer: { is: { id: caller.id } } }),',
  ]);
  // Prisma's `some` leaves empty keys out itself (rulesProperty.test.ts checks its answers).
  const team = accessFiles('prisma', 'sqlite').get('src/appgen/access/team.ts')?.content ?? '';
  expect(team).toContain(
    'NOT: caller.id === null ? NO_RECORDS : { members: { some: { id: caller.id } } },',
  );
  expect(post).toContain(
    'caller.id === null ? NO_RECORDS : { reviewerId: { equals: caller.id, not: null } },',
  );
});

it('Drizzle: an optional field, or an optional belongsTo, is compared only where it is not null', () => {
  const post = accessFiles('drizzle', 'postgresql').get('src/appgen/access/post.ts')?.content ?? '';
  expect(whens(post)).toEqual([
    // As prettier lays them out: no parentheses around an `as` it does not need.
    'when: () => not(and(isNotNull(tables.post.note), eq(tables.post.note, "secret")) as SQL),',
    'when: (caller) => caller.id === null ? NO_RECORDS : and(isNotNull(tables.post.reviewerId), eq(tables.post.reviewerId, caller.id)) as SQL,',
    'when: (caller) => and(caller.id === null ? NO_RECORDS : and(isNotNull(tables.post.reviewerId), eq(tables.post.reviewerId, caller.id)) as SQL, eq(tables.post.title, "x")) as SQL,',
  ]);
  const team = accessFiles('drizzle', 'postgresql').get('src/appgen/access/team.ts')?.content ?? '';
  const members =
    'inArray(tables.team.id, db.select({ id: tables.user.teamId }).from(tables.user).where(and(isNotNull(tables.user.teamId), eq(tables.user.id, caller.id))))';
  expect(whens(team)).toEqual([
    `when: (caller) => not(caller.id === null ? NO_RECORDS : ${members}),`,
    `when: (caller) => and(caller.id === null ? NO_RECORDS : ${members}, eq(tables.team.name, "x")) as SQL,`,
  ]);
});

it('Drizzle: a scope through a hasMany over an optional key selects only keys that are not null', () => {
  const route = accessFiles('drizzle', 'sqlite').get('src/app/api/teams/route.ts')?.content ?? '';
  // The handler breaks the subquery as prettier does; read on one line.
  expect(onOneLine(route)).toContain(
    'inArray(tables.team.id, db.select({ id: tables.user.teamId }).from(tables.user).where(and(isNotNull(tables.user.teamId), eq(tables.user.id, userId)))),',
  );
  expect(route).toMatch(/import \{[^}]*\bisNotNull\b[^}]*\} from "drizzle-orm"/);
});

it.each([
  ['prisma', 'sqlite'],
  ['drizzle', 'postgresql'],
] as const)('type-checks under --strict with orm %s on %s', async (orm, provider) => {
  const files = accessFiles(orm, provider);
  const root = await typesProject(`optional-rules-${orm}-${provider}`, files);
  expect(typecheckFileMap(files, root).errors).toEqual([]);
});

/** Code broken over lines as prettier breaks it, read back on one line. */
function onOneLine(code: string): string {
  return code
    .replace(/\(\s*\n\s*/g, '(')
    .replace(/,?\s*\n\s*\)/g, ')')
    .replace(/\s*\n\s*\./g, '.')
    .replace(/\s*\n\s*/g, ' ');
}
