import { describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

const USER = {
  name: 'User',
  fields: {
    id: 'uuid',
    name: 'string',
    email: 'string',
    handle: { type: 'string', unique: true, optional: true },
    secret: { type: 'string', unique: true, hidden: true, optional: true },
    createdAt: 'date_now',
  },
  relations: {
    notes: { type: 'hasMany', model: 'Note' },
    followers: { type: 'manyToMany', model: 'User', via: 'following' },
    following: { type: 'manyToMany', model: 'User', via: 'followers' },
  },
};

const NOTE = {
  name: 'Note',
  fields: { ownerId: 'uuid', title: 'string', createdAt: 'date_now' },
  relations: {
    owner: { type: 'belongsTo', model: 'User' },
    tags: { type: 'manyToMany', model: 'Tag' },
    labels: { type: 'manyToMany', model: 'Label' },
    likedBy: { type: 'manyToMany', model: 'User' },
  },
  indexes: [['createdAt']],
};

const TAG = { name: 'Tag', fields: { name: { type: 'string', unique: true } } };
const LABEL = {
  name: 'Label',
  fields: { name: { type: 'string', unique: true }, title: 'string', color: 'string' },
};

const problems = (routes: unknown[]) =>
  problemsIn(
    minimalProject({
      'config/models/User.json': USER,
      'config/models/Note.json': NOTE,
      'config/models/Tag.json': TAG,
      'config/models/Label.json': LABEL,
      'config/routes/notes.json': { routes },
    }),
  ).map(describeProblem);

const list = (extra: Record<string, unknown>) => ({
  method: 'GET',
  path: '/api/notes',
  response: 'Note[]',
  ...extra,
});

describe('filters through relations', () => {
  it('accepts a unique or indexed field of a belongsTo, manyToMany or hasMany relation', () => {
    expect(
      problems([
        list({
          query: {
            filter: [
              'ownerId',
              { name: 'tag', path: 'tags.name' },
              { name: 'owner', path: 'owner.handle' },
              { name: 'liked', path: 'likedBy.id' },
            ],
          },
        }),
      ]),
    ).toEqual([]);
  });

  it('refuses unknown relations and fields, hidden and unindexed fields, and names taken', () => {
    expect(
      problems([
        list({
          query: {
            filter: [
              { name: 'tag', path: 'tagz.name' },
              { name: 'owner', path: 'owner.handel' },
              { name: 'secret', path: 'owner.secret' },
              { name: 'ownerName', path: 'owner.name' },
              { name: 'tag', path: 'tags.name' },
              { name: 'sort', path: 'tags.name' },
            ],
          },
        }),
      ]),
    ).toEqual([
      expect.stringMatching(
        /routes\[0\]\.query\.filter\[0\]\.path \| Note has no relation "tagz" \| did you mean "tags"\?/,
      ),
      expect.stringMatching(
        /routes\[0\]\.query\.filter\[1\]\.path \| "handel" is not a field of User \(the model of Note\.owner\) \| did you mean "handle"\?/,
      ),
      expect.stringMatching(
        /routes\[0\]\.query\.filter\[2\]\.path \| User\.secret is hidden and cannot be filtered on/,
      ),
      expect.stringMatching(
        /routes\[0\]\.query\.filter\[3\]\.path \| User\.name has no index, so this filter would read the whole table \| add "indexes": \[\["name"\]\] to User/,
      ),
      expect.stringMatching(
        /routes\[0\]\.query\.filter\[4\]\.name \| two filters are named "tag" \| give this filter another "name"/,
      ),
      expect.stringMatching(
        /routes\[0\]\.query\.filter\[5\]\.name \| "sort" is a query parameter of pages and sorting/,
      ),
    ]);
  });

  it('refuses a path that is not a relation and a field, and a scope value other than currentUser', () => {
    expect(
      problems([
        list({ query: { filter: [{ name: 'tag', path: 'tags' }] } }),
        list({ path: '/api/c', auth: true, scope: { owner: 'me' } }),
      ]),
    ).toEqual([
      expect.stringMatching(
        /routes\[0\]\.query\.filter\[0\]\.path \| string "tags" must be a relation of the model and a field of the related model, e\.g\. "tags\.name"/,
      ),
      expect.stringMatching(/routes\[1\]\.scope\.owner \| string "me" is not allowed here/),
    ]);
  });
});

describe('lists scoped to the caller', () => {
  it('accepts one or two relations that end at the accounts model, with auth', () => {
    expect(
      problems([
        list({ auth: true, scope: { 'owner.followers': 'currentUser' } }),
        list({
          path: '/api/liked',
          auth: true,
          scope: { likedBy: 'currentUser', owner: 'currentUser' },
        }),
      ]),
    ).toEqual([]);
  });

  it('refuses a scope without auth, off a list, through an unknown relation or ending elsewhere', () => {
    expect(
      problems([
        list({ auth: 'optional', scope: { owner: 'currentUser' } }),
        list({ path: '/api/a', auth: true, scope: { 'owner.folowers': 'currentUser' } }),
        list({ path: '/api/b', auth: true, scope: { tags: 'currentUser' } }),
        {
          method: 'GET',
          path: '/api/notes/:id',
          params: { id: 'uuid' },
          response: 'Note',
          auth: true,
          scope: { owner: 'currentUser' },
        },
      ]),
    ).toEqual([
      expect.stringMatching(
        /routes\[0\]\.scope \| "scope" needs a signed-in caller, and GET \/api\/notes does not have "auth": true \| add "auth": true/,
      ),
      expect.stringMatching(
        /routes\[1\]\.scope\["owner\.folowers"\] \| User has no relation "folowers" \| did you mean "followers"\?/,
      ),
      expect.stringMatching(
        /routes\[2\]\.scope\.tags \| "tags" leads to Tag records, and the signed-in user is a User/,
      ),
      expect.stringMatching(
        /routes\[3\]\.scope \| "scope" applies to GET routes that answer a list/,
      ),
    ]);
  });
});

describe('string[] body fields naming related records', () => {
  const create = (body: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    method: 'POST',
    path: '/api/notes',
    auth: true,
    set: { ownerId: 'currentUser' },
    body: { title: 'string', ...body },
    response: 'Note',
    ...extra,
  });

  it('accepts a list of a manyToMany relation by a unique field, with validators for each text', () => {
    expect(
      problems([
        create({
          tagList: {
            type: 'string[]',
            relation: 'tags',
            by: 'name',
            validation: ['notEmpty', 'maxLength:20'],
          },
        }),
        { method: 'POST', path: '/api/tagged', body: { names: 'string[]' }, function: 'tagged' },
      ]),
    ).toEqual([]);
  });

  it('refuses a list without relation and by, a relation that is not manyToMany, and two writers', () => {
    expect(
      problems([
        create({ tagList: 'string[]' }),
        create(
          { ownerList: { type: 'string[]', relation: 'owner', by: 'handle' } },
          { path: '/api/a' },
        ),
        create(
          {
            tagList: { type: 'string[]', relation: 'tags', by: 'name' },
            tags: 'uuid[]',
          },
          { path: '/api/b' },
        ),
        create({ tagList: { type: 'string[]', relation: 'tagz', by: 'name' } }, { path: '/api/c' }),
      ]),
    ).toEqual([
      expect.stringMatching(
        /routes\[0\]\.body\.tagList \| string\[\] body field "tagList" of a route that writes Note needs "relation" and "by"/,
      ),
      expect.stringMatching(
        /routes\[1\]\.body\.ownerList\.relation \| Note\.owner is a belongsTo relation, and "relation" names a manyToMany one/,
      ),
      expect.stringMatching(
        /routes\[2\]\.body\.tagList\.relation \| body fields "tags" and "tagList" both write the links of Note\.tags/,
      ),
      expect.stringMatching(
        /routes\[3\]\.body\.tagList\.relation \| Note has no relation "tagz" \| did you mean "tags"\?/,
      ),
    ]);
  });

  it('refuses a by field that is not unique text, or a related model it cannot create alone', () => {
    expect(
      problems([
        create({ names: { type: 'string[]', relation: 'likedBy', by: 'name' } }),
        create(
          { labels: { type: 'string[]', relation: 'labels', by: 'name' } },
          { path: '/api/a' },
        ),
        create({ tagList: { type: 'string', relation: 'tags', by: 'name' } }, { path: '/api/b' }),
      ]),
    ).toEqual([
      expect.stringMatching(
        /routes\[0\]\.body\.names\.by \| User\.name is not a unique string field, so it cannot name one User \| use a unique field: "handle"\./,
      ),
      expect.stringMatching(
        /routes\[1\]\.body\.labels\.by \| a Label missing from the list is created from its name alone, but Label also requires "title", "color"/,
      ),
      expect.stringMatching(
        /routes\[2\]\.body\.tagList\.relation \| "relation" and "by" apply to string\[\] body fields, and "tagList" is string/,
      ),
    ]);
  });
});
