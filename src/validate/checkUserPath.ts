import type { ModelConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import { relationOf } from '../domain/relations';
import { diagnosticAt } from './locate';
import { unknownRelation } from './unknownRelation';

/**
 * A path of relations from `model` to the signed-in user (`author.followers`, a route's `scope` or
 * an access rule's key): each name a relation (did-you-mean), the last leading to the accounts
 * model. The problems are reported at the key `pointer` names.
 */
export function checkUserPath(
  document: ConfigDocument,
  pointer: string,
  model: ModelConfig,
  path: string,
  accountsModel: string,
  modelNamed: (name: string) => ModelConfig | undefined,
): Diagnostic[] {
  let current: ModelConfig | undefined = model;
  let last: string | undefined;
  for (const name of path.split('.')) {
    if (!current) break;
    const relation = relationOf(current, name);
    if (!relation) return [unknownRelation(document, pointer, current, name, 'key')];
    last = relation.model;
    current = modelNamed(relation.model);
  }
  if (last === undefined || last === accountsModel) return [];
  return [
    diagnosticAt(
      document,
      pointer,
      `"${path}" leads to ${last} records, and the signed-in user is a ${accountsModel}`,
      `end the path with a relation to ${accountsModel} (e.g. "author" for the caller's own records).`,
      'key',
    ),
  ];
}
