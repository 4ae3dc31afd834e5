import type { ProjectFiles } from './tempProject';

/** The spec's minimal project: one model, four routes, a login view (as in examples/minimal). */
export const USER_MODEL = {
  name: 'User',
  fields: { id: 'uuid', name: 'string', email: 'string', createdAt: 'date_now' },
};

export const USER_ROUTES = {
  routes: [
    { method: 'GET', path: '/api/users', response: 'User[]' },
    {
      method: 'POST',
      path: '/api/users',
      body: {
        name: 'string',
        email: { type: 'string', required: true, validation: ['notEmpty', 'isEmail'] },
      },
      response: 'User',
    },
    { method: 'GET', path: '/api/users/:id', params: { id: 'uuid' }, response: 'User' },
    { method: 'DELETE', path: '/api/users/:id', params: { id: 'uuid' } },
  ],
};

export const LOGIN_VIEW = {
  name: 'LoginPage',
  path: '/login',
  root: {
    type: 'form',
    fields: [
      { type: 'input', id: 'email', label: 'Email' },
      { type: 'input', id: 'password', label: 'Password' },
      { type: 'button', label: 'Log in' },
    ],
  },
};

export function minimalProject(overrides: ProjectFiles = {}): ProjectFiles {
  return {
    'config/models/User.json': USER_MODEL,
    'config/routes/users.json': USER_ROUTES,
    'config/views/login.json': LOGIN_VIEW,
    ...overrides,
  };
}
