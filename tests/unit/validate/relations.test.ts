import { describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

const USER = {
  name: 'User',
  fields: {
    name: 'string',
    email: { type: 'string', unique: true },
    passwordHash: { type: 'string', optional: true, hidden: true },
  },
  relations: { posts: { type: 'hasMany', model: 'Post' } },
};
const POST = {
  name: 'Post',
  fields: { title: 'string', authorId: 'uuid', editorId: { type: 'uuid', optional: true } },
  relations: {
    author: { type: 'belongsTo', model: 'User', onDelete: 'cascade' },
    editor: { type: 'belongsTo', model: 'User', onDelete: 'setNull' },
    tags: { type: 'manyToMany', model: 'Tag' },
  },
  indexes: [['title', 'authorId'], { fields: ['authorId', 'editorId'], unique: true }],
};
const TAG = {
  name: 'Tag',
  fields: { name: { type: 'string', unique: true } },
  relations: { posts: { type: 'manyToMany', model: 'Post' } },
};

const problems = (models: Record<string, unknown>) =>
  problemsIn(
    minimalProject({
      'config/models/User.json': USER,
      'config/models/Post.json': POST,
      'config/models/Tag.json': TAG,
      ...models,
    }),
  ).map(describeProblem);

describe('relations and indexes', () => {
  it('accepts belongsTo, hasMany (mirrored with via), manyToMany both ways, indexes and hidden fields', () => {
    expect(
      problems({
        'config/models/User.json': {
          ...USER,
          relations: {
            posts: { type: 'hasMany', model: 'Post', via: 'author' },
            edited: { type: 'hasMany', model: 'Post', via: 'editor' },
          },
        },
      }),
    ).toEqual([]);
  });

  it('asks which belongsTo a hasMany mirrors when there are several, and says when there is none', () => {
    expect(problems({})).toEqual([
      expect.stringMatching(
        /config\/models\/User\.json:\d+:\d+ relations\.posts \| hasMany "posts" needs a relation to mirror: Post has several belongsTo relations to User \(author, editor\) \| name the one it mirrors with "via": "author", "editor"\./,
      ),
    ]);
    expect(
      problems({
        'config/models/Tag.json': {
          ...TAG,
          relations: { users: { type: 'hasMany', model: 'User' } },
        },
      }),
    ).toEqual([
      expect.stringMatching(
        /Tag\.json:\d+:\d+ relations\.users \| hasMany "users" needs a relation to mirror: User has no belongsTo relation to Tag \| add to User a relation \{ "type": "belongsTo", "model": "Tag" \}\./,
      ),
      expect.stringMatching(/User\.json.* needs a relation to mirror: Post has several/),
    ]);
  });

  it('needs a uuid field for a belongsTo, optional for setNull, and a known model', () => {
    const post = {
      ...POST,
      fields: { title: 'string', authorId: 'string', editorId: 'uuid' },
      relations: {
        author: { type: 'belongsTo', model: 'User' },
        editor: { type: 'belongsTo', model: 'User', onDelete: 'setNull' },
        owner: { type: 'belongsTo', model: 'Usr' },
        reviewer: { type: 'belongsTo', model: 'User' },
      },
    };
    expect(
      problems({
        'config/models/Post.json': post,
        'config/models/User.json': { ...USER, relations: {} },
        'config/models/Tag.json': { ...TAG, relations: {} },
      }),
    ).toEqual([
      expect.stringMatching(
        /relations\.author \| "authorId" holds a User id, so it must be a uuid, not string \| declare "authorId": "uuid"\./,
      ),
      expect.stringMatching(
        /relations\.editor\.onDelete \| "setNull" empties "editorId", which is not optional/,
      ),
      expect.stringMatching(
        /relations\.owner\.model \| unknown model "Usr" \| did you mean "User"\?/,
      ),
      expect.stringMatching(
        /relations\.reviewer \| Post has no field "reviewerId" to hold the id of the related User \| add "reviewerId": "uuid" to "fields", or name another field with "field"\./,
      ),
    ]);
  });

  it('refuses a relation named like a field, options of other kinds, unknown index fields and a hidden id', () => {
    const post = {
      ...POST,
      fields: { ...POST.fields, id: { type: 'uuid', hidden: true } },
      relations: {
        title: { type: 'manyToMany', model: 'Tag', onDelete: 'cascade' },
        author: { type: 'belongsTo', model: 'User', via: 'posts' },
      },
      indexes: [['titel']],
    };
    expect(
      problems({
        'config/models/Post.json': post,
        'config/models/User.json': { ...USER, relations: {} },
        'config/models/Tag.json': { ...TAG, relations: {} },
      }),
    ).toEqual([
      expect.stringMatching(/fields\.id \| "id" cannot be hidden/),
      expect.stringMatching(/relations\.title \| relation "title" has the name of a field of Post/),
      expect.stringMatching(
        /relations\.title\.onDelete \| "onDelete" applies to belongsTo relations only/,
      ),
      expect.stringMatching(
        /relations\.author\.via \| "via" applies to hasMany and manyToMany relations only/,
      ),
      expect.stringMatching(
        /indexes\[0\] \| index field "titel" is not a field of Post \| did you mean "title"\?/,
      ),
    ]);
  });
});
