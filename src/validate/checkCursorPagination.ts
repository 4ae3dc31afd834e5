import type { ModelConfig, RouteConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import { FIELD_TYPES } from '../config/fieldTypes';
import { fieldOf, fieldOptions } from '../domain/fields';
import { CURSOR_NEXT_KEY, CURSOR_PREV_KEY } from '../domain/listQuery';
import { childPointer, diagnosticAt } from './locate';

/**
 * `"pagination": "cursor"` of a list route's `query` (the route at `pointer`): it needs pages (`pageSize`), and
 * each sort field must be one a cursor can carry and compare: sent (the cursor shows the last
 * record's value), never empty (a NULL has no place in `value > x`), and ordered by more than two
 * values (not a boolean). The envelope's `next` key must be free. Sort fields that are not fields
 * of the model are reported by checkListQuery.
 */
export function checkCursorPagination(
  document: ConfigDocument,
  pointer: string,
  config: RouteConfig,
  model: ModelConfig,
): Diagnostic[] {
  const query = config.query ?? {};
  if (query.pagination !== 'cursor') return [];
  const at = childPointer(pointer, 'query');
  const problems: Diagnostic[] = [];
  if (query.pageSize === undefined)
    problems.push(
      diagnosticAt(
        document,
        childPointer(at, 'pagination'),
        '"pagination": "cursor" needs "pageSize" (pagination is off without it)',
        'add "pageSize", e.g. 20.',
      ),
    );
  (query.sort ?? []).forEach((name, i) => {
    const field = name === 'id' ? undefined : fieldOf(model, name);
    if (!field) return;
    const options = fieldOptions(field);
    const refusal = options.hidden
      ? `${model.name}.${name} is hidden, and a cursor carries the last record's value of its sort field to the client`
      : options.optional
        ? `${model.name}.${name} is optional, and a cursor cannot page through the records where it is empty`
        : FIELD_TYPES[options.type].kind === 'boolean'
          ? `${model.name}.${name} is a boolean, and a cursor cannot page through a sort of two values`
          : null;
    if (refusal)
      problems.push(
        diagnosticAt(
          document,
          childPointer(childPointer(at, 'sort'), i),
          `${refusal} ("pagination": "cursor")`,
          options.optional
            ? `make ${name} required (with a "default"), sort on another field, or use "pagination": "offset".`
            : `sort on another field, or use "pagination": "offset".`,
        ),
      );
  });
  const envelope = config.envelope;
  const keys =
    typeof envelope === 'string'
      ? { response: envelope }
      : { response: envelope?.response, count: envelope?.count };
  for (const [key, value] of Object.entries(keys))
    if (value === CURSOR_NEXT_KEY || value === CURSOR_PREV_KEY)
      problems.push(
        diagnosticAt(
          document,
          typeof envelope === 'string'
            ? childPointer(pointer, 'envelope')
            : childPointer(childPointer(pointer, 'envelope'), key),
          `the envelope key "${value}" is where a list with "pagination": "cursor" puts the cursor of the ${value === CURSOR_NEXT_KEY ? 'next page' : 'page before'}`,
          `name the ${key} key otherwise (e.g. "items").`,
        ),
      );
  return problems;
}
