import type { RouteOperation } from '../domain/routeOperation';
import type { BodyWriteMethodBase, LinkRouteContext, MethodContext } from './contexts';

/**
 * Every field mapMethod works out for a method, whatever its operation (null or false where one
 * does not apply): methodContextOf keeps those of its operation's member of MethodContext.
 */
export interface MethodFields extends BodyWriteMethodBase {
  link: LinkRouteContext | null;
  listLimit: number | null;
}

function required<T>(value: T | null, what: string, operation: RouteOperation): T {
  if (value === null) throw new Error(`internal error: a ${operation} method without ${what}`);
  return value;
}

/** The fields of MethodFields that only some operations' members have. */
const OPERATION_FIELDS = [
  'operation',
  'link',
  'listLimit',
  'checksLinkIds',
  'createsBy',
  'slug',
  'writesLinks',
  'writesInTransaction',
  'readsWritten',
] as const satisfies ReadonlyArray<keyof MethodFields>;
const OPERATION_FIELD_SET = new Set<string>(OPERATION_FIELDS);

type BaseFields = Omit<MethodFields, (typeof OPERATION_FIELDS)[number]>;

/**
 * The fields every member has, in their order, gathered by a loop: a rest pattern
 * (`{ operation, ...base } = fields`) copied them through V8's slow path, most of the map's time
 * at 1,000 models (issue 51's generation time). The loop's object is a dictionary (V8 stops giving
 * an object fixed slots after a dozen properties added by computed name); each member spreads it
 * into an object with fixed slots, which the render stage, the render memo's JSON and Handlebars'
 * copies read several times faster (measured: the memo's keys took a quarter longer on
 * dictionaries).
 */
function baseOf(fields: MethodFields): BaseFields {
  const base: Record<string, unknown> = {};
  const all = fields as unknown as Record<string, unknown>;
  for (const key in all) if (!OPERATION_FIELD_SET.has(key)) base[key] = all[key];
  return base as unknown as BaseFields;
}

/** The member of MethodContext for the method's operation, with only the fields it has. */
export function methodContextOf(fields: MethodFields): MethodContext {
  const {
    operation,
    link,
    listLimit,
    checksLinkIds,
    createsBy,
    slug,
    writesLinks,
    writesInTransaction,
    readsWritten,
  } = fields;
  const base = baseOf(fields);
  // A write's own fields, spread after `base` in a write's member.
  const write = { slug, writesLinks, writesInTransaction, readsWritten };
  switch (operation) {
    case 'list':
      return { ...base, operation, listLimit, collection: false };
    case 'get':
      return { ...base, operation, collection: false };
    case 'create':
    case 'replace':
    case 'update':
      return { ...base, ...write, operation, checksLinkIds, createsBy, collection: false };
    case 'delete':
      return { ...base, ...write, operation, collection: false };
    case 'deleteMany':
    case 'updateMany':
      return {
        ...base,
        ...write,
        operation,
        collection: true,
        listQuery: required(base.listQuery, 'listQuery', operation),
      };
    case 'link':
    case 'unlink':
      return {
        ...base,
        ...write,
        operation,
        link: required(link, 'link', operation),
        collection: false,
      };
    case 'logIn':
    case 'logOut':
    case 'listSessions':
    case 'revokeSession':
    case 'accountMail':
    case 'apiKeys':
    case 'totp':
    case 'oidc':
      return {
        ...base,
        operation,
        account: required(base.account, 'account', operation),
        collection: false,
      };
    case 'function':
      return {
        ...base,
        operation,
        function: required(base.function, 'function', operation),
        collection: false,
      };
  }
}
