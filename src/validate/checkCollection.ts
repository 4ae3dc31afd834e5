import type { RouteConfig } from '../config/configTypes';
import { bodyFieldOptions } from '../domain/bodyFields';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import { childPointer, diagnosticAt } from './locate';
import { parseResponse } from './resolveRouteModel';

/** What `collection` means on each method that cannot take it. */
const OTHER_METHODS: Record<string, string> = {
  GET: 'a GET of every record is a list: "response": "<Model>[]"',
  POST: 'a POST creates one record',
  PUT: 'a PUT replaces one record; use PATCH to change fields of every record the route selects',
};

/**
 * `collection`: a DELETE or PATCH on every record the route selects (see docs/config.md
 * "Operations on a collection"). Not beside the options that work on one record or do the work
 * themselves (`function`, `link`, `record`); a DELETE answers 204 or the count, not the records;
 * a PATCH answers a list when it answers records, and changes fields of its body or `set`, never
 * links or passwords (every record would get the same ones). The path's parameters are checked
 * by checkRouteParams, `query` and `scope` by checkListQuery, voters by checkVoter.
 */
export function checkCollection(
  document: ConfigDocument,
  pointer: string,
  config: RouteConfig,
): Diagnostic[] {
  if (config.collection !== true) return [];
  const at = childPointer(pointer, 'collection');
  const problem = (where: string, message: string, fix: string, on: 'key' | 'value' = 'key') => [
    diagnosticAt(document, where, message, fix, on),
  ];
  const route = `${config.method} ${config.path}`;
  if (config.method !== 'DELETE' && config.method !== 'PATCH')
    return problem(
      at,
      `"collection" applies to DELETE and PATCH routes, and ${route} is a ${config.method}`,
      `remove "collection" (${OTHER_METHODS[config.method]}).`,
    );
  if (config.function)
    return problem(
      at,
      `"collection" tells appgen's handler which records to work on, and a "function" handles ${route} itself`,
      'remove "collection" (the function decides what it changes), or remove "function".',
    );
  for (const key of ['link', 'record'] as const)
    if (config[key] !== undefined)
      return problem(
        at,
        `"collection" works on every record the route selects, and "${key}" on ${key === 'link' ? 'the one record the path names' : "the signed-in user's own record"}`,
        `remove "collection" or "${key}".`,
      );
  const response = parseResponse(config.response);
  const model = response.name ?? 'Model';
  if (config.method === 'DELETE' && config.response)
    return problem(
      childPointer(pointer, 'response'),
      `a DELETE on a collection answers 204 or the number of records deleted, not the records`,
      `name the model with "model": "${model}" instead (and add "status": 200 to answer { "count": n }).`,
    );
  if (config.response && !response.isArray)
    return problem(
      childPointer(pointer, 'response'),
      `a PATCH on a collection answers the records it updated, a list, and "response" is one ${model}`,
      `write "response": "${model}[]", or name the model with "model": "${model}" (the route then answers 204, or { "count": n } with "status": 200).`,
      'value',
    );
  if (config.method === 'PATCH') return checkChanges(document, pointer, config);
  return [];
}

/** A PATCH on a collection changes the fields of its body or `set` on every record: some field, and no link or password. */
function checkChanges(
  document: ConfigDocument,
  pointer: string,
  config: RouteConfig,
): Diagnostic[] {
  const body = Object.entries(config.body ?? {});
  if (body.length === 0 && Object.keys(config.set ?? {}).length === 0)
    return [
      diagnosticAt(
        document,
        pointer,
        `PATCH ${config.path} on a collection has no "body" (nor "set"): it would change nothing`,
        'add a "body" with the fields to change, e.g. "body": { "completed": "boolean" }.',
      ),
    ];
  return body.flatMap(([name, field]) => {
    const options = bodyFieldOptions(field);
    const links = options.type === 'uuid[]' || options.relation !== undefined;
    if (!links && options.type !== 'password') return [];
    return [
      diagnosticAt(
        document,
        childPointer(childPointer(pointer, 'body'), name),
        links
          ? `"${name}" writes links, and a PATCH on a collection writes fields only`
          : `"${name}" is a password, and a PATCH on a collection would give every record the same one`,
        `remove "${name}", or write it on one record (a PATCH whose path names it).`,
        'key',
      ),
    ];
  });
}
