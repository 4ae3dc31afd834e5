import type { BodyFieldConfig, BodyFieldOptions, ModelConfig } from '../config/configTypes';
import { bodyTypeInfo, isServerSetType, type BodyFieldType } from '../config/fieldTypes';
import { parseValidator, VALIDATOR_NAMES, VALIDATORS } from '../config/validators';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import { bodyFieldOptions } from '../domain/bodyFields';
import { fieldOf, fieldOptions } from '../domain/fields';
import { relationField, relationOf } from '../domain/relations';
import { childPointer, diagnosticAt } from './locate';

/** The validators of a body field (or of the accounts' `passwordRules`: `key`), each located. */
export function checkValidators(
  document: ConfigDocument,
  pointer: string,
  options: BodyFieldOptions,
  key = 'validation',
): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const kind = bodyTypeInfo(options.type).kind;
  if (kind === 'list' && options.validation?.length) {
    return [
      diagnosticAt(
        document,
        childPointer(pointer, 'validation'),
        `validators do not apply to ${options.type} fields`,
        'remove "validation": the list is checked as it is (UUIDs only, at most 1000, duplicates removed).',
        'key',
      ),
    ];
  }
  (options.validation ?? []).forEach((text, index) => {
    const at = childPointer(childPointer(pointer, key), index);
    const parsed = parseValidator(text);
    if (!parsed.ok) {
      const name = text.split(':')[0];
      problems.push(
        diagnosticAt(document, at, parsed.message, parsed.hint || suggest(name, VALIDATOR_NAMES)),
      );
      return;
    }
    const kinds: readonly string[] = VALIDATORS[parsed.validator.name].kinds;
    if (!kinds.includes(kind)) {
      problems.push(
        diagnosticAt(
          document,
          at,
          `validator "${parsed.validator.name}" does not apply to ${options.type} fields`,
          `it checks ${kinds.join(' or ')} values; remove it or change the field's type.`,
        ),
      );
    }
  });
  return problems;
}

/**
 * On a route that writes a model, a `uuid[]` body field sets the links of the model's manyToMany
 * relation of the same name, and such a relation can only be written as `uuid[]`.
 */
function checkLinkField(
  document: ConfigDocument,
  pointer: string,
  name: string,
  type: BodyFieldType,
  model: ModelConfig,
): Diagnostic[] {
  const relation = relationOf(model, name);
  if (relation?.type === 'manyToMany') {
    return type === 'uuid[]'
      ? []
      : [
          diagnosticAt(
            document,
            pointer,
            `body field "${name}" is the manyToMany relation ${model.name}.${name}: it takes a list of ${relation.model} ids, not ${type}`,
            'declare it as "uuid[]".',
          ),
        ];
  }
  if (relation) {
    const hint =
      relation.type === 'belongsTo'
        ? `write its field instead: "${relationField(name, relation)}": "uuid".`
        : `each ${relation.model} holds its own link: write it through ${relation.model}'s routes.`;
    return [
      diagnosticAt(
        document,
        pointer,
        `a uuid[] body field sets the links of a manyToMany relation, and ${model.name}.${name} is a ${relation.type} relation`,
        hint,
      ),
    ];
  }
  const links = Object.entries(model.relations ?? {})
    .filter(([, r]) => r.type === 'manyToMany')
    .map(([n]) => n);
  const hint = links.length
    ? suggest(name, links, 'a manyToMany relation:')
    : `declare it in ${model.name}'s "relations" as { "type": "manyToMany", "model": "<Model>" }, or handle the route with a "function".`;
  return [
    diagnosticAt(
      document,
      pointer,
      `uuid[] body field "${name}" is not a manyToMany relation of model ${model.name}`,
      hint,
      'key',
    ),
  ];
}

/**
 * Checks a route's body. When the route writes a model directly (no `function`), every body
 * field must be a writable field of that model with the same type, or the `uuid[]` links of one
 * of its manyToMany relations: the body is what reaches the database.
 */
export function checkBody(
  document: ConfigDocument,
  routePointer: string,
  body: Record<string, BodyFieldConfig>,
  writesModel: ModelConfig | undefined,
): Diagnostic[] {
  const problems: Diagnostic[] = [];
  for (const [name, field] of Object.entries(body)) {
    const pointer = childPointer(childPointer(routePointer, 'body'), name);
    const options = bodyFieldOptions(field);
    problems.push(...checkValidators(document, pointer, options));
    const modelField = writesModel && fieldOf(writesModel, name);
    if (
      options.type === 'enum' &&
      !options.values &&
      !(modelField && fieldOptions(modelField).values)
    ) {
      problems.push(
        diagnosticAt(
          document,
          pointer,
          `enum body field "${name}" has no "values"`,
          'add "values", or name an enum field of the model.',
        ),
      );
    }
    if (!writesModel) continue;
    if (
      relationOf(writesModel, name)?.type === 'manyToMany' ||
      (options.type === 'uuid[]' && !modelField && name !== 'id')
    ) {
      problems.push(...checkLinkField(document, pointer, name, options.type, writesModel));
      continue;
    }
    if (!modelField && name !== 'id') {
      const writable = Object.entries(writesModel.fields)
        .filter(([f, c]) => f !== 'id' && !isServerSetType(fieldOptions(c).type))
        .map(([f]) => f);
      problems.push(
        diagnosticAt(
          document,
          pointer,
          `body field "${name}" is not a field of model ${writesModel.name}`,
          `${suggest(name, writable, 'a field of the model:')} Or handle the route with a "function".`,
          'key',
        ),
      );
      continue;
    }
    const modelType = modelField ? fieldOptions(modelField).type : 'uuid';
    if (name === 'id' || isServerSetType(modelType)) {
      problems.push(
        diagnosticAt(
          document,
          pointer,
          `"${name}" is ${name === 'id' ? 'set by the database' : `a ${modelType} field, set by the server`} and cannot come from the request body`,
          'remove it from "body".',
          'key',
        ),
      );
    } else if (modelType !== options.type) {
      problems.push(
        diagnosticAt(
          document,
          pointer,
          `body field "${name}" is ${options.type} but ${writesModel.name}.${name} is ${modelType}`,
          `declare it as "${modelType}".`,
        ),
      );
    }
  }
  return problems;
}
