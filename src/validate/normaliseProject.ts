import { WRITE_OPERATIONS } from '../domain/routeOperation';
import { onApiKeys, onMail, onOidc, onSessions, onTotp } from '../domain/accounts';
import type { CheckedAccounts } from './checkAccountsSettings';
import type {
  ElementConfig,
  ModelConfig,
  OrmName,
  QueryStyle,
  RouteConfig,
} from '../config/configTypes';
import { FIELD_ELEMENTS } from '../config/elements';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { parseValidator, type ParsedValidator } from '../config/validators';
import type { CorsSettings } from '../domain/cors';
import { appFolderNamer, type AppFolder } from '../domain/appFolders';
import { segmentsOf } from '../domain/appPaths';
import { bodyFieldOptions, isBodyFieldRequired } from '../domain/bodyFields';
import { envelopeOf, type ErrorFormat } from '../domain/envelope';
import { fieldOf, fieldOptions, modelFields } from '../domain/fields';
import { computedSpec, includeEntries, isUrlComputed } from '../domain/computed';
import { accessRulesOf, fieldRulesOf } from '../domain/accessRules';
import { maxPageSize, STYLES_THAT_COUNT } from '../domain/listQuery';
import { includedFieldNames } from '../domain/privateFields';
import { indexFields, mirroredRelation, relationField, relationOf } from '../domain/relations';
import { paramRole } from '../domain/routeParams';
import { parseRouteRef } from '../domain/routeRefs';
import { parseVoter, voterSeesRecord } from '../domain/voters';
import type {
  CheckedEvent,
  CheckedJob,
  CheckedModel,
  CheckedProject,
  CheckedRoute,
  CheckedView,
  ProjectBodyField,
  ProjectElement,
  ProjectListQuery,
  ProjectModel,
  ProjectParam,
  ProjectRoute,
  ProjectView,
} from './checkedProject';
import { pointerToJsonPath } from './jsonPath';
import { walkElements } from './walkElements';

/**
 * Turns config that passed every check into the long, parsed form the map stage reads: every
 * shorthand expanded, every default the config may leave out filled in, every reference parsed.
 * Runs only on checked config, so a parse that fails here is a bug in the checks.
 */
export function normaliseProject(input: {
  orm: OrmName;
  errors: ErrorFormat;
  loginPath: string;
  trustProxy: number;
  cors: CorsSettings | null;
  /** The project's `queryStyle` (default appgen). */
  queryStyle: QueryStyle;
  accounts: CheckedAccounts;
  warnings: Diagnostic[];
  models: CheckedModel[];
  routes: CheckedRoute[];
  views: CheckedView[];
  events: CheckedEvent[];
  jobs: CheckedJob[];
}): CheckedProject {
  const configs = new Map(input.models.map((m) => [m.config.name, m.config]));
  // Routes and pages share dynamic folders: named once, from every path.
  const folderOf = appFolderNamer([
    ...input.routes.map((r) => r.config.path),
    ...input.views.map((v) => v.config.path),
  ]);
  // A sign-up makes its client known to the log-in throttle only where there is a log-in.
  const hasLogIn = input.routes.some((r) => r.config.account === 'logIn');
  // A sign-up mails a verification link where a route verifies it.
  const verifies =
    input.routes.some((r) => r.config.account === 'verifyEmail') &&
    input.accounts.emailField !== null;
  // A log-in asks accounts that set up a second factor for a one-time code.
  const secondFactor = input.routes.some((r) => onTotp(r.config.account));
  return {
    orm: input.orm,
    loginPath: input.loginPath,
    trustProxy: input.trustProxy,
    cors: input.cors,
    accounts: input.accounts,
    errors: input.errors,
    warnings: input.warnings,
    models: input.models.map((m) => normaliseModel(m, configs)),
    routes: input.routes.map((r) =>
      normaliseRoute(
        r,
        configs,
        folderOf(r.config.path),
        { ...input.accounts, hasLogIn, verifies, secondFactor },
        input.queryStyle,
      ),
    ),
    views: input.views.map((v) => normaliseView(v, folderOf(v.config.path))),
    events: input.events.map((e) => ({
      name: e.name,
      model: e.model,
      on: e.on,
      run: e.run,
      delivery: { ...e.delivery },
      file: e.origin.file,
    })),
    jobs: input.jobs.map(({ origin, ...job }) => ({ ...job, file: origin.file })),
  };
}

function normaliseModel(
  { config, origin }: CheckedModel,
  configs: ReadonlyMap<string, ModelConfig>,
): ProjectModel {
  return {
    name: config.name,
    fields: Object.entries(modelFields(config)).map(([name, field]) => ({
      name,
      ...fieldOptions(field),
    })),
    relations: Object.entries(config.relations ?? {}).map(([name, relation]) => {
      const belongsTo = relation.type === 'belongsTo';
      const other = configs.get(relation.model) as ModelConfig;
      return {
        name,
        type: relation.type,
        model: relation.model,
        field: belongsTo ? relationField(name, relation) : null,
        onDelete: belongsTo ? (relation.onDelete ?? 'restrict') : null,
        mirror: belongsTo ? null : (mirroredRelation(config, relation, other).name ?? null),
      };
    }),
    indexes: (config.indexes ?? []).map((index) => ({
      fields: indexFields(index),
      unique: !Array.isArray(index) && Boolean(index.unique),
    })),
    computed: Object.entries(config.computed ?? {}).flatMap(([name, computed]) =>
      isUrlComputed(computed) ? [] : [{ name, ...computedSpec(computed) }],
    ),
    urls: Object.entries(config.computed ?? {}).flatMap(([name, computed]) =>
      isUrlComputed(computed) ? [{ name, path: computed.url }] : [],
    ),
    access: accessRulesOf(config),
    fieldRules: fieldRulesOf(config),
    file: origin.file,
  };
}

function parsedValidator(text: string): ParsedValidator {
  const parsed = parseValidator(text);
  if (!parsed.ok) throw new Error(`unchecked validator reached normalisation: ${text}`);
  return parsed.validator;
}

/**
 * The accounts' `passwordRules` apply to every write of the accounts model's password field,
 * before the route's own validators (a rule written in both is checked once).
 */
function validatorsOf(
  route: CheckedRoute,
  name: string,
  own: string[],
  accounts: CheckedAccounts,
): ParsedValidator[] {
  // A password reset (a mail route, on no model) sets the accounts model's password too.
  const writesPassword =
    name === accounts.passwordField &&
    ((WRITE_OPERATIONS.includes(route.operation) && route.model === accounts.model) ||
      route.config.account === 'resetPassword');
  const texts = writesPassword ? [...new Set([...accounts.passwordRules, ...own])] : own;
  return texts.map(parsedValidator);
}

function normaliseBody(
  route: CheckedRoute,
  model: ModelConfig | undefined,
  accounts: CheckedAccounts,
): ProjectBodyField[] {
  return Object.entries(route.config.body ?? {}).map(([name, field]) => {
    const options = bodyFieldOptions(field);
    const modelField = model && fieldOf(model, name);
    return {
      name,
      type: options.type,
      required: isBodyFieldRequired(name, field, route.operation, model),
      transforms: options.transform ?? [],
      validators: validatorsOf(route, name, options.validation ?? [], accounts),
      values: options.values ?? (modelField ? fieldOptions(modelField).values : undefined) ?? null,
      namedLink:
        options.relation && options.by ? { relation: options.relation, by: options.by } : null,
    };
  });
}

function normaliseQuery(
  config: RouteConfig,
  model: ModelConfig | undefined,
  style: QueryStyle,
): ProjectListQuery | null {
  const query = config.query;
  if (!query || !model) return null;
  return {
    filter: (query.filter ?? []).map((filter) => {
      if (typeof filter === 'string') return { name: filter, relation: null, field: filter };
      const [relation, field] = filter.path.split('.');
      return { name: filter.name, relation, field };
    }),
    sort: query.sort ?? [],
    defaultSort: query.defaultSort
      ? {
          field: query.defaultSort.replace(/^-/, ''),
          descending: query.defaultSort.startsWith('-'),
        }
      : null,
    pageSize: query.pageSize ?? null,
    maxPageSize: maxPageSize(query),
    pagination: query.pagination ?? 'offset',
    // json-server's and simple-rest's clients read the total of every list.
    count: Boolean(query.count) || STYLES_THAT_COUNT.includes(style),
    search: query.search ?? [],
  };
}

function normaliseParams(
  config: RouteConfig,
  model: ModelConfig | undefined,
  configs: ReadonlyMap<string, ModelConfig>,
): ProjectParam[] {
  return Object.entries(config.params ?? {}).map(([name, type]) => {
    const role = model ? paramRole(model, name, configs) : undefined;
    if (!role || role.kind === 'unknown') return { name, type, field: null, parent: null };
    return { name, type, field: role.kind === 'field' ? name : null, parent: role.parent };
  });
}

/**
 * What each included relation sends: the fields its `include` names, else, for a model with
 * private fields (the accounts model's identity), every sent field but those; absent: every
 * field that is not hidden.
 */
function normaliseIncludeFields(
  config: RouteConfig,
  model: ModelConfig | undefined,
  configs: ReadonlyMap<string, ModelConfig>,
  accounts: CheckedAccounts,
): Record<string, string[]> {
  return Object.fromEntries(
    includeEntries(config.include).flatMap(({ name, shape }) => {
      if (shape?.fields) return [[name, shape.fields]];
      const relation = model && relationOf(model, name);
      const other = relation && configs.get(relation.model);
      const fields = other ? includedFieldNames(other, accounts) : null;
      return fields ? [[name, fields]] : [];
    }),
  );
}

function normaliseRoute(
  route: CheckedRoute,
  configs: ReadonlyMap<string, ModelConfig>,
  folder: AppFolder,
  accounts: CheckedAccounts & { hasLogIn: boolean; verifies: boolean; secondFactor: boolean },
  projectStyle: QueryStyle,
): ProjectRoute {
  const { config } = route;
  const model = route.model ? configs.get(route.model) : undefined;
  return {
    method: config.method,
    path: config.path,
    params: normaliseParams(config, model, configs),
    body: normaliseBody(route, model, accounts),
    model: route.model ?? null,
    response: config.response?.replace(/\[\]$/, '') ?? null,
    responseIsArray: route.responseIsArray,
    operation: route.operation,
    redirect: config.redirect ?? null,
    function: config.function ?? null,
    auth: config.auth === true,
    optionalAuth: config.auth === 'optional',
    set: Object.entries(config.set ?? {}).map(([field, value]) => ({ field, value })),
    currentUserRecord: config.record === 'currentUser',
    link: config.link ?? null,
    account: config.account
      ? {
          action: config.account,
          identity: accounts.identity.filter((name) => Object.hasOwn(config.body ?? {}, name)),
          passwordField:
            onSessions(config.account) ||
            onApiKeys(config.account) ||
            onTotp(config.account) ||
            onOidc(config.account) ||
            (onMail(config.account) && config.account !== 'resetPassword')
              ? null
              : accounts.passwordField,
          // A sign-up that signs no one in (requireVerified) makes no client known.
          knowsClient:
            (config.account === 'logIn' ||
              (config.account === 'signUp' && !accounts.requireVerified)) &&
            accounts.hasLogIn,
          emailField:
            onMail(config.account) ||
            (config.account === 'signUp' && accounts.verifies) ||
            (config.account === 'logIn' && accounts.requireVerified)
              ? accounts.emailField
              : null,
          sendsVerification: config.account === 'signUp' && accounts.verifies,
          requiresVerified:
            accounts.requireVerified && (config.account === 'signUp' || config.account === 'logIn'),
          asksSecondFactor: config.account === 'logIn' && accounts.secondFactor,
        }
      : null,
    voter: config.voter ? parseVoter(config.voter) : null,
    voterSeesRecord: voterSeesRecord(config, route.operation, model),
    query: normaliseQuery(config, model, config.query?.style ?? projectStyle),
    queryStyle: config.query?.style ?? projectStyle,
    scope: Object.keys(config.scope ?? {}).map((path) => path.split('.')),
    include: includeEntries(config.include).map((entry) => entry.name),
    fields: config.values !== undefined ? [config.values] : (config.fields ?? null),
    values: config.values ?? null,
    token: config.token === true,
    includeFields: normaliseIncludeFields(config, model, configs, accounts),
    status: config.status ?? null,
    file: route.origin.file,
    jsonPath: pointerToJsonPath(route.origin.pointer),
    folder,
    envelope: envelopeOf(config),
  };
}

function normaliseElement(element: ElementConfig): ProjectElement {
  const { route, load, columns, options, fields, children, ...rest } = element;
  const inputs =
    element.type === 'form'
      ? walkElements(element).filter(
          (v) => v.form?.element === element && FIELD_ELEMENTS.includes(v.element.type),
        )
      : [];
  return {
    ...rest,
    ...(route === undefined ? {} : { route: parseRouteRef(route) }),
    ...(load === undefined ? {} : { load: parseRouteRef(load) }),
    ...(columns === undefined
      ? {}
      : { columns: columns.map((c) => (typeof c === 'string' ? { field: c } : c)) }),
    ...(typeof options === 'string' ? { optionsRoute: parseRouteRef(options) } : {}),
    ...(options === undefined || typeof options === 'string'
      ? {}
      : {
          options: options.map((o) =>
            typeof o === 'string'
              ? { value: o, label: o }
              : { value: o.value, label: o.label ?? o.value },
          ),
        }),
    children: (fields ?? children ?? []).map(normaliseElement),
    formFieldIds: inputs.map((v) => v.element.id).filter((id): id is string => id !== undefined),
    ...(element.type === 'link' && element.href?.startsWith('/')
      ? { hrefSegments: segmentsOf(element.href.split(/[?#]/)[0]) }
      : {}),
  };
}

function normaliseView({ config, origin }: CheckedView, folder: AppFolder): ProjectView {
  return {
    name: config.name,
    path: config.path,
    title: config.title ?? null,
    auth: Boolean(config.auth),
    nav: config.nav ?? null,
    root: normaliseElement(config.root),
    file: origin.file,
    folder,
    segments: segmentsOf(config.path),
  };
}
