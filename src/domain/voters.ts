import type { ModelConfig, RouteConfig } from '../config/configTypes';
import { isUniqueField } from './routeParams';
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
