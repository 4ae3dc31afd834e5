import type { RouteConfig } from '../config/configTypes';
import type { RouteOperation } from './routeOperation';

/** A route's voter: a user-owned one, or a built-in rule. */
export type VoterRef =
  { kind: 'custom'; name: string } | { kind: 'self' } | { kind: 'owner'; field: string };

export function parseVoter(voter: string): VoterRef {
  if (voter === 'self') return { kind: 'self' };
  if (voter.startsWith('owner:')) return { kind: 'owner', field: voter.slice('owner:'.length) };
  return { kind: 'custom', name: voter };
}

const RECORD_OPERATIONS: readonly RouteOperation[] = [
  'get',
  'replace',
  'update',
  'delete',
  'function',
];

/** Whether the handler loads the record before the voter runs: a route on one existing record. */
export function voterSeesRecord(
  route: RouteConfig,
  operation: RouteOperation,
  model: string | undefined,
): boolean {
  return Boolean(
    route.voter &&
    model &&
    route.params &&
    'id' in route.params &&
    RECORD_OPERATIONS.includes(operation),
  );
}
