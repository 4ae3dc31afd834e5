import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';

// API keys (account routes createApiKey, listApiKeys, revokeApiKey): their config errors (file,
// line, fix), what they normalise to, and the handlers, table and session check they render.
// tests/e2e/pages-blog.test.ts runs them on the four ORM x database pairs.

const ACCOUNT = {
  name: 'Account',
  fields: { email: { type: 'string', unique: true }, password: 'password' },
};
const CREATE = {
  method: 'POST',
  path: '/api/keys',
  account: 'createApiKey',
  body: { name: { type: 'string', required: true }, readOnly: 'boolean' },
};
const LIST = { method: 'GET', path: '/api/keys', account: 'listApiKeys' };
const REVOKE = {
  method: 'DELETE',
  path: '/api/keys/:id',
  account: 'revokeApiKey',
  params: { id: 'uuid' },
};
const LOG_IN = {
  method: 'POST',
  path: '/api/login',
  account: 'logIn',
  body: {
    email: { type: 'string', required: true },
    password: { type: 'password', required: true },
  },
  response: 'Account',
};
const files = (routes: unknown[], orm = 'prisma') =>
  minimalProject({
    'appgen.config.json': { orm, accounts: { model: 'Account' } },
    'config/models/Account.json': ACCOUNT,
    'config/routes/accounts.json': { routes },
  });
const problems = (routes: unknown[]) => problemsIn(files(routes)).map(describeProblem);

describe('API key routes', () => {
  it('accepts the three and normalises them to one operation, with their statuses', () => {
    expect(problems([CREATE, LIST, REVOKE, LOG_IN])).toEqual([]);
    const project = checkedProject(files([CREATE, LIST, REVOKE, LOG_IN]));
    const routes = project.routes.filter((r) => r.file === 'config/routes/accounts.json');
    expect(routes.map((r) => [r.operation, r.account?.action, r.account?.passwordField])).toEqual([
      ['apiKeys', 'createApiKey', null],
      ['apiKeys', 'listApiKeys', null],
      ['apiKeys', 'revokeApiKey', null],
      ['logIn', 'logIn', 'password'],
    ]);
    // readOnly may be left out; the name may not.
    expect(problems([{ ...CREATE, body: { name: { type: 'string', required: true } } }])).toEqual(
      [],
    );
  });

  it('reports a body that is not what a new key reads, with the fix and did-you-mean', () => {
    expect(
      problems([
        { ...CREATE, body: { nmae: { type: 'string', required: true }, readOnly: 'int' } },
      ]),
    ).toEqual([
      expect.stringMatching(
        /config\/routes\/accounts\.json:\d+:\d+ routes\[0\]\.body\.nmae \| a new API key reads "name", "readOnly", "routes" and "expiresInDays", not "nmae" .*did you mean "name"/,
      ),
      expect.stringMatching(
        /the body of a new API key needs "name" .*add "name": \{ "type": "string", "required": true \}/,
      ),
      expect.stringMatching(
        /"readOnly" of a new API key is whether the key may only read, of type "boolean", not "int" .*set "type": "boolean"/,
      ),
    ]);
    expect(problems([{ ...CREATE, body: { name: 'string' } }])).toEqual([
      expect.stringMatching(/a new API key cannot go without "name" .*"required": true/),
    ]);
    expect(
      problems([
        { ...CREATE, body: { name: { type: 'string', required: true }, expiresInDays: 'string' } },
      ]),
    ).toEqual([
      expect.stringMatching(
        /routes\[0\]\.body\.expiresInDays \| "expiresInDays" of a new API key is the days until the key expires, of type "int", not "string" .*set "type": "int"/,
      ),
    ]);
    expect(
      problems([
        { ...CREATE, body: { name: { type: 'string', required: true }, expiresInDays: 'int' } },
      ]),
    ).toEqual([]);
  });

  it('reports the wrong method, an answer, a body on a list and a revocation without its :id', () => {
    expect(problems([{ ...LIST, method: 'POST' }])).toEqual([
      expect.stringMatching(/"account": "listApiKeys" is a GET route, not POST .*"method": "GET"/),
    ]);
    expect(problems([{ ...REVOKE, method: 'POST' }])).toEqual([
      expect.stringMatching(/"account": "revokeApiKey" is a DELETE route, not POST/),
    ]);
    expect(problems([{ ...CREATE, response: 'Account' }])).toEqual([
      expect.stringMatching(
        /a new API key answers what appgen writes for it \(201 with the key\) .*remove "response"/,
      ),
    ]);
    expect(problems([{ ...REVOKE, path: '/api/keys', params: undefined }])).toEqual([
      expect.stringMatching(
        /routes\[0\]\.path \| a revocation of an API key names the key by its id, the last segment of its path .*"\/api\/keys\/:id".*"params": \{ "id": "uuid" \}/,
      ),
    ]);
    expect(problems([{ ...LIST, path: '/api/keys/:id', params: { id: 'uuid' } }])).toEqual([
      expect.stringMatching(/an account route names no record in its path/),
    ]);
    expect(problems([{ ...CREATE, auth: true }])).toEqual([
      expect.stringMatching(/routes\[0\]\.auth \| .*remove "auth"/),
    ]);
  });

  it('needs the accounts model', () => {
    const noAccounts = minimalProject({
      'config/models/User.json': { name: 'Person', fields: { name: 'string' } },
      'config/routes/users.json': { routes: [LIST] },
    });
    expect(problemsIn(noAccounts).map(describeProblem)).toEqual([
      expect.stringMatching(
        /a list of API keys belongs to one of the app's users, and this project has no accounts model .*"accounts": \{ "model": "User" \}/,
      ),
    ]);
  });

  it.each(['prisma', 'drizzle'])(
    'renders the handlers, the table and a session check that takes keys (%s)',
    (orm) => {
      const rendered = renderFiles(files([CREATE, LIST, REVOKE, LOG_IN], orm));
      const file = (name: string) => rendered.get(name)?.content ?? '';
      const keys = file('src/app/api/keys/route.ts');
      const key = file('src/app/api/keys/[id]/route.ts');
      expect(keys).toContain('return createApiKey(session.subject, body);');
      expect(keys).toContain('return listApiKeys(session.subject);');
      expect(key).toContain('return revokeApiKey(session.subject, params.id);');
      // The caller's live session first: a visitor's bad body or path is 401, not 400.
      const check = 'const session = await liveSessionOfRequest(request);';
      expect(keys.indexOf(check)).toBeGreaterThan(0);
      expect(keys.indexOf(check)).toBeLessThan(keys.indexOf('readBody<'));
      expect(key.indexOf(check)).toBeGreaterThan(0);
      expect(key.indexOf(check)).toBeLessThan(key.indexOf('isUuid(params.id)'));
      expect(file('src/appgen/session.ts')).toContain('await apiKeys.apiKeyUser(key, request)');
      expect(file('src/appgen/apiKeys.ts')).toContain('export async function createApiKey');
      expect(file('src/appgen/apiKeyRows.ts')).toContain('export const apiKeyRows: ApiKeyRows');
      if (orm === 'prisma')
        expect(file('prisma/schema.prisma')).toMatch(
          /model AppgenApiKey \{[^}]*keyHash String @unique[^}]*onDelete: Cascade/,
        );
      else expect(file('src/appgen/schema.ts')).toContain('appgenApiKey');
      // The OpenAPI document and the typed client know the answers.
      expect(file('src/appgen/client.ts')).toContain('& { key: string }');
      expect(file('src/appgen/openapi.ts')).toContain('Revoke one of your API keys');
    },
  );

  it('accepts routes as a list of texts, and refuses another type', () => {
    const routes = { type: 'string[]' };
    expect(problems([{ ...CREATE, body: { ...CREATE.body, routes } }])).toEqual([]);
    expect(problems([{ ...CREATE, body: { ...CREATE.body, routes: 'string' } }])).toEqual([
      expect.stringMatching(
        /"routes" of a new API key is the routes the key may call \("GET \/api\/posts"\), of type "string\[\]", not "string"/,
      ),
    ]);
  });

  it('renders no key code in a project without API key routes', () => {
    const rendered = renderFiles(files([LOG_IN]));
    expect(rendered.has('src/appgen/apiKeys.ts')).toBe(false);
    expect(rendered.get('src/appgen/session.ts')?.content).not.toContain('apiKeys');
    expect(rendered.get('prisma/schema.prisma')?.content).not.toContain('AppgenApiKey');
  });
});
