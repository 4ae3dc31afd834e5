import type { ModelConfig, OrmName, RouteConfig, RoutesFileConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { closestMatch, suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import { parseAppPath, pathShape, PathSegment } from '../domain/appPaths';
import { isRequiredOnCreate } from '../domain/fields';
import { WRITE_OPERATIONS } from '../domain/routeOperation';
import { paramRole } from '../domain/routeParams';
import { checkSameSitePath } from './sameSitePath';
import { checkBody } from './checkBody';
import { checkListQuery, checkScope } from './checkListQuery';
import { checkSearchesAgree } from './checkSearch';
import { checkResponseShape } from './checkResponseShape';
import type { CheckedModel, CheckedRoute, RouteOperation } from './checkedProject';
import { bodyUserFieldWarnings, checkAccountUse } from './checkAccountUse';
import {
  accountMethodProblem,
  accountOptionProblem,
  checkAccountRoute,
  checkTokenOption,
} from './checkAccountRoutes';
import { ACCOUNT_METHODS, onApiKeys, onMail, onOidc, onTotp } from '../domain/accounts';
import type { CheckedAccounts } from './checkAccountsSettings';
import { checkRouteOptions } from './checkRouteOptions';
import { checkCollection } from './checkCollection';
import { checkEnvelope } from './checkEnvelope';
import { checkRouteParams } from './checkRouteParams';
import { checkRoleField, checkRoleVoter } from './checkRoles';
import { checkVoter } from './checkVoter';
import { childPointer, diagnosticAt } from './locate';
import { inferableRoute } from './failedRoutes';
import { checkPathParams } from './checkPathParams';
import { isReservedInHandlers } from './reservedNames';
import { candidateModels, parseResponse, routesByShape, RouteWithShape } from './resolveRouteModel';

interface RouteEntry extends RouteWithShape {
  document: ConfigDocument;
  pointer: string;
  segments: PathSegment[];
}

export interface RouteTreeEntry {
  document: ConfigDocument;
  pointer: string;
  segments: PathSegment[];
}

const OPERATIONS: Record<RouteConfig['method'], RouteOperation> = {
  GET: 'get',
  POST: 'create',
  PUT: 'replace',
  PATCH: 'update',
  DELETE: 'delete',
};

/**
 * The operation of an account route on its own method (ACCOUNT_METHODS); null for a sign-up,
 * which is a create, and for another method, reported by checkAccountRoute (the method's own
 * operation stands meanwhile).
 */
function accountOperationOf(route: RouteConfig): RouteOperation | null {
  const action = route.account;
  if (action === undefined || route.method !== ACCOUNT_METHODS[action]) return null;
  if (action === 'logIn' || action === 'listSessions' || action === 'revokeSession') return action;
  // "Sign out everywhere" is a log-out of every session of the caller.
  if (action === 'logOut' || action === 'endSessions') return 'logOut';
  // Password reset and e-mail verification: their work is src/appgen/accountMail.ts's.
  if (onMail(action)) return 'accountMail';
  // API keys: their work is src/appgen/apiKeys.ts's.
  if (onApiKeys(action)) return 'apiKeys';
  // A second factor: src/appgen/totp.ts's.
  if (onTotp(action)) return 'totp';
  // Sign-in with OpenID Connect providers: src/appgen/oidc.ts's.
  if (onOidc(action)) return 'oidc';
  return null;
}

function operationOf(route: RouteConfig): RouteOperation {
  if (route.function) return 'function';
  const account = accountOperationOf(route);
  if (account !== null) return account;
  // A link on another method is reported by checkAccountUse; the method's own operation stands.
  if (route.link && route.method === 'POST') return 'link';
  if (route.link && route.method === 'DELETE') return 'unlink';
  // `collection` beside `record` (or on another method) is reported by checkCollection.
  if (route.collection && !route.record && route.method === 'DELETE') return 'deleteMany';
  if (route.collection && !route.record && route.method === 'PATCH') return 'updateMany';
  if (route.method === 'GET' && parseResponse(route.response).isArray) return 'list';
  // A partial PUT updates as PATCH does; a wrong "partial" elsewhere is reported by checkStatusAndPartial.
  if (route.method === 'PUT' && route.partial) return 'update';
  return OPERATIONS[route.method];
}

// Built once per models map: every route asks for it (once per route made validation quadratic).
const configsCache = new WeakMap<Map<string, CheckedModel>, Map<string, ModelConfig>>();
function configsOf(models: Map<string, CheckedModel>): Map<string, ModelConfig> {
  let configs = configsCache.get(models);
  if (!configs) {
    configs = new Map([...models].map(([name, model]) => [name, model.config]));
    configsCache.set(models, configs);
  }
  return configs;
}

/**
 * The fields of the route's model that its path fixes: each parameter's field, or the foreign key
 * of the parent it names (domain/routeParams.ts). A create sets them; a list's index may start with them.
 */
function fixedFields(
  config: RouteConfig,
  model: ModelConfig,
  models: Map<string, CheckedModel>,
): string[] {
  const configs = configsOf(models);
  return Object.keys(config.params ?? {}).map((name) => {
    const role = paramRole(model, name, configs);
    return role.kind === 'unknown' ? name : (role.parent?.foreignKey ?? name);
  });
}

/** What every route is checked against. */
export interface RouteChecks {
  models: Map<string, CheckedModel>;
  /** Names of models declared in files that failed their own checks. */
  unchecked: ReadonlySet<string>;
  /** The model of the app's users (settings `accounts.model`), or null. */
  accountsModel: string | null;
  /** How the app's users sign in (settings `accounts`). */
  accounts: CheckedAccounts;
  orm: OrmName;
  /** Routes (by file, their index) that failed their schema: only siblings' inference uses them. */
  failedRoutes?: ReadonlyMap<string, ReadonlySet<number>>;
}

/** `did you mean "Post[]"?` for "Posts[]": the fix keeps what the route answers, a list or one. */
function responseSuggestion(list: boolean, name: string, models: string[]): string {
  const match = closestMatch(name, models);
  if (match) return `did you mean "${match}${list ? '[]' : ''}"?`;
  return suggest(name, models, 'a model:') || 'declare it in config/models/.';
}

/**
 * What account routes ask of the project's others: a second factor protects a log-in, and the
 * log-in then reads a code. `secondFactor` names the first second-factor route ("POST
 * /api/totp/confirm in config/routes/account.json"), or is null.
 */
export interface ProjectAccountRoutes {
  logIn: boolean;
  secondFactor: string | null;
  /** The paths of the OpenID Connect sign-in routes and of their callbacks. */
  oidcSignIns: string[];
  oidcCallbacks: string[];
}

function projectAccountRoutes(entries: readonly RouteEntry[]): ProjectAccountRoutes {
  const secondFactor = entries.find((entry) => onTotp(entry.config.account));
  const pathsOf = (action: string) =>
    entries.filter((entry) => entry.config.account === action).map((entry) => entry.config.path);
  return {
    oidcSignIns: pathsOf('oidcSignIn'),
    oidcCallbacks: pathsOf('oidcCallback'),
    logIn: entries.some((entry) => entry.config.account === 'logIn'),
    secondFactor: secondFactor
      ? `${secondFactor.config.method} ${secondFactor.config.path} in ${secondFactor.document.file}`
      : null,
  };
}

function resolveEntry(
  entry: RouteEntry,
  byShape: ReadonlyMap<string, RouteEntry[]>,
  { models, unchecked, accountsModel, accounts, orm }: RouteChecks,
  accountRoutes: ProjectAccountRoutes,
): { route?: CheckedRoute; problems: Diagnostic[]; warnings: Diagnostic[] } {
  const { document, pointer, config } = entry;
  const problems: Diagnostic[] = [];
  const operation = operationOf(config);
  const response = parseResponse(config.response);
  for (const [key, name] of [
    ['response', response.name],
    ['model', config.model],
  ] as const) {
    // A model whose own file has problems is reported there; "unknown model" here would mislead.
    if (name && unchecked.has(name)) return { problems: [], warnings: [] };
    if (name && !models.has(name)) {
      problems.push(
        diagnosticAt(
          document,
          childPointer(pointer, key),
          `unknown model "${name}"`,
          responseSuggestion(key === 'response' && response.isArray, name, [...models.keys()]),
        ),
      );
    }
  }
  if (problems.length) return { problems, warnings: [] };
  const accountMethod =
    accountMethodProblem(document, pointer, config) ??
    accountOptionProblem(document, pointer, config);
  if (accountMethod) return { problems: [accountMethod], warnings: [] };
  if (config.body && (config.method === 'GET' || config.method === 'DELETE')) {
    problems.push(
      diagnosticAt(
        document,
        childPointer(pointer, 'body'),
        `${config.method} requests carry no body`,
        'remove "body", or use POST, PUT or PATCH.',
        'key',
      ),
    );
  }
  for (const key of ['function', 'voter'] as const) {
    const name = config[key];
    if (name && isReservedInHandlers(name))
      problems.push(
        diagnosticAt(
          document,
          childPointer(pointer, key),
          `"${name}" is a reserved word or a name the generated handler uses`,
          `rename the ${key}, e.g. "${name}${key === 'function' ? 'Handler' : 'Voter'}".`,
        ),
      );
  }
  if (config.redirect) {
    const sameSite = checkSameSitePath(config.redirect);
    const target = sameSite.ok ? parseAppPath(config.redirect) : sameSite;
    if (!target.ok)
      problems.push(
        diagnosticAt(document, childPointer(pointer, 'redirect'), target.message, target.hint),
      );
    else if (target.segments.some((s) => s.param))
      problems.push(
        diagnosticAt(
          document,
          childPointer(pointer, 'redirect'),
          `redirect "${config.redirect}" must be a fixed path`,
          'remove the ":" segments.',
        ),
      );
  }
  problems.push(...checkRouteOptions(document, pointer, config));
  problems.push(...checkCollection(document, pointer, config));
  problems.push(...checkEnvelope(document, pointer, config));
  let model: string | undefined;
  // A sibling naming an unknown model is reported there; counting it here would add a second,
  // false "several models" or "no model" for the same mistake.
  const named = candidateModels(entry, byShape);
  const candidates = named.filter((name) => models.has(name) || unchecked.has(name));
  if (operation === 'function') {
    model = candidates.length === 1 ? candidates[0] : undefined;
  } else if (
    operation === 'logOut' ||
    operation === 'listSessions' ||
    operation === 'revokeSession' ||
    operation === 'accountMail' ||
    operation === 'apiKeys' ||
    operation === 'totp' ||
    operation === 'oidc'
  ) {
    model = undefined;
  } else if (operation === 'get' && !response.name && !config.model) {
    problems.push(
      diagnosticAt(
        document,
        pointer,
        `GET ${config.path} has no "response" model and no "function"`,
        'add "response": "<Model>" (or "<Model>[]"), or a "function" that handles it.',
      ),
    );
  } else if (candidates.length === 1) {
    model = candidates[0];
    const modelConfig = models.get(model);
    if (modelConfig)
      problems.push(...checkRouteParams(entry, operation, modelConfig.config, configsOf(models)));
  } else if (candidates.length === named.length) {
    const why =
      candidates.length === 0
        ? 'no model can be inferred from it or from routes on the same path'
        : `routes on the same path use several models (${candidates.join(', ')})`;
    problems.push(
      diagnosticAt(
        document,
        pointer,
        `${config.method} ${config.path} has no "response" and ${why}`,
        'add "model": "<Model>", or handle it with a "function".',
      ),
    );
  }
  // A model whose own file has problems: what the route asks of it is checked once that passes.
  if (model && !models.has(model)) return { problems, warnings: [] };
  problems.push(
    ...checkVoter(
      document,
      pointer,
      config,
      operation,
      model ? models.get(model)?.config : undefined,
      accountsModel,
    ),
    ...checkRoleVoter(document, pointer, config, accounts, orm),
  );
  const writes = WRITE_OPERATIONS.includes(operation);
  const modelConfig = model ? models.get(model)?.config : undefined;
  // A link route writes no body: its mistakes are reported by checkAccountUse, not as missing fields.
  if ((operation === 'create' || operation === 'replace') && modelConfig && !config.link) {
    const provided = new Set([
      ...Object.keys(config.body ?? {}),
      ...Object.keys(config.set ?? {}),
      ...fixedFields(config, modelConfig, models),
    ]);
    const missing = Object.entries(modelConfig.fields)
      .filter(([name, field]) => isRequiredOnCreate(name, field) && !provided.has(name))
      .map(([name]) => name);
    if (missing.length) {
      problems.push(
        diagnosticAt(
          document,
          pointer,
          `${config.method} ${config.path} writes ${model} but its body lacks the required field${missing.length > 1 ? 's' : ''} ${missing.map((m) => `"${m}"`).join(', ')}`,
          'add them to "body", or make them optional or give them a default in the model.',
        ),
      );
    }
  }
  if (config.body)
    problems.push(
      ...checkBody(
        document,
        pointer,
        config.body,
        writes && model ? models.get(model)?.config : undefined,
        (name) => models.get(name)?.config,
      ),
    );
  const fixed = modelConfig ? fixedFields(config, modelConfig, models) : [];
  const modelNamed = (name: string) => models.get(name)?.config;
  const use = { document, pointer, config, operation, model: modelConfig, accountsModel, fixed };
  const accountRoute = { document, pointer, config, model: modelConfig, accounts, orm };
  problems.push(
    ...checkListQuery(document, pointer, config, operation, modelConfig, fixed, modelNamed),
    ...checkScope(document, pointer, config, operation, modelConfig, accountsModel, modelNamed),
    ...checkResponseShape(document, pointer, config, operation, modelConfig, models),
    ...checkAccountUse(use),
    ...checkAccountRoute({ ...accountRoute, ...accountRoutes }),
    ...checkTokenOption({ ...accountRoute, ...accountRoutes }),
    ...checkRoleField(document, pointer, config, modelConfig, accounts),
  );
  return {
    route: {
      config,
      origin: { file: document.file, pointer },
      model,
      responseIsArray: response.isArray,
      operation,
    },
    problems,
    warnings: bodyUserFieldWarnings(use),
  };
}

/**
 * Checks every route against the models and against each other: parameters, duplicates,
 * models named or inferred, and bodies. Returns the routes that can be mapped, plus the
 * path segments of every route for the app-tree check that also covers views.
 */
export function checkRoutes(
  documents: ConfigDocument[],
  checks: RouteChecks,
): {
  routes: CheckedRoute[];
  tree: RouteTreeEntry[];
  diagnostics: Diagnostic[];
  warnings: Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  const entries: RouteEntry[] = [];
  const failedEntries: RouteEntry[] = [];
  const byMethodAndShape = new Map<string, RouteEntry>();
  for (const document of documents) {
    (document.value as RoutesFileConfig).routes.forEach((config, index) => {
      const pointer = `/routes/${index}`;
      if (checks.failedRoutes?.get(document.file)?.has(index)) {
        const inferable = inferableRoute(config);
        const path = inferable && parseAppPath(inferable.path);
        if (inferable && path?.ok)
          failedEntries.push({
            document,
            pointer,
            config: inferable,
            segments: path.segments,
            shape: pathShape(path.segments),
          });
        return;
      }
      const parsed = parseAppPath(config.path);
      if (!parsed.ok) {
        diagnostics.push(
          diagnosticAt(document, childPointer(pointer, 'path'), parsed.message, parsed.hint),
        );
        return;
      }
      const entry: RouteEntry = {
        document,
        pointer,
        config,
        segments: parsed.segments,
        shape: pathShape(parsed.segments),
      };
      const key = `${config.method} ${entry.shape}`;
      const previous = byMethodAndShape.get(key);
      if (previous) {
        const where = `${previous.document.file} ${previous.pointer.replace('/routes/', 'routes[')}]`;
        diagnostics.push(
          diagnosticAt(
            document,
            pointer,
            `${config.method} ${config.path} is declared twice (first in ${where})`,
            'remove one of them; paths that differ only in parameter names are the same route.',
          ),
        );
        return;
      }
      byMethodAndShape.set(key, entry);
      diagnostics.push(...checkPathParams(entry));
      entries.push(entry);
    });
  }
  // Both are imported by name into route files: one name cannot be a function and a voter.
  const functions = new Set(entries.map((e) => e.config.function));
  for (const entry of entries) {
    const voter = entry.config.voter;
    if (voter && functions.has(voter)) {
      diagnostics.push(
        diagnosticAt(
          entry.document,
          childPointer(entry.pointer, 'voter'),
          `"${voter}" is the name of a route function too`,
          'give the voter and the function different names.',
        ),
      );
    }
  }
  const routes: CheckedRoute[] = [];
  const byShape = routesByShape([...entries, ...failedEntries]);
  const accountRoutes = projectAccountRoutes(entries);
  const searching: Array<RouteEntry & { model?: string }> = [];
  for (const entry of entries) {
    const resolved = resolveEntry(entry, byShape, checks, accountRoutes);
    diagnostics.push(...resolved.problems);
    warnings.push(...resolved.warnings);
    if (resolved.route) routes.push(resolved.route);
    if (resolved.route && resolved.problems.length === 0)
      searching.push({ ...entry, model: resolved.route.model });
  }
  diagnostics.push(...checkSearchesAgree(searching));
  return { routes, tree: entries, diagnostics, warnings };
}
