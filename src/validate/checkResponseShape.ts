import type { ModelConfig, RouteConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import { computedSpec, includeEntries, isUrlComputed } from '../domain/computed';
import { computedOf, sentFieldNames, isSentField } from '../domain/computedFields';
import { fieldOf } from '../domain/fields';
import { relationOf } from '../domain/relations';
import type { RouteOperation } from '../domain/routeOperation';
import type { CheckedModel } from './checkedProject';
import { childPointer, diagnosticAt } from './locate';
import { unknownRelation } from './unknownRelation';

const ANSWERS_RECORDS: readonly RouteOperation[] = [
  'logIn',
  'list',
  'get',
  'create',
  'replace',
  'update',
  'updateMany',
  'link',
  'unlink',
];

interface ShapeCheck {
  document: ConfigDocument;
  config: RouteConfig;
  models: ReadonlyMap<string, CheckedModel>;
}

/**
 * Each relation is read one way per record: Prisma selects it under its own name, so a route
 * cannot both include "tags" and list their names, nor read "favoritedBy" twice. Counts are read
 * apart (`_count`), one per relation.
 */
class RelationReads {
  private readonly seen = new Map<string, string>();
  constructor(private readonly model: string) {}
  take(relation: string, by: string, counts: boolean): string | null {
    const key = `${counts ? '#' : ''}${relation}`;
    const before = this.seen.get(key);
    if (before)
      return `"${by}" and "${before}" both read the relation "${relation}" of ${this.model}: a route reads a relation one way only`;
    this.seen.set(key, by);
    return null;
  }
}

/** One entry of `fields`: a field that responses send, or a computed field of the model. */
function checkFieldEntry(
  check: ShapeCheck,
  at: string,
  model: ModelConfig,
  name: string,
  reads: RelationReads,
): Diagnostic[] {
  const { document, config } = check;
  const computed = computedOf(model, name);
  // A url reads no relation and no caller: any answer of the model may send it.
  if (computed && isUrlComputed(computed)) return [];
  if (computed && config.account)
    return [
      diagnosticAt(
        document,
        at,
        `"${name}" is read from a relation, and an account route answers the account's own fields (and its url fields)`,
        `remove "${name}"; a route with "record": "currentUser" can send it.`,
      ),
    ];
  if (computed) {
    const spec = computedSpec(computed);
    if (spec.kind === 'callerIn' && config.auth !== true && config.auth !== 'optional')
      return [
        diagnosticAt(
          document,
          at,
          `"${name}" depends on the signed-in caller, and ${config.method} ${config.path} does not identify one`,
          'add "auth": "optional" (an anonymous caller gets false) or "auth": true.',
        ),
      ];
    const clash = reads.take(spec.relation, name, spec.kind === 'count');
    return clash ? [diagnosticAt(document, at, clash, `send only one of them.`)] : [];
  }
  if (isSentField(model, name)) return [];
  if (fieldOf(model, name))
    return [
      diagnosticAt(
        document,
        at,
        `"${name}" of ${model.name} is hidden: no response sends it`,
        `remove "${name}".`,
      ),
    ];
  if (relationOf(model, name))
    return [
      diagnosticAt(
        document,
        at,
        `"${name}" is a relation of ${model.name}, not a field`,
        `name it in "include" instead.`,
      ),
    ];
  const candidates = [...sentFieldNames(model), ...Object.keys(model.computed ?? {})];
  return [
    diagnosticAt(
      document,
      at,
      `${model.name} has no field or computed field "${name}"`,
      suggest(name, candidates, 'a field:'),
    ),
  ];
}

function checkFields(
  check: ShapeCheck,
  at: string,
  model: ModelConfig,
  fields: string[] | undefined,
  reads: RelationReads,
): Diagnostic[] {
  return (fields ?? []).flatMap((name, i) =>
    checkFieldEntry(check, childPointer(at, i), model, name, reads),
  );
}

/**
 * `values`: a list answered as the plain values of one field. It chooses what is sent as `fields`
 * does, so not beside `fields`, and a list of values has no records to include relations in.
 */
function checkValues(
  check: ShapeCheck,
  pointer: string,
  operation: RouteOperation,
  model: ModelConfig | undefined,
): Diagnostic[] {
  const { document, config } = check;
  if (config.values === undefined) return [];
  const at = childPointer(pointer, 'values');
  if (operation !== 'list' || !model)
    return [
      diagnosticAt(
        document,
        at,
        `"values" answers a list as plain values of one field, and ${config.method} ${config.path} answers no list of records`,
        'remove "values", or use it on a GET with "response": "<Model>[]".',
        'key',
      ),
    ];
  for (const key of ['fields', 'include'] as const)
    if (config[key] !== undefined)
      return [
        diagnosticAt(
          document,
          childPointer(pointer, key),
          key === 'fields'
            ? '"fields" and "values" both choose what the list sends: "values" sends one field of each record, alone'
            : `a list of values ("values": "${config.values}") has no records to include relations in`,
          `remove "${key}" or "values".`,
          'key',
        ),
      ];
  return checkFieldEntry(check, at, model, config.values, new RelationReads(model.name));
}

/**
 * Checks what a route answers of each record: `fields` (fields and computed fields of its model)
 * and `include` (relations, each with its own `fields`). Only on routes that answer records.
 */
export function checkResponseShape(
  document: ConfigDocument,
  pointer: string,
  config: RouteConfig,
  operation: RouteOperation,
  model: ModelConfig | undefined,
  models: ReadonlyMap<string, CheckedModel>,
): Diagnostic[] {
  const values = checkValues({ document, config, models }, pointer, operation, model);
  if (config.values !== undefined) return values;
  const keys = (['fields', 'include'] as const).filter((key) => config[key] !== undefined);
  if (keys.length === 0) return [];
  if (!model || !ANSWERS_RECORDS.includes(operation) || !config.response)
    return keys.map((key) =>
      diagnosticAt(
        document,
        childPointer(pointer, key),
        `"${key}" applies to routes that answer records of a model (with "response", without "function"), and ${config.method} ${config.path} does not`,
        `remove "${key}".`,
        'key',
      ),
    );
  const check = { document, config, models };
  const reads = new RelationReads(model.name);
  const problems = checkFields(check, childPointer(pointer, 'fields'), model, config.fields, reads);
  const includeAt = childPointer(pointer, 'include');
  const listed = Array.isArray(config.include);
  for (const [i, { name, shape }] of includeEntries(config.include).entries()) {
    const at = childPointer(includeAt, listed ? i : name);
    const relation = relationOf(model, name);
    if (!relation) {
      problems.push(unknownRelation(document, at, model, name, listed ? 'value' : 'key'));
      continue;
    }
    const clash = reads.take(name, name, false);
    if (clash) problems.push(diagnosticAt(document, at, clash, 'send only one of them.', 'key'));
    const other = models.get(relation.model)?.config;
    if (other && shape?.fields)
      problems.push(
        ...checkFields(
          check,
          childPointer(at, 'fields'),
          other,
          shape.fields,
          new RelationReads(other.name),
        ),
      );
  }
  return problems;
}
