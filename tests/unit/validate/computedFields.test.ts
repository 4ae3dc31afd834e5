import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

const USER = {
  name: 'User',
  fields: {
    email: 'string',
    username: 'string',
    password: 'password',
    bio: { type: 'text', optional: true },
  },
  relations: {
    followers: { type: 'manyToMany', model: 'User', via: 'follows' },
    follows: { type: 'manyToMany', model: 'User', via: 'followers' },
  },
  computed: { following: { callerIn: 'followers' } },
};
const ARTICLE = {
  name: 'Article',
  fields: { title: 'string', authorId: 'uuid', secret: { type: 'string', hidden: true } },
  relations: {
    author: { type: 'belongsTo', model: 'User' },
    favoritedBy: { type: 'manyToMany', model: 'User' },
    tags: { type: 'manyToMany', model: 'Tag' },
    comments: { type: 'hasMany', model: 'Comment' },
  },
  computed: {
    favoritesCount: { count: 'favoritedBy' },
    favorited: { callerIn: 'favoritedBy' },
    tagList: { values: 'tags', field: 'name', orderBy: '-name' },
    commentCount: { count: 'comments' },
  },
};
const TAG = { name: 'Tag', fields: { name: { type: 'string', unique: true } } };
const COMMENT = {
  name: 'Comment',
  fields: { body: 'text', articleId: 'uuid' },
  relations: { article: { type: 'belongsTo', model: 'Article' } },
};
const ONE = {
  method: 'GET',
  path: '/api/articles/:id',
  params: { id: 'uuid' },
  response: 'Article',
};

const files = (routes: unknown[], models: { article?: object; user?: object } = {}) =>
  minimalProject({
    'config/models/User.json': models.user ?? USER,
    'config/models/Article.json': models.article ?? ARTICLE,
    'config/models/Tag.json': TAG,
    'config/models/Comment.json': COMMENT,
    'config/routes/articles.json': { routes },
    'config/routes/users.json': { routes: [] },
  });
const problems = (routes: unknown[], models?: { article?: object; user?: object }) =>
  problemsIn(files(routes, models)).map((d) => describeProblem(d).replace(/^\S+ /, ''));
const withComputed = (computed: object) => ({ article: { ...ARTICLE, computed } });

describe('computed fields', () => {
  it('accepts counts, callerIn and values on models, and routes that choose their fields', () => {
    const routes = [
      {
        ...ONE,
        auth: 'optional',
        fields: ['title', 'tagList', 'favorited', 'favoritesCount', 'commentCount'],
        include: { author: { fields: ['username', 'following'] }, comments: {} },
      },
      { method: 'GET', path: '/api/articles', response: 'Article[]', include: ['author'] },
    ];
    expect(problems(routes)).toEqual([]);
    const project = checkedProject(files(routes));
    const article = project.models.find((m) => m.name === 'Article');
    expect(article?.computed).toEqual([
      {
        name: 'favoritesCount',
        kind: 'count',
        relation: 'favoritedBy',
        field: null,
        orderBy: null,
      },
      { name: 'favorited', kind: 'callerIn', relation: 'favoritedBy', field: null, orderBy: null },
      {
        name: 'tagList',
        kind: 'values',
        relation: 'tags',
        field: 'name',
        orderBy: { field: 'name', descending: true },
      },
      { name: 'commentCount', kind: 'count', relation: 'comments', field: null, orderBy: null },
    ]);
    const [one, list] = project.routes.filter((r) => r.model === 'Article');
    expect([one.fields, one.include, one.includeFields]).toEqual([
      ['title', 'tagList', 'favorited', 'favoritesCount', 'commentCount'],
      ['author', 'comments'],
      { author: ['username', 'following'] },
    ]);
    expect([list.fields, list.include, list.includeFields]).toEqual([null, ['author'], {}]);
  });

  it('refuses a computed field that says nothing, or two things, or options of another kind', () => {
    expect(
      problems(
        [],
        withComputed({
          a: {},
          b: { count: 'tags', callerIn: 'favoritedBy' },
          c: { count: 'tags', field: 'name' },
        }),
      ),
    ).toEqual([
      expect.stringMatching(
        /computed\.a \| computed field "a" does not say what it computes \| give it one of "count"/,
      ),
      expect.stringMatching(
        /computed\.b \| computed field "b" names "count" and "callerIn": one only/,
      ),
      expect.stringMatching(
        /computed\.c\.field \| "field" applies to "values" computed fields only \| remove "field"\./,
      ),
    ]);
  });

  it('refuses unknown and unfit relations and fields, with the closest names', () => {
    expect(
      problems(
        [],
        withComputed({
          a: { count: 'tag' },
          b: { count: 'author' },
          c: { callerIn: 'tags' },
          d: { values: 'tags' },
          e: { values: 'tags', field: 'nme' },
          f: { values: 'comments', field: 'body', orderBy: '-bdy' },
          title: { count: 'tags' },
        }),
      ),
    ).toEqual([
      expect.stringMatching(
        /computed\.a\.count \| Article has no relation "tag" \| did you mean "tags"\?/,
      ),
      expect.stringMatching(
        /computed\.b\.count \| "count" needs a hasMany or manyToMany relation, and "author" is a belongsTo/,
      ),
      expect.stringMatching(
        /computed\.c\.callerIn \| "callerIn" needs a manyToMany relation to User \(the accounts model\), and "tags" is a manyToMany to Tag/,
      ),
      expect.stringMatching(
        /computed\.d \| computed field "d" lists values of "tags" but does not say which field \| add "field", e.g. "field": "name"\./,
      ),
      expect.stringMatching(
        /computed\.e\.field \| Tag has no field "nme" \| did you mean "name"\?/,
      ),
      expect.stringMatching(
        /computed\.f\.orderBy \| Comment has no field "bdy" \| did you mean "body"\?/,
      ),
      expect.stringMatching(
        /computed\.title \| computed field "title" has the name of a field of Article/,
      ),
    ]);
  });

  it('refuses fields a route cannot send, with the closest names', () => {
    expect(
      problems([
        {
          ...ONE,
          auth: true,
          fields: ['titel', 'secret', 'author', 'favoritesCont'],
          include: { auther: {}, author: { fields: ['password', 'folowing'] } },
        },
      ]),
    ).toEqual([
      expect.stringMatching(
        /routes\[0\]\.fields\[0\] \| Article has no field or computed field "titel" \| did you mean "title"\?/,
      ),
      expect.stringMatching(
        /routes\[0\]\.fields\[1\] \| "secret" of Article is hidden: no response sends it/,
      ),
      expect.stringMatching(
        /routes\[0\]\.fields\[2\] \| "author" is a relation of Article, not a field \| name it in "include" instead\./,
      ),
      expect.stringMatching(
        /routes\[0\]\.fields\[3\] \| Article has no field or computed field "favoritesCont" \| did you mean "favoritesCount"\?/,
      ),
      expect.stringMatching(
        /routes\[0\]\.include\.auther \| Article has no relation "auther" \| did you mean "author"\?/,
      ),
      expect.stringMatching(
        /routes\[0\]\.include\.author\.fields\[0\] \| "password" of User is hidden/,
      ),
      expect.stringMatching(
        /routes\[0\]\.include\.author\.fields\[1\] \| User has no field or computed field "folowing" \| did you mean "following"\?/,
      ),
    ]);
  });

  it('refuses a caller-dependent field on a route that identifies no caller, and a relation read twice', () => {
    expect(
      problems([
        {
          ...ONE,
          fields: ['title', 'favorited', 'favoritesCount'],
          include: { author: { fields: ['following'] } },
        },
        {
          ...ONE,
          method: 'PATCH',
          auth: true,
          body: { title: 'string' },
          fields: ['tagList'],
          include: ['tags'],
        },
      ]),
    ).toEqual([
      expect.stringMatching(
        /routes\[0\]\.fields\[1\] \| "favorited" depends on the signed-in caller, and GET \/api\/articles\/:id does not identify one \| add "auth": "optional" \(an anonymous caller gets false\) or "auth": true\./,
      ),
      expect.stringMatching(
        /routes\[0\]\.include\.author\.fields\[0\] \| "following" depends on the signed-in caller/,
      ),
      expect.stringMatching(
        /routes\[1\]\.include\[0\] \| "tags" and "tagList" both read the relation "tags" of Article: a route reads a relation one way only \| send only one of them\./,
      ),
    ]);
  });

  it('refuses fields on routes that answer no records', () => {
    expect(
      problems([
        {
          method: 'DELETE',
          path: '/api/articles/:id',
          params: { id: 'uuid' },
          model: 'Article',
          fields: ['title'],
        },
      ]),
    ).toEqual([
      expect.stringMatching(
        /routes\[0\]\.fields \| "fields" applies to routes that answer records of a model/,
      ),
    ]);
  });

  it('gives one error per mistake in the form of include and fields', () => {
    expect(
      problems([
        { ...ONE, include: { author: { field: ['username'] } } },
        { method: 'GET', path: '/api/articles', response: 'Article[]', include: 'author' },
        {
          method: 'GET',
          path: '/api/articles/:id/x',
          params: { id: 'uuid' },
          response: 'Article',
          fields: 'title',
        },
      ]),
    ).toEqual([
      expect.stringMatching(
        /routes\[0\]\.include\.author\.field \| unknown property "field" \| did you mean "fields"\?/,
      ),
      expect.stringMatching(/routes\[1\]\.include \| must be array, got string "author"/),
      expect.stringMatching(/routes\[2\]\.fields \| must be array, got string "title"/),
    ]);
  });
});
