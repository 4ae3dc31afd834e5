import type { ModelConfig, RouteConfig } from '../config/configTypes';
import { FIELD_TYPES, isServerSetType } from '../config/fieldTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import { fieldOf, fieldOptions } from '../domain/fields';
import { relationOf } from '../domain/relations';
import {
  accessRulesOf,
  comparesWithCaller,
  namesCaller,
  type RuleOperation,
} from '../domain/accessRules';
import { WRITE_OPERATIONS, type RouteOperation } from '../domain/routeOperation';
import { childPointer, diagnosticAt } from './locate';

export interface AccountUse {
  document: ConfigDocument;
  pointer: string;
  config: RouteConfig;
  operation: RouteOperation;
  /** The route's model, when it has one that passed its checks. */
  model: ModelConfig | undefined;
  /** The accounts model (settings `accounts.model`), or null when the project has none. */
  accountsModel: string | null;
  /** Fields the path fixes (they cannot be set as well). */
  fixed: readonly string[];
}

const NO_ACCOUNTS =
  'name the model of your users in appgen.config.json: "accounts": { "model": "User" }.';

/**
 * What routes take from the signed-in user: `set` (fields the server writes: the caller's id or
 * the time), `record: "currentUser"` (the caller's own record) and `link` (the caller linked into
 * a manyToMany relation). Each needs the accounts model and a signed-in caller.
 */
export function checkAccountUse(use: AccountUse): Diagnostic[] {
  return [...checkSet(use), ...checkRecord(use), ...checkLink(use)];
}

function checkSet(use: AccountUse): Diagnostic[] {
  const { document, pointer, config, operation, model, fixed } = use;
  if (!config.set) return [];
  const at = childPointer(pointer, 'set');
  if (!WRITE_OPERATIONS.includes(operation) || !model)
    return [
      diagnosticAt(
        document,
        at,
        `"set" applies to routes that write a model (POST, PUT, PATCH without "function"), and ${config.method} ${config.path} does not`,
        'remove "set"; a function sets what it wants.',
        'key',
      ),
    ];
  return Object.entries(config.set).flatMap(([name, value]) => {
    const where = childPointer(at, name);
    const field = fieldOf(model, name);
    const problem = (message: string, fix: string, on: 'key' | 'value' = 'key') => [
      diagnosticAt(document, where, message, fix, on),
    ];
    if (name === 'id' || !field)
      return problem(
        name === 'id' ? '"id" is set by the database' : `"${name}" is not a field of ${model.name}`,
        suggest(name, Object.keys(model.fields), 'a field:') || 'name a field of the model.',
      );
    const options = fieldOptions(field);
    if (isServerSetType(options.type))
      return problem(
        `"${name}" is a ${options.type} field, set by the server already`,
        `remove it from "set".`,
      );
    if (config.body && Object.hasOwn(config.body, name))
      return problem(
        `"${name}" is in "body" too: a field comes from the request or from the server, not both`,
        'remove it from "body" (the server sets it) or from "set".',
      );
    if (fixed.includes(name))
      return problem(`"${name}" is set from the path already`, 'remove it from "set".');
    if (value === 'now')
      return FIELD_TYPES[options.type].kind === 'datetime'
        ? []
        : problem(
            `"now" sets a time, and ${model.name}.${name} is ${options.type}`,
            'set a datetime field.',
            'value',
          );
    return checkCurrentUserField(use, name, options.type, Boolean(options.optional));
  });
}

function checkCurrentUserField(
  use: AccountUse,
  name: string,
  type: string,
  optional: boolean,
): Diagnostic[] {
  const { document, pointer, config, model, accountsModel } = use;
  const where = childPointer(childPointer(pointer, 'set'), name);
  const problem = (message: string, fix: string) => [
    diagnosticAt(document, where, message, fix, 'value'),
  ];
  if (!accountsModel)
    return problem('"currentUser" needs the model of the app\'s users', NO_ACCOUNTS);
  if (type !== 'uuid' && type !== 'string')
    return problem(
      `"currentUser" is a user id, and ${model?.name}.${name} is ${type}`,
      'set a uuid field, e.g. "authorId".',
    );
  const relation = Object.entries(model?.relations ?? {}).find(
    ([relationName, r]) => r.type === 'belongsTo' && (r.field ?? `${relationName}Id`) === name,
  );
  if (relation && relation[1].model !== accountsModel)
    return problem(
      `"${name}" holds the id of a ${relation[1].model}, and the signed-in user is a ${accountsModel}`,
      'set a field that refers to the users.',
    );
  if (config.auth === true || (config.auth === 'optional' && optional)) return [];
  return problem(
    config.auth === 'optional'
      ? `"currentUser" is null for an anonymous caller, and ${model?.name}.${name} is required`
      : '"currentUser" needs a signed-in caller',
    config.auth === 'optional'
      ? `use "auth": true, or make "${name}" optional.`
      : 'add "auth": true to the route.',
  );
}

function checkRecord(use: AccountUse): Diagnostic[] {
  const { document, pointer, config, operation, model, accountsModel } = use;
  if (config.record === undefined) return [];
  const at = childPointer(pointer, 'record');
  const problem = (message: string, fix: string) => [diagnosticAt(document, at, message, fix)];
  if (!['get', 'replace', 'update', 'delete'].includes(operation))
    return problem(
      `"record": "currentUser" applies to a GET of one record, PUT, PATCH or DELETE, and ${config.method} ${config.path} is a ${operation} route`,
      'remove "record".',
    );
  if (!accountsModel)
    return problem('"currentUser" needs the model of the app\'s users', NO_ACCOUNTS);
  if (model && model.name !== accountsModel)
    return problem(
      `the signed-in user's record is a ${accountsModel}, and this route works on ${model.name}`,
      `answer "${accountsModel}", or remove "record".`,
    );
  if (Object.keys(config.params ?? {}).length > 0)
    return [
      diagnosticAt(
        document,
        childPointer(pointer, 'params'),
        "the route works on the signed-in user's record, so its path names no record",
        'remove the path parameters (e.g. "/api/user"), or remove "record".',
        'key',
      ),
    ];
  return config.auth === true
    ? []
    : problem('"currentUser" needs a signed-in caller', 'add "auth": true to the route.');
}

function checkLink(use: AccountUse): Diagnostic[] {
  const { document, pointer, config, model, accountsModel } = use;
  if (config.link === undefined) return [];
  const at = childPointer(pointer, 'link');
  const problem = (message: string, fix: string, where = at) => [
    diagnosticAt(document, where, message, fix),
  ];
  if (config.method !== 'POST' && config.method !== 'DELETE')
    return problem(
      `"link" applies to POST (link) and DELETE (unlink), not ${config.method}`,
      'use POST to link the signed-in user and DELETE to unlink them.',
    );
  if (config.function)
    return problem('a "function" route links what it wants', 'remove "link" or "function".');
  if (config.body)
    return problem(
      'a link route takes no body: it links the signed-in user',
      'remove "body".',
      childPointer(pointer, 'body'),
    );
  if (!model) return [];
  const relation = relationOf(model, config.link);
  if (relation?.type !== 'manyToMany') {
    const links = Object.entries(model.relations ?? {})
      .filter(([, r]) => r.type === 'manyToMany' && r.model === accountsModel)
      .map(([name]) => name);
    return problem(
      relation
        ? `${model.name}.${config.link} is a ${relation.type} relation; "link" adds to a manyToMany`
        : `${model.name} has no relation "${config.link}"`,
      suggest(config.link, links, 'a manyToMany relation to the users:') ||
        `declare it in ${model.name}'s "relations" as { "type": "manyToMany", "model": "${accountsModel ?? 'User'}" }.`,
    );
  }
  if (!accountsModel)
    return problem(
      '"link" links the signed-in user, and the app has no model of users',
      NO_ACCOUNTS,
    );
  if (relation.model !== accountsModel)
    return problem(
      `"link" links the signed-in user (a ${accountsModel}), and ${model.name}.${config.link} links ${relation.model} records`,
      `name a manyToMany relation of ${model.name} to ${accountsModel}.`,
    );
  return config.auth === true
    ? []
    : problem('"link" needs a signed-in caller', 'add "auth": true to the route.');
}

/**
 * The warning of an `auth` route that writes, from its body, a field that refers to the users
 * (the belongsTo field of a relation to the accounts model): any signed-in user could then write
 * records in someone else's name. Not when the model's access rules decide who may write it:
 * every rule allowing the write names the caller (by id or role) and one compares the field (or
 * its relation) with the caller's id, so the new values are checked against the caller.
 */
export function bodyUserFieldWarnings(use: AccountUse): Diagnostic[] {
  const { document, pointer, config, operation, model, accountsModel } = use;
  if (!config.auth || !config.body || !model || !accountsModel) return [];
  if (!WRITE_OPERATIONS.includes(operation)) return [];
  const write: RuleOperation = operation === 'create' ? 'create' : 'update';
  const allowing = accessRulesOf(model).filter(
    (rule) => rule.effect === 'allow' && rule.operations.includes(write),
  );
  const ruled = (field: string, relation: string) =>
    allowing.length > 0 &&
    allowing.every((rule) => namesCaller(rule.condition)) &&
    allowing.some((rule) => comparesWithCaller(rule.condition, field, relation));
  return Object.entries(model.relations ?? {})
    .filter(([, r]) => r.type === 'belongsTo' && r.model === accountsModel)
    .map(([name, r]) => [name, r.field ?? `${name}Id`] as const)
    .filter(([name, field]) => Object.hasOwn(config.body ?? {}, field) && !ruled(field, name))
    .map(([, field]) => field)
    .map((field) =>
      diagnosticAt(
        document,
        childPointer(childPointer(pointer, 'body'), field),
        `${config.method} ${config.path} takes "${field}" from the request body: any signed-in user can write it as someone else's id`,
        `set it from the session instead: remove it from "body" and add "set": { "${field}": "currentUser" }.`,
        'key',
      ),
    );
}
