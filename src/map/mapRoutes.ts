import type { RouteOperation } from '../domain/routeOperation';
import { enumOptions } from './fieldLabels';
import { identifier as ident } from '../domain/identifier';
import { mapOrmQueries } from './mapOrmQueries';
import type { OrmName } from '../config/configTypes';
import { methodSteps, type MethodSteps } from './methodSteps';
import type { DatabaseProvider } from '../config/database';
import { bodyTypeInfo } from '../config/fieldTypes';
import { VALIDATORS, type ParsedValidator } from '../config/validators';
import type { AppFolder } from '../domain/appFolders';
import { MAX_UNPAGED_RECORDS } from '../domain/listQuery';
import {
  SIGN_UP_VERIFICATION_ATTEMPTS,
  SIGN_UP_VERIFICATION_EVENT,
  onRevoke,
} from '../domain/accounts';
import type {
  ProjectBodyField,
  ProjectEvent,
  ProjectModel,
  ProjectRoute,
} from '../validate/checkedProject';
import type {
  BodyFieldContext,
  ComputedContext,
  IncludeContext,
  LinkContext,
  LinkRouteContext,
  MethodContext,
  MethodSlugContext,
  MatchContext,
  ParamContext,
  RelationContext,
  RouteFileContext,
  ValidatorContext,
} from './contexts';
import { mapAnswerShape } from './mapComputed';
import { methodAccessOf, methodFieldAccessOf, ruledReadRules, rulesReadRole } from './mapAccess';
import { answerImportsOf } from './mapAnswerShapes';
import { mapListQuery, mapParents } from './mapListQuery';
import { enumTsType, slugOf } from './mapModels';
import { delegateName, routeTypeName } from '../domain/names';
import { OUTPUT_PATHS } from '../domain/outputPaths';
import { worksOnCollection } from '../domain/routeOperation';
import { voterText } from '../domain/voters';
import { mapAccountRoute } from './mapAccountRoute';
import { methodContextOf, type MethodFields } from './methodContextOf';
import { eventOperationOf, methodEvents } from './mapEvents';
import { sha256Hex } from '../hash/sha256Hex';

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const WRITES: readonly string[] = ['create', 'replace', 'update'];
/**
 * The operations that go through the model's access rules (src/appgen/access/<model>.ts).
 * Account routes act as the system (a log-in reads the account before anyone is signed in; a
 * sign-up creates it). A link route finds its record through the read rule (404 when hidden).
 */
const RULED_OPERATIONS: readonly RouteOperation[] = [
  'list',
  'get',
  'create',
  'replace',
  'update',
  'delete',
  'deleteMany',
  'updateMany',
  'link',
  'unlink',
];

/** The writes whose answer may read what was written with its relations and computed fields. */
const READS_AFTER_WRITE: readonly string[] = [...WRITES, 'updateMany', 'link', 'unlink'];
/** The operations whose answer reads records with their relations and computed fields. */
const READS_RECORDS: readonly string[] = ['list', 'get', ...READS_AFTER_WRITE];

/** A parsed validator as the body spec writes it: its argument as a TypeScript literal. */
function mapValidator(validator: ParsedValidator): ValidatorContext {
  const { name, raw, list } = validator;
  const argument = VALIDATORS[name].argument;
  if (argument === 'none') return { name, argument: null };
  if (argument === 'list')
    return { name, argument: `[${(list ?? []).map((value) => JSON.stringify(value)).join(', ')}]` };
  return { name, argument: argument === 'regex' ? JSON.stringify(raw) : String(validator.number) };
}

/** A uuid[] body field of a route that writes its model: the links of the manyToMany relation of its name. */
function mapLink(relation: RelationContext | undefined, by: string | null): LinkContext | null {
  if (!relation?.joinTable) return null;
  const { name: joinTable, ownColumn, otherColumn } = relation.joinTable;
  return {
    name: relation.model,
    delegate: relation.modelDelegate,
    relation: relation.name,
    by,
    joinTable,
    ownColumn,
    otherColumn,
  };
}

function mapBodyField(
  field: ProjectBodyField,
  route: ProjectRoute,
  model: ProjectModel | undefined,
  relations: readonly RelationContext[],
): BodyFieldContext {
  const { name, values } = field;
  const modelField = model?.fields.find((f) => f.name === name);
  const writesLink =
    (field.type === 'uuid[]' || field.namedLink !== null) && WRITES.includes(route.operation);
  const relation = field.namedLink?.relation ?? name;
  return {
    name,
    type: field.type,
    tsType: values ? enumTsType(values) : bodyTypeInfo(field.type).ts,
    required: field.required,
    // null clears an optional field; a password is never cleared by a body (null is refused), so
    // a sign-up or log-in always has one to hash or check.
    nullable: Boolean(modelField?.optional) && field.type !== 'password',
    transforms: field.transforms,
    validators: field.validators.map(mapValidator),
    values,
    valueOptions: enumOptions(values, modelField?.labels),
    link: writesLink
      ? mapLink(
          relations.find((r) => r.name === relation),
          field.namedLink?.by ?? null,
        )
      : null,
  };
}

/** The slug a create makes, from its body's `from` field when the body has it. */
function methodSlug(
  operation: string,
  model: ProjectModel | undefined,
  body: BodyFieldContext[],
): MethodSlugContext | null {
  const slug = operation === 'create' && model ? slugOf(model) : null;
  return slug ? { ...slug, fromBody: body.some((field) => field.name === slug.from) } : null;
}

function mapParams(route: ProjectRoute): ParamContext[] {
  return route.params.map(({ name, type, field }) => ({ name, type, isId: name === 'id', field }));
}

/** A link route's relation (a manyToMany of the model to the users) and its table of links. */
function linkRoute(
  relationName: string | null,
  relations: readonly RelationContext[],
): LinkRouteContext | null {
  const relation = relations.find((r) => r.name === relationName);
  if (!relation?.joinTable) return null;
  const { name: joinTable, ownColumn, otherColumn } = relation.joinTable;
  return { relation: relation.name, joinTable, ownColumn, otherColumn };
}

/** PostgreSQL keeps 63 characters of a prepared statement's name: a longer one ends in a hash of the whole. */
function statementName(handlerName: string, fields: string[]): string {
  const name = `${handlerName}(${fields.join(',')})`;
  if (name.length <= 63) return name;
  return `${name.slice(0, 50)}~${sha256Hex(name).slice(0, 12)}`;
}

/** 201 for a create with a database, 204 for a route on a collection that answers no records, else 200. */
function defaultStatus(route: ProjectRoute, orm: OrmName): number {
  if (route.operation === 'create' && orm !== 'none') return 201;
  // A mail route tells nothing of the account it may have found: no body.
  if (route.operation === 'accountMail') return 204;
  // A new API key is created (and answered once); a revoked key or session leaves nothing to answer.
  if (route.account?.action === 'createApiKey') return 201;
  if (onRevoke(route.account?.action)) return 204;
  // A second factor turned off leaves nothing to answer.
  if (route.account?.action === 'disableTotp') return 204;
  // A sign-in with a provider sends the browser there; its callback sends it on, signed in.
  if (route.account?.action === 'oidcSignIn') return 302;
  if (route.account?.action === 'oidcCallback') return 303;
  if (worksOnCollection(route.operation) && route.response === null) return 204;
  return 200;
}

/**
 * A PATCH of a collection whose body may change no field (none required, no `set`): the message
 * that refuses a body sending none, which would change nothing on every record. Else null.
 */
function changesNothingMessage(route: ProjectRoute, body: BodyFieldContext[]): string | null {
  if (route.operation !== 'updateMany' || route.set.length > 0) return null;
  if (body.length === 0 || body.some((field) => field.required)) return null;
  const names = body.map((field) => `"${field.name}"`);
  const which =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  return `No field to change: send ${which}.`;
}

/** MethodContext.roleVoter: the roles, the owner or self check they stand beside, the rule's name. */
function roleVoterOf(route: ProjectRoute, hasIdParam: boolean): MethodContext['roleVoter'] {
  const voter = route.voter;
  if (!voter || voter.kind === 'custom' || voter.roles.length === 0) return null;
  const alternative =
    voter.kind === 'self'
      ? `allowSelf(userId, ${hasIdParam ? 'params.id' : 'current.id'})`
      : voter.kind === 'owner'
        ? `allowOwner(userId, current, ${JSON.stringify(voter.field)})`
        : null;
  return {
    roles: JSON.stringify(voter.roles),
    alternative,
    rule: `${route.file} ${route.jsonPath}.voter ${JSON.stringify(voterText(voter))}`,
  };
}

/**
 * The models with rules (on records or fields) whose records an answer reads beside its own: its
 * included relations, and the relations its counts and lists of values read (at each level).
 */
function ruledReadModels(
  shape: { computed: ComputedContext[]; include: IncludeContext[] },
  models: Map<string, ProjectModel>,
): ProjectModel[] {
  const names = [
    ...shape.include.flatMap((i) => (i.access || i.fieldAccess ? [i.model] : [])),
    ...[...shape.computed, ...shape.include.flatMap((i) => i.computed)].flatMap((c) =>
      c.access ? [c.model] : [],
    ),
  ];
  return [...new Set(names)].flatMap((name) => models.get(name) ?? []);
}

/** MethodContext.hidesIncluded: each included relation with rules on fields, and its FieldAccess. */
function hidesIncluded(include: IncludeContext[]): string | null {
  const hiding = include.flatMap((i) =>
    i.fieldAccess ? [`${ident(i.name)}: ${i.fieldAccess.name}`] : [],
  );
  return hiding.length > 0 ? `{ ${hiding.join(', ')} }` : null;
}

/** What the routes are mapped for: the ORM, the database, and whether sessions are stored. */
export interface RouteStack {
  orm: OrmName;
  provider: DatabaseProvider;
  /** The accounts model whose sessions are stored (table AppgenSession), or null. */
  sessionsOf: string | null;
}

/**
 * The stored sessions a method ends (MethodContext.endsSessions): a log-out the request's, "sign
 * out everywhere" every one of the caller's; a PUT or PATCH that sets a user's password (the
 * caller's own record, or one by its path) every other session of that user.
 */
function sessionsEnded(
  route: ProjectRoute,
  operation: string,
  body: ReadonlyArray<{ type: string }>,
  sessionsOf: string | null,
): MethodContext['endsSessions'] {
  if (route.account?.action === 'endSessions') return 'every';
  if (sessionsOf === null) return null;
  if (route.account?.action === 'logOut') return 'request';
  const changesPassword =
    (route.currentUserRecord || route.model === sessionsOf) &&
    (operation === 'replace' || operation === 'update') &&
    body.some((field) => field.type === 'password');
  return changesPassword ? 'others' : null;
}

function mapMethod(
  route: ProjectRoute,
  { orm, provider, sessionsOf }: RouteStack,
  models: Map<string, ProjectModel>,
  relations: Map<string, RelationContext[]>,
  events: ProjectEvent[],
  folder: AppFolder,
): MethodContext {
  const model = route.model ? models.get(route.model) : undefined;
  const params = mapParams(route);
  const modelRelations = (route.model && relations.get(route.model)) || [];
  const body = route.body.map((field) => mapBodyField(field, route, model, modelRelations));
  const typeName = routeTypeName(route.method, route.path);
  const response = route.response;
  const operation = route.operation;
  const voter = route.voter;
  const eventOperation = eventOperationOf(route);
  const listQuery = mapListQuery(route, model, typeName, models, relations);
  const parents = mapParents(route, models);
  const ruledOperation = orm !== 'none' && !route.account && RULED_OPERATIONS.includes(operation);
  const access = ruledOperation ? methodAccessOf(model, operation) : null;
  const fieldAccess = ruledOperation ? methodFieldAccessOf(model, operation) : null;
  const writesLinks = body.some((field) => field.link !== null);
  // A PUT or PATCH that links records loads its own first: a missing record is 404 before a
  // missing linked one is 409. A link route needs its id; the caller's own record must exist (401).
  // Without an ORM there is no record to load, and `self` compares the path's id alone.
  const selfByPath = orm === 'none' && voter?.kind === 'self' && params.some((p) => p.isId);
  const endsSessions = sessionsEnded(route, operation, body, sessionsOf);
  // A new password ends the user's other sessions before the write: the record gives their id.
  const loadsRecord =
    endsSessions === 'others' ||
    (route.voterSeesRecord && !selfByPath) ||
    (writesLinks && (operation === 'replace' || operation === 'update')) ||
    route.link !== null ||
    route.currentUserRecord ||
    // Rules on fields judge a PUT's or PATCH's body by the record as it is.
    Boolean(fieldAccess?.checksWrites && operation !== 'create');
  const { queuedEvents, inRequestEvents } = methodEvents(route, events, orm);
  // A sign-up's verification mail is an outbox row of its own transaction, as a worker event is:
  // a process that dies after the commit still mails it (src/appgen/accountMail.ts).
  if (route.account?.sendsVerification)
    queuedEvents.push({
      name: SIGN_UP_VERIFICATION_EVENT,
      attempts: SIGN_UP_VERIFICATION_ATTEMPTS,
    });
  const firesEvents = queuedEvents.length + inRequestEvents.length > 0;
  // A function does its own writes: its events are recorded after it returned, not in a transaction.
  const queuesEvents = queuedEvents.length > 0 && operation !== 'function';
  const handlerName = typeName.charAt(0).toLowerCase() + typeName.slice(1);
  const matches: MatchContext[] = [
    ...params
      .filter((p) => p.field !== null)
      .map((param) => ({ field: param.field as string, param, parent: null })),
    ...parents
      .filter((p) => p.setsForeignKey)
      .map((p) => ({
        field: p.foreignKey,
        param: params.find((param) => param.name === p.param) as ParamContext,
        parent: p.variable,
      })),
  ];
  const collection = worksOnCollection(operation);
  const successStatus = route.status ?? defaultStatus(route, orm);
  // A redirect or a 204 sends no record. When nothing else reads it either (events, a sign-up's
  // token), the route reads no included records and no computed fields, and nothing shapes its
  // answer: a GET then only checks that its record exists (404).
  const answersRecord = response !== null && route.redirect === null && successStatus !== 204;
  // A route on a collection without `response` answers the number of records it changed, unless 204.
  const countKey =
    collection && response === null && route.redirect === null && successStatus !== 204
      ? (route.envelope.count ?? 'count')
      : null;
  const readsRecord = firesEvents || route.account !== null || answersRecord;
  const shape = readsRecord
    ? mapAnswerShape(route, models, relations)
    : { fields: null, computed: [], urls: [], include: [] };
  const ruled = [access, ...parents.map((parent) => parent.access)].filter((a) => a !== null);
  // The models whose rules apply to what the answer reads beside the route's own records.
  // Account routes act as the system (they send no computed field that reads relations).
  const ruledReads = orm === 'none' || route.account ? [] : ruledReadModels(shape, models);
  const accessCaller =
    orm === 'none' || (ruled.length === 0 && fieldAccess === null && ruledReads.length === 0)
      ? null
      : {
          readsRole:
            ruled.some((a) => a.readsRole) ||
            (fieldAccess !== null && model !== undefined && rulesReadRole(model)) ||
            ruledReads.some(rulesReadRole),
        };
  // Access rules depend on the caller: such a read is built per request.
  const preparesRead =
    orm === 'drizzle' &&
    operation === 'get' &&
    !loadsRecord &&
    !access &&
    ruledReads.every((other) => other.access.length === 0);
  const sendsUrls =
    orm !== 'none' &&
    answersRecord &&
    (shape.urls.length > 0 || shape.include.some((i) => i.urls.length > 0));
  const related = shape.include.length > 0 || shape.computed.length > 0;
  // On SQLite, with queued events only: their record is read in the write's (synchronous) transaction.
  const readsInTransaction =
    orm === 'drizzle' &&
    (provider === 'postgresql' || queuesEvents) &&
    related &&
    READS_AFTER_WRITE.includes(operation);
  const method: Omit<MethodFields, keyof MethodSteps | 'orm'> = {
    method: route.method,
    handlerName,
    urlPath: route.path,
    operation,
    model: route.model ? { name: route.model, delegate: delegateName(route.model) } : null,
    responseModel: response,
    responseIsArray: route.responseIsArray,
    params,
    matches,
    hasIdParam: params.some((p) => p.isId),
    body,
    hasBody: body.length > 0,
    bodyTypeName: body.length ? `${typeName}Body` : null,
    bodySpecName: body.length
      ? `${typeName.charAt(0).toLowerCase()}${typeName.slice(1)}BodySpec`
      : null,
    auth: route.auth,
    // A route of a model with access rules identifies a signed-in caller even without `auth`.
    optionalAuth: route.optionalAuth || (accessCaller !== null && !route.auth),
    access,
    accessCaller,
    fieldAccess,
    hidesIncluded: hidesIncluded(shape.include),
    sets: route.set,
    currentUserRecord: route.currentUserRecord,
    link: linkRoute(route.link, modelRelations),
    account: mapAccountRoute(route.account),
    endsSessions,
    voter: voter?.kind === 'custom' ? voter.name : null,
    builtinVoter:
      voter && (voter.kind === 'self' || voter.kind === 'owner') && voter.roles.length === 0
        ? voter.kind
        : null,
    ownerField: voter?.kind === 'owner' ? voter.field : null,
    roleVoter: roleVoterOf(
      route,
      params.some((p) => p.isId),
    ),
    loadsRecord,
    preparesRead,
    readStatement: preparesRead
      ? statementName(
          handlerName,
          matches.map((m) => m.field),
        )
      : null,
    slug: methodSlug(operation, model, body),
    hashesPasswords:
      orm !== 'none' &&
      WRITES.includes(operation) &&
      body.some((field) => field.type === 'password'),
    writesLinks,
    readsInTransaction,
    // Drizzle: also a write whose access rules check it after (their WITH CHECK), rolled back on a refusal.
    writesInTransaction:
      writesLinks ||
      readsInTransaction ||
      (orm === 'drizzle' && (queuesEvents || Boolean(access?.checksAfterWrite))),
    checksLinkIds: body.some((field) => field.link !== null && field.link.by === null),
    createsBy: [...new Set(body.flatMap((field) => (field.link?.by ? [field.link.by] : [])))],
    // An account route changes no record events see, but a cross-site log-in is refused too (not
    // its reads: the lists of one's sessions and keys).
    mutating: eventOperation !== null || (route.account !== null && route.method !== 'GET'),
    // A write its model's access rules decide is probed too: a page asks them before showing its form.
    probed:
      eventOperation !== null &&
      route.account === null &&
      (route.auth || voter !== null || Boolean(access?.write)),
    queuedEvents,
    queuesEvents,
    inRequestEvents,
    hasEvents: firesEvents,
    usesUserId: Boolean(
      voter ||
      route.function ||
      firesEvents ||
      route.optionalAuth ||
      route.currentUserRecord ||
      route.link ||
      route.scope.length > 0 ||
      route.set.some((s) => s.value === 'currentUser'),
    ),
    eventOperation,
    function: route.function,
    redirect: route.redirect,
    redirectStatus: route.method === 'GET' ? 307 : 303,
    successStatus,
    answersRecord,
    // Queued events read the record in the write's transaction; after it, only these do.
    readsWritten: inRequestEvents.length > 0 || route.account !== null || answersRecord,
    collection,
    countKey,
    changesNothingMessage: changesNothingMessage(route, body),
    source: `${route.file} ${route.jsonPath}`,
    folderParams: folder.params,
    renamesParams: folder.params.some((p) => p.name !== p.folder),
    listQuery,
    hasListQuery: listQuery !== null,
    searchVariable: listQuery?.search?.variable ?? null,
    listLimit: operation === 'list' && !listQuery?.pageSize ? MAX_UNPAGED_RECORDS : null,
    parents,
    include: shape.include,
    includes: shape.include.length > 0,
    fields: shape.fields,
    computed: shape.computed,
    counted: shape.computed.filter((c) => c.kind === 'count'),
    reads: shape.computed.filter((c) => c.kind !== 'count'),
    related,
    computes: shape.computed.length > 0 || shape.include.some((i) => i.computed.length > 0),
    countsRelations:
      READS_RECORDS.includes(operation) &&
      [...shape.computed, ...shape.include.flatMap((i) => i.computed)].some(
        (c) => c.kind === 'count',
      ),
    urls: shape.urls,
    sendsUrls,
    // orm none answers stubs: nothing to shape.
    shapeName:
      orm !== 'none' &&
      answersRecord &&
      // A list of plain values of a field needs no shape: plainValues reads it from the records.
      ((shape.fields !== null && !(route.values !== null && shape.computed.length === 0)) ||
        shape.include.some((i) => i.fields !== null) ||
        sendsUrls)
        ? `${typeName.charAt(0).toLowerCase()}${typeName.slice(1)}Shape`
        : null,
    // Set by mapAnswerShapes, once every route's shape is known.
    answer: null,
    // orm none answers stubs: no values to pick.
    values: orm !== 'none' ? route.values : null,
    sessionToken: route.token ? (route.method === 'GET' ? 'held' : 'new') : null,
    envelope: { ...route.envelope },
  };
  // The steps and `orm` added to the method's own object, not to a copy of its ~100 fields
  // (issue 51: copying them was most of mapMethod's time at 1,000 models); methodContextOf makes
  // the one copy, the member of its operation.
  const fields: Omit<MethodFields, 'orm'> = Object.assign(method, methodSteps(method, orm));
  return methodContextOf(Object.assign(fields, { orm: mapOrmQueries(fields, { orm, provider }) }));
}

/** Groups routes by folder: each is one route.ts with one export per method. */
export function mapRouteFiles(
  routes: ProjectRoute[],
  stack: RouteStack,
  models: Map<string, ProjectModel>,
  relations: Map<string, RelationContext[]>,
  events: ProjectEvent[] = [],
): RouteFileContext[] {
  const files = new Map<string, { urlPath: string; folder: AppFolder; routes: ProjectRoute[] }>();
  for (const route of routes) {
    const { folder } = route;
    const outputPath = OUTPUT_PATHS.routeFile(folder.folder);
    const file = files.get(outputPath) ?? { urlPath: route.path, folder, routes: [] };
    file.routes.push(route);
    files.set(outputPath, file);
  }
  return [...files.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([outputPath, file]) => {
      const methods = file.routes
        .map((route) => mapMethod(route, stack, models, relations, events, route.folder))
        .sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
      const params = methods[0].params;
      const declared: string[] = methods.map((m) => m.method);
      const allowed = [...declared, ...(declared.includes('GET') ? ['HEAD'] : []), 'OPTIONS'];
      return {
        outputPath,
        folderParams: file.folder.params.map((p) => p.folder),
        urlPath: file.urlPath,
        params,
        hasParams: params.length > 0,
        methods,
        refusedMethods: METHOD_ORDER.filter((method) => !declared.includes(method)),
        allow: allowed.sort().join(', '),
        sources: [...new Set(methods.map((m) => m.source.split(' ')[0]))].sort(),
        paramsMembers: file.folder.params.map((p) => `${ident(p.folder)}: string`).join('; '),
        bodyTypeNames: methods.flatMap((m) => (m.bodyTypeName ? [m.bodyTypeName] : [])),
        // Set by mapAnswerShapes.
        answerImports: [],
        accessImports: answerImportsOf(
          methods
            .flatMap((m) => [
              m.access,
              m.fieldAccess,
              ...m.parents.map((parent) => parent.access),
              ...ruledReadRules(m),
            ])
            .flatMap((access) =>
              access ? [{ name: access.name, module: `@/appgen/access/${access.module}` }] : [],
            ),
        ),
      };
    });
}
