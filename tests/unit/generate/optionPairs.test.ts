import fs from 'fs';
import path from 'path';
import { ConfigError } from '../../../src/diagnostics/diagnostic';
import { mapProject } from '../../../src/map/mapProject';
import type { DatabaseProvider } from '../../../src/map/contexts';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { buildFileMap } from '../../../src/render/buildFileMap';
import { TemplateSet } from '../../../src/render/templateSet';
import { checkedProject } from '../support/checkConfig';
import { typesProject } from '../support/generatedAppTypes';
import { optionPairRoutes, type PairRoute } from '../support/routeOptionPairs';
import { REPO_ROOT } from '../support/paths';
import type { ProjectFiles } from '../support/tempProject';
import { typecheckFileMap } from '../support/typecheckFileMap';

// Generated code compiles for every pair of route options (tests/unit/support/routeOptionPairs.ts),
// each on every kind of route both apply to: one project per ORM holds a route per pair and kind,
// rendered in memory and type-checked as one TypeScript program under the strict options of a
// generated app (plus noUnusedLocals and noUnusedParameters). The generated apps' packages come
// from the e2e tests' shared install, which the unit run's globalSetup makes when missing.
jest.setTimeout(900_000);

const PUBLISHING = path.join(REPO_ROOT, 'examples', 'publishing');
/** The route an Article's url field names. */
const URL_ROUTE = {
  method: 'GET',
  path: '/api/articles/:slug',
  params: { slug: 'string' },
  response: 'Article',
};
const SETTINGS = JSON.parse(fs.readFileSync(path.join(PUBLISHING, 'appgen.config.json'), 'utf8'));
/** The example's models, Article with a url field: every answer of an Article sends it. */
const MODELS: ProjectFiles = Object.fromEntries(
  fs.readdirSync(path.join(PUBLISHING, 'config', 'models')).map((file) => {
    const model = JSON.parse(
      fs.readFileSync(path.join(PUBLISHING, 'config', 'models', file), 'utf8'),
    );
    if (model.name === 'Article')
      model.computed = { ...model.computed, url: { url: URL_ROUTE.path } };
    return [`config/models/${file}`, model];
  }),
);

function projectFiles(orm: string, routes: PairRoute[]): ProjectFiles {
  return {
    'appgen.config.json': { ...SETTINGS, orm },
    ...MODELS,
    'config/routes/pairs.json': { routes: [URL_ROUTE, ...routes.map(({ route }) => route)] },
  };
}

/** Each route validated alone: those appgen accepts, and the message of each it refuses. */
function validated(routes: PairRoute[]): { valid: PairRoute[]; refused: Map<string, string> } {
  const valid: PairRoute[] = [];
  const refused = new Map<string, string>();
  for (const route of routes) {
    try {
      checkedProject(projectFiles('prisma', [route]));
      valid.push(route);
    } catch (error) {
      // A refusal must be a config error (file, line, path, fix), never a crash.
      if (!(error instanceof ConfigError)) throw error;
      refused.set(route.label, error.diagnostics.map((d) => d.message).join('; '));
    }
  }
  return { valid, refused };
}

const { routes, skipped } = optionPairRoutes();
const { valid, refused } = validated(routes);
const PAIR_OF_PREFIX = new Map(
  routes.map(({ label, route }) => [String(route.path).split('/')[2], label]),
);

function withPair(error: string): string {
  const prefix = /^src\/app\/api\/(c\d+)\//.exec(error)?.[1];
  return prefix ? `${error} (${PAIR_OF_PREFIX.get(prefix)})` : error;
}

/**
 * The pairs and kinds appgen refuses (docs/config.md says why), each with the reason. A route
 * refused that is not listed here, or listed and accepted, fails the test: a combination that
 * becomes valid moves to the type-checked ones by leaving this list.
 */
const REFUSED: Record<string, string> = {
  ...reason(
    'an account route takes no function, auth, voter, record, include or redirect: appgen writes its whole work; its fields are its own (no computed field read from a relation)',
    ['account + record', 'update', 'delete'],
    ['account + function', 'get', 'create', 'update', 'delete'],
    ['account + auth', 'create', 'update', 'delete'],
    ['account + voter', 'create', 'update', 'delete'],
    ['account + token', 'update'],
    ['account + include', 'create', 'update'],
    ['account + computed', 'create', 'update'],
    ['account + redirect', 'create', 'update', 'delete'],
  ),
  ...reason('a log-out reads no body and answers no record: nothing to envelope', [
    'account + envelope',
    'delete',
  ]),
  ...reason(
    '"record": "currentUser" is not for a function route',
    ['record + function', 'get', 'replace', 'update', 'delete'],
    ['token + function', 'get', 'replace', 'update'],
  ),
  ...reason(
    'a session token goes with the record an answer sends: not with a redirect or a 204',
    ['token + status', 'replace'],
    ['token + redirect', 'get', 'replace', 'update'],
  ),
  ...reason(
    'a list of plain values sends one field alone: not beside fields or include',
    ['fields + values', 'list'],
    ['include + values', 'list'],
    ['computed + values', 'list'],
    ['url + values', 'list'],
  ),
  ...reason(
    'a built-in voter needs the record the path names',
    ['record + voter', 'delete'],
    ['link + voter', 'delete'],
  ),
  ...reason('a function route links what it wants', ['link + function', 'create', 'delete']),
  ...reason(
    '"set" is for routes that write a model without a function',
    ['link + set', 'create'],
    ['function + set', 'create', 'replace', 'update'],
  ),
  ...reason(
    'a set field cannot also be fixed by the path',
    ['nested by id + set', 'create', 'replace', 'update'],
    ['nested by unique + set', 'create', 'replace', 'update'],
  ),
  ...reason(
    'a function answers what it builds: no query, response envelope, fields or include',
    ['function + query', 'list'],
    ['function + cursor', 'list'],
    ['function + envelope', 'list'],
    ['function + fields', 'list', 'get', 'create', 'replace', 'update'],
    ['function + include', 'list', 'get', 'create', 'replace', 'update'],
    ['function + computed', 'list', 'get', 'create', 'replace', 'update'],
    ['function + url', 'list', 'get', 'create', 'replace', 'update'],
    ['function + values', 'list'],
  ),
  ...reason(
    'a 204 or a redirect answers no body: nothing to envelope or choose fields of',
    ['envelope + status', 'delete'],
    ['envelope + redirect', 'get', 'delete'],
    ['fields + status', 'replace'],
    ['include + status', 'replace'],
    ['computed + status', 'replace'],
    ['url + status', 'replace'],
  ),
  ...reason(
    '"collection" works on every record the route selects: not on an account route, the caller\'s own record, a link, or beside a function',
    ['account + collection', 'update', 'delete'],
    ['record + collection', 'update', 'delete'],
    ['token + collection', 'update'],
    ['link + collection', 'delete'],
    ['collection + function', 'update', 'delete'],
  ),
  ...reason(
    'a built-in voter compares one record: a collection takes the user\'s own voter (or "scope")',
    ['collection + voter', 'delete'],
  ),
  ...reason('a redirect has its own status', [
    'status + redirect',
    'get',
    'create',
    'replace',
    'update',
    'delete',
  ]),
};

/** `{ "<pair>, <kind>": why }` for each of the kinds listed after each pair. */
function reason(why: string, ...pairs: string[][]): Record<string, string> {
  return Object.fromEntries(
    pairs.flatMap(([pair, ...kinds]) => kinds.map((kind) => [`${pair}, ${kind}`, why])),
  );
}

const VARIANTS: Array<[string, DatabaseProvider]> = [
  ['prisma', 'sqlite'],
  ['drizzle', 'sqlite'],
  ['drizzle', 'postgresql'],
];

describe('every pair of route options', () => {
  it('refuses exactly the invalid combinations, with config errors', () => {
    // Refused but not listed (with appgen's message), and listed but accepted.
    const unexpected = [...refused].filter(([label]) => !(label in REFUSED));
    expect(unexpected.map(([label, message]) => `${label}: ${message}`)).toEqual([]);
    expect(Object.keys(REFUSED).filter((label) => !refused.has(label))).toEqual([]);
    // Every pair of options is on some route, or refused, or skipped with the reason.
    expect(skipped.map(({ pair }) => pair)).toEqual([
      'account + link',
      'account + nested by id',
      'account + nested by unique',
      'account + set',
      'account + query',
      'account + cursor',
      'account + url',
      'account + values',
      'account + partial',
      'record + link',
      'record + nested by id',
      'record + nested by unique',
      'record + set',
      'record + query',
      'record + cursor',
      'record + url',
      'record + values',
      'token + link',
      'token + nested by id',
      'token + nested by unique',
      'token + set',
      'token + query',
      'token + cursor',
      'token + url',
      'token + values',
      'link + query',
      'link + cursor',
      'link + values',
      'link + partial',
      'collection + cursor',
      'collection + values',
      'collection + partial',
      'set + query',
      'set + cursor',
      'set + values',
      'query + partial',
      'query + redirect',
      'cursor + partial',
      'cursor + redirect',
      'values + partial',
      'values + redirect',
    ]);
    expect(valid.length).toBeGreaterThan(300);
  });

  it.each(VARIANTS)('type-checks with orm %s on %s', async (orm, provider) => {
    const files = buildFileMap(
      mapProject(checkedProject(projectFiles(orm, valid)), {
        provider,
        defaultDatabaseUrl: `file:./${orm}/dev.db`,
      }),
      new TemplateSet(BUILTIN_TEMPLATES_DIR),
    );
    const root = await typesProject(`option-pairs-${orm}-${provider}`, files);
    const { errors, checked } = typecheckFileMap(files, root);
    expect(checked).toBeGreaterThan(valid.length);
    // Each error with the pair its route stands for: `src/app/api/c153/... (function + nested by unique, list)`.
    expect(errors.map(withPair)).toEqual([]);
  });
});
