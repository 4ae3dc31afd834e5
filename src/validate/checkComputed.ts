import type { ComputedConfig, ModelConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import { computedKinds } from '../domain/computed';
import { isSentField, sentFieldNames } from '../domain/computedFields';
import { fieldOf } from '../domain/fields';
import { relationOf } from '../domain/relations';
import type { CheckedModel } from './checkedProject';
import { childPointer, diagnosticAt } from './locate';
import { unknownRelation } from './unknownRelation';

interface ComputedCheck {
  document: ConfigDocument;
  model: ModelConfig;
  models: ReadonlyMap<string, CheckedModel>;
  accountsModel: string | null;
}

/** `field` or `orderBy` of a `values` computed field: a field of the related model that responses send. */
function relatedField(
  check: ComputedCheck,
  at: string,
  other: ModelConfig,
  written: string,
  key: 'field' | 'orderBy',
): Diagnostic[] {
  const name = key === 'orderBy' ? written.replace(/^-/, '') : written;
  if (isSentField(other, name)) return [];
  const hidden = fieldOf(other, name) !== undefined;
  return [
    diagnosticAt(
      check.document,
      childPointer(at, key),
      hidden
        ? `"${name}" of ${other.name} is hidden: a computed field cannot send it${key === 'orderBy' ? ' nor order by it' : ''}`
        : `${other.name} has no field "${name}"`,
      hidden
        ? 'choose a field that responses send.'
        : suggest(name, sentFieldNames(other), 'a field:'),
    ),
  ];
}

function checkOne(check: ComputedCheck, name: string, config: ComputedConfig): Diagnostic[] {
  const { document, model, models, accountsModel } = check;
  const at = childPointer('/computed', name);
  if (fieldOf(model, name) || relationOf(model, name))
    return [
      diagnosticAt(
        document,
        at,
        `computed field "${name}" has the name of a ${fieldOf(model, name) ? 'field' : 'relation'} of ${model.name}`,
        'give it its own name, e.g. "favoritesCount" for a count of "favoritedBy".',
        'key',
      ),
    ];
  const kinds = computedKinds(config);
  if (kinds.length !== 1)
    return [
      diagnosticAt(
        document,
        at,
        kinds.length === 0
          ? `computed field "${name}" does not say what it computes`
          : `computed field "${name}" names ${kinds.map((k) => `"${k}"`).join(' and ')}: one only`,
        'give it one of "count": "<relation>", "callerIn": "<relation>", "values": "<relation>" with "field", or "url": "<route path>".',
      ),
    ];
  const [kind] = kinds;
  const values = config as { values?: string; field?: string; orderBy?: string };
  for (const key of ['field', 'orderBy'] as const)
    if (kind !== 'values' && values[key] !== undefined)
      return [
        diagnosticAt(
          document,
          childPointer(at, key),
          `"${key}" applies to "values" computed fields only`,
          `remove "${key}".`,
          'key',
        ),
      ];
  // A url names a route: checked with the routes (checkComputedUrls).
  if (kind === 'url') return [];
  const relationName = (config as Record<string, string>)[kind];
  const relation = relationOf(model, relationName);
  const relationAt = childPointer(at, kind);
  if (!relation) return [unknownRelation(document, relationAt, model, relationName)];
  const other = models.get(relation.model)?.config;
  if (!other) return []; // reported by checkRelations
  if (kind === 'callerIn') {
    if (relation.type !== 'manyToMany' || relation.model !== accountsModel)
      return [
        diagnosticAt(
          document,
          relationAt,
          accountsModel
            ? `"callerIn" needs a manyToMany relation to ${accountsModel} (the accounts model), and "${relationName}" is a ${relation.type} to ${relation.model}`
            : '"callerIn" needs the accounts model, and this project has none',
          accountsModel
            ? 'name a manyToMany relation whose records are users, e.g. "favoritedBy".'
            : 'declare a User model, or name one with "accounts.model" in appgen.config.json.',
        ),
      ];
    return [];
  }
  if (relation.type === 'belongsTo')
    return [
      diagnosticAt(
        document,
        relationAt,
        `"${kind}" needs a hasMany or manyToMany relation, and "${relationName}" is a belongsTo`,
        'include the related record with the route\'s "include" instead.',
      ),
    ];
  if (kind === 'count') return [];
  if (values.field === undefined)
    return [
      diagnosticAt(
        document,
        at,
        `computed field "${name}" lists values of "${relationName}" but does not say which field`,
        `add "field", e.g. "field": "${sentFieldNames(other).find((f) => f !== 'id') ?? 'id'}".`,
      ),
    ];
  return [
    ...relatedField(check, at, other, values.field, 'field'),
    ...(values.orderBy !== undefined
      ? relatedField(check, at, other, values.orderBy, 'orderBy')
      : []),
  ];
}

/** Checks every model's `computed`: one kind each, over a relation that fits it. */
export function checkComputed(
  documents: ReadonlyMap<string, ConfigDocument>,
  models: ReadonlyMap<string, CheckedModel>,
  accountsModel: string | null,
): Diagnostic[] {
  return [...models.values()].flatMap(({ config: model }) => {
    const document = documents.get(model.name);
    if (!document || !model.computed) return [];
    const check = { document, model, models, accountsModel };
    return Object.entries(model.computed).flatMap(([name, config]) =>
      checkOne(check, name, config),
    );
  });
}
