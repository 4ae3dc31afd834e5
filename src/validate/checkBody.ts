import type { BodyFieldConfig, BodyFieldOptions, ModelConfig } from '../config/configTypes';
import { bodyTypeInfo, isServerSetType, type BodyFieldType } from '../config/fieldTypes';
import { TRANSFORMABLE_TYPES } from '../config/transforms';
import { parseValidator, VALIDATOR_NAMES, VALIDATORS } from '../config/validators';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { closestMatch, suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import { bodyFieldOptions } from '../domain/bodyFields';
import { fieldOf, fieldOptions, isRequiredOnCreate } from '../domain/fields';
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
  // A string[] field's validators check each of its texts.
  const kind = options.type === 'string[]' ? 'string' : bodyTypeInfo(options.type).kind;
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
      // "maxLenght:200" → "maxLength:200": the fix keeps the argument.
      const [name, ...argument] = text.split(':');
      const match = closestMatch(name, VALIDATOR_NAMES);
      const hint = match
        ? `did you mean "${[match, ...argument].join(':')}"?`
        : suggest(name, VALIDATOR_NAMES);
      problems.push(diagnosticAt(document, at, parsed.message, parsed.hint || hint));
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
 * A body field's `transform` changes texts: string, text and string[] fields only. A password is
 * checked and hashed as typed (trimming it would accept a password the user did not type).
 */
function checkTransforms(
  document: ConfigDocument,
  pointer: string,
  options: BodyFieldOptions,
): Diagnostic[] {
  if (!options.transform?.length || TRANSFORMABLE_TYPES.includes(options.type)) return [];
  return [
    diagnosticAt(
      document,
      childPointer(pointer, 'transform'),
      options.type === 'password'
        ? 'a password is not transformed: it is checked and hashed as the user typed it'
        : `"transform" applies to string, text and string[] fields, and this one is ${options.type}`,
      'remove "transform".',
      'key',
    ),
  ];
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
 * A `string[]` body field with `relation` and `by` (`"tagList": { "type": "string[]", "relation": "tags", "by": "name" }`):
 * a manyToMany relation of the written model, no other body field writing it, and a unique text
 * field of the related model, which can be created from that field alone.
 */
function checkNamedLinkField(
  document: ConfigDocument,
  pointer: string,
  name: string,
  options: BodyFieldOptions,
  model: ModelConfig,
  body: Record<string, BodyFieldConfig>,
  modelNamed: (name: string) => ModelConfig | undefined,
): Diagnostic[] {
  const example = `"${name}": { "type": "string[]", "relation": "<manyToMany relation>", "by": "<unique field>" }`;
  const links = Object.entries(model.relations ?? {})
    .filter(([, r]) => r.type === 'manyToMany')
    .map(([n]) => n);
  if (!options.relation || !options.by) {
    return [
      diagnosticAt(
        document,
        pointer,
        `string[] body field "${name}" of a route that writes ${model.name} needs "relation" and "by": the list names the related records by a unique field`,
        `write ${example}${links.length ? ` (${model.name}'s manyToMany relations: ${links.join(', ')})` : ''}, or handle the route with a "function".`,
      ),
    ];
  }
  const at = childPointer(pointer, 'relation');
  const relation = relationOf(model, options.relation);
  if (relation?.type !== 'manyToMany') {
    return [
      diagnosticAt(
        document,
        at,
        relation
          ? `${model.name}.${options.relation} is a ${relation.type} relation, and "relation" names a manyToMany one`
          : `${model.name} has no relation "${options.relation}"`,
        links.length
          ? suggest(options.relation, links, 'a manyToMany relation:')
          : `declare one in ${model.name}'s "relations" as { "type": "manyToMany", "model": "<Model>" }.`,
      ),
    ];
  }
  const other = Object.entries(body).find(
    ([n, f]) =>
      n !== name &&
      (n === options.relation ||
        (typeof f === 'object' && f.type === 'string[]' && f.relation === options.relation)),
  );
  if (other)
    return [
      diagnosticAt(
        document,
        at,
        `body fields "${other[0]}" and "${name}" both write the links of ${model.name}.${options.relation}`,
        'keep one of them.',
      ),
    ];
  const related = modelNamed(relation.model);
  if (!related) return [];
  const byAt = childPointer(pointer, 'by');
  const uniqueText = Object.entries(related.fields)
    .filter(
      ([, f]) =>
        fieldOptions(f).unique &&
        !fieldOptions(f).hidden &&
        ['string', 'text'].includes(fieldOptions(f).type),
    )
    .map(([n]) => n);
  const byField = fieldOf(related, options.by);
  const byOptions = byField && fieldOptions(byField);
  if (!byOptions || !byOptions.unique || !['string', 'text'].includes(byOptions.type)) {
    return [
      diagnosticAt(
        document,
        byAt,
        byOptions
          ? `${related.name}.${options.by} is not a unique string field, so it cannot name one ${related.name}`
          : `"${options.by}" is not a field of ${related.name}`,
        uniqueText.length
          ? suggest(options.by, uniqueText, 'a unique field:')
          : `give ${related.name} a unique field, e.g. "name": { "type": "string", "unique": true }.`,
      ),
    ];
  }
  const missing = Object.entries(related.fields)
    .filter(([n, f]) => n !== options.by && isRequiredOnCreate(n, f))
    .map(([n]) => n);
  if (missing.length)
    return [
      diagnosticAt(
        document,
        byAt,
        `a ${related.name} missing from the list is created from its ${options.by} alone, but ${related.name} also requires ${missing.map((m) => `"${m}"`).join(', ')}`,
        `make ${missing.length > 1 ? 'them' : 'it'} optional or give ${missing.length > 1 ? 'them' : 'it'} a default in ${related.name}.`,
      ),
    ];
  return [];
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
  modelNamed: (name: string) => ModelConfig | undefined = () => undefined,
): Diagnostic[] {
  const problems: Diagnostic[] = [];
  for (const [name, field] of Object.entries(body)) {
    const pointer = childPointer(childPointer(routePointer, 'body'), name);
    const options = bodyFieldOptions(field);
    problems.push(...checkValidators(document, pointer, options));
    problems.push(...checkTransforms(document, pointer, options));
    if ((options.relation || options.by) && (options.type !== 'string[]' || !writesModel)) {
      problems.push(
        diagnosticAt(
          document,
          childPointer(pointer, options.relation ? 'relation' : 'by'),
          options.type !== 'string[]'
            ? `"relation" and "by" apply to string[] body fields, and "${name}" is ${options.type}`
            : `"relation" and "by" apply to routes that write a model (POST, PUT, PATCH without "function")`,
          options.type !== 'string[]'
            ? `declare it as "string[]", or remove "relation" and "by".`
            : 'remove "relation" and "by": the function receives the list as it is.',
          'key',
        ),
      );
      continue;
    }
    if (writesModel && options.type === 'string[]') {
      problems.push(
        ...checkNamedLinkField(document, pointer, name, options, writesModel, body, modelNamed),
      );
      continue;
    }
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
