/**
 * Every pair of route options, each on every kind of route both apply to, as routes of one
 * project over examples/publishing's models (Article has a unique slug and belongs to User, whose
 * username is unique; User is the accounts model, with a password and computed fields), Article
 * with a url field as well (tests/unit/generate/optionPairs.test.ts adds it and its route).
 * tests/unit/generate/optionPairs.test.ts validates each route alone, then renders the valid ones
 * as one project per ORM and type-checks it.
 */

type Kind = 'list' | 'get' | 'create' | 'replace' | 'update' | 'delete';
type Model = 'Article' | 'User';

export const KINDS: readonly Kind[] = ['list', 'get', 'create', 'replace', 'update', 'delete'];

/** A route being built: where its path goes, and its other fields as the config writes them. */
interface Draft {
  kind: Kind;
  model: Model;
  /** The route's number: its path prefix (`/api/c12`) and the names of its function and voter. */
  n: number;
  method: string;
  /** The path names the record (`/:slug`, `/:username`). */
  key: boolean;
  /** Under its parent user, named by id (`/users/:authorId/articles`) or username (`/users/:username/articles`). */
  parent: null | 'id' | 'unique';
  /** Instead of the collection's name, e.g. `/user` for the caller's own record. */
  collection: string;
  /** After the key, e.g. `/favorite`. */
  suffix: string;
  route: Record<string, unknown>;
}

/** An option: changes a draft, or says why it does not apply to this kind of route. */
interface RouteOption {
  name: string;
  /** The model the option works on when it needs one (record and account: the accounts model). */
  model?: Model;
  apply(draft: Draft): string | void;
}

const required = (type: string) => ({ type, required: true });

const BODIES: Record<Model, Partial<Record<Kind, Record<string, unknown>>>> = {
  Article: {
    create: {
      title: required('string'),
      description: required('string'),
      body: required('text'),
      authorId: required('uuid'),
    },
    replace: { title: 'string', description: 'string', body: 'text', authorId: 'uuid' },
    update: { title: 'string' },
  },
  User: {
    create: { username: 'string', email: 'string', password: 'password' },
    replace: { username: 'string', email: 'string', password: 'password', bio: 'text' },
    update: { bio: 'text' },
  },
};

const METHODS: Record<Kind, string> = {
  list: 'GET',
  get: 'GET',
  create: 'POST',
  replace: 'PUT',
  update: 'PATCH',
  delete: 'DELETE',
};

function baseDraft(kind: Kind, model: Model, n: number): Draft {
  const route: Record<string, unknown> = {};
  if (kind === 'list') route.response = `${model}[]`;
  else if (kind === 'delete') route.model = model;
  else route.response = model;
  const body = BODIES[model][kind];
  if (body) route.body = { ...body };
  return {
    kind,
    model,
    n,
    method: METHODS[kind],
    key: kind !== 'list' && kind !== 'create',
    parent: null,
    collection: model === 'Article' ? 'articles' : 'users',
    suffix: '',
    route,
  };
}

/** A route that answers its record (for an envelope): a DELETE answers the deleted one. */
function answering(draft: Draft): void {
  if (draft.route.response) return;
  if (draft.kind !== 'delete' || draft.route.account) return;
  draft.route.response = draft.model;
  delete draft.route.model;
}

function withoutBodyField(draft: Draft, field: string): void {
  const body = draft.route.body as Record<string, unknown> | undefined;
  if (body) delete body[field];
}

/** Why a route cannot choose what it sends of its records (`fields`, `include`), if it cannot. */
function choosesNoFields(draft: Draft): string | undefined {
  if (draft.kind === 'delete') return 'a DELETE sends the deleted record whole';
}

function addFields(draft: Draft, fields: string[]): string | void {
  const current = (draft.route.fields as string[] | undefined) ?? [];
  draft.route.fields = [...new Set([...current, ...fields])];
  return choosesNoFields(draft);
}

function nested(by: 'id' | 'unique'): RouteOption {
  return {
    name: by === 'id' ? 'nested by id' : 'nested by unique',
    apply(draft) {
      if (draft.model !== 'Article') return 'only Article has a parent (User)';
      draft.parent = by;
      withoutBodyField(draft, 'authorId');
    },
  };
}

/** The options, in the order they are applied (those that choose the route's model first). */
export const OPTIONS: RouteOption[] = [
  {
    name: 'account',
    model: 'User',
    apply(draft) {
      const { route } = draft;
      const password = required('password');
      // One kind each: sign-up, log-in, log-out, and the current user (GET /user).
      if (draft.kind === 'create') {
        route.account = 'signUp';
        route.body = { username: required('string'), email: required('string'), password };
      } else if (draft.kind === 'update') {
        Object.assign(draft, { method: 'POST', key: false, suffix: '/login' });
        draft.route = { account: 'logIn', body: { email: required('string'), password } };
        draft.route.response = 'User';
      } else if (draft.kind === 'delete') {
        Object.assign(draft, { method: 'POST', key: false, suffix: '/logout' });
        draft.route = { account: 'logOut' };
      } else if (draft.kind === 'get') {
        Object.assign(draft, { key: false, collection: 'user' });
        Object.assign(route, { record: 'currentUser', auth: true });
      } else
        return 'sign-up, log-in, log-out and the current user are a create, update, delete and get';
    },
  },
  {
    name: 'record',
    model: 'User',
    apply(draft) {
      if (draft.kind === 'list' || draft.kind === 'create')
        return "the caller's own record is one existing record";
      Object.assign(draft, { key: false, collection: 'user' });
      Object.assign(draft.route, { record: 'currentUser', auth: true });
    },
  },
  {
    name: 'token',
    model: 'User',
    apply(draft) {
      if (!['get', 'replace', 'update'].includes(draft.kind))
        return "the session token goes with the caller's own record: GET, PUT, PATCH";
      Object.assign(draft, { key: false, collection: 'user' });
      Object.assign(draft.route, { record: 'currentUser', auth: true, token: true });
    },
  },
  {
    name: 'link',
    apply(draft) {
      if (draft.kind !== 'create' && draft.kind !== 'delete')
        return 'a link is a POST (link) or DELETE (unlink)';
      if (draft.model !== 'Article') return 'the accounts model is linked by its username only';
      Object.assign(draft, { key: true, suffix: '/favorite' });
      delete draft.route.body;
      Object.assign(draft.route, { link: 'favoritedBy', auth: true });
    },
  },
  {
    name: 'collection',
    apply(draft) {
      if (draft.kind !== 'update' && draft.kind !== 'delete')
        return 'a collection is a DELETE or PATCH of every record the route selects';
      // No key: the route works on every record its path, filters and scope select. A PATCH
      // answers the records it updated (a list); a DELETE answers 204.
      draft.key = false;
      draft.route.collection = true;
      if (draft.route.response) draft.route.response = `${draft.model}[]`;
    },
  },
  nested('id'),
  nested('unique'),
  {
    name: 'function',
    apply(draft) {
      draft.route.function = `fn${draft.n}`;
    },
  },
  {
    name: 'auth',
    apply(draft) {
      draft.route.auth ??= draft.kind === 'list' || draft.kind === 'get' ? 'optional' : true;
    },
  },
  {
    name: 'voter',
    apply(draft) {
      // Built-in voters on a DELETE, the user's own voter elsewhere (it sees the record when there is one).
      const builtin = draft.model === 'Article' ? 'owner:authorId' : 'self';
      draft.route.voter = draft.kind === 'delete' ? builtin : `voter${draft.n}`;
      draft.route.auth ??= true;
    },
  },
  {
    name: 'set',
    apply(draft) {
      if (!['create', 'replace', 'update'].includes(draft.kind)) return 'set is for writes';
      if (draft.model !== 'Article') return 'no field of User takes the caller or the time';
      withoutBodyField(draft, 'authorId');
      draft.route.set = { authorId: 'currentUser' };
      draft.route.auth = true;
    },
  },
  {
    name: 'query',
    apply(draft) {
      if (draft.route.collection) {
        // A collection's query selects the records: filters only.
        draft.route.query = {
          filter:
            draft.model === 'Article'
              ? ['authorId', { name: 'tag', path: 'tags.name' }]
              : ['username'],
        };
        return;
      }
      if (draft.kind !== 'list') return 'query is for lists';
      draft.route.query =
        draft.model === 'Article'
          ? {
              filter: ['authorId', { name: 'tag', path: 'tags.name' }],
              sort: ['createdAt'],
              defaultSort: '-createdAt',
              pageSize: 20,
              count: true,
            }
          : { filter: ['username'], sort: ['username'], pageSize: 20, count: true };
    },
  },
  {
    // Pages by cursor (keyset): beside `query` it pages that query's list.
    name: 'cursor',
    apply(draft) {
      if (draft.kind !== 'list' || draft.route.collection) return 'pages are for lists';
      const query = (draft.route.query as Record<string, unknown> | undefined) ?? {
        sort: [draft.model === 'Article' ? 'createdAt' : 'username'],
      };
      draft.route.query = { ...query, pageSize: 20, pagination: 'cursor' };
    },
  },
  {
    name: 'envelope',
    apply(draft) {
      const key = draft.model === 'Article' ? 'article' : 'user';
      if (draft.kind === 'list') {
        const query = draft.route.query as { count?: boolean } | undefined;
        draft.route.envelope = query?.count
          ? { response: `${key}s`, count: `${key}sCount` }
          : { response: `${key}s` };
      } else if (draft.route.collection && !draft.route.response) {
        // A DELETE of a collection answers its count (status 200) under the envelope's key.
        draft.route.envelope = { count: `${key}sDeleted` };
        draft.route.status = 200;
      } else if (draft.route.function) {
        // A function answers what it builds: only the request's key applies.
        if (!draft.route.body) return 'a function route without a body has nothing to unwrap';
        draft.route.envelope = { request: key };
      } else {
        answering(draft);
        draft.route.envelope = key;
      }
    },
  },
  {
    name: 'fields',
    apply(draft) {
      return addFields(
        draft,
        draft.model === 'Article' ? ['slug', 'title', 'createdAt'] : ['username', 'bio'],
      );
    },
  },
  {
    name: 'include',
    apply(draft) {
      if (choosesNoFields(draft)) return choosesNoFields(draft);
      if (draft.model === 'User') draft.route.include = ['articles'];
      else if (draft.kind === 'list' || draft.kind === 'get') {
        // The object form, with a computed field of the included author.
        draft.route.include = { author: { fields: ['username', 'following'] } };
        draft.route.auth ??= 'optional';
      } else draft.route.include = ['author', 'tags'];
    },
  },
  {
    name: 'computed',
    apply(draft) {
      draft.route.auth ??= 'optional';
      return addFields(
        draft,
        draft.model === 'Article'
          ? ['slug', 'favoritesCount', 'favorited']
          : ['username', 'following'],
      );
    },
  },
  {
    name: 'url',
    model: 'Article',
    apply(draft) {
      // Every answer of an Article sends its url (the test's Article has one): here `fields` names it.
      return addFields(draft, ['slug', 'url']);
    },
  },
  {
    name: 'values',
    apply(draft) {
      if (draft.kind !== 'list') return 'values is for lists';
      draft.route.values = draft.model === 'Article' ? 'slug' : 'username';
    },
  },
  {
    name: 'status',
    apply(draft) {
      if (draft.kind === 'replace' || draft.kind === 'delete') {
        // 204: no body, so the model is named by `model`.
        if (draft.route.response) draft.route.model = draft.route.response;
        delete draft.route.response;
        draft.route.status = 204;
      } else draft.route.status = 202;
    },
  },
  {
    name: 'partial',
    apply(draft) {
      if (draft.kind !== 'replace') return 'partial is for PUT';
      draft.route.partial = true;
    },
  },
  {
    name: 'redirect',
    apply(draft) {
      if (draft.kind === 'list') return 'a list does not redirect';
      draft.route.redirect = '/';
    },
  },
];

/** The route's path and params, from where the draft says it goes. */
function finish(draft: Draft): Record<string, unknown> {
  const params: Record<string, string> = {};
  let path = `/api/c${draft.n}`;
  if (draft.parent === 'id') {
    path += '/users/:authorId';
    params.authorId = 'uuid';
  } else if (draft.parent === 'unique') {
    path += '/users/:username';
    params.username = 'string';
  }
  path += `/${draft.collection}`;
  if (draft.key) {
    const key = draft.model === 'Article' ? 'slug' : 'username';
    path += `/:${key}`;
    params[key] = 'string';
  }
  path += draft.suffix;
  const route: Record<string, unknown> = { method: draft.method, path };
  if (Object.keys(params).length > 0) route.params = params;
  return { ...route, ...draft.route };
}

export interface PairRoute {
  /** `function + nested by unique, list` */
  label: string;
  route: Record<string, unknown>;
}

export interface PairSkip {
  /** `partial + query` */
  pair: string;
  /** Why no route takes both options. */
  reason: string;
}

/** One route per pair of options and kind of route that both apply to; the pairs that none does. */
export function optionPairRoutes(): { routes: PairRoute[]; skipped: PairSkip[] } {
  const routes: PairRoute[] = [];
  const skipped: PairSkip[] = [];
  let n = 0;
  OPTIONS.forEach((first, i) => {
    for (const second of OPTIONS.slice(i + 1)) {
      const pair = `${first.name} + ${second.name}`;
      const reasons: string[] = [];
      const before = routes.length;
      if (first.model && second.model && first.model !== second.model) {
        skipped.push({ pair, reason: 'different models' });
        continue;
      }
      for (const kind of KINDS) {
        const draft = baseDraft(kind, first.model ?? second.model ?? 'Article', n + 1);
        const reason = first.apply(draft) ?? second.apply(draft);
        if (reason) {
          reasons.push(`${kind}: ${reason}`);
          continue;
        }
        n += 1;
        routes.push({ label: `${pair}, ${kind}`, route: finish(draft) });
      }
      if (routes.length === before) skipped.push({ pair, reason: reasons.join('; ') });
    }
  });
  return { routes, skipped };
}
