import type { ElementContext, ProjectContext } from '../../../src/map/contexts';
import { mapProject } from '../../../src/map/mapProject';
import { checkedProject } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { SQLITE_OPTIONS } from '../support/generateOptions';

const MEMBER = { name: 'Member', fields: { email: 'string', password: 'string' } };
const ROUTES = {
  routes: [
    {
      method: 'POST',
      path: '/api/members',
      response: 'Member',
      body: { email: 'string', password: 'string' },
    },
    {
      method: 'PATCH',
      path: '/api/members/:id',
      params: { id: 'uuid' },
      response: 'Member',
      body: { password: 'string' },
    },
    {
      method: 'POST',
      path: '/api/login',
      body: { email: 'string', password: 'string' },
      function: 'login',
    },
    {
      method: 'POST',
      path: '/api/register',
      body: { email: 'string', password: 'string' },
      function: 'register',
    },
  ],
};

const form = (name: string, path: string, route: string | undefined, ids: string[]) => ({
  [`config/views/${name}.json`]: {
    name: `${name[0].toUpperCase()}${name.slice(1)}Page`,
    path,
    root: {
      type: 'form',
      ...(route ? { route } : {}),
      fields: ids.map((id) => ({ type: 'input', id, label: id })),
    },
  },
});

function passwordInputs(context: ProjectContext, path: string): Record<string, string | null> {
  const all = (e: ElementContext): ElementContext[] => [e, ...e.children.flatMap(all)];
  const view = context.views.find((v) => v.urlPath === path)!;
  return Object.fromEntries(
    all(view.root)
      .filter((e) => e.type === 'input')
      .map((e) => [e.id, e.autocomplete]),
  );
}

describe('autocomplete of password inputs', () => {
  const context = mapProject(
    checkedProject(
      minimalProject({
        'config/models/Member.json': MEMBER,
        'config/routes/members.json': ROUTES,
        ...form('signup', '/signup', 'POST /api/members', ['email', 'password']),
        ...form('change', '/members/:id/password', 'PATCH /api/members/:id', ['password']),
        ...form('enter', '/enter', 'POST /api/login', ['email', 'password']),
        ...form('register', '/register', 'POST /api/register', ['password']),
        ...form('draft', '/draft', undefined, ['password', 'newPassword']),
      }),
    ),
    SQLITE_OPTIONS,
  );

  it('is new-password where the form stores it: a model write, or a function route named like sign-up', () => {
    expect(passwordInputs(context, '/signup')).toEqual({ email: null, password: 'new-password' });
    expect(passwordInputs(context, '/members/:id/password')).toEqual({ password: 'new-password' });
    expect(passwordInputs(context, '/register')).toEqual({ password: 'new-password' });
  });

  it('is current-password on a log-in form and an unbound form, unless the id says new', () => {
    expect(passwordInputs(context, '/enter')).toEqual({
      email: null,
      password: 'current-password',
    });
    expect(passwordInputs(context, '/draft')).toEqual({
      password: 'current-password',
      newPassword: 'new-password',
    });
  });
});

describe('autocomplete of password inputs on account routes', () => {
  const USER = {
    name: 'User',
    fields: {
      email: { type: 'string', unique: true },
      name: { type: 'string', optional: true },
      password: { type: 'password', optional: true },
    },
  };
  const context = mapProject(
    checkedProject(
      minimalProject({
        'config/models/User.json': USER,
        'config/routes/accounts.json': {
          routes: [
            {
              method: 'POST',
              path: '/api/accounts',
              account: 'signUp',
              body: { email: 'string', password: 'password' },
              response: 'User',
            },
            {
              method: 'POST',
              path: '/api/accounts/login',
              account: 'logIn',
              body: {
                email: { type: 'string', required: true },
                password: { type: 'password', required: true },
              },
              response: 'User',
            },
          ],
        },
        ...form('join', '/join', 'POST /api/accounts', ['email', 'password']),
        ...form('enter', '/enter', 'POST /api/accounts/login', ['email', 'password']),
      }),
    ),
    SQLITE_OPTIONS,
  );

  it('is new-password on a sign-up form and current-password on a log-in form', () => {
    expect(passwordInputs(context, '/join')).toEqual({ email: null, password: 'new-password' });
    expect(passwordInputs(context, '/enter')).toEqual({
      email: null,
      password: 'current-password',
    });
  });
});
