import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { accountsProject, LOG_IN_BODY, logInRoute } from '../support/accountRoutes';
import { renderFiles } from '../support/renderFiles';

// A second factor (account routes enrolTotp, confirmTotp, disableTotp, and the log-in's `code`):
// their config errors (file, line, fix), what they normalise to, and what they render.
// tests/unit/render/totpRuntime.test.ts runs src/appgen/totp.ts; tests/e2e/pages-blog.test.ts
// runs it all on the four ORM x database pairs.

const CODE = { code: { type: 'string', required: true } };
const ENROL = { method: 'POST', path: '/api/totp/enrol', account: 'enrolTotp' };
const CONFIRM = { method: 'POST', path: '/api/totp/confirm', account: 'confirmTotp', body: CODE };
const DISABLE = { method: 'POST', path: '/api/totp/disable', account: 'disableTotp', body: CODE };
const LOG_IN = logInRoute({ code: { type: 'string' } });
const files = (routes: unknown[], orm = 'prisma') => accountsProject(routes, { orm });
const problems = (routes: unknown[]) => problemsIn(files(routes)).map(describeProblem);

describe('second-factor routes', () => {
  it('accepts the three with a log-in that reads a code, and normalises them', () => {
    expect(problems([ENROL, CONFIRM, DISABLE, LOG_IN])).toEqual([]);
    const project = checkedProject(files([ENROL, CONFIRM, DISABLE, LOG_IN]));
    const routes = project.routes.filter((r) => r.file === 'config/routes/accounts.json');
    expect(
      routes.map((r) => [
        r.operation,
        r.account?.action,
        r.account?.passwordField,
        r.account?.asksSecondFactor,
      ]),
    ).toEqual([
      ['totp', 'enrolTotp', null, false],
      ['totp', 'confirmTotp', null, false],
      ['totp', 'disableTotp', null, false],
      ['logIn', 'logIn', 'password', true],
    ]);
  });

  it('reports a log-in without the code, with a required one or another type, and a code without a second factor', () => {
    expect(problems([ENROL, CONFIRM, { ...LOG_IN, body: LOG_IN_BODY }])).toEqual([
      expect.stringMatching(
        /routes\[2\]\.body \| this project has a second factor \(POST \/api\/totp\/enrol in config\/routes\/accounts\.json\), so a log-in reads a one-time code, and its body has no "code" .*add "code": \{ "type": "string" \} to "body" \(optional/,
      ),
    ]);
    const code = (declared: unknown) => ({ ...LOG_IN, body: { ...LOG_IN_BODY, code: declared } });
    expect(problems([CONFIRM, code({ type: 'string', required: true })])).toEqual([
      expect.stringMatching(
        /routes\[1\]\.body\.code \| "code" of a log-in is sent only by accounts with a second factor .*remove "required"/,
      ),
    ]);
    expect(problems([CONFIRM, code('int')])).toEqual([
      expect.stringMatching(
        /"code" of a log-in is a one-time code, of type "string", not "int" .*set "type": "string"/,
      ),
    ]);
    expect(problems([LOG_IN])).toEqual([
      expect.stringMatching(
        /routes\[0\]\.body\.code \| a log-in reads "code" \(a one-time code\) only in a project with a second factor, .*remove "code", or add the second-factor routes/,
      ),
    ]);
    // Another field still gets the log-in's did-you-mean, which names the code now.
    expect(
      problems([
        CONFIRM,
        code({ type: 'string' }),
        { ...LOG_IN, path: '/api/login2', body: { ...LOG_IN.body, cdoe: 'string' } },
      ]),
    ).toEqual([
      expect.stringMatching(
        /routes\[2\]\.body\.cdoe \| a log-in reads the password and "email" and "code", not "cdoe" .*did you mean "code"/,
      ),
    ]);
  });

  it('reports bodies that are not what the routes read, answers, methods and a missing log-in', () => {
    expect(problems([{ ...CONFIRM, body: { cdoe: 'string' } }, LOG_IN])).toEqual([
      expect.stringMatching(
        /routes\[0\]\.body\.cdoe \| a confirmation of one-time codes reads "code", not "cdoe" .*did you mean "code"/,
      ),
      expect.stringMatching(/the body of a confirmation of one-time codes needs "code"/),
    ]);
    expect(problems([{ ...DISABLE, body: { code: 'string' } }, LOG_IN])).toEqual([
      expect.stringMatching(
        /a disabling of one-time codes cannot go without "code" .*"required": true/,
      ),
    ]);
    expect(problems([{ ...ENROL, body: CODE }, LOG_IN])).toEqual([
      expect.stringMatching(
        /routes\[0\]\.body \| an enrolment in one-time codes takes no body: appgen makes the secret .*remove "body"/,
      ),
    ]);
    expect(problems([{ ...CONFIRM, response: 'Account' }, LOG_IN])).toEqual([
      expect.stringMatching(
        /routes\[0\]\.response \| a confirmation of one-time codes answers what appgen writes for it \(the recovery codes\) .*remove "response"/,
      ),
    ]);
    expect(problems([{ ...ENROL, method: 'GET' }, LOG_IN])).toEqual([
      expect.stringMatching(/"account": "enrolTotp" is a POST route, not GET .*"method": "POST"/),
    ]);
    expect(problems([ENROL])).toEqual([
      expect.stringMatching(
        /routes\[0\]\.account \| an enrolment in one-time codes protects a log-in with a second factor, and this project has no log-in route .*"account": "logIn"/,
      ),
    ]);
    expect(problems([{ ...ENROL, token: true }, LOG_IN])).toEqual([
      expect.stringMatching(
        /an enrolment in one-time codes starts no session: it has no token to give/,
      ),
    ]);
  });

  it('needs the accounts model', () => {
    const noAccounts = minimalProject({
      'config/models/User.json': { name: 'Person', fields: { name: 'string' } },
      'config/routes/users.json': { routes: [ENROL] },
    });
    expect(problemsIn(noAccounts).map(describeProblem)).toEqual([
      expect.stringMatching(
        /an enrolment in one-time codes belongs to one of the app's users, and this project has no accounts model .*"accounts": \{ "model": "User" \}/,
      ),
    ]);
  });

  it.each(['prisma', 'drizzle'])(
    'renders the handlers, the tables and the log-in that asks for the code (%s)',
    (orm) => {
      const rendered = renderFiles(files([ENROL, CONFIRM, DISABLE, LOG_IN], orm));
      const file = (name: string) => rendered.get(name)?.content ?? '';
      expect(file('src/app/api/totp/enrol/route.ts')).toContain(
        'return enrolTotp(session.subject);',
      );
      const confirm = file('src/app/api/totp/confirm/route.ts');
      expect(confirm).toContain('return confirmTotp(session.subject, body);');
      // The caller's live session first: a visitor's missing code is 401, not 400.
      expect(confirm.indexOf('await liveSessionOfRequest(request);')).toBeGreaterThan(0);
      expect(confirm.indexOf('await liveSessionOfRequest(request);')).toBeLessThan(
        confirm.indexOf('readBody<'),
      );
      expect(file('src/app/api/totp/disable/route.ts')).toContain(
        'return disableTotp(session.subject, body);',
      );
      // The code is checked after the password, before the attempt counts as a success.
      const logIn = file('src/app/api/login/route.ts');
      expect(logIn).toMatch(
        /return jsonError\(401, "Wrong email or password"\);\n[^]*await secondFactorRefusal\(account\.id, body\.code\);\n\s+if \(secondFactor\) return secondFactor;\n\s+await attempt\.succeeded\(\);/,
      );
      expect(file('src/appgen/totp.ts')).toContain('const ISSUER = "');
      expect(file('src/appgen/totpRows.ts')).toContain('export const totpRows: TotpRows');
      expect(file('src/appgen/session.ts')).toContain('export async function liveSessionOfRequest');
      if (orm === 'prisma') {
        expect(file('prisma/schema.prisma')).toMatch(
          /model AppgenTotp \{[^}]*secret String[^}]*lastTimeStep Int\?[^}]*onDelete: Cascade/,
        );
        expect(file('prisma/schema.prisma')).toMatch(
          /model AppgenRecoveryCode \{[^}]*codeHash String\n[^}]*onDelete: Cascade/,
        );
      } else expect(file('src/appgen/schema.ts')).toMatch(/appgenTotp[^]*appgenRecoveryCode/);
      expect(file('src/appgen/client.ts')).toContain('{ recoveryCodes: string[] }');
      expect(file('src/appgen/openapi.ts')).toContain('Turn one-time codes off');
    },
  );

  it('gives the code input of a log-in form autocomplete="one-time-code"', () => {
    const view = {
      name: 'LoginPage',
      path: '/login',
      title: 'Log in',
      root: {
        type: 'form',
        route: 'POST /api/login',
        fields: [
          { type: 'input', id: 'email', label: 'Email' },
          { type: 'input', id: 'password', label: 'Password' },
          { type: 'input', id: 'code', label: 'One-time code' },
          { type: 'button', label: 'Log in' },
        ],
      },
    };
    const rendered = renderFiles({
      ...files([ENROL, CONFIRM, DISABLE, LOG_IN]),
      'config/views/login.json': view,
    });
    const page = [...rendered.entries()].find(([name]) => name.startsWith('src/app/login/'));
    expect(page?.[1].content).toMatch(
      /<input id=\{"code"\} name=\{"code"\} type=\{"text"\} autoComplete=\{"one-time-code"\}/,
    );
  });

  describe('accounts.requireTotpFor', () => {
    const withRoles = (accounts: Record<string, unknown>, routes: unknown[], orm = 'prisma') =>
      accountsProject(routes, { orm, accounts: { roles: ['member', 'admin'], ...accounts } });
    const settingsProblems = (accounts: Record<string, unknown>, routes: unknown[]) =>
      problemsIn(withRoles(accounts, routes)).map(describeProblem);
    const ALL = [ENROL, CONFIRM, DISABLE, LOG_IN];

    it('accepts roles of accounts.roles in a project with the routes', () => {
      expect(settingsProblems({ requireTotpFor: ['admin'] }, ALL)).toEqual([]);
    });

    it('reports an unknown role (did-you-mean), the default role, no roles and no confirmation route', () => {
      expect(settingsProblems({ requireTotpFor: ['admn'] }, ALL)).toEqual([
        expect.stringMatching(
          /appgen\.config\.json:\d+:\d+ accounts\.requireTotpFor\[0\] \| "admn" is not one of the roles \(member, admin\) .*did you mean "admin"/,
        ),
      ]);
      expect(settingsProblems({ requireTotpFor: ['member'] }, ALL)).toEqual([
        expect.stringMatching(
          /accounts\.requireTotpFor\[0\] \| "member" is the default role, which a user acts with until their one-time codes are set up/,
        ),
      ]);
      expect(
        settingsProblems({ requireTotpFor: ['admin'] }, [{ ...LOG_IN, body: LOG_IN_BODY }]),
      ).toEqual([
        expect.stringMatching(
          /accounts\.requireTotpFor \| these roles wait for one-time codes, and no route sets them up .*"account": "confirmTotp"/,
        ),
      ]);
      const noRoles = accountsProject(ALL, { accounts: { requireTotpFor: ['admin'] } });
      expect(problemsIn(noRoles).map(describeProblem)).toEqual([
        expect.stringMatching(/accounts\.requireTotpFor \| "requireTotpFor" needs "roles"/),
      ]);
    });

    it.each(['prisma', 'drizzle'])(
      'renders a role check that acts with the default role until the codes are confirmed (%s)',
      (orm) => {
        const roles = (accounts: Record<string, unknown>) =>
          renderFiles(withRoles(accounts, ALL, orm)).get('src/appgen/roles.ts')?.content ?? '';
        const required = roles({ requireTotpFor: ['admin'] });
        expect(required).toContain('const NEEDS_CODES: readonly string[] = ["admin"];');
        expect(required).toContain(
          'return (await totpRows.find(userId))?.confirmedAt ? role : "member";',
        );
        expect(roles({})).not.toContain('NEEDS_CODES');
        expect(roles({})).toContain('return storedRoleOf(userId);');
      },
    );
  });

  it('renders no second-factor code in a project without its routes', () => {
    const rendered = renderFiles(files([{ ...LOG_IN, body: LOG_IN_BODY }]));
    expect(rendered.has('src/appgen/totp.ts')).toBe(false);
    expect(rendered.get('src/app/api/login/route.ts')?.content).not.toContain('secondFactor');
    expect(rendered.get('prisma/schema.prisma')?.content).not.toContain('AppgenTotp');
  });
});
