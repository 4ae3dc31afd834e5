import fs from 'fs';
import path from 'path';
import { minimalProject, USER_ROUTES } from '../support/configs';
import { ensureBuiltCli, runAppgen, STACK_TRACE } from '../support/runCli';
import {
  makeProject,
  removeTempProjects,
  snapshotTree,
  type ProjectFiles,
} from '../support/tempProject';

beforeAll(ensureBuiltCli);
afterAll(removeTempProjects);

const routes = (...extra: unknown[]) => ({
  'config/routes/users.json': { routes: [...USER_ROUTES.routes, ...extra] },
});
const view = (root: unknown, extra: object = {}) => ({
  'config/views/login.json': { name: 'LoginPage', path: '/login', root, ...extra },
});

interface BadConfig {
  files: ProjectFiles;
  /** `file:line:column  json.path` as printed */
  heading: string;
  message: string;
  fix: string;
}

const CASES: Record<string, BadConfig> = {
  'invalid JSON': {
    files: {
      'config/models/User.json': '{\n  "name": "User",\n  "fields": { "name": "string", }\n}\n',
    },
    heading: 'config/models/User.json:3:33',
    message: 'invalid JSON: unexpected "}": expected a property name in double quotes',
    fix: 'config files are strict JSON',
  },
  'config nested deeper than appgen reads (stack overflow before)': {
    files: {
      'config/models/Deep.json': `{ "name": "Deep", "x": ${'['.repeat(5000)}${']'.repeat(5000)} }\n`,
    },
    heading: 'config/models/Deep.json:1:123',
    message: 'objects and arrays are nested more than 100 levels deep',
    fix: 'flatten the structure: appgen reads at most 100 levels.',
  },
  'unknown field type': {
    files: {
      'config/models/User.json': { name: 'User', fields: { name: 'strng', email: 'string' } },
    },
    heading: 'config/models/User.json:4:13  fields.name',
    message: 'string "strng" is not allowed here',
    fix: 'did you mean "string"?',
  },
  'unknown model': {
    files: routes({ method: 'GET', path: '/api/people', response: 'Usr[]' }),
    heading: 'config/routes/users.json:42:19  routes[4].response',
    message: 'unknown model "Usr"',
    fix: 'did you mean "User[]"?',
  },
  'undeclared param': {
    files: routes({
      method: 'PATCH',
      path: '/api/users/:id',
      body: { name: 'string' },
      response: 'User',
    }),
    heading: 'config/routes/users.json:41:15  routes[4].path',
    message: 'path parameter ":id" is not declared in "params"',
    fix: 'add "params": { "id": "uuid" }',
  },
  'unused param': {
    files: routes({
      method: 'PATCH',
      path: '/api/users/:id',
      params: { id: 'uuid', slug: 'string' },
      body: { name: 'string' },
      response: 'User',
    }),
    heading: 'config/routes/users.json:44:9  routes[4].params.slug',
    message: 'parameter "slug" is declared but path "/api/users/:id" has no ":slug" segment',
    fix: 'use a path parameter: "id".',
  },
  'duplicate route': {
    files: routes({ method: 'GET', path: '/api/users', response: 'User[]' }),
    heading: 'config/routes/users.json:39:5  routes[4]',
    message: 'GET /api/users is declared twice (first in config/routes/users.json routes[0])',
    fix: 'remove one of them',
  },
  'path traversal': {
    files: routes({ method: 'GET', path: '/api/../../etc/passwd', function: 'steal' }),
    heading: 'config/routes/users.json:41:15  routes[4].path',
    message: 'path "/api/../../etc/passwd" contains "..", which would leave its folder',
    fix: 'write the path without "." or ".." segments.',
  },
  'encoded path traversal': {
    files: view({ type: 'button', label: 'Go' }, { path: '/%2e%2e/admin' }),
    heading: 'config/views/login.json:3:11  path',
    message:
      'segment "%2e%2e" of path "/%2e%2e/admin" has characters that cannot be a folder name in the app',
    fix: 'use letters, digits, ".", "_", "~" and "-", starting with a letter or digit (no %-encoding',
  },
  'non-identifier model name': {
    files: { 'config/models/Account.json': { name: 'user-account', fields: { name: 'string' } } },
    heading: 'config/models/Account.json:2:11  name',
    message: 'string "user-account" must be a PascalCase identifier',
    fix: 'write "UserAccount".',
  },
  'non-identifier function name': {
    files: routes({ method: 'POST', path: '/api/mail', function: 'send-mail' }),
    heading: 'config/routes/users.json:42:19  routes[4].function',
    message: 'string "send-mail" must be an identifier',
    fix: 'write "send_mail".',
  },
  'reserved name': {
    files: routes({ method: 'POST', path: '/api/mail', function: 'delete' }),
    heading: 'config/routes/users.json:42:19  routes[4].function',
    message: '"delete" is a reserved word or a name the generated handler uses',
    fix: 'rename the function, e.g. "deleteHandler".',
  },
  'unknown validator': {
    files: routes({
      method: 'POST',
      path: '/api/mail',
      function: 'sendMail',
      body: { to: { type: 'string', validation: ['isEmial'] } },
    }),
    heading: 'config/routes/users.json:47:13  routes[4].body.to.validation[0]',
    message: 'unknown validator "isEmial"',
    fix: 'did you mean "isEmail"?',
  },
  'unknown element type': {
    files: view({ type: 'form', fields: [{ type: 'texarea', id: 'bio', label: 'Bio' }] }),
    heading: 'config/views/login.json:8:17  root.fields[0].type',
    message: 'string "texarea" is not allowed here',
    fix: 'did you mean "textarea"?',
  },
  'unknown property': {
    files: view({
      type: 'form',
      fields: [{ type: 'input', id: 'email', label: 'Email', placeholdr: 'you@example.com' }],
    }),
    heading: 'config/views/login.json:11:9  root.fields[0].placeholdr',
    message: 'unknown property "placeholdr"',
    fix: 'did you mean "placeholder"?',
  },
  'missing required property': {
    files: view({ type: 'form', fields: [{ type: 'input', label: 'Email' }] }),
    heading: 'config/views/login.json:7:7  root.fields[0]',
    message: 'missing required property "id"',
    fix: 'add "id".',
  },
  'page and route at one path': {
    files: view({ type: 'button', label: 'Go' }, { path: '/api/users' }),
    heading: 'config/views/login.json:3:11  path',
    message: 'a page and an API route cannot share a path (config/routes/users.json has the other)',
    fix: 'serve pages and API routes at different paths',
  },
  'bad default': {
    files: {
      'config/models/User.json': {
        name: 'User',
        fields: { name: 'string', email: 'string', age: { type: 'int', default: 'ten' } },
      },
    },
    heading: 'config/models/User.json:8:18  fields.age.default',
    message: 'default "ten" does not fit type int',
    fix: 'use a whole number.',
  },
};

describe('appgen generate with bad config', () => {
  it.each(Object.entries(CASES))(
    '%s: exit 1 with file:line:column, JSON path, message and fix',
    (_kind, bad) => {
      const root = makeProject(minimalProject(bad.files));
      const before = snapshotTree(root);
      const result = runAppgen(['generate', '--cwd', root]);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      const [heading, message, fix, blank, summary] = result.stderr.split('\n');
      expect(heading).toBe(`error ${bad.heading}`);
      expect(message.slice(0, bad.message.length + 2)).toBe(`  ${bad.message}`);
      expect(fix.slice(0, bad.fix.length + 7)).toBe(`  fix: ${bad.fix}`);
      expect([blank, summary]).toEqual(['', '1 problem found; nothing was written.']);
      expect(result.stderr).not.toMatch(STACK_TRACE);
      expect(snapshotTree(root)).toEqual(before);
    },
  );

  it('has at least 14 kinds of bad config', () => {
    expect(Object.keys(CASES).length).toBeGreaterThanOrEqual(14);
  });
});

describe('appgen generate reports all problems of a run together', () => {
  it('two broken files: both reported, sorted by file, one summary', () => {
    const root = makeProject(
      minimalProject({
        'config/models/User.json':
          '{ "name": "User", "fields": { "name": "string" "email": "string" } }',
        ...view({ type: 'form', fields: [{ type: 'slider', id: 'x', label: 'X' }] }),
      }),
    );
    const before = snapshotTree(root);
    const result = runAppgen(['generate', '--cwd', root]);
    expect(result.status).toBe(1);
    const headings = result.stderr.split('\n').filter((line) => line.startsWith('error '));
    expect(headings).toEqual([
      'error config/models/User.json:1:48',
      'error config/views/login.json:8:17  root.fields[0].type',
    ]);
    expect(result.stderr).toMatch(/^2 problems found; nothing was written\.$/m);
    expect(snapshotTree(root)).toEqual(before);
  });

  it('several problems in one file: each with its own location', () => {
    const root = makeProject(
      minimalProject({
        'config/routes/users.json': {
          routes: [
            { method: 'GET', path: '/api/users', response: 'Usr[]' },
            { method: 'GET', path: '/api/users/:id', response: 'User' },
            { method: 'POST', path: '/api/../x', function: 'f' },
          ],
        },
      }),
    );
    const result = runAppgen(['generate', '--cwd', root]);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('error '))).toEqual([
      'error config/routes/users.json:6:19  routes[0].response',
      'error config/routes/users.json:10:15  routes[1].path',
      'error config/routes/users.json:15:15  routes[2].path',
    ]);
    expect(result.stderr).toMatch(/^3 problems found; nothing was written\.$/m);
  });

  it('a previously generated project stays byte-identical after a failed run', () => {
    const root = makeProject(minimalProject());
    expect(runAppgen(['generate', '--cwd', root]).status).toBe(0);
    const broken = makeProject(
      minimalProject(routes({ method: 'GET', path: '/api/people', response: 'Person[]' })),
    );
    fs.cpSync(path.join(broken, 'config'), path.join(root, 'config'), { recursive: true });
    const before = snapshotTree(root);
    expect(runAppgen(['generate', '--cwd', root]).status).toBe(1);
    expect(snapshotTree(root)).toEqual(before);
  });
});

describe('appgen generate with huge config values', () => {
  it('cuts a 2 MB value in the error to a prefix and its length', () => {
    const huge = `/${'a'.repeat(2_000_000)}`;
    const root = makeProject(
      minimalProject(
        routes(
          { method: 'GET', path: `/api/${huge}`, function: 'listAll' },
          { method: 'GET', path: '/api/x', function: huge },
        ),
      ),
    );
    const result = runAppgen(['generate', '--cwd', root]);
    expect(result.status).toBe(1);
    expect(result.stderr.length).toBeLessThan(3000);
    expect(result.stderr).toMatch(/a… \(\d+ characters\)/);
    expect(result.stderr).not.toMatch(STACK_TRACE);
  });
});
