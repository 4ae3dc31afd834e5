import type { AccessConditionConfig, ModelConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import {
  CALLER_KEY,
  CALLER_ROLE_KEY,
  COMBINATOR_KEYS,
  fieldRulesOf,
  ruleOperations,
} from '../domain/accessRules';
import { fieldOf, fieldOptions, modelFieldNames } from '../domain/fields';
import type { CheckedAccounts } from './checkAccountsSettings';
import type { CheckedModel, CheckedRoute } from './checkedProject';
import { childPointer, diagnosticAt } from './locate';
import { checkUserPath } from './checkUserPath';
import { isIndexedField } from './checkRelations';

interface RuleCheck {
  /** A field's rule: evaluated on the record as read, so no relation paths. */
  onField?: string;
  document: ConfigDocument;
  model: ModelConfig;
  accounts: CheckedAccounts;
  modelNamed: (name: string) => ModelConfig | undefined;
}

/** Field types a rule compares with a literal, by the literal's JSON type. */
const LITERAL_TYPES: Record<string, readonly string[]> = {
  string: ['string', 'text', 'enum', 'uuid', 'slug'],
  number: ['int', 'float'],
  boolean: ['boolean'],
};

/** `"currentUser"` needs an accounts model: the caller is one of its records. */
function needsAccounts(check: RuleCheck, at: string, what: string): Diagnostic[] {
  if (check.accounts.model) return [];
  return [
    diagnosticAt(
      check.document,
      at,
      `${what} names the signed-in user, and the project has no accounts model`,
      'name the model of your users in appgen.config.json: "accounts": { "model": "User" }.',
      'key',
    ),
  ];
}

/** `"currentUser.role": "admin"` or a list of roles of `accounts.roles`. */
function checkRoles(check: RuleCheck, at: string, value: unknown): Diagnostic[] {
  const roles = check.accounts.roles?.values;
  if (!roles)
    return [
      diagnosticAt(
        check.document,
        at,
        '"currentUser.role" asks for the caller\'s role, and the project declares no roles',
        'declare them in appgen.config.json: "accounts": { "roles": ["member", "admin"] }.',
        'key',
      ),
    ];
  const listed = Array.isArray(value) ? value : [value];
  if (listed.length === 0 || listed.some((role) => typeof role !== 'string'))
    return [
      diagnosticAt(
        check.document,
        at,
        '"currentUser.role" takes a role or a list of roles',
        `write a role of accounts.roles (${roles.map((r) => `"${r}"`).join(', ')}) or a list of them.`,
      ),
    ];
  return listed.flatMap((role, i) =>
    roles.includes(role as string)
      ? []
      : [
          diagnosticAt(
            check.document,
            Array.isArray(value) ? childPointer(at, i) : at,
            `"${String(role)}" is not a role of accounts.roles`,
            suggest(String(role), roles, 'a role:'),
          ),
        ],
  );
}

/** `<field>: <literal>` or `<field>: "currentUser"`. */
function checkField(check: RuleCheck, at: string, name: string, value: unknown): Diagnostic[] {
  const { document, model, accounts } = check;
  const field = fieldOf(model, name) ?? (name === 'id' ? 'uuid' : undefined);
  const options = field === undefined ? undefined : fieldOptions(field);
  if (!options) return [];
  if (value === CALLER_KEY) {
    const problems = needsAccounts(check, at, `"${name}": "currentUser"`);
    if (problems.length > 0) return problems;
    if (['uuid', 'string'].includes(options.type)) return [];
    return [
      diagnosticAt(
        document,
        at,
        `"${name}" is a field of type ${options.type}: it cannot hold the id of a ${accounts.model}`,
        'compare the field that holds the user\'s id (e.g. "authorId"), or a relation to the user.',
      ),
    ];
  }
  if (value === null) {
    if (options.optional) return [];
    return [
      diagnosticAt(
        document,
        at,
        `"${name}" of ${model.name} is required: it is never null`,
        'compare it with a value, or make the field optional.',
      ),
    ];
  }
  const kind = typeof value;
  const fits = LITERAL_TYPES[kind]?.includes(options.type) ?? false;
  if (!fits)
    return [
      diagnosticAt(
        document,
        at,
        `"${name}" is a field of type ${options.type}, and the rule compares it with ${JSON.stringify(value)}`,
        LITERAL_TYPES.string.includes(options.type) ||
          LITERAL_TYPES.number.includes(options.type) ||
          options.type === 'boolean'
          ? `write a value of its type, or "currentUser" for the caller's id.`
          : `rules compare text, numbers, booleans, enums and ids: choose such a field.`,
      ),
    ];
  if (options.type === 'enum' && !(options.values ?? []).includes(value as string))
    return [
      diagnosticAt(
        document,
        at,
        `"${String(value)}" is not a value of ${model.name}.${name}`,
        suggest(String(value), options.values ?? [], 'a value:'),
      ),
    ];
  if (options.type === 'int' && !Number.isInteger(value))
    return [
      diagnosticAt(document, at, `"${name}" holds whole numbers, and ${String(value)} is not one`),
    ];
  return [];
}

/** One condition: every key a field, a relation path, a caller key or a combinator. */
function checkCondition(
  check: RuleCheck,
  at: string,
  condition: AccessConditionConfig,
): Diagnostic[] {
  const { document, model } = check;
  return Object.entries(condition).flatMap(([key, value]): Diagnostic[] => {
    const where = childPointer(at, key);
    if (key === 'any' || key === 'all')
      return (value as AccessConditionConfig[]).flatMap((item, i) =>
        checkCondition(check, childPointer(where, i), item),
      );
    if (key === 'not') return checkCondition(check, where, value as AccessConditionConfig);
    if (key === CALLER_ROLE_KEY) return checkRoles(check, where, value);
    if (key === CALLER_KEY) {
      const problems = needsAccounts(check, where, '"currentUser"');
      if (problems.length > 0 || value === 'signedIn') return problems;
      return [
        diagnosticAt(
          document,
          where,
          `"currentUser" takes "signedIn" (the caller is signed in), not ${JSON.stringify(value)}`,
          'write "currentUser": "signedIn", or "currentUser.role" for roles.',
        ),
      ];
    }
    if (fieldOf(model, key) !== undefined || key === 'id')
      return checkField(check, where, key, value);
    const relation = key.split('.')[0];
    if (!Object.hasOwn(model.relations ?? {}, relation)) {
      const known = [
        ...modelFieldNames(model),
        ...Object.keys(model.relations ?? {}),
        ...COMBINATOR_KEYS,
        CALLER_KEY,
        CALLER_ROLE_KEY,
      ];
      return [
        diagnosticAt(
          document,
          where,
          `${model.name} has no field or relation "${key}"`,
          suggest(key, known, 'a field, a relation, "currentUser.role", "any", "all" or "not":'),
          'key',
        ),
      ];
    }
    if (check.onField !== undefined)
      return [
        diagnosticAt(
          document,
          where,
          `the rule of field "${check.onField}" reads the record's own fields and the caller, and "${key}" is a relation`,
          'compare the field that holds its id (e.g. "authorId": "currentUser"), or move the condition to the model\'s "access".',
          'key',
        ),
      ];
    const accountsModel = check.accounts.model;
    if (!accountsModel) return needsAccounts(check, where, `"${key}"`);
    if (value !== CALLER_KEY)
      return [
        diagnosticAt(
          document,
          where,
          `"${key}" is a relation: a rule asks whether it reaches the signed-in user`,
          'write "currentUser" as its value (to compare a related field, use the field that holds its id).',
        ),
      ];
    return checkUserPath(document, where, model, key, accountsModel, check.modelNamed);
  });
}

/** The model's `access` rules: one effect each, and each condition. */
function checkModelRules(check: RuleCheck): Diagnostic[] {
  const rules = check.model.access ?? [];
  return rules.flatMap((rule, index) => {
    const at = childPointer('/access', index);
    if ((rule.allow === undefined) === (rule.deny === undefined))
      return [
        diagnosticAt(
          check.document,
          at,
          rule.allow === undefined
            ? 'an access rule says "allow" or "deny", and this one says neither'
            : 'an access rule says "allow" or "deny", and this one says both',
          'write one rule per effect: { "allow": "read", "when": { ... } } or { "deny": "read", "when": { ... } }.',
        ),
      ];
    return checkCondition(check, childPointer(at, 'when'), rule.when ?? {});
  });
}

/**
 * Checks every model's `access` rules: operations, fields and literals of their types (enum
 * values, did-you-mean), relation paths to the signed-in user, roles of `accounts.roles`.
 */
export function checkAccessRules(
  documents: ReadonlyMap<string, ConfigDocument>,
  models: ReadonlyMap<string, CheckedModel>,
  accounts: CheckedAccounts,
): Diagnostic[] {
  const modelNamed = (name: string) => models.get(name)?.config;
  return [...models.values()].flatMap(({ config }) => {
    const document = documents.get(config.name);
    if (!document) return [];
    const check = { document, model: config, accounts, modelNamed };
    const fieldRules = Object.entries(config.fields).flatMap(([name, field]) => {
      const access = typeof field === 'string' ? undefined : field.access;
      return (['read', 'write'] as const).flatMap((key) =>
        access?.[key] === undefined
          ? []
          : checkCondition(
              { ...check, onField: name },
              childPointer(childPointer(childPointer('/fields', name), 'access'), key),
              access[key],
            ),
      );
    });
    return [...checkModelRules(check), ...fieldRules];
  });
}

/**
 * The places that read a model's records beside its own routes where access rules do not apply
 * (issue 52): a field with a rule on writes in a collection PATCH, and a `values` computed field
 * that lists (or orders by) a field only some callers may read (a rule on a field is tested on the
 * record, which a list of values does not send). `generate` refuses them rather than let records
 * past the rules. Included records, counts and other lists
 * of values go through the related model's rules (src/map/mapAccess.ts, ruledReadOf).
 */
export function checkRuledReads(
  modelDocuments: ReadonlyMap<string, ConfigDocument>,
  routeDocuments: ReadonlyMap<string, ConfigDocument>,
  models: ReadonlyMap<string, CheckedModel>,
  routes: readonly CheckedRoute[],
): Diagnostic[] {
  const problems: Diagnostic[] = [];
  for (const { config } of models.values()) {
    const document = modelDocuments.get(config.name);
    if (document) problems.push(...ruledValues(document, config, models));
  }
  for (const route of routes) {
    const document = routeDocuments.get(route.origin.file);
    const model = route.model ? models.get(route.model)?.config : undefined;
    if (!document || !model) continue;
    const label = `${route.config.method} ${route.config.path}`;
    // A collection PATCH checks the model's rules (their WITH CHECK too), not a field's rule on
    // writes: that one reads each record, in memory (handler/fieldWrites).
    if (route.operation === 'updateMany') {
      const guarded = new Set(
        fieldRulesOf(model).flatMap((rule) => (rule.write === null ? [] : [rule.field])),
      );
      for (const [key, fields] of [
        ['body', Object.keys(route.config.body ?? {})],
        ['set', Object.keys(route.config.set ?? {})],
      ] as const)
        for (const field of fields.filter((name) => guarded.has(name)))
          problems.push(
            diagnosticAt(
              document,
              childPointer(childPointer(route.origin.pointer, key), field),
              `${label} writes "${field}" on every record it selects, and the rule of ${model.name}.${field} on writes is checked one record at a time`,
              `leave "${field}" out of this route's ${key} and change it with PATCH ${route.config.path}/:id, where its rule is checked.`,
              'key',
            ),
          );
    }
  }
  return problems;
}

/**
 * A `values` computed field over a relation whose `field` or `orderBy` is a field with a read
 * rule: the values would be sent (or ordered) whoever may read them.
 */
function ruledValues(
  document: ConfigDocument,
  config: ModelConfig,
  models: ReadonlyMap<string, CheckedModel>,
): Diagnostic[] {
  return Object.entries(config.computed ?? {}).flatMap(([name, computed]) => {
    if (!('values' in computed)) return [];
    const target = models.get(config.relations?.[computed.values]?.model ?? '')?.config;
    if (!target) return [];
    const readRuled = new Set(
      fieldRulesOf(target)
        .filter((rule) => rule.read !== null)
        .map((rule) => rule.field),
    );
    const orderBy = computed.orderBy?.replace(/^-/, '');
    const key = readRuled.has(computed.field)
      ? 'field'
      : orderBy && readRuled.has(orderBy)
        ? 'orderBy'
        : null;
    if (key === null) return [];
    const field = key === 'field' ? computed.field : String(orderBy);
    return [
      diagnosticAt(
        document,
        childPointer(childPointer('/computed', name), key),
        `computed field "${name}" ${key === 'field' ? 'lists' : 'is ordered by'} ${target.name}.${field}, which a rule on the field lets only some callers read, and a list of values cannot leave it out for the others`,
        `list (and order by) a field without a read rule, or send the ${target.name} records themselves (include "${computed.values}"), where the field's rule applies.`,
        'key',
      ),
    ];
  });
}

/** The own fields a condition compares, with where each is written. */
function comparedFields(
  model: ModelConfig,
  at: string,
  condition: AccessConditionConfig,
): Array<[string, string]> {
  return Object.entries(condition).flatMap(([key, value]): Array<[string, string]> => {
    const where = childPointer(at, key);
    if (key === 'any' || key === 'all')
      return (value as AccessConditionConfig[]).flatMap((item, i) =>
        comparedFields(model, childPointer(where, i), item),
      );
    if (key === 'not') return comparedFields(model, where, value as AccessConditionConfig);
    return fieldOf(model, key) !== undefined ? [[key, where]] : [];
  });
}

/**
 * Warnings for the fields a model's rules on reads and changes compare that no index starts with:
 * every list of the model then reads the whole table for the rule (issue 52: rule columns are
 * indexed, or generate warns).
 */
export function unindexedRuleWarnings(
  documents: ReadonlyMap<string, ConfigDocument>,
  models: ReadonlyMap<string, CheckedModel>,
): Diagnostic[] {
  return [...models.values()].flatMap(({ config }) => {
    const document = documents.get(config.name);
    if (!document || !config.access) return [];
    const seen = new Set<string>();
    return config.access.flatMap((rule, index) => {
      const effect = rule.allow !== undefined ? 'allow' : 'deny';
      if (!ruleOperations(rule[effect]).some((op) => op !== 'create')) return [];
      const at = childPointer(childPointer('/access', index), 'when');
      return comparedFields(config, at, rule.when ?? {}).flatMap(([field, where]) => {
        if (isIndexedField(config, field) || seen.has(field)) return [];
        seen.add(field);
        return [
          diagnosticAt(
            document,
            where,
            `${config.name}.${field} is compared by an access rule and no index starts with it: lists of ${config.name} read the whole table for the rule`,
            `add "indexes": [["${field}"]] to ${config.name} (or make the field unique).`,
            'key',
          ),
        ];
      });
    });
  });
}
