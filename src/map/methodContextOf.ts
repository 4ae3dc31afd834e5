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
const OPERATION_FIELDS = new Set<string>([
  'operation',
  'link',
  'listLimit',
  'checksLinkIds',
  'createsBy',
  'slug',
  'writesLinks',
  'writesInTransaction',
  'readsWritten',
]);

type BaseFields = Omit<
  MethodFields,
  | 'operation'
  | 'link'
  | 'listLimit'
  | 'checksLinkIds'
  | 'createsBy'
  | 'slug'
  | 'writesLinks'
  | 'writesInTransaction'
  | 'readsWritten'
>;

/**
 * The fields every member has, in their order, copied once by a loop: a rest pattern
 * (`{ operation, ...base } = fields`) copied them through V8's slow path, most of the map's time
 * at 1,000 models after the spreads had gone (issue 51's generation time).
 */
function baseOf(fields: MethodFields): BaseFields {
  const base: Record<string, unknown> = {};
  const all = fields as unknown as Record<string, unknown>;
  for (const key in all) if (!OPERATION_FIELDS.has(key)) base[key] = all[key];
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
  // A write's own fields, added after `base` in a write's member; each member gets the fields
  // of `base` once (their order as they were: base's, then these, then the operation's).
  const write = { slug, writesLinks, writesInTransaction, readsWritten };
  const writer = { checksLinkIds, createsBy, collection: false as const };
  switch (operation) {
    case 'list':
      return Object.assign(base, { operation, listLimit, collection: false as const });
    case 'get':
      return Object.assign(base, { operation, collection: false as const });
    // One case each: TypeScript matches a union of operations to no single member.
    case 'create':
      return Object.assign(base, write, { operation }, writer);
    case 'replace':
      return Object.assign(base, write, { operation }, writer);
    case 'update':
      return Object.assign(base, write, { operation }, writer);
    case 'delete':
      return Object.assign(base, write, { operation, collection: false as const });
    case 'deleteMany':
    case 'updateMany':
      return Object.assign(base, write, {
        operation,
        collection: true as const,
        listQuery: required(base.listQuery, 'listQuery', operation),
      });
    case 'link':
    case 'unlink':
      return Object.assign(base, write, {
        operation,
        link: required(link, 'link', operation),
        collection: false as const,
      });
    case 'logIn':
    case 'logOut':
    case 'listSessions':
    case 'revokeSession':
    case 'accountMail':
    case 'apiKeys':
    case 'totp':
    case 'oidc':
      return Object.assign(base, {
        operation,
        account: required(base.account, 'account', operation),
        collection: false as const,
      });
    case 'function':
      return Object.assign(base, {
        operation,
        function: required(base.function, 'function', operation),
        collection: false as const,
      });
  }
}
