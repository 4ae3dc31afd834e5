import type { ModelConfig, RouteConfig } from '../config/configTypes';
import { isUniqueField } from './routeParams';
import type { RouteOperation } from './routeOperation';

/**
 * A route's voter: a user-owned one, or a built-in rule. `roles` (from "role:<role>,...", alone or
 * after "self" or "owner:<field>" and a `|`): callers with one of these roles may go on too.
 */
export type VoterRef =
  | { kind: 'custom'; name: string }
  | { kind: 'self'; roles: string[] }
  | { kind: 'owner'; field: string; roles: string[] }
  | { kind: 'role'; roles: string[] };

const ROLE_PREFIX = 'role:';

/** "owner:authorId|role:admin,editor": the rule before the `|`, and the roles after it. */
export function parseVoter(voter: string): VoterRef {
  const [first, second] = voter.split('|', 2);
  const rolesText = second ?? (first.startsWith(ROLE_PREFIX) ? first : null);
  const roles =
    rolesText?.startsWith(ROLE_PREFIX) === true
      ? rolesText.slice(ROLE_PREFIX.length).split(',')
      : [];
  if (second === undefined && first.startsWith(ROLE_PREFIX)) return { kind: 'role', roles };
  if (first === 'self') return { kind: 'self', roles };
  if (first.startsWith('owner:'))
    return { kind: 'owner', field: first.slice('owner:'.length), roles };
  return { kind: 'custom', name: voter };
}

/** The voter as the route writes it ("owner:authorId|role:admin"). */
export function voterText(voter: VoterRef): string {
  if (voter.kind === 'custom') return voter.name;
  const roles = voter.roles.length > 0 ? `${ROLE_PREFIX}${voter.roles.join(',')}` : null;
  const first =
    voter.kind === 'owner' ? `owner:${voter.field}` : voter.kind === 'self' ? 'self' : null;
  return [first, roles].filter((part) => part !== null).join('|');
}

/** The voter's text with other roles: how a did-you-mean writes the whole voter. */
export function voterWithRoles(voter: string, roles: string[]): string {
  const [first, second] = voter.split('|', 2);
  const rolesText = `${ROLE_PREFIX}${roles.join(',')}`;
  return second === undefined ? rolesText : `${first}|${rolesText}`;
}

const RECORD_OPERATIONS: readonly RouteOperation[] = [
  'get',
  'replace',
  'update',
  'delete',
  'function',
];

/**
 * Whether the handler loads the record before the voter runs: a route on one existing record,
 * named in the path by `id` or another unique field of the model.
 */
export function voterSeesRecord(
  route: RouteConfig,
  operation: RouteOperation,
  model: ModelConfig | undefined,
): boolean {
  if (!route.voter || !model || !RECORD_OPERATIONS.includes(operation)) return false;
  return Object.keys(route.params ?? {}).some((name) => isUniqueField(model, name));
}
