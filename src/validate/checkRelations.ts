import type { ModelConfig, RelationConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import type { CheckedModel } from './checkedProject';
import { fieldOf, fieldOptions, modelFieldNames } from '../domain/fields';
import { indexFields, mirroredRelation, relationField } from '../domain/relations';
import { childPointer, diagnosticAt } from './locate';

function checkRelation(
  document: ConfigDocument,
  model: ModelConfig,
  name: string,
  relation: RelationConfig,
  models: ReadonlyMap<string, CheckedModel>,
  unchecked: ReadonlySet<string>,
): Diagnostic[] {
  const pointer = childPointer('/relations', name);
  const problems: Diagnostic[] = [];
  if (fieldOf(model, name))
    problems.push(
      diagnosticAt(
        document,
        pointer,
        `relation "${name}" has the name of a field of ${model.name}`,
        'give the relation its own name, e.g. "author" for the field "authorId".',
        'key',
      ),
    );
  const other = models.get(relation.model)?.config;
  // A model whose own file has problems is reported there.
  if (!other && unchecked.has(relation.model)) return problems;
  if (!other)
    return [
      ...problems,
      diagnosticAt(
        document,
        childPointer(pointer, 'model'),
        `unknown model "${relation.model}"`,
        suggest(relation.model, [...models.keys()], 'a model:') || 'declare it in config/models/.',
      ),
    ];
  const only = (key: 'field' | 'onDelete' | 'via', types: string) => {
    if (relation[key] !== undefined)
      problems.push(
        diagnosticAt(
          document,
          childPointer(pointer, key),
          `"${key}" applies to ${types} relations only`,
          `remove "${key}".`,
          'key',
        ),
      );
  };
  if (relation.type === 'belongsTo') {
    only('via', 'hasMany and manyToMany');
    const field = relationField(name, relation);
    const config = fieldOf(model, field);
    const at = relation.field ? childPointer(pointer, 'field') : pointer;
    if (!config)
      problems.push(
        diagnosticAt(
          document,
          at,
          `${model.name} has no field "${field}" to hold the id of the related ${relation.model}`,
          `add "${field}": "uuid" to "fields"${relation.field ? '' : ', or name another field with "field"'}.`,
        ),
      );
    else if (fieldOptions(config).type !== 'uuid')
      problems.push(
        diagnosticAt(
          document,
          at,
          `"${field}" holds a ${relation.model} id, so it must be a uuid, not ${fieldOptions(config).type}`,
          `declare "${field}": "uuid".`,
        ),
      );
    else if (relation.onDelete === 'setNull' && !fieldOptions(config).optional)
      problems.push(
        diagnosticAt(
          document,
          childPointer(pointer, 'onDelete'),
          `"setNull" empties "${field}", which is not optional`,
          `make "${field}" optional, or use "restrict" or "cascade".`,
        ),
      );
    return problems;
  }
  only('field', 'belongsTo');
  only('onDelete', 'belongsTo');
  const mirror = mirroredRelation(model, relation, other);
  // The other side's relation to an unknown model ("Usr") may be the mirror: it is reported there.
  const unknownSide = Object.values(other.relations ?? {}).some((r) => !models.has(r.model));
  if (!mirror.name && !(mirror.candidates.length === 0 && unknownSide)) {
    const kind = relation.type === 'hasMany' ? 'belongsTo' : 'manyToMany';
    if (relation.type === 'manyToMany' && mirror.candidates.length === 0 && !relation.via)
      return problems;
    const why = relation.via
      ? `${relation.model} has no ${kind} relation "${relation.via}" to ${model.name}`
      : mirror.candidates.length === 0
        ? `${relation.model} has no ${kind} relation to ${model.name}`
        : `${relation.model} has several ${kind} relations to ${model.name} (${mirror.candidates.join(', ')})`;
    const hint =
      mirror.candidates.length > 1 || relation.via
        ? `name the one it mirrors with "via"${mirror.candidates.length ? `: ${mirror.candidates.map((c) => `"${c}"`).join(', ')}` : ''}.`
        : `add to ${relation.model} a relation { "type": "belongsTo", "model": "${model.name}" }.`;
    problems.push(
      diagnosticAt(
        document,
        relation.via ? childPointer(pointer, 'via') : pointer,
        `${relation.type} "${name}" needs a relation to mirror: ${why}`,
        hint,
      ),
    );
  }
  return problems;
}

function checkIndexes(document: ConfigDocument, model: ModelConfig): Diagnostic[] {
  const fields = modelFieldNames(model);
  return (model.indexes ?? []).flatMap((index, i) =>
    indexFields(index).flatMap((field) => {
      const type = fieldOptions(model.fields[field] ?? 'uuid').type;
      if (fields.includes(field))
        return type === 'json' || type === 'password'
          ? [
              diagnosticAt(
                document,
                childPointer('/indexes', i),
                `${type} field "${field}" cannot be indexed`,
                'remove it from the index.',
              ),
            ]
          : [];
      return [
        diagnosticAt(
          document,
          childPointer('/indexes', i),
          `index field "${field}" is not a field of ${model.name}`,
          suggest(field, fields, 'a field:'),
        ),
      ];
    }),
  );
}

/**
 * Checks every model's relations (against the other models) and indexes. `unchecked`: models
 * declared in files that failed their own checks (a relation to one is not checked further).
 */
export function checkRelations(
  documents: ReadonlyMap<string, ConfigDocument>,
  models: ReadonlyMap<string, CheckedModel>,
  unchecked: ReadonlySet<string> = new Set(),
): Diagnostic[] {
  const problems: Diagnostic[] = [];
  for (const [name, checked] of models) {
    const document = documents.get(name);
    if (!document) continue;
    const { config } = checked;
    if (fieldOptions(config.fields.id ?? 'uuid').hidden)
      problems.push(
        diagnosticAt(
          document,
          '/fields/id',
          '"id" cannot be hidden: clients need it to address records',
          'remove "hidden".',
        ),
      );
    for (const [relationName, relation] of Object.entries(config.relations ?? {}))
      problems.push(...checkRelation(document, config, relationName, relation, models, unchecked));
    problems.push(...checkIndexes(document, config));
  }
  return problems;
}

/**
 * Whether a query on the field can use an index: id, a unique field, a relation field, or a field
 * of a declared index whose earlier fields the query fixes anyway (e.g. the `postId` of
 * `/api/posts/:postId/comments` with the index [postId, createdAt] serves a sort on createdAt).
 */
export function isIndexedField(
  model: ModelConfig,
  field: string,
  fixed: readonly string[] = [],
): boolean {
  if (field === 'id') return true;
  const config = fieldOf(model, field);
  if (config && fieldOptions(config).unique) return true;
  if (
    Object.entries(model.relations ?? {}).some(
      ([name, r]) => r.type === 'belongsTo' && relationField(name, r) === field,
    )
  )
    return true;
  return (model.indexes ?? []).some((index) => {
    const fields = indexFields(index);
    const at = fields.indexOf(field);
    return at >= 0 && fields.slice(0, at).every((f) => fixed.includes(f));
  });
}
