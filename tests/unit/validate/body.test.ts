import { describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

const POST_MODEL = {
  name: 'Post',
  fields: {
    userId: 'uuid',
    title: 'string',
    status: { type: 'enum', values: ['draft', 'live'], default: 'draft' },
    note: { type: 'text', optional: true },
    createdAt: 'date_now',
  },
};
const withRoutes = (...routes: unknown[]) =>
  minimalProject({ 'config/models/Post.json': POST_MODEL, 'config/routes/zz.json': { routes } });
const problems = (...routes: unknown[]) => problemsIn(withRoutes(...routes)).map(describeProblem);
const ITEM = { path: '/api/posts/:id', params: { id: 'uuid' }, response: 'Post' };

describe('route bodies of routes that write a model', () => {
  it('reports a body field that is not a field of the model, with a suggestion', () => {
    expect(
      problems({
        method: 'POST',
        path: '/api/posts',
        body: { userId: 'uuid', title: 'string', titel: 'string' },
        response: 'Post',
      }),
    ).toEqual([
      'config/routes/zz.json:9:9 routes[0].body.titel | body field "titel" is not a field of model Post | did you mean "title"? Or handle the route with a "function".',
    ]);
  });

  it('reports a body field whose type differs from the model field', () => {
    expect(problems({ method: 'PATCH', ...ITEM, body: { title: 'int' } })).toEqual([
      'config/routes/zz.json:11:18 routes[0].body.title | body field "title" is int but Post.title is string | declare it as "string".',
    ]);
  });

  it('refuses id and date_now fields in a body', () => {
    expect(
      problems({ method: 'PATCH', ...ITEM, body: { id: 'uuid', createdAt: 'datetime' } }).map((p) =>
        p.split(' | ').slice(1).join(' | '),
      ),
    ).toEqual([
      '"id" is set by the database and cannot come from the request body | remove it from "body".',
      '"createdAt" is a date_now field, set by the server and cannot come from the request body | remove it from "body".',
    ]);
  });

  it('reports a create that lacks a field the model requires', () => {
    expect(
      problems({ method: 'POST', path: '/api/posts', body: { status: 'enum' }, response: 'Post' }),
    ).toEqual([
      'config/routes/zz.json:3:5 routes[0] | POST /api/posts writes Post but its body lacks the required fields "userId", "title" | add them to "body", or make them optional or give them a default in the model.',
    ]);
  });

  it('reports a PUT that lacks a required field, but not a PATCH', () => {
    expect(problems({ method: 'PUT', ...ITEM, body: { userId: 'uuid' } })).toEqual([
      expect.stringContaining(
        'PUT /api/posts/:id writes Post but its body lacks the required field "title"',
      ),
    ]);
    expect(problems({ method: 'PATCH', ...ITEM, body: { note: 'text' } })).toEqual([]);
  });

  it('counts a path parameter as providing its field', () => {
    expect(
      problems({
        method: 'POST',
        path: '/api/authors/:userId/posts',
        params: { userId: 'uuid' },
        body: { title: 'string' },
        response: 'Post',
      }),
    ).toEqual([]);
  });

  it('suggests only writable fields (not id or date_now fields)', () => {
    const [problem] = problemsIn(withRoutes({ method: 'PATCH', ...ITEM, body: { zzz: 'string' } }));
    expect(problem.hint).toBe(
      'use a field of the model: "userId", "title", "status", "note". Or handle the route with a "function".',
    );
  });

  it('does not take names of Object.prototype for model fields', () => {
    expect(problems({ method: 'PATCH', ...ITEM, body: { toString: 'string' } })).toEqual([
      expect.stringContaining('body field "toString" is not a field of model Post'),
    ]);
  });

  it('does not require optional fields, fields with a default, id or date_now', () => {
    expect(
      problems({
        method: 'POST',
        path: '/api/posts',
        body: { userId: 'uuid', title: 'string' },
        response: 'Post',
      }),
    ).toEqual([]);
  });

  it('refuses a body on GET and DELETE', () => {
    expect(problems({ method: 'DELETE', ...ITEM, body: { title: 'string' } })).toEqual([
      'config/routes/zz.json:10:7 routes[0].body | DELETE requests carry no body | remove "body", or use POST, PUT or PATCH.',
    ]);
  });

  it('takes the values of an enum body field from the model', () => {
    expect(problems({ method: 'PATCH', ...ITEM, body: { status: 'enum' } })).toEqual([]);
  });
});

describe('route bodies of function routes', () => {
  const fn = (body: object) => ({
    method: 'POST',
    path: '/api/contact',
    function: 'sendMessage',
    body,
  });

  it('may declare any fields', () => {
    expect(problems(fn({ subject: 'string', message: { type: 'text', required: true } }))).toEqual(
      [],
    );
  });

  it('needs "values" for an enum field', () => {
    expect(problems(fn({ topic: 'enum' }))).toEqual([
      'config/routes/zz.json:8:18 routes[0].body.topic | enum body field "topic" has no "values" | add "values", or name an enum field of the model.',
    ]);
    expect(problems(fn({ topic: { type: 'enum', values: ['sales', 'support'] } }))).toEqual([]);
  });
});

describe('uuid[] body fields (links of a manyToMany relation)', () => {
  const TAGGED = {
    ...POST_MODEL,
    relations: {
      author: { type: 'belongsTo', model: 'User', field: 'userId' },
      tags: { type: 'manyToMany', model: 'Tag' },
      readers: { type: 'manyToMany', model: 'User' },
    },
  };
  const TAG = {
    name: 'Tag',
    fields: { name: 'string' },
    relations: { posts: { type: 'manyToMany', model: 'Post' } },
  };
  const COMMENT = {
    name: 'Comment',
    fields: { postId: 'uuid' },
    relations: { post: { type: 'belongsTo', model: 'Post' } },
  };
  const tagged = (...routes: unknown[]) =>
    problemsIn(
      minimalProject({
        'config/models/Post.json': {
          ...TAGGED,
          relations: { ...TAGGED.relations, comments: { type: 'hasMany', model: 'Comment' } },
        },
        'config/models/Tag.json': TAG,
        'config/models/Comment.json': COMMENT,
        'config/routes/zz.json': { routes },
      }),
    ).map(describeProblem);

  it('sets the links of the manyToMany relation of the same name, on POST, PUT and PATCH', () => {
    expect(
      tagged(
        {
          method: 'POST',
          path: '/api/posts',
          body: {
            userId: 'uuid',
            title: 'string',
            tags: 'uuid[]',
            readers: { type: 'uuid[]', required: true },
          },
          response: 'Post',
        },
        { method: 'PUT', ...ITEM, body: { userId: 'uuid', title: 'string', tags: 'uuid[]' } },
        { method: 'PATCH', ...ITEM, body: { tags: 'uuid[]' } },
      ),
    ).toEqual([]);
  });

  it('names the closest manyToMany relation for an unknown name', () => {
    expect(tagged({ method: 'PATCH', ...ITEM, body: { tgas: 'uuid[]' } })).toEqual([
      'config/routes/zz.json:11:9 routes[0].body.tgas | uuid[] body field "tgas" is not a manyToMany relation of model Post | did you mean "tags"?',
    ]);
  });

  it('says how to declare the relation when the model has no manyToMany relation', () => {
    expect(problems({ method: 'PATCH', ...ITEM, body: { tags: 'uuid[]' } })).toEqual([
      'config/routes/zz.json:11:9 routes[0].body.tags | uuid[] body field "tags" is not a manyToMany relation of model Post | declare it in Post\'s "relations" as { "type": "manyToMany", "model": "<Model>" }, or handle the route with a "function".',
    ]);
  });

  it('refuses a list for a belongsTo or hasMany relation, saying what to write instead', () => {
    expect(
      tagged({ method: 'PATCH', ...ITEM, body: { author: 'uuid[]', comments: 'uuid[]' } }).map(
        (p) => p.split(' | ').slice(1).join(' | '),
      ),
    ).toEqual([
      'a uuid[] body field sets the links of a manyToMany relation, and Post.author is a belongsTo relation | write its field instead: "userId": "uuid".',
      "a uuid[] body field sets the links of a manyToMany relation, and Post.comments is a hasMany relation | each Comment holds its own link: write it through Comment's routes.",
    ]);
  });

  it('refuses a list for a model field, and any other type for a manyToMany relation', () => {
    expect(
      tagged({ method: 'PATCH', ...ITEM, body: { title: 'uuid[]', tags: 'uuid' } }).map((p) =>
        p.split(' | ').slice(1).join(' | '),
      ),
    ).toEqual([
      'body field "title" is uuid[] but Post.title is string | declare it as "string".',
      'body field "tags" is the manyToMany relation Post.tags: it takes a list of Tag ids, not uuid | declare it as "uuid[]".',
    ]);
  });

  it('takes no validators', () => {
    expect(
      tagged({
        method: 'PATCH',
        ...ITEM,
        body: { tags: { type: 'uuid[]', validation: ['notEmpty'] } },
      }),
    ).toEqual([
      'config/routes/zz.json:13:11 routes[0].body.tags.validation | validators do not apply to uuid[] fields | remove "validation": the list is checked as it is (UUIDs only, at most 1000, duplicates removed).',
    ]);
  });

  it('is a plain list of UUIDs on a function route', () => {
    expect(
      problems({
        method: 'POST',
        path: '/api/contact',
        function: 'sendMessage',
        body: { recipients: { type: 'uuid[]', required: true } },
      }),
    ).toEqual([]);
  });

  it('is a body type only, not a model field type', () => {
    expect(
      problemsIn(
        minimalProject({ 'config/models/Post.json': { name: 'Post', fields: { tags: 'uuid[]' } } }),
      ).map(describeProblem),
    ).toEqual([
      expect.stringContaining(
        'fields.tags | string "uuid[]" is not allowed here | did you mean "uuid"?',
      ),
    ]);
  });
});
