import fs from 'fs';
import path from 'path';
import type { ProjectFiles } from './tempProject';

/** The spec's minimal project: one model, four routes, a login view (as in examples/minimal). */
export const USER_MODEL = {
  name: 'User',
  fields: { id: 'uuid', name: 'string', email: 'string', createdAt: 'date_now' },
};

/** A tag named once, linked to many articles (the other side of an Article's `tags`). */
export const TAG_MODEL = {
  name: 'Tag',
  fields: { id: 'uuid', name: { type: 'string', unique: true } },
  relations: { articles: { type: 'manyToMany', model: 'Article', via: 'tags' } },
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

/**
 * The minimal project with examples/publishing's models and article routes (no user routes):
 * what the runtime tests of shape.ts, slug.ts and body.ts render.
 */
export function publishingArticlesProject(overrides: ProjectFiles = {}): ProjectFiles {
  const example = (file: string) =>
    JSON.parse(
      fs.readFileSync(path.join(__dirname, '../../../examples/publishing/config', file), 'utf8'),
    );
  return minimalProject({
    'config/models/User.json': example('models/User.json'),
    'config/models/Article.json': example('models/Article.json'),
    'config/models/Tag.json': example('models/Tag.json'),
    'config/models/Comment.json': example('models/Comment.json'),
    'config/routes/articles.json': example('routes/articles.json'),
    'config/routes/users.json': { routes: [] },
    ...overrides,
  });
}
