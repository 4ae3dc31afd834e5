import type { ModelConfig, RouteConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { closestMatch, suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import type { RouteOperation } from './checkedProject';
import { fieldOptions } from '../domain/fields';
import { worksOnCollection } from '../domain/routeOperation';
import { parseVoter, voterSeesRecord } from '../domain/voters';
import { childPointer, diagnosticAt } from './locate';

/** `did you mean "owner:authorId"?`: the fix is the whole voter, not the field alone. */
function ownerSuggestion(field: string, fields: string[]): string {
  const match = closestMatch(field, fields);
  if (match) return `did you mean "owner:${match}"?`;
  return suggest(field, fields, 'a field:') || 'name a field of the model.';
}

/**
 * Built-in voters need what they compare: `self` an `:id`, or a user record named in the path by
 * another unique field (`/api/profiles/:username`); `owner:<field>` a record with that field.
 */
export function checkVoter(
  document: ConfigDocument,
  pointer: string,
  route: RouteConfig,
  operation: RouteOperation,
  model: ModelConfig | undefined,
  accountsModel: string | null = null,
): Diagnostic[] {
  if (!route.voter) return [];
  const at = childPointer(pointer, 'voter');
  const voter = parseVoter(route.voter);
  if (voter.kind === 'custom') {
    return voter.name === 'owner'
      ? [
          diagnosticAt(
            document,
            at,
            '"owner" needs the field that holds the owner',
            'write "owner:<field>", e.g. "owner:authorId".',
          ),
        ]
      : [];
  }
  // "role:<role>,...": the caller's role, whatever the route works on (src/validate/checkRoles.ts).
  if (voter.kind === 'role') return [];
  if (worksOnCollection(operation))
    return [
      diagnosticAt(
        document,
        at,
        `the built-in voter "${route.voter}" compares ${voter.kind === 'self' ? 'the user the path names' : 'a field of one record'} with the signed-in user, and ${route.method} ${route.path} works on every record it selects`,
        'to work on the caller\'s own records only, select them with "scope" (e.g. "scope": { "owner": "currentUser" }, with "auth": true); or write your own voter (it is asked once, with "record": null).',
      ),
    ];
  const hasId = Boolean(route.params && 'id' in route.params);
  const ownUserRecord =
    model !== undefined && model.name === accountsModel && voterSeesRecord(route, operation, model);
  if (voter.kind === 'self') {
    return hasId || ownUserRecord
      ? []
      : [
          diagnosticAt(
            document,
            at,
            'the built-in voter "self" compares the user named by the path with the signed-in user, and this path names no user',
            'use it on a path like "/api/users/:id" (or another unique field of the users, e.g. "/api/profiles/:username").',
          ),
        ];
  }
  if (!model || !voterSeesRecord(route, operation, model)) {
    return [
      diagnosticAt(
        document,
        at,
        `the built-in voter "${route.voter}" compares a field of the record, and ${route.method} ${route.path} does not work on one existing record`,
        'use it on a GET, PUT, PATCH or DELETE of a path that names the record (":id" or another unique field), or write your own voter.',
      ),
    ];
  }
  const field = model.fields[voter.field];
  if (!field) {
    return [
      diagnosticAt(
        document,
        at,
        `${model.name} has no field "${voter.field}"`,
        ownerSuggestion(voter.field, Object.keys(model.fields)),
      ),
    ];
  }
  const type = fieldOptions(field).type;
  return type === 'uuid' || type === 'string'
    ? []
    : [
        diagnosticAt(
          document,
          at,
          `"${voter.field}" is ${type}; an owner field holds a user id (uuid or string)`,
          'name a uuid or string field.',
        ),
      ];
}
