import fs from 'fs';
import os from 'os';
import path from 'path';
import { buildProjectFiles } from '../../../src/generate/generateProject';
import { evaluateModule } from '../support/typescriptSource';

// Issue 52 §4: a create is refused before anything is written when the caller alone rules it out
// (no rule allowing create can hold for them, or a rule denying it holds for every record), so a
// page's probe hides the form from them; otherwise the values sent are checked after the write.
// The generated src/appgen/access.ts and src/appgen/access/<model>.ts, run as they are (Prisma:
// the conditions are plain objects, no database is needed to ask what the caller decides).

type Caller = { id: string | null; role: string | null };
type Answer = { status: number; decided?: string };
type Access = {
  refusesEveryRecord: (request: Request, operation: string, caller: Caller) => Answer | null;
  where: (operation: string, caller: Caller) => unknown;
};

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-create-rules-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function generated(access: unknown[]): {
  memoAccess: Access;
  probes: Request[];
  runtime: Record<string, unknown>;
} {
  const write = (file: string, value: unknown) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), JSON.stringify(value));
  };
  write('appgen.config.json', {
    orm: 'prisma',
    accounts: { model: 'User', roles: ['member', 'editor', 'admin'] },
  });
  write('config/models/User.json', {
    name: 'User',
    fields: { name: 'string', email: { type: 'string', unique: true } },
  });
  write('config/models/Memo.json', {
    name: 'Memo',
    fields: {
      authorId: 'uuid',
      title: 'string',
      status: { type: 'enum', values: ['draft', 'shared'] },
    },
    relations: { author: { type: 'belongsTo', model: 'User' } },
    access,
  });
  write('config/routes/memos.json', {
    routes: [{ method: 'GET', path: '/api/memos', response: 'Memo[]' }],
  });
  const files = buildProjectFiles({
    root,
    provider: 'sqlite',
    defaultDatabaseUrl: 'file:./prisma/dev.db',
  });
  const source = (file: string) => files.get(file)?.content ?? '';
  const probes: Request[] = [];
  const runtime = evaluateModule('access.ts', source('src/appgen/access.ts'), {
    './http': {
      jsonError: (status: number) => ({ status }),
      refuse: (_request: Request, decided: string) => ({ status: 403, decided }),
      RuleRefusal: class {},
    },
    './probe': { isProbe: (request: Request) => probes.includes(request) },
    './roles': { roleOf: async () => null },
  });
  const memo = evaluateModule('memo.ts', source('src/appgen/access/memo.ts'), {
    '@/appgen/access': runtime,
  });
  return { memoAccess: memo.memoAccess as Access, probes, runtime };
}

const anonymous: Caller = { id: null, role: null };
const member: Caller = { id: 'u-1', role: 'member' };
const editor: Caller = { id: 'u-2', role: 'editor' };
const admin: Caller = { id: 'u-3', role: 'admin' };
const request = () => new Request('http://localhost/api/memos', { method: 'POST' });

it('refuses a caller no create rule can let in, whatever the values, naming the rule', () => {
  const { memoAccess } = generated([
    { allow: 'read' },
    { allow: 'create', when: { currentUser: 'signedIn', 'currentUser.role': ['editor', 'admin'] } },
    {
      allow: 'create',
      when: { all: [{ author: 'currentUser' }, { 'currentUser.role': 'admin' }] },
    },
    { deny: 'create', when: { not: { 'currentUser.role': 'editor' }, status: 'shared' } },
  ]);
  const refused = (caller: Caller) => memoAccess.refusesEveryRecord(request(), 'create', caller);
  expect(refused(anonymous)).toEqual({
    status: 403,
    decided: 'no rule of config/models/Memo.json "access" allows create, for a signed-out caller',
  });
  expect(refused(member)).toMatchObject({ status: 403 });
  // The deny rule depends on the record's status for them: decided after the write.
  expect(refused(editor)).toBeNull();
  expect(refused(admin)).toBeNull();
});

it('lets through a caller whose create depends on the values, and refuses by a deny rule that holds for every record', () => {
  const { memoAccess, probes } = generated([
    { allow: 'create', when: { any: [{ author: 'currentUser' }, { status: 'draft' }] } },
    {
      deny: ['create', 'update'],
      when: { not: { any: [{ 'currentUser.role': 'admin' }, { 'currentUser.role': 'editor' }] } },
      description: 'members only read',
    },
  ]);
  const refused = (caller: Caller) => memoAccess.refusesEveryRecord(request(), 'create', caller);
  expect(refused(member)).toEqual({
    status: 403,
    decided:
      'config/models/Memo.json access[1] denies create (members only read), for user u-1 (role member)',
  });
  expect(refused(editor)).toBeNull();
  // Anonymous: the deny rule holds (no role), whatever the record.
  expect(refused(anonymous)).toMatchObject({ status: 403 });
  // A page's probe is refused alike, without the rule (nothing is logged for it).
  const probe = request();
  probes.push(probe);
  expect(memoAccess.refusesEveryRecord(probe, 'create', member)).toEqual({ status: 403 });
  expect(memoAccess.refusesEveryRecord(probe, 'create', editor)).toBeNull();
});

it('lets SYSTEM (code of the project acting for no user) read and write every record, and no route caller', () => {
  // Project code says it acts as the system by passing SYSTEM where the rules ask for a caller.
  const { memoAccess, runtime } = generated([
    { allow: 'read', when: { status: 'shared' } },
    { deny: 'create', when: { 'currentUser.role': 'member' } },
  ]);
  const SYSTEM = runtime.SYSTEM as Caller;
  const everyRecord = runtime.ALL_RECORDS;
  expect(memoAccess.where('read', SYSTEM)).toEqual(everyRecord);
  expect(memoAccess.where('delete', SYSTEM)).toEqual(everyRecord);
  expect(memoAccess.refusesEveryRecord(request(), 'create', SYSTEM)).toBeNull();
  // An anonymous caller, whose id and role are null as SYSTEM's are, is not the system.
  expect(memoAccess.where('read', anonymous)).toEqual({ status: 'shared' });
  expect(memoAccess.where('delete', anonymous)).toEqual(runtime.NO_RECORDS);
  expect(Object.isFrozen(SYSTEM)).toBe(true);
});
