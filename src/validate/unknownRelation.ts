import type { ModelConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import { diagnosticAt } from './locate';

/** `<Model> has no relation "<name>"`, with the closest relation of the model (or how to declare one). */
export function unknownRelation(
  document: ConfigDocument,
  pointer: string,
  model: ModelConfig,
  name: string,
  at: 'value' | 'key' = 'value',
): Diagnostic {
  const relations = Object.keys(model.relations ?? {});
  return diagnosticAt(
    document,
    pointer,
    `${model.name} has no relation "${name}"`,
    relations.length
      ? suggest(name, relations, 'a relation:')
      : `declare it in ${model.name}'s "relations".`,
    at,
  );
}
