/** Names that would shadow what generated code imports or uses, or are not usable identifiers. */
const JS_RESERVED = [
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum',
  'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null',
  'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield',
  'let', 'static', 'implements', 'interface', 'package', 'private', 'protected', 'public', 'await', 'async',
  'arguments', 'eval', 'undefined', 'NaN', 'Infinity',
];

const GLOBAL_TYPES = [
  'Array', 'Boolean', 'Date', 'Error', 'Function', 'JSON', 'Map', 'Math', 'Number', 'Object', 'Promise',
  'Record', 'RegExp', 'Set', 'String', 'Symbol', 'Request', 'Response', 'Headers', 'URL', 'React',
  'Prisma', 'PrismaClient', 'NextRequest', 'NextResponse', 'JsonValue', 'Metadata',
];

const RESERVED = new Set([...JS_RESERVED, ...GLOBAL_TYPES]);

export function isReservedName(name: string): boolean {
  return RESERVED.has(name);
}

/**
 * Names a generated route handler already binds (its imports and locals, see
 * templates/partials/handler/): a route's function or voter, imported by its name, cannot use them.
 */
const HANDLER_NAMES = new Set([
  'db', 'Prisma', 'handle', 'json', 'jsonError', 'redirectTo', 'invalidParam', 'isIntParam', 'isUuid', 'readBody',
  'getAuthUser', 'Context', 'request', 'ctx', 'params', 'userId', 'parsed', 'body', 'allowed', 'result', 'record', 'records',
  'current', 'folder', 'crossSite', 'refuseCrossSite', 'allowOwner', 'allowSelf', 'runEvents', 'asRecord', 'BodySpec',
  // every method's export (undeclared ones answer 405, see route.ts.hbs) and what they use
  'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'methodNotAllowed', 'allowedMethods', 'isTextParam',
  // list routes (templates/partials/handler/listQuery.hbs, orm list partials)
  'query', 'listed', 'total', 'readListQuery', 'ListQuerySpec',
  // orm drizzle (templates/partials/orm/drizzle/)
  'tables', 'matching', 'toDate', 'changes', 'where', 'columns', 'relations', 'withIncluded', 'found', 'values', 'changed', 'written', 'tx', 'links', 'inArray',
]);

export function isReservedInHandlers(name: string): boolean {
  return RESERVED.has(name) || HANDLER_NAMES.has(name);
}

/**
 * What src/appgen/schema.ts (orm drizzle) imports from drizzle-orm/sqlite-core and pg-core, beside
 * the tables it exports under the models' camelCase names: a model `Text` would export `text`.
 */
export const DRIZZLE_SCHEMA_NAMES: ReadonlySet<string> = new Set([
  'text', 'integer', 'real', 'boolean', 'timestamp', 'doublePrecision', 'jsonb', 'sqliteTable', 'pgTable', 'uniqueIndex', 'index', 'foreignKey',
]);
