/** Names that would shadow what generated code imports or uses, or are not usable identifiers. */
const JS_RESERVED = [
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'yield',
  'let',
  'static',
  'implements',
  'interface',
  'package',
  'private',
  'protected',
  'public',
  'await',
  'async',
  'arguments',
  'eval',
  'undefined',
  'NaN',
  'Infinity',
];

const GLOBAL_TYPES = [
  'Array',
  'Boolean',
  'Date',
  'Error',
  'Function',
  'JSON',
  'Map',
  'Math',
  'Number',
  'Object',
  'Promise',
  'Record',
  'RegExp',
  'Set',
  'String',
  'Symbol',
  'Request',
  'Response',
  'Headers',
  'URL',
  'React',
  'Prisma',
  'PrismaClient',
  'NextRequest',
  'NextResponse',
  'JsonValue',
  'Metadata',
];

/** Prisma refuses a model named like its scalar types or its client ("reserved scalar type name"). */
export const PRISMA_RESERVED: readonly string[] = [
  'Int',
  'Float',
  'DateTime',
  'Json',
  'Bytes',
  'Decimal',
  'BigInt',
  'String',
  'Boolean',
  'PrismaClient',
];

/**
 * Names generated files import (see the `import` lines of templates/): a model type or a page
 * function of the same name would clash with them, e.g. a model `Link` with `next/link`.
 */
export const TEMPLATE_IMPORTS: readonly string[] = [
  'Link',
  'AppgenForm',
  'EventPayload',
  'FunctionInput',
  'VoterInput',
  'JsonInput',
  'ReactNode',
  'FormEvent',
  'NextConfig',
  'PrismaBetterSqlite3',
  'PrismaPg',
  'Column',
  'InferSelectModel',
  'SQL',
  'Table',
  'SignJWT',
  'RouteAnswer',
  'RouteHandler',
];

/**
 * Properties every object inherits: generated code looks fields up in objects (bodies, records,
 * specs), where a field `constructor` would find Object's own instead of being absent.
 */
export const OBJECT_PROTOTYPE: readonly string[] = [
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
];

const RESERVED = new Set([
  ...JS_RESERVED,
  ...GLOBAL_TYPES,
  ...PRISMA_RESERVED,
  ...TEMPLATE_IMPORTS,
  ...OBJECT_PROTOTYPE,
]);

export function isReservedName(name: string): boolean {
  return RESERVED.has(name);
}

/** Why a name is reserved, for the error message; undefined when it is not. */
export function whyReserved(name: string): string | undefined {
  if (PRISMA_RESERVED.includes(name)) return 'Prisma reserves it (a scalar type or its client)';
  if (TEMPLATE_IMPORTS.includes(name)) return 'generated files import a name like it';
  if (OBJECT_PROTOTYPE.includes(name)) return 'every JavaScript object has a property of that name';
  if (JS_RESERVED.includes(name)) return 'a JavaScript reserved word';
  return RESERVED.has(name) ? 'a global or imported name in generated code' : undefined;
}

/** The names of a route file's exports: a function, voter or event imported there cannot take them. */
export const HTTP_METHOD_EXPORTS: ReadonlySet<string> = new Set([
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'HEAD',
  'OPTIONS',
]);

/**
 * Names a generated route handler already binds (its imports and locals, see
 * templates/partials/handler/): a route's function or voter, imported by its name, cannot use them.
 */
const HANDLER_NAMES = new Set([
  'db',
  'Prisma',
  'handle',
  'json',
  'jsonError',
  'redirectTo',
  'noContent',
  'invalidParam',
  'isIntParam',
  'isUuid',
  'readBody',
  'getAuthUser',
  'Context',
  'request',
  'ctx',
  'params',
  'userId',
  'parsed',
  'body',
  'allowed',
  'result',
  'record',
  'records',
  'current',
  'folder',
  'crossSite',
  'refuseCrossSite',
  // a method a page may probe (templates/partials/handler/probedBody.hbs, probeStop.hbs)
  'isProbe',
  'probeAllowed',
  // a method without a body (templates/partials/handler/noBody.hbs)
  'unread',
  'refuseBody',
  'allowOwner',
  'allowSelf',
  'requireRole',
  // models with access rules (templates/partials/handler/caller.hbs, fieldWrites.hbs, orm/*/accessCheck.hbs)
  'callerOf',
  'Caller',
  'caller',
  // records of models with access rules read beside the route's own (orm/<orm>/readable, handler/sent, records.ts)
  'hidingIncluded',
  'withReadable',
  'ruled',
  'ruledComputed',
  'ruledJoin',
  'refused',
  'unwritable',
  'uncreatable',
  'runEvents',
  'asRecord',
  'eventRows',
  'wakeOutbox',
  'row',
  'BodySpec',
  // every method's export (undeclared ones answer 405, see route.ts.hbs) and what they use
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'methodNotAllowed',
  'allowedMethods',
  'isTextParam',
  // list routes (templates/partials/handler/listQuery.hbs, orm list partials)
  'query',
  'listed',
  'total',
  'readListQuery',
  'ListQuerySpec',
  'totalHeaders',
  'conditionsWhere',
  'conditionsSql',
  'byPosition',
  // lists that page by cursor (handler/listQuery, handler/respondPage, src/appgen/cursor.ts)
  'position',
  'ends',
  'readCursor',
  'cursorWhere',
  'pageOrder',
  'pageEnds',
  'pageLinks',
  // orm drizzle (templates/partials/orm/drizzle/)
  'tables',
  'matching',
  'toDate',
  'changes',
  'where',
  'columns',
  'relations',
  'withIncluded',
  'found',
  'values',
  'changed',
  'written',
  'tx',
  'links',
  'inArray',
  'isNotNull',
  // slugs (src/appgen/slug.ts, orm/<orm>/takenSlugs)
  'hashPassword',
  'slugify',
  'withFreeSlug',
  'like',
  // the rest of what a route file may import (partials handler/imports and orm/<orm>/imports,
  // without conditions: tests/unit/validate/handlerNames.test.ts holds them to this list)
  'invalidBody',
  'requireRecords',
  'retryWhenTaken',
  'retryWhenConflicting',
  'inIdOrder',
  'readComputed',
  'shaped',
  'plainValues',
  'publicBaseUrl',
  'Shape',
  'verifyPassword',
  'clearSessionCookie',
  'createSessionToken',
  'requireSessionSecret',
  'sessionCookie',
  'sessionTokenOf',
  'verifySessionToken',
  'endRequestSession',
  'endEverySession',
  'endOtherSessions',
  'liveSessionOfRequest',
  'callerSessions',
  'revokeCallerSession',
  'revoked',
  // the caller's live session (handler/liveSession)
  'session',
  // account routes on sessions (handler/listSessions)
  'sessions',
  'held',
  'signInAttempt',
  'knownClientCookie',
  // account mail (handler/requestReset, resetPassword, verifyEmail, resendVerification, logInAnswer)
  'isVerified',
  'requestReset',
  'resendVerification',
  'resetPassword',
  'verifyEmail',
  // API keys (handler/createApiKey, listApiKeys, revokeApiKey)
  'createApiKey',
  'listApiKeys',
  'revokeApiKey',
  // A second factor (handler/enrolTotp, confirmTotp, disableTotp; the log-in's secondFactorRefusal)
  'enrolTotp',
  'confirmTotp',
  'disableTotp',
  'secondFactorRefusal',
  // Sign-in with providers (handler/oidcSignIn, oidcCallback, listIdentities, unlinkIdentity)
  'oidcSignIn',
  'oidcCallback',
  'listIdentities',
  'unlinkIdentity',
  'and',
  'eq',
  'listOrder',
  'filtered',
  'matchingPlaceholders',
  'preparedOnce',
  'computed',
  'includedRecords',
  'withComputed',
  'withComputedNow',
  'withIncludedNow',
  'joined',
  'sql',
  'relationCounts',
  'withCounts',
]);

/**
 * Handlers name the parent a path parameter finds `parent<Relation>` (`parentArticle`), and import
 * a model's access rules as `<model>Access` and `<model>Fields` (src/appgen/access/<model>.ts).
 */
const HANDLER_NAME_PATTERNS = [/^parent[A-Z]/, /^[a-z][A-Za-z0-9]*(Access|Fields)$/];

export function isReservedInHandlers(name: string): boolean {
  return (
    RESERVED.has(name) ||
    HANDLER_NAMES.has(name) ||
    HTTP_METHOD_EXPORTS.has(name) ||
    HANDLER_NAME_PATTERNS.some((pattern) => pattern.test(name))
  );
}

/**
 * What src/appgen/schema.ts (orm drizzle) imports from drizzle-orm/sqlite-core and pg-core, beside
 * the tables it exports under the models' camelCase names: a model `Text` would export `text`.
 */
export const DRIZZLE_SCHEMA_NAMES: ReadonlySet<string> = new Set([
  'text',
  'integer',
  'real',
  'boolean',
  'timestamp',
  'doublePrecision',
  'json',
  'sqliteTable',
  'pgTable',
  'uniqueIndex',
  'index',
  'foreignKey',
]);
