import type { ProjectContext } from '../../../src/map/contexts';
import { mapProject } from '../../../src/map/mapProject';
import { checkedProject } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { SQLITE_OPTIONS } from '../support/generateOptions';
import type { ProjectFiles } from '../support/tempProject';

const map = (files: ProjectFiles): ProjectContext =>
  mapProject(checkedProject(files), SQLITE_OPTIONS);

const USER = {
  name: 'User',
  fields: {
    email: { type: 'string', unique: true },
    username: { type: 'string', unique: true },
    password: { type: 'password', optional: true },
    bio: { type: 'text', optional: true },
    createdAt: 'date_now',
  },
};
const TAG = { name: 'Tag', fields: { name: { type: 'string', unique: true } } };
const POST = {
  name: 'Post',
  fields: { title: 'string', authorId: 'uuid' },
  relations: {
    author: { type: 'belongsTo', model: 'User' },
    readers: { type: 'manyToMany', model: 'User' },
    tags: { type: 'manyToMany', model: 'Tag' },
  },
};
const ONE = { path: '/api/posts/:id', params: { id: 'uuid' }, response: 'Post' };

/** What each route (in config order) sends of each included relation: its fields, or null (all). */
function includedFields(routes: object[], settings: object = {}) {
  const project = map(
    minimalProject({
      'appgen.config.json': settings,
      'config/models/User.json': USER,
      'config/routes/users.json': {
        routes: [{ method: 'GET', path: '/api/users', response: 'User[]' }],
      },
      'config/models/Tag.json': TAG,
      'config/models/Post.json': POST,
      'config/routes/posts.json': { routes },
    }),
  );
  return project.methods
    .filter((m) => m.model?.name === 'Post')
    .map((m) => ({
      shaped: m.shapeName !== null,
      include: Object.fromEntries(m.include.map((i) => [i.name, i.fields])),
    }));
}

describe("the accounts model's identity fields are private in included records", () => {
  it('leaves them out of an include that names no fields (belongsTo and manyToMany)', () => {
    expect(
      includedFields([{ method: 'GET', ...ONE, include: ['author', 'readers', 'tags'] }]),
    ).toEqual([
      {
        shaped: true,
        include: {
          // Every field that is sent (not the password) but the identity, in the model's order.
          author: ['id', 'username', 'bio', 'createdAt'],
          readers: ['id', 'username', 'bio', 'createdAt'],
          // Another model sends every field, as before.
          tags: null,
        },
      },
    ]);
  });

  it("sends them where the include's fields name them", () => {
    const include = { author: { fields: ['username', 'email'] } };
    expect(includedFields([{ method: 'GET', ...ONE, include }])).toEqual([
      { shaped: true, include: { author: ['username', 'email'] } },
    ]);
  });

  it('follows accounts.identity, and leaves other models and a project without accounts alone', () => {
    const routes = [{ method: 'GET', ...ONE, include: ['author'] }];
    expect(includedFields(routes, { accounts: { identity: ['email', 'username'] } })).toEqual([
      { shaped: true, include: { author: ['id', 'bio', 'createdAt'] } },
    ]);
    expect(includedFields(routes, { accounts: { identity: ['username'] } })).toEqual([
      { shaped: true, include: { author: ['id', 'email', 'bio', 'createdAt'] } },
    ]);
    // The accounts model is Tag: User's fields are all sent.
    expect(includedFields(routes, { accounts: { model: 'Tag', identity: ['name'] } })).toEqual([
      { shaped: false, include: { author: null } },
    ]);
  });

  it("keeps them in the accounts model's own answers", () => {
    const project = map(
      minimalProject({
        'config/models/User.json': USER,
        'config/routes/users.json': {
          routes: [
            { method: 'GET', path: '/api/users', response: 'User[]' },
            { method: 'GET', path: '/api/me', record: 'currentUser', auth: true, response: 'User' },
          ],
        },
      }),
    );
    expect(project.methods.map((m) => [m.fields, m.shapeName])).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});
