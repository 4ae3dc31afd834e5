import path from 'path';
import { AccessModel, readConfig, type Caller, type Row } from './support/accessRules';
import { request, type JsonResponse } from './support/http';
import { ORMS, type Orm } from './support/orms';
import { APPGEN, REPO_ROOT } from './support/paths';
import { variantDatabase } from './support/postgres';
import { run } from './support/run';
import { type RunningServer, startBuiltApp } from './support/server';
import { createTestProject, folderPerOrm, type TestProject } from './support/testProject';

jest.setTimeout(600_000);

// Issue 52's matrix: examples/newsroom (three roles; rules on Story with a relation path and a
// deny rule, on Comment, and rules on fields of Story and User), generated from the example's own
// config, built once per ORM x database and run. Five identities (anonymous, two reporters, an
// editor, an admin) call every route of config/routes/*.json on the records each may and may not
// touch, and each answer (status and body) is compared with what an evaluation of the example's
// JSON rules (support/accessRules.ts, written from docs/config.md, not from appgen's code) and of
// the route's own auth, voter, set and parents says it must be: lists and counts as exact id
// sequences with X-Total-Count, cursor pages both ways, nested lists under readable parents only,
// fields left out per caller, included records and counts read through their own model's rules
// (to-many includes and counts of readable records, an unreadable belongsTo as null, the included
// model's rules on fields), collection deletes counting what they deleted, collection updates
// refused whole when a new value breaks the rules, and every refused write re-read to show it
// changed nothing. What a route does is read from its JSON (an account route, a list, one record,
// a link, a create, an update, a collection update or delete, a delete): a route of another kind
// fails the suite until the matrix learns it.
const EXAMPLE = path.join(REPO_ROOT, 'examples', 'newsroom');
const CONFIG = readConfig(EXAMPLE);
const ACCOUNTS = CONFIG.settings.accounts as {
  model?: string;
  roles: string[];
  defaultRole?: string;
  roleField?: string;
  identity?: string[];
};
const ACCOUNTS_MODEL = ACCOUNTS.model ?? 'User';
const ROLE_FIELD = ACCOUNTS.roleField ?? 'role';
/** The accounts model's identity fields (docs/config.md "accounts.identity"). */
const IDENTITY =
  ACCOUNTS.identity ??
  (['email', 'username'] as const)
    .filter((name) => {
      const field = CONFIG.models[ACCOUNTS_MODEL].fields[name];
      return typeof field === 'object' && (field as { unique?: boolean }).unique;
    })
    .slice(0, 1);
const DEFAULT_ROLE = ACCOUNTS.defaultRole ?? ACCOUNTS.roles[0];
const PASSWORD = 'correct horse battery staple';
/** A well-formed id no record has. */
const MISSING = '01900000-0000-7000-8000-000000000000';

type FieldSpec = string | { type: string; required?: boolean };
interface Route {
  file: string;
  at: number;
  method: string;
  path: string;
  params?: Record<string, string>;
  response?: string;
  model?: string;
  auth?: boolean | 'optional';
  voter?: string;
  set?: Record<string, string>;
  body?: Record<string, FieldSpec>;
  query?: {
    filter?: string[];
    sort?: string[];
    defaultSort?: string;
    pageSize?: number;
    pagination?: 'offset' | 'cursor';
    count?: boolean;
  };
  collection?: boolean;
  fields?: string[];
  include?: string[] | Record<string, { fields?: string[] }>;
  link?: string;
  account?: 'signUp' | 'logIn' | 'logOut';
  status?: number;
}
const ROUTES = CONFIG.routes as unknown as Route[];

type Kind =
  | 'signUp'
  | 'logIn'
  | 'logOut'
  | 'list'
  | 'one'
  | 'link'
  | 'unlink'
  | 'create'
  | 'update'
  | 'updateMany'
  | 'deleteMany'
  | 'delete';

function kindOf(route: Route): Kind {
  if (route.account) return route.account;
  if (route.link) return route.method === 'POST' ? 'link' : 'unlink';
  if (route.method === 'GET') return route.response?.endsWith('[]') ? 'list' : 'one';
  if (route.method === 'POST') return 'create';
  if (route.method === 'PATCH') return route.collection ? 'updateMany' : 'update';
  if (route.method === 'DELETE') return route.collection ? 'deleteMany' : 'delete';
  throw new Error(`${route.method} ${route.path}: the matrix has no cells for this kind of route`);
}

/** The route's model: `model`, `response`, else the response of a route on the same path (docs/config.md). */
function modelOf(route: Route): string {
  const named = route.model ?? route.response?.replace(/\[\]$/, '');
  if (named) return named;
  const beside = ROUTES.find((other) => other.path === route.path && other.response);
  if (!beside?.response) throw new Error(`${route.method} ${route.path}: no model`);
  return beside.response.replace(/\[\]$/, '');
}

/**
 * The order the routes run in: reads first, then links, creates, updates and deletes, a model
 * others belong to (cascade) deleted last; in file order otherwise.
 */
const RANK: Record<Kind, number> = {
  signUp: 0,
  logIn: 0,
  logOut: 0,
  list: 1,
  one: 1,
  link: 2,
  unlink: 2,
  create: 3,
  update: 4,
  updateMany: 4,
  delete: 5,
  deleteMany: 6,
};
const rankOf = (route: Route) =>
  RANK[kindOf(route)] +
  (kindOf(route) === 'delete' &&
  Object.values(CONFIG.models[modelOf(route)].relations ?? {}).some((r) => r.type === 'hasMany')
    ? 2
    : 0);
const ORDERED = [...ROUTES].sort((a, b) => rankOf(a) - rankOf(b));
const routeName = (route: Route) =>
  `${route.method} ${route.path} (config/routes/${route.file} routes[${route.at}])`;

interface Identity {
  name: string;
  id: string | null;
  email: string | null;
  auth: Record<string, string>;
}

type Variant = { orm: Orm; database: 'sqlite' | 'postgresql' };
const VARIANTS: Variant[] = ORMS.flatMap((orm) => [
  { orm, database: 'sqlite' as const },
  { orm, database: 'postgresql' as const },
]);
const projectFor = folderPerOrm();

/** Runs `work` on each item, `limit` at a time. */
async function inParallel<T>(items: T[], work: (item: T) => Promise<void>, limit = 6) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

const error = (message: string) => ({ error: message });
const UNAUTHORIZED = { status: 401, body: error('Unauthorized') };
const FORBIDDEN = { status: 403, body: error('Forbidden') };
const notFound = (model?: string) => ({
  status: 404,
  body: error(model ? `${model} not found` : 'Not found'),
});

describe.each(VARIANTS)('newsroom access matrix ($orm on $database)', ({ orm, database }) => {
  let project: TestProject;
  let server: RunningServer;
  let base: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  const model = new AccessModel(CONFIG.models, {
    model: ACCOUNTS_MODEL,
    roleField: ROLE_FIELD,
    identity: IDENTITY,
  });
  const people: Record<string, Identity> = {};
  const anonymous: Identity = { name: 'anonymous', id: null, email: null, auth: {} };
  /** Anonymous, member A, member B, the editor, the admin. */
  let identities: Identity[] = [];
  /** The admin: reads every record, so re-reads go through them. */
  let auditor: Identity;
  /** The stories written while seeding (their copies by later cells are not deleted). */
  const seeded: string[] = [];
  /**
   * The ids of the records written while seeding, and the accounts the sign-up cells make: the
   * records the cells of one record and of a parent take (not those the create cells add).
   */
  const initial = new Set<string>();
  /** Cells asserted, by route. */
  const cells = new Map<Route, number>();

  const caller = (who: Identity): Caller => model.caller(who.id);
  const ask = (who: Identity, method: string, pathName: string, body?: unknown) =>
    request(base, method, pathName, body, { origin: base, ...who.auth });
  const pathOf = (route: Route, values: Record<string, string>) =>
    route.path.replace(/:(\w+)/g, (_, name: string) => values[name]);
  /** Compares one answer with the cell's expected status and body. */
  const expectCell = (
    route: Route,
    cell: string,
    got: JsonResponse,
    expected: { status: number; body: unknown },
  ) => {
    cells.set(route, (cells.get(route) ?? 0) + 1);
    expect([routeName(route), cell, got.status, got.body]).toEqual([
      routeName(route),
      cell,
      expected.status,
      expected.body,
    ]);
  };
  /** Sends a request the test needs to succeed (seeding, restoring). */
  const must = async (
    who: Identity,
    method: string,
    pathName: string,
    body: unknown,
    status: number,
  ) => {
    const answer = await ask(who, method, pathName, body);
    expect([method, pathName, who.name, answer.status, answer.body]).toEqual([
      method,
      pathName,
      who.name,
      status,
      expect.anything(),
    ]);
    return answer.body as Row;
  };

  // ---- what the routes are, read from their JSON

  /** The route's path parameters that name a parent (a belongsTo field of its model), with the parent's model. */
  const parentOf = (route: Route): { param: string; model: string } | null => {
    const name = modelOf(route);
    for (const param of Object.keys(route.params ?? {})) {
      if (param === 'id') continue;
      const relation = model.belongsToBy(name, param);
      if (relation) return { param, model: relation[1].model };
      throw new Error(`${routeName(route)}: ":${param}" is not a parent the matrix knows`);
    }
    return null;
  };
  /** 404 for a parent that is missing or that the caller may not read. */
  const parentRefusal = (route: Route, parentId: string, who: Identity) => {
    const parent = parentOf(route);
    if (!parent) return null;
    const row = model.get(parent.model, parentId);
    return !row || !model.allows(parent.model, 'read', row, caller(who))
      ? notFound(parent.model)
      : null;
  };
  /** The built-in voters (docs/config.md "voter"): self, owner:<field>, role:<roles>, any one of them. */
  const voterAllows = (route: Route, who: Identity, key: string | null, record: Row | null) =>
    !route.voter ||
    route.voter.split('|').some((part) => {
      if (part === 'self') return key !== null && key === who.id;
      if (part.startsWith('owner:'))
        return record !== null && who.id !== null && record[part.slice(6)] === who.id;
      if (part.startsWith('role:')) {
        const role = caller(who).role;
        return role !== null && part.slice(5).split(',').includes(role);
      }
      throw new Error(`${routeName(route)}: voter "${part}" is code of the project`);
    });
  const needsSignIn = (route: Route, who: Identity) => route.auth === true && who.id === null;
  /** The route's parents to try: every record of the parent model, and one that does not exist. */
  const parentIds = (route: Route) => {
    const parent = parentOf(route);
    if (!parent) return [''];
    return [
      ...model
        .all(parent.model)
        .map((row) => String(row.id))
        .filter((id) => initial.has(id)),
      MISSING,
    ];
  };
  const parentValues = (route: Route, parentId: string) => {
    const parent = parentOf(route);
    return parent ? { [parent.param]: parentId } : {};
  };

  /** The order a list answers in: its defaultSort (else id), equal values by id (docs/config.md). */
  const orderOf = (route: Route) => {
    const sort = route.query?.defaultSort ?? 'id';
    const field = sort.replace(/^-/, '');
    const descending = sort.startsWith('-');
    const type = model.field(modelOf(route), field)?.type ?? 'string';
    const value = (row: Row) =>
      ['date', 'datetime', 'date_now', 'date_updated'].includes(type)
        ? Date.parse(String(row[field]))
        : (row[field] as string | number);
    const byId = (a: Row, b: Row) => (String(a.id) < String(b.id) ? -1 : 1);
    return (a: Row, b: Row) => {
      const [x, y] = [value(a), value(b)];
      if (x === y) return byId(a, b);
      return (x < y ? -1 : 1) * (descending ? -1 : 1);
    };
  };
  /** The records a list shows this caller: its parent's, its filters', those the rules let them read. */
  const listed = (
    route: Route,
    who: Identity,
    parentId: string,
    filters: Record<string, string>,
  ) => {
    const name = modelOf(route);
    const parent = parentOf(route);
    const rows = model
      .all(name)
      .filter((row) => !parent || row[parent.param] === parentId)
      .filter((row) => Object.entries(filters).every(([field, value]) => row[field] === value))
      .filter((row) => model.allows(name, 'read', row, caller(who)));
    return rows.sort(orderOf(route)).map((row) => model.shaped(name, row, caller(who), route));
  };
  /** The filter values to try: each value of an enum, each record a belongsTo field names. */
  const filterVariants = (route: Route, who?: Identity): Array<Record<string, string>> => {
    const name = modelOf(route);
    return (route.query?.filter ?? []).flatMap((field) => {
      const spec = model.field(name, field);
      const target = model.belongsToBy(name, field)?.[1].model;
      // A filter by user takes the identities' ids (the accounts created by cells add nothing);
      // for one caller (a collection's cells), the next identity's (the caller's own is what
      // no filter gives a member).
      const users = identities.flatMap((each) => (each.id === null ? [] : [each.id]));
      const values = target
        ? model
            .all(target)
            .map((row) => String(row.id))
            .filter(
              (id) =>
                target !== ACCOUNTS_MODEL ||
                (who
                  ? id === users[(users.indexOf(who.id ?? '') + 1) % users.length]
                  : users.includes(id)),
            )
        : (spec?.values ?? []);
      if (values.length === 0) throw new Error(`${routeName(route)}: no values for ?${field}`);
      return values.map((value) => ({ [field]: value }));
    });
  };
  const queryString = (values: Record<string, string | number>) => {
    const text = new URLSearchParams(
      Object.entries(values).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString();
    return text ? `?${text}` : '';
  };
  /** The targets of a Link header, by rel (docs/config.md "Pages by cursor"), as paths. */
  const links = (answer: JsonResponse, from: string) =>
    Object.fromEntries(
      [...(answer.headers.get('link') ?? '').matchAll(/<([^>]+)>; rel="(\w+)"/g)].map(
        ([, target, rel]) => {
          const url = new URL(target, `${base}${from}`);
          return [rel, `${url.pathname}${url.search}`];
        },
      ),
    );

  /** A list route's answer for one caller, parent and filter, every page of it, as the cell compares it. */
  const readList = async (
    route: Route,
    who: Identity,
    parentId: string,
    filters: Record<string, string>,
    pageSize: number | null,
  ): Promise<{ status: number; body: unknown }> => {
    const at = pathOf(route, parentValues(route, parentId));
    const first = await ask(
      who,
      'GET',
      `${at}${queryString({ ...filters, ...(pageSize ? { limit: pageSize } : {}) })}`,
    );
    if (first.status !== 200) return first;
    const pages = [first];
    const paths = [at];
    if (pageSize !== null && route.query?.pagination === 'cursor') {
      // Forward along `next`, then back along `prev` from the last page: the same pages.
      for (let next: string | undefined = links(first, at).next; next;) {
        const page = await ask(who, 'GET', next);
        pages.push(page);
        paths.push(next);
        next = page.status === 200 ? links(page, next).next : undefined;
      }
      const back: unknown[] = [];
      for (let prev: string | undefined = links(pages.at(-1)!, paths.at(-1)!).prev; prev;) {
        const page = await ask(who, 'GET', prev);
        back.unshift(page.body);
        prev = page.status === 200 ? links(page, prev).prev : undefined;
      }
      expect([routeName(route), who.name, 'pages read backward', back]).toEqual([
        routeName(route),
        who.name,
        'pages read backward',
        pages.slice(0, -1).map((page) => page.body),
      ]);
    } else if (pageSize !== null) {
      for (
        let offset = pageSize;
        (pages.at(-1)!.body as Row[]).length === pageSize && pages.at(-1)!.status === 200;
        offset += pageSize
      )
        pages.push(
          await ask(who, 'GET', `${at}${queryString({ ...filters, limit: pageSize, offset })}`),
        );
    }
    return {
      status: pages.every((page) => page.status === 200)
        ? 200
        : pages.find((p) => p.status !== 200)!.status,
      body: {
        rows: pages.flatMap((page) => page.body as Row[]),
        // Every page counts all the records (or no page sends a count).
        counts: [...new Set(pages.map((page) => page.headers.get('x-total-count')))],
        unordered: route.query === undefined,
      },
    };
  };
  const expectedList = (
    route: Route,
    who: Identity,
    parentId: string,
    filters: Record<string, string>,
  ) => {
    if (needsSignIn(route, who)) return UNAUTHORIZED;
    const refused = parentRefusal(route, parentId, who);
    if (refused) return refused;
    const rows = listed(route, who, parentId, filters);
    return {
      status: 200,
      body: {
        rows,
        counts: [route.query?.count ? String(rows.length) : null],
        unordered: route.query === undefined,
      },
    };
  };
  /** A list without query answers in the database's order: both sides by id. */
  const comparable = (answer: { status: number; body: unknown }) => {
    const body = answer.body as { rows?: Row[]; unordered?: boolean };
    if (!body?.unordered || !body.rows) return answer;
    const rows = [...body.rows].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
    return { ...answer, body: { ...body, rows } };
  };
  const listCell = async (
    route: Route,
    who: Identity,
    parentId: string,
    filters: Record<string, string>,
    pageSize: number | null,
  ) => {
    const cell = `${who.name}, parent ${parentId || '-'}, ${queryString(filters) || 'no filter'}${pageSize ? `, pages of ${pageSize}` : ''}`;
    const expected = comparable(expectedList(route, who, parentId, filters));
    const got = comparable(await readList(route, who, parentId, filters, pageSize));
    expectCell(route, cell, got as JsonResponse, expected);
  };

  /**
   * Re-reads a record as the auditor (the admin, who reads everything) through the model's GET
   * route, or the list of its parent: it must be as the model holds it (absent when `id` is not
   * there). Shows that a refused write changed nothing.
   */
  const reread = async (name: string, id: string) => {
    const expected = model.get(name, id);
    const one = ROUTES.find((r) => kindOf(r) === 'one' && modelOf(r) === name && !r.link);
    let got: Row | undefined;
    const shape = one ?? ROUTES.find((r) => kindOf(r) === 'list' && modelOf(r) === name)!;
    if (one) {
      const answer = await ask(auditor, 'GET', pathOf(one, { id }));
      expect([name, id, answer.status]).toEqual([name, id, expected ? 200 : 404]);
      got = answer.status === 200 ? (answer.body as Row) : undefined;
    } else {
      const list = ROUTES.find((r) => kindOf(r) === 'list' && modelOf(r) === name);
      if (!list) throw new Error(`no route reads ${name}`);
      const parent = parentOf(list);
      const parentId = parent
        ? String((expected ?? deletedParents.get(id))?.[parent.param] ?? MISSING)
        : '';
      const answer = await ask(
        auditor,
        'GET',
        `${pathOf(list, parentValues(list, parentId))}?limit=${list.query?.pageSize ?? 100}`,
      );
      got = answer.status === 200 ? (answer.body as Row[]).find((row) => row.id === id) : undefined;
    }
    expect([name, id, 'as stored', got]).toEqual([
      name,
      id,
      'as stored',
      expected === undefined ? undefined : model.shaped(name, expected, caller(auditor), shape),
    ]);
  };
  /** Records removed from the model, kept for the parent a re-read of them looks under. */
  const deletedParents = new Map<string, Row>();
  /**
   * After a refused create: the records of the model as the auditor lists them (under the
   * create's parent, when it has one) are the model's, nothing more.
   */
  const rereadAll = async (route: Route, parentId: string) => {
    if (parentId === MISSING) return;
    const list = childList(route);
    const got = await readList(list, auditor, parentId, {}, list.query?.pageSize ? 100 : null);
    expect([routeName(route), 'left', got.body]).toEqual([
      routeName(route),
      'left',
      expectedList(list, auditor, parentId, {}).body,
    ]);
  };

  /** `who` signed in once more through the log-in route: a session of its own. */
  const anotherSession = async (who: Identity, email: string): Promise<Identity> => {
    const answer = await request(
      base,
      'POST',
      '/api/login',
      { email, password: PASSWORD },
      { origin: base },
    );
    expect(answer.status).toBe(200);
    return { ...who, auth: { authorization: `Bearer ${String((answer.body as Row).token)}` } };
  };

  // ---- the cells of each kind of route

  const runCells: Record<Kind, (route: Route) => Promise<void>> = {
    // Account routes act as the system (docs/config.md): no rule applies; a sign-up gets the
    // default role whatever it sends.
    signUp: async (route) => {
      // In parallel: hashing a password takes a while.
      await inParallel([...identities.keys()], async (n) => {
        const who = identities[n];
        const body = {
          name: `Newcomer ${n}`,
          email: `newcomer${n}@example.com`,
          password: PASSWORD,
          [ROLE_FIELD]: 'admin',
        };
        const answer = await ask(who, 'POST', route.path, body);
        const row = answer.body as Row;
        expectCell(route, who.name, answer, {
          status: 201,
          body: {
            id: expect.any(String),
            name: body.name,
            email: body.email,
            [ROLE_FIELD]: DEFAULT_ROLE,
            token: expect.any(String),
          },
        });
        const { token: _token, ...record } = row;
        model.put(ACCOUNTS_MODEL, record);
        initial.add(String(row.id));
      });
    },
    logIn: async (route) => {
      await inParallel(identities, async (who) => {
        const email = who.email ?? people.Ann.email;
        const password = who.id === null ? 'not the password' : PASSWORD;
        const answer = await ask(who, 'POST', route.path, { email, password });
        const user = who.id === null ? undefined : model.get(ACCOUNTS_MODEL, who.id);
        expectCell(
          route,
          who.id === null ? `${who.name} with a wrong password` : who.name,
          answer,
          user
            ? { status: 200, body: { ...user, token: expect.any(String) } }
            : { status: 401, body: error('Wrong email or password') },
        );
      });
    },
    // A log-out ends the session it is sent with (stored sessions): each identity logs out of a
    // session of its own, which is refused afterwards, while the token the other cells use lives.
    logOut: async (route) => {
      for (const who of identities) {
        const session = who.email === null ? who : await anotherSession(who, who.email);
        expectCell(route, who.name, await ask(session, 'POST', route.path), {
          status: 200,
          body: { success: true },
        });
        if (session === who) continue;
        expect((await ask(session, 'GET', '/api/desks')).status).toBe(401);
        expect((await ask(who, 'GET', '/api/desks')).status).toBe(200);
      }
    },

    list: async (route) => {
      const work = identities.flatMap((who) =>
        parentIds(route).flatMap((parentId) => [
          // The whole list, in pages when it has them; then each filter value on one page.
          { who, parentId, filters: {}, pageSize: route.query?.pageSize ? 3 : null },
          ...filterVariants(route).map((filters) => ({
            who,
            parentId,
            filters,
            pageSize: null,
          })),
        ]),
      );
      await inParallel(work, ({ who, parentId, filters, pageSize }) =>
        listCell(route, who, parentId, filters, pageSize),
      );
    },
    one: async (route) => {
      const name = modelOf(route);
      const work = identities.flatMap((who) =>
        [...model.all(name).map((row) => String(row.id)), MISSING].map((id) => ({ who, id })),
      );
      await inParallel(work, async ({ who, id }) => {
        const row = model.get(name, id);
        const expected = needsSignIn(route, who)
          ? UNAUTHORIZED
          : !row || !model.allows(name, 'read', row, caller(who))
            ? notFound()
            : !voterAllows(route, who, id, row)
              ? FORBIDDEN
              : { status: 200, body: model.shaped(name, row, caller(who), route) };
        expectCell(
          route,
          `${who.name} on ${id}`,
          await ask(who, 'GET', pathOf(route, { id })),
          expected,
        );
      });
    },

    // Linking the caller into a relation (a desk's members) changes what the rules let them
    // read: after each link and unlink, the lists under that record (a desk's stories) answer as
    // the rules now say. Each cell puts the links back as they were.
    link: (route) => linkCells(route, true),
    unlink: (route) => linkCells(route, false),

    create: async (route) => {
      const name = modelOf(route);
      for (const who of identities)
        for (const parentId of parentIds(route))
          for (const body of bodyVariants(route, who)) {
            const answer = await ask(
              who,
              'POST',
              pathOf(route, parentValues(route, parentId)),
              body,
            );
            const expected = expectedCreate(route, who, parentId, body);
            expectCell(
              route,
              `${who.name}, parent ${parentId || '-'}, ${JSON.stringify(body)}`,
              answer,
              expected,
            );
            if (answer.status === 201) model.put(name, answer.body as Row);
            else await rereadAll(route, parentId);
          }
    },
    update: async (route) => {
      const name = modelOf(route);
      const work = model
        .all(name)
        .map((row) => String(row.id))
        .filter((id) => initial.has(id));
      await inParallel([...work, MISSING], async (id) => {
        for (const who of identities)
          for (const body of updateVariants(route, id)) {
            const before = model.get(name, id);
            const expected = expectedUpdate(route, who, id, body);
            // An identity's own account keeps its role: a change could not be undone.
            if (
              expected.status === 200 &&
              identities.some((each) => each.id === id && name === ACCOUNTS_MODEL)
            )
              continue;
            const answer = await ask(who, 'PATCH', pathOf(route, { id }), body);
            expectCell(route, `${who.name} on ${id}, ${JSON.stringify(body)}`, answer, expected);
            if (answer.status === 200 && before) {
              model.put(name, { ...before, ...(answer.body as Row) });
              // Put it back as it was, as the admin (who may change anything), and check.
              const restore = Object.fromEntries(
                Object.keys(body).map((field) => [field, before[field]]),
              );
              const restored = await must(auditor, 'PATCH', pathOf(route, { id }), restore, 200);
              expect(restored).toEqual(model.shaped(name, before, caller(auditor), route));
              model.put(name, before);
            } else await reread(name, id);
          }
      });
    },
    // Each identity, on each parent, with and without the route's filter, writes each body;
    // the model follows what the evaluator says changed, and the auditor's list of the parent
    // shows after each identity that nothing else did.
    updateMany: async (route) => {
      const name = modelOf(route);
      await inParallel(parentIds(route), async (parentId) => {
        for (const who of rotated(parentId)) {
          for (const filters of [...filterVariants(route, who), {}])
            for (const body of updateManyBodies(route, who)) {
              const at = `${pathOf(route, parentValues(route, parentId))}${queryString(filters)}`;
              const { changed, ...expected } = expectedUpdateMany(
                route,
                who,
                parentId,
                filters,
                body,
              );
              expectCell(
                route,
                `${who.name}, parent ${parentId}, ${queryString(filters) || 'no filter'}, ${JSON.stringify(body)}`,
                await ask(who, 'PATCH', at, body),
                expected,
              );
              for (const row of changed) model.put(name, { ...row, ...body });
            }
          if (parentId !== MISSING) {
            const list = childList(route);
            const left = await readList(
              list,
              auditor,
              parentId,
              {},
              list.query?.pageSize ? 100 : null,
            );
            expect([routeName(route), who.name, 'left', left.body]).toEqual([
              routeName(route),
              who.name,
              'left',
              expectedList(list, auditor, parentId, {}).body,
            ]);
          }
        }
      });
    },
    deleteMany: async (route) => {
      const name = modelOf(route);
      const parents = parentIds(route);
      await inParallel(parents, async (parentId) => {
        await seedChildren(route, parentId);
        for (const who of rotated(parentId)) {
          for (const filters of [...filterVariants(route, who), {}]) {
            const at = `${pathOf(route, parentValues(route, parentId))}${queryString(filters)}`;
            const doomed =
              needsSignIn(route, who) || parentRefusal(route, parentId, who)
                ? []
                : listed(route, who, parentId, filters)
                    .map((row) => model.get(name, String(row.id))!)
                    .filter((row) => model.allows(name, 'delete', row, caller(who)));
            const expected = needsSignIn(route, who)
              ? UNAUTHORIZED
              : (parentRefusal(route, parentId, who) ??
                (!voterAllows(route, who, null, null)
                  ? FORBIDDEN
                  : {
                      status: route.status ?? 204,
                      body: route.status ? { count: doomed.length } : '',
                    }));
            expectCell(
              route,
              `${who.name}, parent ${parentId}, ${queryString(filters) || 'no filter'}`,
              await ask(who, 'DELETE', at),
              expected,
            );
            for (const row of doomed) {
              deletedParents.set(String(row.id), row);
              model.remove(name, String(row.id));
            }
          }
          // What is left is what the model holds: nothing a refused cell or another's filter
          // should have kept was deleted.
          if (parentId !== MISSING) {
            const list = childList(route);
            const left = await readList(
              list,
              auditor,
              parentId,
              {},
              list.query?.pageSize ? 100 : null,
            );
            expect([routeName(route), who.name, 'left', left.body]).toEqual([
              routeName(route),
              who.name,
              'left',
              expectedList(list, auditor, parentId, {}).body,
            ]);
          }
        }
      });
    },
    delete: async (route) => {
      const name = modelOf(route);
      const ids = model
        .all(name)
        .map((row) => String(row.id))
        .filter((id) => initial.has(id));
      await inParallel([...ids, MISSING], async (id) => {
        // Each record meets the identities in its own order, so that the first allowed to delete
        // it is not always the same one (after it, the others find nothing: 404).
        for (const who of rotated(id)) {
          const row = model.get(name, id);
          const expected = needsSignIn(route, who)
            ? UNAUTHORIZED
            : !row || !model.allows(name, 'read', row, caller(who))
              ? notFound()
              : !voterAllows(route, who, id, row) || !model.allows(name, 'delete', row, caller(who))
                ? FORBIDDEN
                : { status: route.status ?? 200, body: { success: true } };
          expectCell(
            route,
            `${who.name} on ${id}`,
            await ask(who, 'DELETE', pathOf(route, { id })),
            expected,
          );
          if (expected.status === 200) {
            deletedParents.set(id, row!);
            model.remove(name, id);
          }
        }
        // Deleted by the first allowed, or there still: no refused cell deleted it.
        await reread(name, id);
      });
    },
  };

  /** The list route of a model under the same parent as `route`. */
  const childList = (route: Route) => {
    const list = ROUTES.find(
      (r) =>
        kindOf(r) === 'list' &&
        modelOf(r) === modelOf(route) &&
        parentOf(r)?.param === parentOf(route)?.param,
    );
    if (!list) throw new Error(`${routeName(route)}: no list of the records it writes`);
    return list;
  };

  /** The identities in an order that depends on the record. */
  const rotated = (id: string) => {
    const shift = parseInt(id.replace(/-/g, '').slice(-4), 16) % identities.length;
    return [...identities.slice(shift), ...identities.slice(0, shift)];
  };

  const linkCells = async (route: Route, linking: boolean) => {
    const name = modelOf(route);
    const relation = route.link!;
    // The lists under that record, and the model's own lists (their counts of related records).
    const nested = ROUTES.filter(
      (r) =>
        kindOf(r) === 'list' &&
        (parentOf(r)?.model === name || (modelOf(r) === name && !parentOf(r))),
    );
    const check = async (who: Identity, id: string) => {
      for (const list of nested) await listCell(list, who, id, {}, null);
    };
    const member = (who: Identity, id: string) =>
      model.related(name, model.get(name, id)!, relation).some((user) => user.id === who.id);
    for (const row of model.all(name)) {
      const id = String(row.id);
      for (const who of identities) {
        const was = who.id !== null && member(who, id);
        const answer = await ask(who, route.method, pathOf(route, { id }));
        if (who.id !== null) model.link(name, relation, id, who.id, linking);
        expectCell(
          route,
          `${who.name} on ${id}`,
          answer,
          needsSignIn(route, who)
            ? UNAUTHORIZED
            : {
                status: route.status ?? 200,
                body: route.response
                  ? model.shaped(name, model.get(name, id)!, caller(who), route)
                  : { success: true },
              },
        );
        await check(who, id);
        if (who.id !== null && was !== linking) {
          // As it was: the other route of the relation.
          await must(who, linking ? 'DELETE' : 'POST', pathOf(route, { id }), undefined, 200);
          model.link(name, relation, id, who.id, was);
          await check(who, id);
        }
      }
    }
  };

  /**
   * The bodies a create tries: its required fields, with every record a belongsTo field may
   * name, every value of a field with a rule on writes (and none); a `set` field the client
   * sends anyway (another user's id), which must be ignored.
   */
  const bodyVariants = (route: Route, who: Identity): Row[] => {
    if (needsSignIn(route, who)) return [{ ...plainBody(route) }];
    const name = modelOf(route);
    let variants: Row[] = [plainBody(route)];
    for (const [field, spec] of Object.entries(route.body ?? {})) {
      const type = typeof spec === 'string' ? spec : spec.type;
      const target = model.belongsToBy(name, field)?.[1].model;
      const ruled = model.field(name, field)?.access?.write !== undefined;
      const values: unknown[] | null =
        type === 'uuid' && target
          ? model.all(target).map((row) => row.id)
          : ruled
            ? [undefined, ...(model.field(name, field)?.values ?? [])]
            : null;
      if (values)
        variants = variants.flatMap((body) =>
          values.map((value) => (value === undefined ? body : { ...body, [field]: value })),
        );
    }
    const other = identities.find((each) => each.id !== null && each.id !== who.id)!;
    return variants.map((body) => ({
      ...body,
      ...Object.fromEntries(Object.keys(route.set ?? {}).map((field) => [field, other.id])),
    }));
  };
  /** A create's required fields with plain values. */
  const plainBody = (route: Route): Row =>
    Object.fromEntries(
      Object.entries(route.body ?? {})
        .filter(([, spec]) => typeof spec !== 'string' && spec.required)
        .map(([field, spec]) => {
          const type = typeof spec === 'string' ? spec : spec.type;
          const target = model.belongsToBy(modelOf(route), field)?.[1].model;
          const value =
            type === 'uuid' && target
              ? String(model.all(target)[0].id)
              : type === 'enum'
                ? model.field(modelOf(route), field)?.values?.[0]
                : `${field} ${Math.random().toString(36).slice(2, 8)}`;
          return [field, value];
        }),
    );
  /** The record a create would write: defaults, the body's declared fields, `set`, the parent. */
  const newRecord = (route: Route, who: Identity, parentId: string, body: Row): Row => {
    const name = modelOf(route);
    const record: Row = {};
    for (const [field] of Object.entries(CONFIG.models[name].fields)) {
      const spec = model.field(name, field)!;
      if (spec.type === 'date_now') record[field] = expect.any(String);
      else if (spec.type === 'password' || spec.hidden) continue;
      else record[field] = spec.default ?? null;
    }
    for (const field of Object.keys(route.body ?? {}))
      if (field in body) record[field] = body[field];
    for (const [field, value] of Object.entries(route.set ?? {}))
      record[field] = value === 'currentUser' ? who.id : expect.any(String);
    const parent = parentOf(route);
    if (parent) record[parent.param] = parentId;
    return { id: expect.any(String), ...record };
  };
  const expectedCreate = (route: Route, who: Identity, parentId: string, body: Row) => {
    const name = modelOf(route);
    if (needsSignIn(route, who)) return UNAUTHORIZED;
    const refused = parentRefusal(route, parentId, who);
    if (refused) return refused;
    if (!voterAllows(route, who, null, null)) return FORBIDDEN;
    // Rules on fields: on a create, the condition reads the values sent.
    for (const field of Object.keys(route.body ?? {}))
      if (field in body && !model.fieldAllows(name, field, 'write', body, caller(who)))
        return { status: 403, body: error(`Forbidden: you may not write "${field}"`) };
    const record = newRecord(route, who, parentId, body);
    if (CONFIG.models[name].access && !model.allows(name, 'create', record, caller(who)))
      return FORBIDDEN;
    return { status: route.status ?? 201, body: model.shaped(name, record, caller(who), route) };
  };

  /** The bodies an update tries: each field of its body alone, with a value the record does not have. */
  const updateVariants = (route: Route, id: string): Row[] => {
    const name = modelOf(route);
    const row = model.get(name, id);
    return Object.entries(route.body ?? {}).flatMap(([field, spec]) => {
      const type = typeof spec === 'string' ? spec : spec.type;
      if (type === 'enum') {
        const values =
          model.field(name, field)?.values ?? (field === ROLE_FIELD ? ACCOUNTS.roles : []);
        const at = values.indexOf(String(row?.[field]));
        return [{ [field]: values[(at + 1) % values.length] }];
      }
      if (type === 'text') return [];
      return [{ [field]: `${String(row?.[field] ?? field)} (changed)` }];
    });
  };
  const expectedUpdate = (route: Route, who: Identity, id: string, body: Row) => {
    const name = modelOf(route);
    if (needsSignIn(route, who)) return UNAUTHORIZED;
    const row = model.get(name, id);
    if (!row || !model.allows(name, 'read', row, caller(who))) return notFound();
    if (!voterAllows(route, who, id, row)) return FORBIDDEN;
    if (!model.allows(name, 'update', row, caller(who))) return FORBIDDEN;
    // Rules on fields: on an update, the condition reads the record as it is.
    for (const field of Object.keys(body))
      if (!model.fieldAllows(name, field, 'write', row, caller(who)))
        return { status: 403, body: error(`Forbidden: you may not write "${field}"`) };
    const next = { ...row, ...body };
    // The new values must meet the update rules too (docs/config.md "New values").
    if (!model.allows(name, 'update', next, caller(who))) return FORBIDDEN;
    return { status: 200, body: model.shaped(name, next, caller(who), route) };
  };

  /**
   * The bodies a collection PATCH tries: each user id field it writes set to the caller's id (an
   * anonymous caller's: the first identity's) and to the next identity's.
   */
  const updateManyBodies = (route: Route, who: Identity): Row[] => {
    const users = identities.flatMap((each) => (each.id === null ? [] : [each.id]));
    const self = who.id ?? users[0];
    const other = users[(users.indexOf(self) + 1) % users.length];
    return Object.keys(route.body ?? {}).reduce<Row[]>(
      (variants, field) => {
        if (model.belongsToBy(modelOf(route), field)?.[1].model !== ACCOUNTS_MODEL)
          throw new Error(`${routeName(route)}: the matrix writes only user ids in a collection`);
        return variants.flatMap((body) => [self, other].map((id) => ({ ...body, [field]: id })));
      },
      [{}],
    );
  };
  /**
   * A collection PATCH (docs/config.md "Access rules", "Collections"): it changes the records the
   * caller may read and update among those it selects, and checks their new values against the
   * update rules: when one breaks them, 403 and nothing changes.
   */
  const expectedUpdateMany = (
    route: Route,
    who: Identity,
    parentId: string,
    filters: Record<string, string>,
    body: Row,
  ): { status: number; body: unknown; changed: Row[] } => {
    const name = modelOf(route);
    if (needsSignIn(route, who)) return { ...UNAUTHORIZED, changed: [] };
    const refused = parentRefusal(route, parentId, who);
    if (refused) return { ...refused, changed: [] };
    if (!voterAllows(route, who, null, null)) return { ...FORBIDDEN, changed: [] };
    const changed = listed(route, who, parentId, filters)
      .map((row) => model.get(name, String(row.id))!)
      .filter((row) => model.allows(name, 'update', row, caller(who)));
    if (changed.some((row) => !model.allows(name, 'update', { ...row, ...body }, caller(who))))
      return { ...FORBIDDEN, changed: [] };
    return {
      status: route.status ?? 204,
      body: route.status ? { count: changed.length } : '',
      changed,
    };
  };

  /** Before a collection delete under a parent: a record of each identity that may create one there. */
  const seedChildren = async (route: Route, parentId: string) => {
    if (parentId === MISSING) return;
    const name = modelOf(route);
    const create = ROUTES.find(
      (r) =>
        kindOf(r) === 'create' &&
        modelOf(r) === name &&
        parentOf(r)?.param === parentOf(route)?.param,
    );
    if (!create) return;
    for (const who of identities) {
      if (
        who.id === null ||
        expectedCreate(create, who, parentId, plainBody(create)).status !== 201
      )
        continue;
      model.put(
        name,
        await must(
          who,
          'POST',
          pathOf(create, parentValues(create, parentId)),
          plainBody(create),
          201,
        ),
      );
    }
  };

  // ---- the app and its records

  beforeAll(async () => {
    const variant = await variantDatabase(database);
    dropDatabase = variant.drop;
    project = await projectFor(orm, variant.env, () =>
      createTestProject(`newsroom-${orm}`, { orm, env: variant.env, configFrom: EXAMPLE }),
    );
    await project.appgen(['build']);
    server = await startBuiltApp(project.dir, project.env);
    base = server.url;
    for (const [name, role] of [
      ['Ann', null],
      ['Ben', null],
      ['Eve', 'editor'],
      ['Ada', 'admin'],
    ] as const) {
      const email = `${name.toLowerCase()}@example.com`;
      const answer = await request(
        base,
        'POST',
        '/api/signup',
        { name, email, password: PASSWORD },
        { origin: base },
      );
      expect(answer.status).toBe(201);
      const { token, ...user } = answer.body as Row;
      model.put(ACCOUNTS_MODEL, user);
      people[name] = {
        name,
        id: String(user.id),
        email,
        auth: { authorization: `Bearer ${String(token)}` },
      };
      if (role === 'admin') {
        // The first admin, from the command line (docs/cli.md).
        const set = await run(process.execPath, [APPGEN, 'users', 'role', email, role], {
          cwd: project.dir,
          env: project.env,
          timeoutMs: 120_000,
        });
        expect(set.code).toBe(0);
        model.get(ACCOUNTS_MODEL, String(user.id))![ROLE_FIELD] = role;
      }
    }
    const { Ann, Ben, Eve, Ada } = people;
    // The editor, made by the admin through the role route.
    const promoted = await must(Ada, 'PATCH', `/api/users/${Eve.id}/role`, { role: 'editor' }, 200);
    model.put(ACCOUNTS_MODEL, promoted);
    identities = [anonymous, Ann, Ben, Eve, Ada];
    auditor = Ada;

    // Desks and their members: Ann on Politics, Ben on Sports, both and Ada on Culture, Ada alone
    // on Features; Ann writes for Sports and leaves it.
    const desks: Record<string, string> = {};
    for (const name of ['Politics', 'Sports', 'Culture', 'Features']) {
      const desk = await must(Ada, 'POST', '/api/desks', { name }, 201);
      model.put('Desk', desk);
      desks[name] = String(desk.id);
    }
    const join = async (who: Identity, desk: string, joining = true) => {
      await must(
        who,
        joining ? 'POST' : 'DELETE',
        `/api/desks/${desks[desk]}/join`,
        undefined,
        200,
      );
      model.link('Desk', 'members', desks[desk], who.id!, joining);
    };
    await join(Ann, 'Politics');
    await join(Ben, 'Sports');
    await join(Ann, 'Sports');
    for (const who of [Ann, Ben, Ada]) await join(who, 'Culture');
    await join(Ada, 'Features');
    // A story of each status by each author on each of their desks, one at a time (they are
    // listed newest first): written as a draft by its author, put in review by the editor,
    // published by the admin (the editor may not: the new values would break the deny rule).
    const plan: Array<[Identity, string]> = [
      [Ann, 'Politics'],
      [Ann, 'Culture'],
      [Ann, 'Sports'],
      [Ben, 'Sports'],
      [Ben, 'Culture'],
      [Ada, 'Features'],
    ];
    for (const [author, desk] of plan)
      for (const status of ['draft', 'review', 'published']) {
        let story = await must(
          author,
          'POST',
          '/api/stories',
          { title: `${status} of ${author.name} on ${desk}`, deskId: desks[desk] },
          201,
        );
        if (status !== 'draft')
          story = await must(
            status === 'review' ? Eve : Ada,
            'PATCH',
            `/api/stories/${String(story.id)}`,
            { status },
            200,
          );
        model.put('Story', story);
        seeded.push(String(story.id));
      }
    await join(Ann, 'Sports', false);
    // A comment by the story's author and by another identity that may read it (each in turn),
    // one at a time on each story.
    const writers = [Ann, Ben, Eve, Ada];
    await inParallel([...seeded.keys()], async (n) => {
      const id = seeded[n];
      const story = model.get('Story', id)!;
      const other = [...writers.slice(n % 4), ...writers.slice(0, n % 4)].find(
        (who) => who.id !== story.authorId && model.allows('Story', 'read', story, caller(who)),
      );
      for (const who of [
        writers.find((each) => each.id === story.authorId)!,
        ...(other ? [other] : []),
      ])
        model.put(
          'Comment',
          await must(
            who,
            'POST',
            `/api/stories/${id}/comments`,
            { body: `${who.name} on ${id}` },
            201,
          ),
        );
    });
    for (const name of Object.keys(CONFIG.models))
      for (const row of model.all(name)) initial.add(String(row.id));
  });

  afterAll(async () => {
    await server?.stop();
    await dropDatabase?.();
  });

  for (const route of ORDERED)
    it(`answers every identity on ${routeName(route)} as the rules say`, async () => {
      await runCells[kindOf(route)](route);
      expect([routeName(route), (cells.get(route) ?? 0) > 0]).toEqual([routeName(route), true]);
    });

  it('has asserted cells for every route of the example', () => {
    expect(ROUTES.filter((route) => !cells.get(route)).map(routeName)).toEqual([]);
    const total = [...cells.values()].reduce((sum, n) => sum + n, 0);
    // Each identity met each route on many records (about 1,400 cells for the example).
    expect(total).toBeGreaterThan(ROUTES.length * identities.length);
  });
});
