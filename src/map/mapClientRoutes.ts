import { FIELD_TYPES } from '../config/fieldTypes';
import { tsKey, tsString } from '../domain/tsString';
import type {
  IncludeContext,
  ClientFieldContext,
  ClientRouteContext,
  MethodContext,
  ProjectContext,
  UrlFieldContext,
} from './contexts';
import { routeTypeName } from '../domain/names';
import { filterOperators, jsonServerSuffix, searchParameterName } from '../domain/listQuery';

function enumType(values: string[]): string {
  return values.map(tsString).join(' | ');
}

/** The query parameters of a list in its style (src/appgen/query.ts reads them), as typed input. */
function queryFields(method: MethodContext): ClientFieldContext[] {
  const query = method.listQuery;
  if (!query) return [];
  const style = query.style;
  // react-admin's simple REST style: JSON text in three parameters.
  if (style === 'simple-rest')
    return [
      { name: 'filter', tsType: 'string' },
      { name: 'sort', tsType: 'string' },
      ...(query.pageSize !== null ? [{ name: 'range', tsType: 'string' }] : []),
    ];
  const named = (name: string) => (style === 'jsonapi' ? `filter[${name}]` : name);
  const fields: ClientFieldContext[] = query.filters.flatMap((filter) => {
    const type = filter.values ? enumType(filter.values) : FIELD_TYPES[filter.type].ts;
    if (filter.path) return [{ name: named(filter.name), tsType: type }];
    // Several values: any of them.
    const equal = { name: named(filter.name), tsType: `${type} | ReadonlyArray<${type}>` };
    const operators = filterOperators(filter.type).flatMap((operator) => {
      const suffix = style === 'json-server' ? jsonServerSuffix(operator) : operator;
      if (suffix === null) return [];
      const name =
        style === 'json-server' ? `${filter.name}_${suffix}` : `${named(filter.name)}[${operator}]`;
      return [{ name, tsType: type }];
    });
    return [equal, ...operators];
  });
  const search = searchParameterName(query);
  if (search) fields.push({ name: search, tsType: 'string' });
  if (query.sorts.length > 0 && style === 'json-server')
    fields.push({ name: '_sort', tsType: 'string' }, { name: '_order', tsType: 'string' });
  else if (query.sorts.length > 0) {
    const one = enumType(query.sorts.flatMap((field) => [field, `-${field}`]));
    // One field, or several comma-separated (`-views,title`).
    fields.push({
      name: 'sort',
      tsType: query.cursor ? one : `${one} | \`\${${one}},\${string}\``,
    });
  }
  if (query.pageSize === null) return fields;
  if (style === 'json-server')
    return [
      ...fields,
      ...['_start', '_end', '_limit', '_page'].map((name) => ({ name, tsType: 'number' })),
    ];
  const page = (name: string) => (style === 'jsonapi' ? `page[${name}]` : name);
  fields.push(
    { name: page('limit'), tsType: 'number' },
    query.cursor
      ? { name: page('cursor'), tsType: 'string' }
      : { name: page('offset'), tsType: 'number' },
  );
  return fields;
}

/** A record sent whole: the model's type, with its url fields (sent by every such answer) required. */
function wholeType(model: string, urls: UrlFieldContext[]): string {
  return urls.length
    ? `${model} & Required<Pick<${model}, ${enumType(urls.map((u) => u.name))}>>`
    : model;
}

/** The fields a shaped answer sends (`fields`, or the whole record with its url fields), then its included relations, each shaped alike. */
function shapedType(
  model: string,
  fields: string[] | null,
  urls: UrlFieldContext[],
  include: IncludeContext[],
): string {
  const own = fields
    ? `Required<Pick<${model}, ${enumType(fields)}>>`
    : include.length
      ? `Omit<${wholeType(model, urls)}, ${enumType(include.map((r) => r.name))}>`
      : wholeType(model, urls);
  if (include.length === 0) return own;
  const related = include.map((relation) => {
    const one = relation.fields
      ? `Required<Pick<${relation.model}, ${enumType(relation.fields)}>>`
      : wholeType(relation.model, relation.urls);
    const type = relation.isList ? `Array<${one}>` : relation.optional ? `${one} | null` : one;
    return `${relation.name}: ${type}`;
  });
  return `${own} & { ${related.join('; ')} }`;
}

const API_KEY_INFO_TYPE =
  '{ id: string; name: string; readOnly: boolean; routes: string[] | null; hint: string; createdAt: string; lastUsedAt: string | null }';

/**
 * What a successful answer carries: the model type (included relations made required), an
 * array of it, `{ success: true }`, a collection's count (`{ "count": number }`), or `unknown` where the config does not fix it (route
 * functions, redirects, stubs of `orm: "none"`).
 */
function resultType(method: MethodContext, project: Omit<ProjectContext, 'clientRoutes'>): string {
  if (method.successStatus === 204 && method.redirect === null) return 'null';
  if (method.operation === 'function' || method.redirect !== null || project.orm === 'none')
    return 'unknown';
  // A route on a collection without `response`: the number of records it changed.
  if (method.collection && method.countKey !== null) return `{ ${tsKey(method.countKey)}: number }`;
  // src/appgen/sessions.ts `SessionInfo`, written out: the client imports no server module.
  if (method.operation === 'listSessions')
    return 'Array<{ id: string; createdAt: string; lastSeenAt: string; expiresAt: string; userAgent: string | null; address: string | null; current: boolean }>';
  // src/appgen/apiKeys.ts `ApiKeyInfo`, and a new key's answer with the key.
  if (method.account?.action === 'listApiKeys') return `Array<${API_KEY_INFO_TYPE}>`;
  if (method.account?.action === 'createApiKey') return `${API_KEY_INFO_TYPE} & { key: string }`;
  // src/appgen/totp.ts: an enrolment's secret, and a confirmation's recovery codes.
  if (method.account?.action === 'enrolTotp')
    return '{ secret: string; uri: string; qrCode: string }';
  if (method.account?.action === 'confirmTotp') return '{ recoveryCodes: string[] }';
  // src/appgen/oidc.ts: a browser's sign-in redirects (no body to type); the linked providers.
  if (method.account?.action === 'oidcSignIn' || method.account?.action === 'oidcCallback')
    return 'unknown';
  if (method.account?.action === 'listIdentities')
    return 'Array<{ id: string; provider: string; label: string; email: string | null; createdAt: string }>';
  if (method.responseModel === null)
    // A sign-up without `response` answers its session token alone.
    return method.account?.issuesToken
      ? enveloped('{ token: string }', method.envelope)
      : '{ success: true }';
  const model = method.responseModel;
  // An included belongsTo of a model with access rules may be null: typed as shapedType says.
  const mayBeNull = method.include.some((r) => !r.isList && r.access !== null);
  const shapedRecord =
    method.shapeName || mayBeNull
      ? shapedType(model, method.fields, method.urls, method.include)
      : method.includes
        ? `${model} & Required<Pick<${model}, ${enumType(method.include.map((r) => r.name))}>>`
        : model;
  // A sign-up, a log-in or a route with `token` answers the account with its session token.
  const record =
    method.account?.issuesToken || method.sessionToken !== null
      ? `${shapedRecord} & { token: string }`
      : shapedRecord;
  // A list with `values`: the plain values of that field.
  const item = method.values
    ? `Required<Pick<${model}, ${JSON.stringify(method.values)}>>[${JSON.stringify(method.values)}]`
    : record;
  const answer = method.responseIsArray ? `Array<${item}>` : item;
  const cursor = method.listQuery?.cursor;
  return enveloped(
    answer,
    method.envelope,
    cursor?.nextKey ? [cursor.nextKey, cursor.prevKey] : [],
  );
}

/** The answer type inside its envelope: `{ "articles": Array<Article>; "articlesCount": number }` (with `"next": string | null; "prev": string | null` of a page by cursor). */
function enveloped(
  answer: string,
  envelope: MethodContext['envelope'],
  cursorKeys: Array<string | null> = [],
): string {
  if (envelope.response === null) return answer;
  const count = envelope.count === null ? '' : `; ${tsKey(envelope.count)}: number`;
  const cursors = cursorKeys.map((key) => `; ${tsKey(String(key))}: string | null`).join('');
  return `{ ${tsKey(envelope.response)}: ${answer}${count}${cursors} }`;
}

/** Prettier's print width in a generated project (src/render/layoutLiteral.ts's PRINT_WIDTH). */
const PRINT_WIDTH = 100;

/**
 * `params: { a: A; b: B }`: a member of a client input (params or query), laid out as prettier
 * lays it out in the input's interface: one field a line when it does not fit on its line.
 */
function objectMember(name: string, fields: ClientFieldContext[], optional: '' | '?'): string {
  const members = fields.map((field) => `${tsKey(field.name)}${optional}: ${field.tsType}`);
  const flat = `${name}: { ${members.join('; ')} }`;
  if (`  ${flat};`.length <= PRINT_WIDTH) return flat;
  return [`${name}: {`, ...members.flatMap(memberLines), '  }'].join('\n');
}

/**
 * A field of a broken params or query member, four spaces in: on its line when it fits, else its
 * type on the next line, and a union that does not fit there either one member a line (prettier).
 */
function memberLines(member: string): string[] {
  const line = `    ${member};`;
  if (line.length <= PRINT_WIDTH) return [line];
  const colon = member.indexOf(': ');
  const name = member.slice(0, colon + 1);
  const type = member.slice(colon + 2);
  if (`      ${type};`.length <= PRINT_WIDTH) return [`    ${name}`, `      ${type};`];
  const union = unionMembers(type).flatMap((part) =>
    `      | ${part};`.length <= PRINT_WIDTH ? [part] : distributed(part),
  );
  if (union.length < 2) return [line];
  return [
    `    ${name}`,
    ...union.map((part, i) => `      | ${part}${i === union.length - 1 ? ';' : ''}`),
  ];
}

/**
 * A template literal type over a union of strings (`${"a" | "-a"},${string}`, a list of sort
 * fields), which prettier cannot break, as the union of its template literals (`a,${string}` |
 * `-a,${string}`): the same type, one member a line. Another type as it is.
 */
function distributed(type: string): string[] {
  const match = /^`\$\{([^`{}]*)\}(,\$\{string\})`$/.exec(type);
  const strings = match ? unionMembers(match[1]) : [];
  if (!match || !strings.every((part) => /^"(?:[^"\\]|\\.)*"$/.test(part))) return [type];
  return strings.map((part) => {
    const text = (JSON.parse(part) as string).replace(/[`\\]|\$\{/g, (char) => `\\${char}`);
    return `\`${text}${match[2]}\``;
  });
}

/** The members of a union type: split at the `|` outside brackets, strings and template types. */
function unionMembers(type: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < type.length; at++) {
    const char = type[at];
    if (char === '"' || char === "'" || char === '`') {
      at++;
      while (at < type.length && type[at] !== char) at += type[at] === '\\' ? 2 : 1;
    } else if ('<([{'.includes(char)) depth++;
    else if ('>)]}'.includes(char)) depth--;
    else if (char === '|' && depth === 0) {
      parts.push(type.slice(start, at).trim());
      start = at + 1;
    }
  }
  return [...parts, type.slice(start).trim()];
}

/** What the client decides for the templates (the last block of ClientRouteContext). */
type ClientDecisions = Pick<
  ClientRouteContext,
  'inputUnused' | 'inputMembers' | 'inputParameter' | 'statements' | 'pathPartial' | 'bodyArgument'
>;

function clientDecisions(route: Omit<ClientRouteContext, keyof ClientDecisions>): ClientDecisions {
  const body =
    route.bodyType === null
      ? null
      : route.requestEnvelope === null
        ? route.bodyType
        : `{ ${tsKey(route.requestEnvelope)}: ${route.bodyType} }`;
  const inputUnused = route.params.length === 0 && route.query.length === 0 && body === null;
  return {
    inputUnused,
    inputMembers: [
      ...(route.params.length > 0 ? [objectMember('params', route.params, '')] : []),
      ...(route.query.length > 0 ? [objectMember('query?', route.query, '?')] : []),
      ...(body === null ? [] : [`body: ${body}`]),
    ],
    inputParameter: `${inputUnused ? '_' : ''}input: ${route.typeName}Input${route.inputOptional ? ' = {}' : ''}`,
    statements: route.params.length > 0 ? ['const params = input.params;'] : [],
    pathPartial: route.query.length > 0 ? 'client/path/withQuery' : 'client/path/plain',
    bodyArgument: body === null ? 'undefined' : 'input.body',
  };
}

export function clientRoute(
  method: MethodContext,
  project: Omit<ProjectContext, 'clientRoutes'>,
): ClientRouteContext {
  const route = clientRouteOwn(method, project);
  return { ...route, ...clientDecisions(route) };
}

function clientRouteOwn(
  method: MethodContext,
  project: Omit<ProjectContext, 'clientRoutes'>,
): Omit<ClientRouteContext, keyof ClientDecisions> {
  const typeName = routeTypeName(method.method, method.urlPath);
  return {
    name: method.handlerName,
    typeName,
    method: method.method,
    urlPath: method.urlPath,
    source: method.source,
    params: method.params.map((param) => ({
      name: param.name,
      tsType: param.type === 'int' ? 'number | string' : 'string',
    })),
    query: queryFields(method),
    bodyType: method.bodyTypeName,
    requestEnvelope: method.envelope.request,
    resultType: resultType(method, project),
    inputOptional: method.params.length === 0 && !method.hasBody,
  };
}

/** Every route method of the project as a client function, in the order of `project.methods`. */
export function mapClientRoutes(
  project: Omit<ProjectContext, 'clientRoutes'>,
): ClientRouteContext[] {
  return project.methods.map((method) => clientRoute(method, project));
}
