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
    ...base
  } = fields;
  const write = { ...base, slug, writesLinks, writesInTransaction, readsWritten };
  switch (operation) {
    case 'list':
      return { ...base, operation, listLimit, collection: false };
    case 'get':
      return { ...base, operation, collection: false };
    case 'create':
    case 'replace':
    case 'update':
      return { ...write, operation, checksLinkIds, createsBy, collection: false };
    case 'delete':
      return { ...write, operation, collection: false };
    case 'deleteMany':
    case 'updateMany':
      return {
        ...write,
        operation,
        collection: true,
        listQuery: required(base.listQuery, 'listQuery', operation),
      };
    case 'link':
    case 'unlink':
      return { ...write, operation, link: required(link, 'link', operation), collection: false };
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
