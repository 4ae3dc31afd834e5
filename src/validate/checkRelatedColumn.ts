import type { ModelConfig } from '../config/configTypes';
import { closestMatch, suggest } from '../diagnostics/didYouMean';
import { isSentField } from '../domain/computedFields';
import { fieldOf, fieldOptions, modelFieldNames } from '../domain/fields';

/** A problem of a column: what is wrong, and how to fix it. */
export interface ColumnProblem {
  message: string;
  hint: string;
}

/** What a dotted column (`author.name`) is checked against: the list's or detail's model and its route. */
export interface RelatedColumnScope {
  model: ModelConfig;
  models: ReadonlyMap<string, { config: ModelConfig }>;
  /** The bound route's `include` as configured. */
  include: string[] | Record<string, { fields?: string[] }> | undefined;
  /** `GET /api/posts`, for the messages. */
  ref: string;
}

/** `did you mean "author.name"?`: the fix is the whole column, not the part that was wrong. */
function whole(
  part: string,
  candidates: string[],
  column: (match: string) => string,
  noun: string,
): string {
  const match = closestMatch(part, candidates);
  return match ? `did you mean "${column(match)}"?` : suggest(part, candidates, noun);
}

/**
 * A list's or detail's column of an included relation's field, `author.name`: the relation must
 * be a belongsTo of the model (one record per row or record), the route must include it (else the answer has no
 * `author`), and the field must be one the route sends of it. Exactly one problem, or null.
 */
export function relatedColumnProblem(
  column: string,
  scope: RelatedColumnScope,
): ColumnProblem | null {
  const [relation, field, ...deeper] = column.split('.');
  const relations = scope.model.relations ?? {};
  if (deeper.length)
    return {
      message: `column "${column}" reaches through ${deeper.length + 1} relations, and a column shows a field of the record or of one included relation`,
      hint: `show a field of "${relation}" itself, with one dot ("${relation}.<field>"): the route sends ${relation}'s own fields, not its relations.`,
    };
  const config = Object.hasOwn(relations, relation) ? relations[relation] : undefined;
  if (!config)
    return {
      message: `column "${column}": "${relation}" is not a relation of model ${scope.model.name}`,
      hint: Object.keys(relations).length
        ? whole(
            relation,
            Object.keys(relations),
            (match) => `${match}.${field}`,
            'a relation of the model:',
          )
        : `model ${scope.model.name} has no relations: show one of its own fields.`,
    };
  if (config.type !== 'belongsTo')
    return {
      message: `column "${column}": "${relation}" is a ${config.type} relation, many records per row, and a column shows one value`,
      hint: `show a relation to one record (belongsTo), or give model ${scope.model.name} a computed field ({ "values": "${relation}", "field": "${field}" }) and show that.`,
    };
  const include = scope.include;
  const included = Array.isArray(include)
    ? include.includes(relation)
    : include !== undefined && Object.hasOwn(include, relation);
  // An include naming no relation of the model ("autor") is reported at the route, once.
  const named = Array.isArray(include) ? include : Object.keys(include ?? {});
  if (!included && named.some((entry) => !Object.hasOwn(relations, entry))) return null;
  if (!included)
    return {
      message: `column "${column}" needs "${relation}", which "${scope.ref}" does not include, so its answer has no ${relation}`,
      hint: `add "include": ["${relation}"] to the route "${scope.ref}".`,
    };
  const related = scope.models.get(config.model)?.config;
  if (!related) return null; // An unknown model is reported at the relation.
  const names = modelFieldNames(related);
  const computed = Object.hasOwn(related.computed ?? {}, field);
  if (!names.includes(field) && !computed)
    return {
      message: `column "${column}": "${field}" is not a field of model ${related.name}`,
      hint: whole(field, names, (match) => `${relation}.${match}`, `a field of ${related.name}:`),
    };
  const chosen = Array.isArray(include) ? undefined : include?.[relation]?.fields;
  if (!computed && !isSentField(related, field)) {
    const kind =
      fieldOptions(fieldOf(related, field)!).type === 'password' ? 'a password' : 'hidden';
    return {
      message: `column "${column}" is never sent (${related.name}.${field} is ${kind}), so the page could not show it`,
      hint: 'remove it from the view.',
    };
  }
  if (chosen ? !chosen.includes(field) : computed)
    return {
      message: `column "${column}": "${scope.ref}" does not send "${field}" of ${relation}`,
      hint: `add "${field}" to the route's "include": { "${relation}": { "fields": [...] } }.`,
    };
  return null;
}
