import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { accountsProject } from '../support/accountRoutes';
import { renderFiles } from '../support/renderFiles';
import { evaluateModule } from '../support/typescriptSource';

// Sign-in with OpenID Connect providers (accounts.providers; account routes oidcSignIn,
// oidcCallback, listIdentities, unlinkIdentity): their config errors (file, line, fix), what they
// normalise to, and what they render. tests/e2e/pages-blog.test.ts signs in through a real
// provider (oidc-provider on loopback) in Chromium on the four ORM x database pairs.

const ACCOUNT = {
  name: 'Account',
  fields: {
    email: { type: 'string', unique: true },
    name: 'string',
    password: 'password',
  },
};
const PROVIDERS = { corp: { issuer: 'https://login.corp.example.com', label: 'Corp' } };
const SIGN_IN = {
  method: 'GET',
  path: '/api/oidc/:provider',
  account: 'oidcSignIn',
  params: { provider: 'string' },
};
const CALLBACK = {
  method: 'GET',
  path: '/api/oidc/:provider/callback',
  account: 'oidcCallback',
  params: { provider: 'string' },
};
const LIST = { method: 'GET', path: '/api/identities', account: 'listIdentities' };
const UNLINK = {
  method: 'DELETE',
  path: '/api/identities/:id',
  account: 'unlinkIdentity',
  params: { id: 'uuid' },
};
const ALL = [SIGN_IN, CALLBACK, LIST, UNLINK];
const files = (
  routes: unknown[],
  accounts: Record<string, unknown> = { providers: PROVIDERS },
  orm = 'prisma',
  model: unknown = ACCOUNT,
) => accountsProject(routes, { orm, accounts, model });
const problems = (routes: unknown[], accounts?: Record<string, unknown>, account?: unknown) =>
  problemsIn(files(routes, accounts, 'prisma', account)).map(describeProblem);

describe('OpenID Connect providers and routes', () => {
  it('accepts providers by issuer or preset and the four routes, normalised to one operation', () => {
    const accounts = {
      providers: { ...PROVIDERS, google: { preset: 'google' }, github: { preset: 'github' } },
    };
    expect(problems(ALL, accounts)).toEqual([]);
    const project = checkedProject(files(ALL, accounts));
    expect(project.accounts.providers).toEqual([
      { name: 'corp', issuer: 'https://login.corp.example.com', label: 'Corp', protocol: 'oidc' },
      { name: 'google', issuer: 'https://accounts.google.com', label: 'Google', protocol: 'oidc' },
      { name: 'github', issuer: 'https://github.com', label: 'GitHub', protocol: 'github' },
    ]);
    const routes = project.routes.filter((r) => r.file === 'config/routes/accounts.json');
    expect(routes.map((r) => [r.operation, r.account?.action])).toEqual([
      ['oidc', 'oidcSignIn'],
      ['oidc', 'oidcCallback'],
      ['oidc', 'listIdentities'],
      ['oidc', 'unlinkIdentity'],
    ]);
  });

  it('reports a provider without an issuer or with both, an unknown preset and a wrong issuer', () => {
    const of = (provider: unknown) => problems(ALL, { providers: { corp: provider } });
    expect(of({ label: 'Corp' })).toEqual([
      expect.stringMatching(
        /appgen\.config\.json:\d+:\d+ accounts\.providers\.corp \| provider "corp" needs an "issuer" or a "preset", one of the two .*"issuer": "https:\/\/login\.example\.com", or "preset": one of google, gitlab, github/,
      ),
    ]);
    expect(of({ issuer: 'https://a.example.com', preset: 'google' })).toEqual([
      expect.stringMatching(/needs an "issuer" or a "preset", one of the two .*remove "preset"/),
    ]);
    expect(of({ preset: 'gogle' })).toEqual([
      expect.stringMatching(
        /accounts\.providers\.corp\.preset \| "gogle" is not a provider appgen knows \(google, gitlab, github\) .*did you mean "google"/,
      ),
    ]);
    expect(of({ issuer: 'http://login.example.com' })).toEqual([
      expect.stringMatching(
        /accounts\.providers\.corp\.issuer \| an issuer is an https URL \(http only on 127\.0\.0\.1 or localhost\), and "http:\/\/login\.example\.com" is not/,
      ),
    ]);
    expect(of({ issuer: 'not a url' })).toEqual([
      expect.stringMatching(/"not a url" is not a URL/),
    ]);
    expect(of({ issuer: 'https://a.example.com?x=1' })).toEqual([
      expect.stringMatching(/an issuer has no query or fragment/),
    ]);
    expect(of({ issuer: 'http://127.0.0.1:9999' })).toEqual([]);
    expect(problems(ALL, { providers: { Corp: { issuer: 'https://a.example.com' } } })).toEqual([
      expect.stringMatching(/must be a lower-case name of letters and digits/),
    ]);
  });

  it('reports an accounts model a provider cannot make accounts of', () => {
    const required = { ...ACCOUNT, fields: { ...ACCOUNT.fields, bio: 'text', age: 'int' } };
    expect(problems(ALL, undefined, required)).toEqual([
      expect.stringMatching(
        /accounts\.providers \| a sign-in with a provider makes accounts from its claims, and Account requires "bio", "age", which no claim fills .*make them optional or give them a default in config\/models\/Account\.json/,
      ),
    ]);
    const noEmail = { name: 'Account', fields: { username: { type: 'string', unique: true } } };
    expect(problems(ALL, undefined, noEmail)).toEqual([
      expect.stringMatching(
        /accounts\.providers \| a sign-in with a provider finds or makes an account by its address, and Account has no unique email field/,
      ),
    ]);
  });

  it('reports routes without providers, a sign-in without its callback and a path without :provider', () => {
    expect(problems(ALL, {})).toEqual(
      Array(4).fill(
        expect.stringMatching(
          /needs OpenID Connect providers, and appgen\.config\.json names none .*"providers": \{ "corp"/,
        ),
      ),
    );
    expect(problems([SIGN_IN])).toEqual([
      expect.stringMatching(
        /routes\[0\]\.account \| a sign-in with a provider sends the browser to the provider, which sends it back to a callback route, and this project has none .*"path": "\/api\/oidc\/:provider\/callback", "account": "oidcCallback"/,
      ),
    ]);
    expect(problems([CALLBACK])).toEqual([
      expect.stringMatching(
        /a provider's callback ends a sign-in that a route starts, and this project has none .*"path": "\/api\/oidc\/:provider", "account": "oidcSignIn"/,
      ),
    ]);
    expect(problems([{ ...SIGN_IN, path: '/api/oidc', params: undefined }, CALLBACK])).toEqual([
      expect.stringMatching(
        /routes\[0\]\.path \| a sign-in with a provider names the provider by ":provider" in its path, and no other parameter .*"\/api\/oidc\/:provider" with "params": \{ "provider": "string" \}/,
      ),
    ]);
    expect(problems([SIGN_IN, CALLBACK, { ...CALLBACK, path: '/api/sso/:provider/back' }])).toEqual(
      Array(2).fill(
        expect.stringMatching(
          /a provider's callback is where every sign-in returns, and this project has 2 .*keep one "oidcCallback" route/,
        ),
      ),
    );
    expect(problems([SIGN_IN, CALLBACK, { ...LIST, response: 'Account' }])).toEqual([
      expect.stringMatching(
        /routes\[2\]\.response \| a list of one's providers answers what appgen writes for it .*remove "response"/,
      ),
    ]);
    expect(problems([{ ...UNLINK, path: '/api/identities', params: undefined }])).toEqual([
      expect.stringMatching(
        /an unlinking of a provider names the provider by its id, the last segment of its path .*"\/api\/identities\/:id"/,
      ),
    ]);
    expect(problems([{ ...SIGN_IN, method: 'POST' }, CALLBACK])).toEqual([
      expect.stringMatching(/"account": "oidcSignIn" is a GET route, not POST/),
    ]);
  });

  it("writes GitHub's sign-in (OAuth 2.0, then its API) only for a project with the github preset", () => {
    const oidcOf = (providers: Record<string, unknown>) =>
      renderFiles(files(ALL, { providers })).get('src/appgen/oidc.ts')?.content ?? '';
    const withGithub = oidcOf({ ...PROVIDERS, github: { preset: 'github' } });
    expect(withGithub).toMatch(
      /name: "github",\s+issuer: "https:\/\/github\.com",\s+label: "GitHub",\s+envPrefix: "APPGEN_OIDC_GITHUB",\s+protocol: "github",/,
    );
    expect(withGithub).toContain('const GITHUB_SCOPE = "read:user user:email";');
    expect(withGithub).toContain('`${web}/api/v3`');
    const without = oidcOf(PROVIDERS);
    expect(without).not.toMatch(/github/i);
    expect(without).toContain('scope: SCOPE,\n    nonce: flow.nonce,');
  });

  it('refuses to start in production without a client, or with an issuer that is not https', () => {
    const source = renderFiles(files(ALL)).get('src/appgen/oidc.ts')?.content ?? '';
    // Only the settings are run here; openid-client itself runs in the e2e suite.
    const oidc = evaluateModule('oidc.ts', source, {
      'node:crypto': {},
      'openid-client': {},
      './accountTokens': {},
      './http': {},
      './identityRows': {},
      './password': {},
      './requestOrigin': {},
      './session': {},
      './sitePath': {},
    }) as { providersProblem(): string | null };
    const variables = [
      'APPGEN_OIDC_CORP_CLIENT_ID',
      'APPGEN_OIDC_CORP_CLIENT_SECRET',
      'APPGEN_OIDC_CORP_ISSUER',
    ];
    const saved = variables.map((name) => process.env[name]);
    try {
      for (const name of variables) delete process.env[name];
      expect(oidc.providersProblem()).toBe(
        'APPGEN_OIDC_CORP_CLIENT_ID and APPGEN_OIDC_CORP_CLIENT_SECRET must be set: the client the provider registered for this app.',
      );
      process.env.APPGEN_OIDC_CORP_CLIENT_ID = 'app';
      process.env.APPGEN_OIDC_CORP_CLIENT_SECRET = 'secret';
      expect(oidc.providersProblem()).toBeNull();
      process.env.APPGEN_OIDC_CORP_ISSUER = 'http://login.example.com';
      expect(oidc.providersProblem()).toBe(
        'the issuer of corp must be https (or http on loopback): http://login.example.com',
      );
      process.env.APPGEN_OIDC_CORP_ISSUER = 'http://127.0.0.1:4000';
      expect(oidc.providersProblem()).toBeNull();
    } finally {
      variables.forEach((name, i) => {
        if (saved[i] === undefined) delete process.env[name];
        else process.env[name] = saved[i];
      });
    }
  });

  it.each(['prisma', 'drizzle'])(
    'renders the runtime, the identities table, the variables and a plain anchor to the sign-in (%s)',
    (orm) => {
      const view = {
        name: 'LoginPage',
        path: '/login',
        title: 'Log in',
        root: {
          type: 'section',
          children: [
            { type: 'link', href: '/api/oidc/corp?next=/posts', label: 'Sign in with Corp' },
            { type: 'link', href: '/login', label: 'Again' },
          ],
        },
      };
      const rendered = renderFiles({
        ...files(ALL, { providers: PROVIDERS }, orm),
        'config/views/login.json': view,
      });
      const file = (name: string) => rendered.get(name)?.content ?? '';
      expect(file('src/app/api/oidc/[provider]/route.ts')).toContain(
        'return oidcSignIn(request, params.provider);',
      );
      expect(file('src/app/api/oidc/[provider]/callback/route.ts')).toContain(
        'return oidcCallback(request, params.provider);',
      );
      expect(file('src/appgen/oidc.ts')).toMatch(
        /name: "corp",\s+issuer: "https:\/\/login\.corp\.example\.com",\s+label: "Corp",\s+envPrefix: "APPGEN_OIDC_CORP",/,
      );
      expect(file('src/appgen/oidc.ts')).toContain(
        'const CALLBACK_PATH = "/api/oidc/:provider/callback";',
      );
      expect(file('src/appgen/identityRows.ts')).toContain('export const identityRows');
      if (orm === 'prisma')
        expect(file('prisma/schema.prisma')).toMatch(
          /model AppgenIdentity \{[^}]*@@unique\(\[provider, subject\]\)/,
        );
      else expect(file('src/appgen/schema.ts')).toContain('appgenIdentity');
      // Production refuses to start without the client; .env.example lists its variables.
      expect(file('src/appgen/startup.ts')).toContain('providersProblem');
      for (const name of ['CLIENT_ID', 'CLIENT_SECRET', 'ISSUER'])
        expect(file('.env.example')).toContain(`APPGEN_OIDC_CORP_${name}`);
      // The link to the sign-in route is a plain anchor (next/link would prefetch it); the link
      // to a page stays a next/link.
      const page = file('src/app/login/page.tsx');
      expect(page).toContain('<a className="appgen-link" href={"/api/oidc/corp?next=/posts"}>');
      expect(page).toContain('<Link className="appgen-link" href={"/login"}>');
      expect(file('src/appgen/openapi.ts')).toContain('Sign in with a provider');
    },
  );
});
