import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';
import type { ProjectFiles } from '../support/tempProject';

const ACCOUNT = {
  name: 'Account',
  fields: {
    email: { type: 'string', unique: true },
    username: { type: 'string', unique: true },
    nickname: 'string',
    password: 'password',
  },
};
const SIGN_UP = {
  method: 'POST',
  path: '/api/accounts',
  account: 'signUp',
  body: { email: 'string', username: 'string', nickname: 'string', password: 'password' },
  response: 'Account',
};
const LOG_IN = {
  method: 'POST',
  path: '/api/accounts/login',
  account: 'logIn',
  body: {
    email: { type: 'string', required: true },
    password: { type: 'password', required: true },
  },
  response: 'Account',
};
const files = (routes: unknown[], accounts: object = {}, extra: ProjectFiles = {}) =>
  minimalProject({
    'appgen.config.json': { accounts: { model: 'Account', ...accounts } },
    'config/models/Account.json': ACCOUNT,
    'config/routes/accounts.json': { routes },
    ...extra,
  });
const problems = (routes: unknown[], accounts?: object, extra?: ProjectFiles) =>
  problemsIn(files(routes, accounts, extra)).map((d) => describeProblem(d).replace(/^\S+ /, ''));

describe('account routes (sign-up, log-in, log-out)', () => {
  it('accepts them and normalises what each reads, with the defaults of the settings', () => {
    const project = checkedProject(
      files([SIGN_UP, LOG_IN, { method: 'POST', path: '/api/accounts/logout', account: 'logOut' }]),
    );
    expect(project.accounts).toEqual({
      model: 'Account',
      identity: ['email'],
      passwordField: 'password',
      tokenScheme: 'Bearer',
      passwordRules: [],
      roles: null,
      throttle: { perIdentity: 5, perAddress: 20, windowSeconds: 900 },
      emailField: 'email',
      emailFieldProblem: false,
      requireVerified: false,
      mailFrom: null,
      resetLink: '/reset-password',
      verifyLink: '/verify-email',
      providers: [],
      providersProblem: false,
      identityProblems: false,
      unchecked: false,
    });
    const accountRoutes = project.routes.filter((r) => r.file === 'config/routes/accounts.json');
    // With a log-in route, sign-up and log-in make their client known (the known-client cookie).
    const mail = {
      emailField: null,
      sendsVerification: false,
      requiresVerified: false,
      asksSecondFactor: false,
    };
    const signIn = { passwordField: 'password', knowsClient: true, ...mail };
    expect(accountRoutes.map((r) => [r.operation, r.account])).toEqual([
      ['create', { action: 'signUp', identity: ['email'], ...signIn }],
      ['logIn', { action: 'logIn', identity: ['email'], ...signIn }],
      [
        'logOut',
        { action: 'logOut', identity: [], passwordField: null, knowsClient: false, ...mail },
      ],
    ]);
  });

  it('makes no client known on a sign-up without a log-in route (no throttle counts it)', () => {
    const project = checkedProject(files([SIGN_UP]));
    const [signUp] = project.routes.filter((r) => r.file === 'config/routes/accounts.json');
    expect(signUp.account).toMatchObject({ action: 'signUp', knowsClient: false });
  });

  it('applies passwordRules to every write of the password, before the route’s own validators', () => {
    const signUp = {
      ...SIGN_UP,
      body: { ...SIGN_UP.body, password: { type: 'password', validation: ['maxLength:200'] } },
    };
    const change = {
      method: 'PATCH',
      path: '/api/accounts/:id',
      params: { id: 'uuid' },
      body: { password: 'password' },
      response: 'Account',
    };
    const project = checkedProject(
      files([signUp, LOG_IN, change], { passwordRules: ['minLength:8', 'maxLength:200'] }),
    );
    const validators = (path: string, method = 'POST') =>
      project.routes
        .find((r) => r.path === path && r.method === method)
        ?.body.find((f) => f.name === 'password')
        ?.validators.map((v) => `${v.name}:${v.raw}`);
    expect(validators('/api/accounts')).toEqual(['minLength:8', 'maxLength:200']);
    // A log-in checks the password sent against the stored one: the rules of new passwords do not apply.
    expect(validators('/api/accounts/login')).toEqual([]);
    expect(validators('/api/accounts/:id', 'PATCH')).toEqual(['minLength:8', 'maxLength:200']);
  });

  it('refuses an account route that is not a POST, or that has options it does itself', () => {
    expect(problems([{ ...LOG_IN, method: 'PUT' }])).toEqual([
      'routes[0].account | "account": "logIn" is a POST route, not PUT | use "method": "POST".',
    ]);
    expect(problems([{ ...LOG_IN, function: 'myLogIn' }])).toEqual([
      'routes[0].function | "function" does not apply to an account route: appgen writes its whole work | remove "function" (or "account" and handle the route yourself).',
    ]);
    expect(problems([{ ...LOG_IN, auth: true }])).toEqual([
      'routes[0].auth | an account route is for callers who are not signed in (or signing out) | remove "auth".',
    ]);
    expect(
      problems([
        { method: 'POST', path: '/api/accounts/logout', account: 'logOut', body: { a: 'string' } },
      ]),
    ).toEqual([
      'routes[0].account | a log-out takes no body and answers no model | remove "body", "response" and "model".',
    ]);
  });

  it('says what a log-in body lacks or has too many, with the fields it may have', () => {
    expect(problems([{ ...LOG_IN, body: { ...LOG_IN.body, emial: 'string' } }])).toEqual([
      'routes[0].body.emial | a log-in reads the password and "email", not "emial" | did you mean "email"?',
    ]);
    expect(problems([{ ...LOG_IN, body: { email: { type: 'string', required: true } } }])).toEqual([
      'routes[0].body | a log-in\'s body needs "password" | add "password": { "type": "password", "required": true } to "body".',
    ]);
    expect(problems([{ ...LOG_IN, body: { ...LOG_IN.body, email: 'string' } }])).toEqual([
      'routes[0].body.email | a log-in cannot go without "email" | add "required": true to "email".',
    ]);
  });

  it('takes several identity fields, any one of which names the account', () => {
    const logIn = {
      ...LOG_IN,
      body: { email: 'string', username: 'string', password: LOG_IN.body.password },
    };
    const rendered = renderFiles(files([logIn], { identity: ['email', 'username'] }));
    const handler = rendered.get('src/app/api/accounts/login/route.ts')?.content ?? '';
    expect(handler).toContain('const login = body.email ?? body.username ?? null;');
    expect(handler).toContain(
      'if (login === null) return invalidBody(["Email or username is required."]);',
    );
    expect(handler).toContain('return jsonError(401, "Wrong email, username or password");');
    expect(rendered.has('src/appgen/throttle.ts')).toBe(true);
  });

  it('checks the accounts settings where they are written', () => {
    expect(problems([LOG_IN], { identity: ['nickname'] })).toEqual([
      'accounts.identity[0] | Account.nickname is not unique, so it cannot name one account | add "unique": true to Account.nickname.',
    ]);
    expect(problems([LOG_IN], { identity: ['emial'] })).toEqual([
      'accounts.identity[0] | "emial" is not a field of Account | did you mean "email"?',
    ]);
    expect(problems([LOG_IN], { passwordRules: ['minLenght:8'] })).toEqual([
      expect.stringMatching(/^accounts\.passwordRules\[0\] \| .*did you mean "minLength:8"\?$/),
    ]);
    expect(problems([LOG_IN], { tokenScheme: 'Bearer Token' })).toEqual([
      expect.stringMatching(/^accounts\.tokenScheme \| .*must be one word/),
    ]);
    expect(problems([LOG_IN], { throttle: { perIdentity: 0 } })).toEqual([
      expect.stringMatching(/^accounts\.throttle\.perIdentity \| must be >= 1/),
    ]);
  });

  it('needs the accounts model, its password field and a database', () => {
    const onAnotherModel = minimalProject({
      'config/models/Account.json': ACCOUNT,
      'config/routes/accounts.json': { routes: [LOG_IN] },
    });
    expect(problemsIn(onAnotherModel).map((d) => `${d.message} | ${d.hint}`)).toEqual([
      'an account route works on User (the accounts model), and this one on Account | answer "User".',
    ]);
    const withoutPassword = { ...ACCOUNT, fields: { email: { type: 'string', unique: true } } };
    expect(
      problems(
        [{ ...LOG_IN, body: { email: LOG_IN.body.email } }],
        {},
        { 'config/models/Account.json': withoutPassword },
      ),
    ).toEqual([
      'routes[0].account | "account": "logIn" needs the password field of Account, and it has none or several | give Account exactly one field of type "password".',
    ]);
    expect(
      problems(
        [LOG_IN],
        {},
        { 'appgen.config.json': { orm: 'none', accounts: { model: 'Account' } } },
      ),
    ).toEqual([
      'routes[0].account | "account": "logIn" needs a database, and this project has orm "none" | set "orm": "prisma" (or "drizzle") in appgen.config.json, or remove "account".',
    ]);
  });

  it('fires no events on a log-in, and the create events on a sign-up', () => {
    const events = {
      'config/events/accounts.json': {
        events: [{ name: 'welcome', model: 'Account', on: ['create'] }],
      },
    };
    const rendered = renderFiles(files([SIGN_UP, LOG_IN], {}, events));
    expect(rendered.get('src/app/api/accounts/route.ts')?.content).toContain('welcome');
    expect(rendered.get('src/app/api/accounts/login/route.ts')?.content).not.toContain('welcome');
  });
});

describe('stored sessions and "sign out everywhere" (endSessions)', () => {
  const LOG_OUT = { method: 'POST', path: '/api/accounts/logout', account: 'logOut' };
  const END = { method: 'POST', path: '/api/accounts/sessions/end', account: 'endSessions' };
  const CHANGE = {
    method: 'PATCH',
    path: '/api/account',
    record: 'currentUser',
    auth: true,
    body: { nickname: 'string', password: 'password' },
    response: 'Account',
  };

  it('runs "sign out everywhere" as a log-out that ends every session of the caller', () => {
    const project = checkedProject(files([SIGN_UP, END]));
    const end = project.routes.find((r) => r.path === END.path);
    expect([end?.operation, end?.account]).toEqual([
      'logOut',
      {
        action: 'endSessions',
        identity: [],
        passwordField: null,
        knowsClient: false,
        emailField: null,
        sendsVerification: false,
        requiresVerified: false,
        asksSecondFactor: false,
      },
    ]);
    const rendered = renderFiles(files([SIGN_UP, LOG_IN, LOG_OUT, END, CHANGE]));
    const handler = (path: string) => rendered.get(`src/app/api/${path}/route.ts`)?.content ?? '';
    expect(handler('accounts/sessions/end')).toContain(
      'if (!(await endEverySession(request))) return jsonError(401, "Unauthorized");',
    );
    expect(handler('accounts/logout')).toContain('await endRequestSession(request);');
    expect(
      renderFiles(files([SIGN_UP, { ...END, method: 'GET', account: 'listSessions' }])).get(
        'src/app/api/accounts/sessions/end/route.ts',
      )?.content,
    ).toContain('return json(await callerSessions(session));');
    // The other sessions end before the new password is written.
    const change = handler('account');
    expect(change).toContain(
      'if (body.password !== undefined) await endOtherSessions(current.id, request);',
    );
    expect(change.indexOf('endOtherSessions(current.id')).toBeLessThan(change.indexOf('.update'));
    expect(rendered.get('prisma/schema.prisma')?.content).toContain(
      '@relation("AppgenSession_user", fields: [userId], references: [id], onDelete: Cascade)',
    );
    expect(rendered.has('src/appgen/sessions.ts')).toBe(true);
  });

  it.each(['prisma', 'drizzle'])(
    "ends a user's sessions when a route by path sets their password (%s), after the checks",
    (orm) => {
      const BY_PATH = {
        method: 'PATCH',
        path: '/api/accounts/:id/password',
        params: { id: 'uuid' },
        model: 'Account',
        auth: true,
        voter: 'self',
        body: { password: { type: 'password', required: true } },
        response: 'Account',
      };
      const NAME = { ...BY_PATH, path: '/api/accounts/:id', body: { nickname: 'string' } };
      const rendered = renderFiles({
        ...files([SIGN_UP, BY_PATH, NAME]),
        'appgen.config.json': { orm, accounts: { model: 'Account' } },
      });
      const handler = (path: string) => rendered.get(`src/app/api/${path}/route.ts`)?.content ?? '';
      const change = handler('accounts/[id]/password');
      // The record is read first (404 for none), the voter decides, then the sessions end, then
      // the write: a crash between the last two leaves them ended, never beside a new password.
      const at = (mark: string) => {
        const index = change.indexOf(mark);
        if (index < 0) throw new Error(`no ${mark} in\n${change}`);
        return index;
      };
      const marks = [
        at('if (!current) return jsonError(404'),
        at('allowSelf(userId'),
        at('await endOtherSessions(current.id'),
        at(orm === 'prisma' ? 'db.account.update(' : 'db.update(tables.account)'),
      ];
      expect([...marks].sort((a, b) => a - b)).toEqual(marks);
      // A write without the password ends nothing.
      expect(handler('accounts/[id]')).not.toContain('endOtherSessions');
    },
  );

  it("imports Drizzle's foreignKey for the sessions' table when no model has a belongsTo", () => {
    const rendered = renderFiles({
      ...files([SIGN_UP]),
      'appgen.config.json': { orm: 'drizzle', accounts: { model: 'Account' } },
    });
    const schema = rendered.get('src/appgen/schema.ts')?.content ?? '';
    expect(schema).toMatch(
      /^import \{[^}]*\bforeignKey\b[^}]*\} from "drizzle-orm\/sqlite-core";/m,
    );
    expect(schema).toContain('(table): SQLiteTableExtraConfigValue[] => [');
    expect(schema).toContain('foreignColumns: [account.id],');
  });

  it('stores sessions only where routes start them: a lone log-out keeps tokens as they are', () => {
    const rendered = renderFiles(files([LOG_OUT]));
    expect(rendered.has('src/appgen/sessions.ts')).toBe(false);
    expect(rendered.get('prisma/schema.prisma')?.content).not.toContain('AppgenSession');
    expect(rendered.get('src/app/api/accounts/logout/route.ts')?.content).not.toContain(
      'endRequestSession',
    );
  });

  it('refuses it on another method, with a body, or without an accounts model', () => {
    expect(problems([{ ...END, method: 'DELETE' }])).toEqual([
      'routes[0].account | "account": "endSessions" is a POST route, not DELETE | use "method": "POST".',
    ]);
    const LIST = { method: 'GET', path: '/api/accounts/sessions', account: 'listSessions' };
    expect(problems([{ ...LIST, method: 'POST' }])).toEqual([
      'routes[0].account | "account": "listSessions" is a GET route, not POST | use "method": "GET".',
    ]);
    expect(problems([{ ...LIST, response: 'Account[]' }])).toEqual([
      'routes[0].account | a list of sessions takes no body and answers no model | remove "body", "response" and "model".',
    ]);
    expect(problems([{ ...END, body: { all: 'boolean' } }])).toEqual([
      'routes[0].account | a "sign out everywhere" takes no body and answers no model | remove "body", "response" and "model".',
    ]);
    expect(problems([{ ...END, token: true }])).toEqual([
      'routes[0].token | a "sign out everywhere" starts no session: it has no token to give | remove "token".',
    ]);
    const REVOKE = {
      method: 'DELETE',
      path: '/api/accounts/sessions/:id',
      account: 'revokeSession',
      params: { id: 'uuid' },
    };
    expect(problems([REVOKE])).toEqual([]);
    expect(problems([{ ...REVOKE, method: 'POST' }])).toEqual([
      'routes[0].account | "account": "revokeSession" is a DELETE route, not POST | use "method": "DELETE".',
    ]);
    expect(
      problems([{ ...REVOKE, path: '/api/accounts/sessions/:sid', params: { sid: 'uuid' } }]),
    ).toEqual([
      'routes[0].params | a revocation of a session names the session by its id, the last segment of its path | use a path ending in "/:id" (e.g. "/api/sessions/:id") with "params": { "id": "uuid" }.',
    ]);
    expect(problems([{ ...REVOKE, response: 'Account' }])).toEqual([
      'routes[0].account | a revocation of a session takes no body and answers no model | remove "body", "response" and "model".',
    ]);
    const noAccounts = problemsIn(
      minimalProject({
        'config/models/User.json': { name: 'Person', fields: { name: 'string' } },
        'config/routes/users.json': { routes: [END] },
      }),
    ).map((d) => describeProblem(d).replace(/^\S+ /, ''));
    expect(noAccounts).toEqual([
      'routes[0].account | "account": "endSessions" works on the stored sessions of the accounts model\'s users, and this project has none | name it in appgen.config.json: "accounts": { "model": "User" }.',
    ]);
  });
});

describe('the transform of an identity field', () => {
  const lowered = { type: 'string', required: true, transform: ['trim', 'toLowerCase'] };
  const warnings = (routes: unknown[]) =>
    checkedProject(files(routes)).warnings.map((d) => describeProblem(d).replace(/^\S+ /, ''));

  it('is the same on the log-in and the routes that store the field: no warning', () => {
    expect(
      warnings([
        { ...SIGN_UP, body: { ...SIGN_UP.body, email: lowered } },
        { ...LOG_IN, body: { ...LOG_IN.body, email: lowered } },
      ]),
    ).toEqual([]);
    expect(warnings([SIGN_UP, LOG_IN])).toEqual([]);
  });

  it('differs between the log-in and a route that stores it: a warning on the log-in', () => {
    expect(warnings([{ ...SIGN_UP, body: { ...SIGN_UP.body, email: lowered } }, LOG_IN])).toEqual([
      'routes[1].body.email | the log-in looks "email" up as sent, but POST /api/accounts stores it after "trim", "toLowerCase": an account may not be found by what its user typed | give both the same "transform": ["trim","toLowerCase"].',
    ]);
    expect(warnings([SIGN_UP, { ...LOG_IN, body: { ...LOG_IN.body, email: lowered } }])).toEqual([
      'routes[1].body.email | the log-in looks "email" up after "trim", "toLowerCase", but POST /api/accounts stores it as sent: an account may not be found by what its user typed | give both the same "transform": add ["trim","toLowerCase"] to "email" of POST /api/accounts.',
    ]);
  });
});
