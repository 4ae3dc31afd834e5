import type { ModelConfig, RouteConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import type { RouteOperation } from './checkedProject';
import { fieldOptions } from './checkModels';
import { childPointer, diagnosticAt } from './locate';

/** A route's voter: a user-owned one, or a built-in rule. */
export type VoterRef = { kind: 'custom'; name: string } | { kind: 'self' } | { kind: 'owner'; field: string };

export function parseVoter(voter: string): VoterRef {
  if (voter === 'self') return { kind: 'self' };
  if (voter.startsWith('owner:')) return { kind: 'owner', field: voter.slice('owner:'.length) };
  return { kind: 'custom', name: voter };
}

const RECORD_OPERATIONS: readonly RouteOperation[] = ['get', 'replace', 'update', 'delete', 'function'];

/** Whether the handler loads the record before the voter runs: a route on one existing record. */
export function voterSeesRecord(route: RouteConfig, operation: RouteOperation, model: string | undefined): boolean {
  return Boolean(route.voter && model && route.params && 'id' in route.params && RECORD_OPERATIONS.includes(operation));
}

/** Built-in voters need what they compare: `self` an `:id`, `owner:<field>` a record with that field. */
export function checkVoter(document: ConfigDocument, pointer: string, route: RouteConfig, operation: RouteOperation, model: ModelConfig | undefined): Diagnostic[] {
  if (!route.voter) return [];
  const at = childPointer(pointer, 'voter');
  const voter = parseVoter(route.voter);
  if (voter.kind === 'custom') {
    return voter.name === 'owner' ? [diagnosticAt(document, at, '"owner" needs the field that holds the owner', 'write "owner:<field>", e.g. "owner:authorId".')] : [];
  }
  const hasId = Boolean(route.params && 'id' in route.params);
  if (voter.kind === 'self') {
    return hasId ? [] : [diagnosticAt(document, at, 'the built-in voter "self" compares the ":id" of the path with the user id, and this path has no ":id"', 'use it on a path like "/api/users/:id".')];
  }
  if (!hasId || !model || !voterSeesRecord(route, operation, model.name)) {
    return [diagnosticAt(document, at, `the built-in voter "${route.voter}" compares a field of the record, and ${route.method} ${route.path} does not work on one existing record`, 'use it on a GET, PUT, PATCH or DELETE of a path with ":id", or write your own voter.')];
  }
  const field = model.fields[voter.field];
  if (!field) {
    return [diagnosticAt(document, at, `${model.name} has no field "${voter.field}"`, suggest(voter.field, Object.keys(model.fields), 'a field:') || 'name a field of the model.')];
  }
  const type = fieldOptions(field).type;
  return type === 'uuid' || type === 'string' ? [] : [diagnosticAt(document, at, `"${voter.field}" is ${type}; an owner field holds a user id (uuid or string)`, 'name a uuid or string field.')];
}
