import type { ModelConfig } from '../config/configTypes';
import { FIELD_TYPES } from '../config/fieldTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import { fieldOf, fieldOptions } from '../domain/fields';
import { childPointer, diagnosticAt } from './locate';

/**
 * The fields the server sets: a `date_now` or `date_updated` takes no default; a `slug` is made
 * from its `from` field (a text field of the same model), is required and unique by nature, and a
 * model has at most one; `from` belongs to slugs only.
 */
export function checkServerSetFields(document: ConfigDocument, model: ModelConfig): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const slugs: string[] = [];
  for (const [name, field] of Object.entries(model.fields)) {
    const options = fieldOptions(field);
    const at = (key: string) => childPointer(childPointer('/fields', name), key);
    if (options.type === 'date_updated' && options.default !== undefined)
      problems.push(
        diagnosticAt(
          document,
          at('default'),
          'a date_updated field cannot have a default: it is the time of the last change',
          'remove "default", or use type "datetime".',
        ),
      );
    if (options.type !== 'slug') {
      if (options.from !== undefined)
        problems.push(
          diagnosticAt(
            document,
            at('from'),
            `"from" applies to slug fields only, and "${name}" is ${options.type}`,
            'remove "from", or set "type": "slug".',
            'key',
          ),
        );
      continue;
    }
    slugs.push(name);
    const wrong = (key: string, message: string, fix: string) =>
      problems.push(diagnosticAt(document, at(key), message, fix, 'key'));
    if (options.optional)
      wrong('optional', 'a slug is always set, so it cannot be optional', 'remove "optional".');
    if (options.unique === false) wrong('unique', 'a slug is always unique', 'remove "unique".');
    if (options.default !== undefined)
      wrong(
        'default',
        'a slug is made from its "from" field and takes no default',
        'remove "default".',
      );
    problems.push(...checkFrom(document, model, name, options.from));
  }
  if (slugs.length > 1)
    problems.push(
      diagnosticAt(
        document,
        childPointer('/fields', slugs[1]),
        `${model.name} has ${slugs.length} slug fields (${slugs.join(', ')}); a model has at most one`,
        'keep one slug field, or make the others string fields.',
        'key',
      ),
    );
  return problems;
}

function checkFrom(
  document: ConfigDocument,
  model: ModelConfig,
  name: string,
  from: string | undefined,
): Diagnostic[] {
  const pointer = childPointer('/fields', name);
  const texts = Object.entries(model.fields)
    .filter(([other, f]) => other !== name && FIELD_TYPES[fieldOptions(f).type].kind === 'string')
    .map(([other]) => other);
  if (from === undefined)
    return [
      diagnosticAt(
        document,
        pointer,
        `slug field "${name}" needs "from": the field its text is made from`,
        `write { "type": "slug", "from": "${texts[0] ?? 'title'}" }.`,
      ),
    ];
  const source = from === name ? undefined : fieldOf(model, from);
  const type = source && fieldOptions(source).type;
  if (type && ['string', 'text', 'enum'].includes(type)) return [];
  return [
    diagnosticAt(
      document,
      childPointer(pointer, 'from'),
      type
        ? `"${from}" is ${type}; a slug is made from a string, text or enum field`
        : `${model.name} has no field "${from}" to make the slug from`,
      suggest(from, texts, 'a text field:') || 'name a string field of the model.',
    ),
  ];
}
