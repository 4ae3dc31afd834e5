import { ELEMENT_TYPE_NAMES } from '../config/elements';
import { analyzeTemplate, matchesPattern, parseTemplate } from '../render/templateAnalysis';
import { templateErrorFrom } from '../render/templateError';
import { isRuntimeFile, partialName, templateText, type TemplateSource } from '../render/templateSet';
import { DATABASE_ERROR_KINDS } from '../domain/databaseErrors';
import { HANDLER_SPEC_PARTIALS, HANDLER_STEP_PARTIALS } from '../domain/handlerSteps';
import type { RouteOperation } from '../domain/routeOperation';

/**
 * Every operation a route can have (a Record, so that a new operation must be listed here). A
 * method's steps (src/map/methodSteps.ts) pick an operation's ORM partial as `orm/<orm>/<operation>`:
 * expanding by these values keeps `orm/prisma/list` apart from `orm/prisma/include`.
 */
const OPERATIONS: Record<RouteOperation, true> = { list: true, get: true, create: true, replace: true, update: true, delete: true, deleteMany: true, updateMany: true, link: true, unlink: true, logIn: true, logOut: true, listSessions: true, revokeSession: true, accountMail: true, apiKeys: true, totp: true, oidc: true, function: true };

/** Values a context field can hold where it builds a partial name with `concat`; any other field stands for `*`. */
export const VALUES_BY_CONTEXT_FIELD: Record<string, readonly string[]> = {
  operation: Object.keys(OPERATIONS),
  // partials/http/databaseError.hbs: `http/databaseError/<kind>`; Prisma's select entries
  // (`orm/prisma/entry/<kind>`), writes (`write/<operation>/<kind>`) and reads (`read/<kind>`),
  // src/map/mapOrmQueries.ts.
  kind: [
    ...DATABASE_ERROR_KINDS,
    ...['field', 'include', 'read', 'ids', 'names', 'value', 'callerIn', 'values'],
    // An access rule's conditions (AccessConditionContext.kind): orm/<orm>/access/<kind>, access/inMemory/<kind>, access/byCaller/<kind>.
    ...['always', 'all', 'any', 'not', 'equals', 'isNull', 'isCaller', 'reachesCaller'],
    ...['role', 'signedIn'],
  ],
  // src/appgen/records.ts.hbs: `records/relation/<RelationContext.type>`, `records/computed/<ComputedContext.finder>`.
  type: ['belongsTo', 'hasMany', 'manyToMany'],
  // src/appgen/http.ts.hbs: `http/methods/<originPolicy>`, `http/secured/<originPolicy>`.
  originPolicy: ['cors', 'sameOrigin'],
  finder: ['countLinked', 'countOwned', 'callerIn', 'valuesLinked', 'valuesOwned'],
  // partials/view/<field element>.hbs: `view/attribute/<AttributeContext.attributeKind>`, src/map/elementAttributes.ts.
  // partials/view/form.hbs: `view/prop/<FormPropContext.propKind>`.
  propKind: ['string', 'url', 'code', 'fields'],
  attributeKind: ['flag', 'text', 'number', 'string', 'recordValue', 'recordSelected', 'recordChecked', 'queryValue'],
};

/** Partials a template includes by a context field, `{{> (lookup . "partial")}}`: the names that field can hold, as patterns. */
export const PARTIALS_BY_CONTEXT_FIELD: Record<string, readonly string[]> = {
  // src/map/mapElements.ts: `view/<element type>`, picked by partials/view/element.hbs.
  partial: [...ELEMENT_TYPE_NAMES.map((type) => `view/${type}`), 'view/form/loaded', 'view/guarded', 'view/link/external', 'view/link/route', 'view/input/hidden'],
  // src/map/mapElements.ts: what view/guarded shows to a visitor the route lets through (a guarded form or link).
  shownPartial: ['view/form', 'view/form/loaded', 'view/link'],
  // src/map/mapElements.ts: a list row's cell (partials/view/list.hbs) or a detail's value (detail.hbs).
  cell: ['view/cell/link', 'view/cell/value', 'view/field/link', 'view/field/relatedLink', 'view/field/value'],
  // src/map/mapElements.ts: a cell's text (own field or an included relation's) and a column's heading.
  value: ['view/value/own', 'view/value/related'],
  header: ['view/header/plain', 'view/header/sort'],
  // src/map/mapElements.ts: how src/app/[view]/page.tsx.hbs calls a route (a list with controls reads its URL state).
  loadPartial: ['view/load/route', 'view/load/list'],
  // src/map/mapViews.ts: the page's h1 and its document title, fixed or the record's (a detail's `heading`).
  headingPartial: ['view/title/fixed', 'view/title/record'],
  metadataPartial: ['view/metadata/fixed', 'view/metadata/record'],
  // src/map/mapClientRoutes.ts: how src/appgen/client.ts.hbs writes a function's path.
  pathPartial: ['client/path/plain', 'client/path/withQuery'],
  // src/map/mapViews.ts: what src/app/[view]/page.tsx.hbs does before its route calls.
  pageStep: [
    'view/setup/params',
    'view/setup/renamedParams',
    'view/setup/here',
    'view/setup/requireUser',
    'view/setup/search',
    'view/setup/locale',
  ],
  // src/map/mapProject.ts: the items of src/app/layout.tsx.hbs's navigation.
  navPartial: ['view/nav/link', 'view/nav/signedOutLink', 'view/nav/signedInLink', 'view/nav/logOut'],
  // src/map/mapProject.ts: the links of src/appgen/home.tsx.hbs, by the navigation's rule.
  homePartial: ['view/home/link', 'view/home/signedOutLink', 'view/home/signedInLink'],
  // src/map/methodSteps.ts: what src/app/[route]/route.ts.hbs renders for each method.
  spec: HANDLER_SPEC_PARTIALS,
  step: [
    ...HANDLER_STEP_PARTIALS,
    ...Object.keys(OPERATIONS)
      .filter((operation) => !['function', 'logOut', 'listSessions', 'revokeSession', 'accountMail', 'apiKeys', 'totp', 'oidc'].includes(operation))
      .map((operation) => `orm/*/${operation}`),
  ],
};

/** The names a `{{> (concat ...)}}` can build, as patterns: one per value of each field with known values. */
function concatPatterns(parts: ReadonlyArray<string | { path: string }>): string[] {
  return parts.reduce<string[]>((patterns, part) => {
    const values = typeof part === 'string' ? [part] : (VALUES_BY_CONTEXT_FIELD[part.path] ?? ['*']);
    return patterns.flatMap((pattern) => values.map((value) => pattern + value));
  }, ['']);
}

export interface PartialUse {
  /** The template or partial file that includes it, e.g. `src/app/[route]/route.ts.hbs`. */
  by: string;
  /** Picked at run time (`{{> (concat ...)}}`, `{{> (lookup ...)}}`) rather than named. */
  dynamic: boolean;
}

export interface TemplateUsage {
  /** Partial name (`view/element`) → where it is included, in file order. */
  uses: Map<string, PartialUse[]>;
  /** Files that could not be read as templates, with why (their uses are unknown). */
  problems: Map<string, string>;
}

/** Which file includes which partial, read from the templates themselves. */
export function partialUsage(sources: readonly TemplateSource[]): TemplateUsage {
  const partials = sources.map((source) => partialName(source.name)).filter((name): name is string => name !== undefined);
  const uses = new Map<string, PartialUse[]>(partials.map((name) => [name, []]));
  const problems = new Map<string, string>();
  const add = (partial: string, use: PartialUse) => {
    const list = uses.get(partial);
    if (list && !list.some((u) => u.by === use.by)) list.push(use);
  };
  for (const source of sources) {
    // A runtime file includes no partial.
    if (isRuntimeFile(source.name)) continue;
    let analysis;
    try {
      analysis = analyzeTemplate(parseTemplate(templateText(source)));
    } catch (error) {
      problems.set(source.name, templateErrorFrom(error, source.name, source.origin).message);
      continue;
    }
    for (const reference of analysis.partials) {
      if (reference.name !== undefined) add(reference.name, { by: source.name, dynamic: false });
      const patterns = reference.parts !== undefined ? concatPatterns(reference.parts) : reference.field !== undefined ? (PARTIALS_BY_CONTEXT_FIELD[reference.field] ?? []) : [];
      for (const partial of partials) {
        // `view/element` picks `view/<type>`, never itself.
        if (partial === partialName(source.name)) continue;
        if (patterns.some((pattern) => matchesPattern(pattern, partial))) add(partial, { by: source.name, dynamic: true });
      }
    }
  }
  return { uses, problems };
}
