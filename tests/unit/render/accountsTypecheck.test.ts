import { mapProject } from '../../../src/map/mapProject';
import { buildFileMap } from '../../../src/render/buildFileMap';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { TemplateSet } from '../../../src/render/templateSet';
import { checkedProject } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { accountsProject, logInRoute } from '../support/accountRoutes';
import { typesProject } from '../support/generatedAppTypes';
import { typecheckFileMap } from '../support/typecheckFileMap';

jest.setTimeout(300_000);

// Account features each come with their own modules; a project may have any of them without the
// others. This one mails (password reset) and has API keys, but no log-in route (its users sign
// up; a function may sign them in): what the mail throttle and the keys import must be generated
// without the log-in's throttle.ts (found: signInFailures.ts imported its types from there).

const routes = [
  {
    method: 'POST',
    path: '/api/signup',
    account: 'signUp',
    body: {
      email: { type: 'string', required: true },
      password: { type: 'password', required: true },
    },
    response: 'Account',
  },
  {
    method: 'POST',
    path: '/api/forgot',
    account: 'requestReset',
    body: { email: { type: 'string', required: true } },
  },
  {
    method: 'POST',
    path: '/api/reset',
    account: 'resetPassword',
    body: {
      token: { type: 'string', required: true },
      password: { type: 'password', required: true },
    },
  },
  {
    method: 'POST',
    path: '/api/keys',
    account: 'createApiKey',
    body: { name: { type: 'string', required: true } },
  },
  { method: 'DELETE', path: '/api/keys/:id', account: 'revokeApiKey', params: { id: 'uuid' } },
];

describe('a project with account mail and API keys but no log-in route', () => {
  it.each([
    ['prisma', 'sqlite'],
    ['drizzle', 'postgresql'],
  ] as const)('type-checks under --strict with orm %s on %s', async (orm, provider) => {
    const config = minimalProject({
      'appgen.config.json': { orm, accounts: { model: 'Account' } },
      'config/models/Account.json': {
        name: 'Account',
        fields: { email: { type: 'string', unique: true }, password: 'password' },
      },
      'config/routes/accounts.json': { routes },
    });
    const files = buildFileMap(
      mapProject(checkedProject(config), { provider, defaultDatabaseUrl: `file:./${orm}/dev.db` }),
      new TemplateSet(BUILTIN_TEMPLATES_DIR),
    );
    expect(files.has('src/appgen/throttle.ts')).toBe(false);
    expect(files.has('src/appgen/failureCounts.ts')).toBe(true);
    expect(files.has('src/appgen/apiKeys.ts')).toBe(true);
    const root = await typesProject(`accounts-${orm}-${provider}`, files);
    expect(typecheckFileMap(files, root).errors).toEqual([]);
  });
});

// Sign-in with a provider in a project that verifies no address (no verifyEmail route): an
// existing account is linked only while signed in to it, never by its address alone (a password
// sign-up proves nothing about its address). The golden roles cases cover the project with mail.
describe('a project with OpenID Connect sign-in and no mail', () => {
  it.each([
    ['prisma', 'postgresql'],
    ['drizzle', 'sqlite'],
  ] as const)('type-checks under --strict with orm %s on %s', async (orm, provider) => {
    const config = accountsProject(
      [
        logInRoute(),
        {
          method: 'GET',
          path: '/api/oidc/:provider',
          account: 'oidcSignIn',
          params: { provider: 'string' },
        },
        {
          method: 'GET',
          path: '/api/oidc/:provider/callback',
          account: 'oidcCallback',
          params: { provider: 'string' },
        },
      ],
      { orm, accounts: { providers: { corp: { issuer: 'https://login.corp.example.com' } } } },
    );
    const files = buildFileMap(
      mapProject(checkedProject(config), { provider, defaultDatabaseUrl: `file:./${orm}/dev.db` }),
      new TemplateSet(BUILTIN_TEMPLATES_DIR),
    );
    const oidc = files.get('src/appgen/oidc.ts')?.content ?? '';
    expect(oidc).toContain('exists: log in to it, then sign in with');
    expect(oidc).not.toContain('accountTokens');
    const root = await typesProject(`oidc-${orm}-${provider}`, files);
    expect(typecheckFileMap(files, root).errors).toEqual([]);
  });
});
