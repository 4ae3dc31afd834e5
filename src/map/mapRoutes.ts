import type { BodyFieldConfig, ModelConfig, OrmName } from '../config/configTypes';
import { bodyTypeInfo } from '../config/fieldTypes';
import { parseValidator, VALIDATORS } from '../config/validators';
import { appFolderNamer, type AppFolder } from '../validate/appFolders';
import { bodyFieldOptions, isBodyFieldRequired } from '../validate/checkBody';
import type { CheckedEvent, CheckedRoute } from '../validate/checkedProject';
import { parseVoter, voterSeesRecord } from '../validate/checkVoter';
import { MAX_UNPAGED_RECORDS } from '../validate/checkListQuery';
import { fieldOf, fieldOptions } from '../validate/checkModels';
import { pointerToJsonPath } from '../validate/jsonPath';
import type { BodyFieldContext, LinkContext, MethodContext, ParamContext, RelationContext, RouteFileContext, ValidatorContext } from './contexts';
import { mapListQuery, mapParents } from './mapListQuery';
import { enumTsType } from './mapModels';
import { delegateName, routeTypeName } from './names';

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const WRITES: readonly string[] = ['create', 'replace', 'update'];

function mapValidator(text: string): ValidatorContext {
  const parsed = parseValidator(text);
  if (!parsed.ok) throw new Error(`unchecked validator reached the mapper: ${text}`);
  const { name, raw, list } = parsed.validator;
  const argument = VALIDATORS[name].argument;
  if (argument === 'none') return { name, argument: null };
  if (argument === 'list') return { name, argument: `[${(list ?? []).map((value) => JSON.stringify(value)).join(', ')}]` };
  return { name, argument: argument === 'regex' ? JSON.stringify(raw) : String(parsed.validator.number) };
}

/** A uuid[] body field of a route that writes its model: the links of the manyToMany relation of its name. */
function mapLink(relation: RelationContext | undefined): LinkContext | null {
  if (!relation?.joinTable) return null;
  const { name: joinTable, ownColumn, otherColumn } = relation.joinTable;
  return { name: relation.model, delegate: relation.modelDelegate, joinTable, ownColumn, otherColumn };
}

function mapBodyField(name: string, field: BodyFieldConfig, route: CheckedRoute, model: ModelConfig | undefined, relations: readonly RelationContext[]): BodyFieldContext {
  const options = bodyFieldOptions(field);
  const modelField = model && fieldOf(model, name);
  const values = options.values ?? (modelField ? fieldOptions(modelField).values : undefined) ?? null;
  const writesLink = options.type === 'uuid[]' && WRITES.includes(route.operation);
  return {
    name,
    type: options.type,
    tsType: values ? enumTsType(values) : bodyTypeInfo(options.type).ts,
    required: isBodyFieldRequired(name, field, route.operation, model),
    nullable: Boolean(modelField && fieldOptions(modelField).optional),
    validators: (options.validation ?? []).map(mapValidator),
    values,
    link: writesLink ? mapLink(relations.find((r) => r.name === name)) : null,
  };
}

function mapParams(route: CheckedRoute): ParamContext[] {
  return Object.entries(route.config.params ?? {}).map(([name, type]) => ({ name, type, isId: name === 'id' }));
}

const EVENT_OPERATIONS = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' } as const;

function mapMethod(route: CheckedRoute, orm: OrmName, models: Map<string, ModelConfig>, relations: Map<string, RelationContext[]>, events: CheckedEvent[], folder: AppFolder): MethodContext {
  const { config } = route;
  const model = route.model ? models.get(route.model) : undefined;
  const params = mapParams(route);
  const modelRelations = (route.model && relations.get(route.model)) || [];
  const body = Object.entries(config.body ?? {}).map(([name, field]) => mapBodyField(name, field, route, model, modelRelations));
  const typeName = routeTypeName(config.method, config.path);
  const response = config.response?.replace(/\[\]$/, '') ?? null;
  const operation = route.operation;
  const partialFolder = operation === 'function' ? 'handler' : `orm/${orm}`;
  const voter = config.voter ? parseVoter(config.voter) : undefined;
  const eventOperation = config.method === 'GET' ? null : EVENT_OPERATIONS[config.method];
  const listQuery = mapListQuery(config, model, typeName);
  const writesLinks = body.some((field) => field.link !== null);
  const firedEvents = eventOperation && route.model ? events.filter((e) => e.model === route.model && e.on.includes(eventOperation)).map((e) => e.name) : [];
  return {
    method: config.method,
    urlPath: config.path,
    operation,
    operationPartial: `${partialFolder}/${operation}`,
    model: route.model ? { name: route.model, delegate: delegateName(route.model) } : null,
    responseModel: response,
    responseIsArray: route.responseIsArray,
    params,
    selectParams: params.filter((p) => !p.isId),
    hasIdParam: params.some((p) => p.isId),
    body,
    hasBody: body.length > 0,
    writesNullableJson: WRITES.includes(operation) && body.some((field) => field.type === 'json' && field.nullable),
    writesDate: WRITES.includes(operation) && body.some((field) => field.type === 'datetime'),
    bodyTypeName: body.length ? `${typeName}Body` : null,
    bodySpecName: body.length ? `${typeName.charAt(0).toLowerCase()}${typeName.slice(1)}BodySpec` : null,
    auth: Boolean(config.auth),
    voter: voter?.kind === 'custom' ? voter.name : null,
    builtinVoter: voter && voter.kind !== 'custom' ? voter.kind : null,
    ownerField: voter?.kind === 'owner' ? voter.field : null,
    // A PUT or PATCH that links records loads its own first: a missing record is 404 before a missing linked one is 409.
    loadsRecord: voterSeesRecord(config, operation, route.model) || (writesLinks && (operation === 'replace' || operation === 'update')),
    writesLinks,
    mutating: eventOperation !== null,
    events: firedEvents,
    hasEvents: firedEvents.length > 0,
    usesUserId: Boolean(voter || config.function || firedEvents.length > 0),
    eventOperation,
    function: config.function ?? null,
    redirect: config.redirect ?? null,
    redirectStatus: config.method === 'GET' ? 307 : 303,
    source: `${route.origin.file} ${pointerToJsonPath(route.origin.pointer)}`,
    folderParams: folder.params,
    renamesParams: folder.params.some((p) => p.name !== p.folder),
    listQuery,
    hasListQuery: listQuery !== null,
    listLimit: operation === 'list' && !listQuery?.pageSize ? MAX_UNPAGED_RECORDS : null,
    parents: mapParents(route, model),
    include: (config.include ?? []).map((name) => {
      const relation = model?.relations?.[name];
      return { name, model: relation?.model ?? '', isList: relation?.type !== 'belongsTo' };
    }),
    includes: (config.include ?? []).length > 0,
  };
}

/**
 * Groups routes by folder: each is one route.ts with one export per method. `folderOf` names the
 * dynamic folders (shared with the views' pages); by default from the routes alone.
 */
export function mapRouteFiles(routes: CheckedRoute[], orm: OrmName, models: Map<string, ModelConfig>, relations: Map<string, RelationContext[]>, events: CheckedEvent[] = [], folderOf = appFolderNamer(routes.map((r) => r.config.path))): RouteFileContext[] {
  const files = new Map<string, { urlPath: string; folder: AppFolder; routes: CheckedRoute[] }>();
  for (const route of routes) {
    const folder = folderOf(route.config.path);
    const outputPath = `src/app/${folder.folder ? `${folder.folder}/` : ''}route.ts`;
    const file = files.get(outputPath) ?? { urlPath: route.config.path, folder, routes: [] };
    file.routes.push(route);
    files.set(outputPath, file);
  }
  return [...files.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([outputPath, file]) => {
      const methods = file.routes
        .map((route) => mapMethod(route, orm, models, relations, events, folderOf(route.config.path)))
        .sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
      const params = methods[0].params;
      return {
        outputPath,
        folderParams: file.folder.params.map((p) => p.folder),
        urlPath: file.urlPath,
        params,
        hasParams: params.length > 0,
        hasUuidParam: methods.some((m) => m.params.some((p) => p.type === 'uuid')),
        hasIntParam: methods.some((m) => m.params.some((p) => p.type === 'int')),
        hasRedirect: methods.some((m) => m.redirect !== null),
        writesLinks: methods.some((m) => m.writesLinks),
        methods,
        sources: [...new Set(methods.map((m) => m.source.split(' ')[0]))].sort(),
      };
    });
}
