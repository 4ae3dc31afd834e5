import { parseVoter, voterText, voterWithRoles } from '../../../src/domain/voters';
import { mapProject } from '../../../src/map/mapProject';
import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

// Issue 52 §1: roles on the accounts model (settings accounts.roles) and the voters that
// require them ("role:admin", "owner:authorId|role:admin").

const USER = {
  name: 'User',
  fields: {
    name: 'string',
    email: { type: 'string', unique: true },
    password: { type: 'password', optional: true },
  },
};
const NOTE = { name: 'Note', fields: { title: 'string', ownerId: 'uuid' } };
const ROLES = { roles: ['member', 'editor', 'admin'], defaultRole: 'member' };
const SIGN_UP = {
  method: 'POST',
  path: '/api/signup',
  account: 'signUp',
  body: {
    email: { type: 'string', required: true },
    password: { type: 'password', required: true },
    name: 'string',
  },
  response: 'User',
};
const PATCH_NOTE = {
  method: 'PATCH',
  path: '/api/notes/:id',
  params: { id: 'uuid' },
  body: { title: 'string' },
  response: 'Note',
  auth: true,
  voter: 'owner:ownerId|role:editor,admin',
};

function project(
  routes: unknown[],
  accounts: Record<string, unknown> | null = ROLES,
  { orm = 'prisma', user = USER }: { orm?: string; user?: unknown } = {},
) {
  return minimalProject({
    'appgen.config.json': { orm, ...(accounts ? { accounts } : {}) },
    'config/models/User.json': user,
    'config/models/Note.json': NOTE,
    'config/routes/users.json': { routes: [SIGN_UP] },
    'config/routes/notes.json': { routes },
  });
}

const problems = (files: ReturnType<typeof project>) => problemsIn(files).map(describeProblem);

describe('parseVoter', () => {
  it('reads roles alone, after self or after owner:<field>', () => {
    expect(parseVoter('role:admin')).toEqual({ kind: 'role', roles: ['admin'] });
    expect(parseVoter('owner:authorId|role:editor,admin')).toEqual({
      kind: 'owner',
      field: 'authorId',
      roles: ['editor', 'admin'],
    });
    expect(parseVoter('self|role:admin')).toEqual({ kind: 'self', roles: ['admin'] });
    expect(parseVoter('owner:authorId')).toEqual({ kind: 'owner', field: 'authorId', roles: [] });
    expect(parseVoter('canEdit')).toEqual({ kind: 'custom', name: 'canEdit' });
    for (const text of [
      'role:admin',
      'owner:authorId|role:editor,admin',
      'self|role:admin',
      'self',
    ])
      expect(voterText(parseVoter(text))).toBe(text);
    expect(voterWithRoles('owner:authorId|role:admn', ['admin'])).toBe('owner:authorId|role:admin');
  });
});

describe('accounts.roles', () => {
  it('adds the role field to the accounts model: an enum of the roles, the default for sign-up', () => {
    const checked = checkedProject(project([PATCH_NOTE]));
    expect(checked.accounts.roles).toEqual({
      values: ['member', 'editor', 'admin'],
      field: 'role',
      defaultRole: 'member',
      requireTotpFor: [],
    });
    const user = checked.models.find((m) => m.name === 'User');
    expect(user?.fields.find((f) => f.name === 'role')).toMatchObject({
      type: 'enum',
      values: ['member', 'editor', 'admin'],
      default: 'member',
    });
  });

  it('takes the first role as the default, and another field name with roleField', () => {
    const checked = checkedProject(project([], { roles: ['reader', 'admin'], roleField: 'kind' }));
    expect(checked.accounts.roles).toEqual({
      values: ['reader', 'admin'],
      field: 'kind',
      defaultRole: 'reader',
      requireTotpFor: [],
    });
  });

  it('refuses a default that is not a role, with did-you-mean', () => {
    expect(problems(project([], { roles: ['member', 'admin'], defaultRole: 'memebr' }))).toEqual([
      expect.stringMatching(
        /^appgen\.config\.json:\d+:\d+ .*\| "memebr" is not one of the roles \| did you mean "member"\?$/,
      ),
    ]);
  });

  it('refuses a role field the accounts model already declares, and defaultRole without roles', () => {
    const user = { ...USER, fields: { ...USER.fields, role: { type: 'string', optional: true } } };
    expect(problems(project([], ROLES, { user }))).toEqual([
      expect.stringContaining(
        '| roles are stored in User.role, which User already declares | remove "role" from config/models/User.json',
      ),
    ]);
    expect(problems(project([], { defaultRole: 'member' }))).toEqual([
      expect.stringContaining('| "defaultRole" needs "roles" |'),
    ]);
  });
});

describe('voters with roles', () => {
  it('accepts roles alone on any route with auth, and beside owner:<field> or self', () => {
    expect(
      problems(
        project([
          PATCH_NOTE,
          {
            method: 'GET',
            path: '/api/notes',
            response: 'Note[]',
            auth: true,
            voter: 'role:admin',
          },
          {
            method: 'DELETE',
            path: '/api/notes',
            model: 'Note',
            collection: true,
            auth: true,
            voter: 'role:admin',
          },
        ]),
      ),
    ).toEqual([]);
  });

  it('refuses an unknown role with the whole voter as did-you-mean', () => {
    expect(problems(project([{ ...PATCH_NOTE, voter: 'owner:ownerId|role:editor,admn' }]))).toEqual(
      [
        expect.stringContaining(
          '| "admn" is not one of the roles (member, editor, admin) | did you mean "owner:ownerId|role:editor,admin"?',
        ),
      ],
    );
  });

  it('refuses roles without accounts.roles, without "auth": true, and without a database', () => {
    expect(problems(project([PATCH_NOTE], null))).toEqual([
      expect.stringContaining('requires a role, and the users have none | name the roles'),
    ]);
    expect(problems(project([{ ...PATCH_NOTE, auth: 'optional' }]))).toEqual([
      expect.stringContaining('does not require a sign-in | add "auth": true'),
    ]);
    expect(problems(project([PATCH_NOTE], ROLES, { orm: 'none' }))).toEqual(
      expect.arrayContaining([expect.stringContaining('("orm": "none")')]),
    );
  });
});

describe('the role field in bodies', () => {
  const userRoute = (voter: string | undefined, body: Record<string, unknown>) => ({
    method: 'PATCH',
    path: '/api/users/:id',
    params: { id: 'uuid' },
    body,
    response: 'User',
    auth: true,
    ...(voter ? { voter } : {}),
  });

  it('lets a route with roles alone change it (the admins)', () => {
    expect(problems(project([userRoute('role:admin', { role: 'enum' })]))).toEqual([]);
  });

  it('refuses it in a sign-up, and where the user themselves may pass', () => {
    const files = project([]);
    files['config/routes/users.json'] = {
      routes: [{ ...SIGN_UP, body: { ...SIGN_UP.body, role: 'enum' } }],
    };
    expect(problems(files)).toEqual([
      expect.stringContaining("| a sign-up cannot choose the new account's role |"),
    ]);
    expect(problems(project([userRoute('self|role:admin', { role: 'enum' })]))).toEqual([
      expect.stringContaining(
        'PATCH /api/users/:id lets whoever "self|role:admin" lets through choose a role, their own included | let only admins change roles: "voter": "role:admin"',
      ),
    ]);
    expect(problems(project([userRoute(undefined, { role: 'enum' })]))).toEqual([
      expect.stringContaining('lets its caller choose a role'),
    ]);
  });
});

describe('mapping', () => {
  it('checks the owner first, then the role read now, naming the rule; src/appgen/roles.ts is generated', () => {
    const context = mapProject(checkedProject(project([PATCH_NOTE])), {
      provider: 'sqlite',
      defaultDatabaseUrl: 'file:./prisma/dev.db',
    });
    const method = context.methods.find(
      (m) => m.method === 'PATCH' && m.urlPath === '/api/notes/:id',
    );
    expect(method?.roleVoter).toEqual({
      roles: '["editor","admin"]',
      alternative: 'allowOwner(userId, current, "ownerId")',
      rule: 'config/routes/notes.json routes[0].voter "owner:ownerId|role:editor,admin"',
    });
    expect(method?.builtinVoter).toBeNull();
    const steps = method?.steps.map((s) => s.step) ?? [];
    expect(steps.indexOf('handler/voterRole')).toBe(steps.indexOf('handler/probeStop') - 1);
    expect(context.roles).toEqual({
      values: ['member', 'editor', 'admin'],
      field: 'role',
      defaultRole: 'member',
      delegate: 'user',
      requireTotpFor: [],
    });
  });
});
