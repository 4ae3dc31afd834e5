import { searchDescription } from './searchParameter';
import type {
  ListQueryContext,
  MethodContext,
  ModelContext,
  ProjectContext,
} from '../../map/contexts';
import {
  filterOperators,
  searchParameterName,
  jsonServerSuffix,
  OPERATOR_MEANING,
} from '../../domain/listQuery';
import { managesOwnSession, onRevoke, onTotp } from '../../domain/accounts';
import {
  bodyFieldSchema,
  fieldSchema,
  type JsonSchema,
  modelSchema,
  paramSchema,
  ref,
  shapedSchema,
} from './jsonSchemas';
import { HEALTH_ERROR_STATUSES, HEALTH_PATHS, HEALTH_TAG } from './healthPaths';

/** `/api/users/:id` → `/api/users/{id}`: OpenAPI's path template. */
export function openApiPath(urlPath: string): string {
  return urlPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

/** Every error answer: the message (or a list of them) at the path of `errors.body`. */
function errorSchema(errors: ProjectContext['errors']): JsonSchema {
  let schema: JsonSchema = errors.list
    ? { type: 'array', items: { type: 'string' }, minItems: 1 }
    : { type: 'string' };
  for (const key of [...errors.path].reverse())
    schema = {
      type: 'object',
      properties: { [key]: schema },
      required: [key],
      additionalProperties: false,
    };
  return schema;
}

/** The error format with one more (optional) property beside the message. */
function errorSchemaWith(
  errors: ProjectContext['errors'],
  name: string,
  property: JsonSchema,
): JsonSchema {
  const schema = errorSchema(errors);
  const properties = schema.properties as Record<string, JsonSchema>;
  return { ...schema, properties: { ...properties, [name]: property } };
}

/**
 * The answer of a body that fails validation: the error format plus `fields`, each failing body
 * field's sentence by its path. At 422 only body validation answers, so `fields` is always there;
 * a 400 may also be a bad path or query parameter, which has the error alone.
 */
function validationErrorSchema(errors: ProjectContext['errors']): JsonSchema {
  const schema = errorSchemaWith(errors, 'fields', {
    type: 'object',
    description:
      'Each failing body field (by its path in the body: `email`, or `user.email` under an envelope) and its message',
    additionalProperties: { type: 'string' },
  });
  const required = schema.required as string[];
  return {
    ...schema,
    required: errors.validationStatus === 400 ? required : [...required, 'fields'],
  };
}

/**
 * The answer of a refusal (403): the error format, and in development only `decidedBy`, what
 * decided it as the server's log names it (src/appgen/http.ts `refuse`).
 */
function refusalErrorSchema(errors: ProjectContext['errors']): JsonSchema {
  return errorSchemaWith(errors, 'decidedBy', {
    type: 'string',
    description:
      'Development only (next dev): the rule that refused and the caller, as the server log names them',
  });
}

/**
 * The answer of a refused sign-in in a project with a second factor (src/appgen/totp.ts): a
 * log-in of an account with one that sent no code or a wrong one names `code` under `fields`.
 */
function codeNeededErrorSchema(errors: ProjectContext['errors']): JsonSchema {
  return errorSchemaWith(errors, 'fields', {
    type: 'object',
    description:
      'A log-in of an account with a second factor: `code` and why it is needed (none sent, or wrong or used)',
    additionalProperties: { type: 'string' },
  });
}

/** `schema` under `key` (a route's envelope), or as it is without one. */
function underKey(
  key: string | null,
  schema: JsonSchema,
  extra: Record<string, JsonSchema> = {},
): JsonSchema {
  if (key === null) return schema;
  const properties = { [key]: schema, ...extra };
  return {
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

/**
 * Every error answer, by status: its entry in `components.responses` (the status's reason phrase)
 * and description. Operations refer to them (`$ref`) instead of repeating them: written out, they
 * were more than half of a large app's document.
 */
const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description:
      'Invalid path parameter, query parameter or request body, or a body sent to a route that takes none',
  },
  401: { name: 'Unauthorized', description: 'Not signed in' },
  403: {
    name: 'Forbidden',
    description: 'Cross-site request refused, or the voter, a role or an access rule said no',
  },
  404: { name: 'NotFound', description: 'Not found' },
  409: {
    name: 'Conflict',
    description:
      'Conflicts with a stored record (unique value, missing or still referenced linked record), or with a concurrent change',
  },
  413: { name: 'PayloadTooLarge', description: 'Request body too large' },
  415: {
    name: 'UnsupportedMediaType',
    description:
      'The request body is not application/json (a route that takes no body refuses one of another type too)',
  },
  422: { name: 'UnprocessableContent', description: "The request body fails the route's rules" },
  429: {
    name: 'TooManyRequests',
    description:
      'Too many failed log-ins or wrong codes, or mails asked for one address or by one client (Retry-After says when to try again)',
  },
  500: { name: 'InternalServerError', description: 'Internal server error' },
  502: {
    name: 'BadGateway',
    description: 'An OpenID Connect provider cannot be reached',
  },
  503: {
    name: 'ServiceUnavailable',
    description:
      'Not ready: the database cannot be reached, or lacks a table or column the build reads',
  },
};

/**
 * The error statuses a handler can answer, from the checks the route template runs (see
 * templates/src/app/[route]/route.ts.hbs and its handler partials). 500 is always possible.
 */
export function errorStatuses(
  method: MethodContext,
  orm: ProjectContext['orm'],
  validationStatus = 400,
  apiKeys = false,
): number[] {
  // Every route reads its body or refuses one (400 for JSON, 415 for another type): a route
  // without a body refuses one rather than ignore it (src/appgen/noBody.ts).
  const statuses = new Set<number>([400, 415, 500]);
  const database = orm !== 'none' && method.model !== null;
  const writes = method.mutating && !['function', 'logIn', 'logOut'].includes(method.operation);
  // Optional sign-in still refuses an Authorization header that getAuthUser does not accept.
  if (method.auth || method.optionalAuth) statuses.add(401);
  // With API keys, a signed-in route refuses a read-only key's write or a key limited to others.
  const keyRefuses = apiKeys && (method.auth || method.optionalAuth);
  if (
    keyRefuses ||
    method.mutating ||
    method.voter !== null ||
    method.builtinVoter !== null ||
    method.roleVoter !== null
  )
    statuses.add(403);
  const findsOne = ['get', 'replace', 'update', 'delete'].includes(method.operation);
  if (database && (findsOne || method.parents.length > 0 || method.loadsRecord)) statuses.add(404);
  if (database && writes) statuses.add(409);
  if (method.hasBody) statuses.add(413).add(validationStatus);
  // A log-in refuses a wrong identity or password, and too many failures.
  if (method.operation === 'logIn') statuses.add(401).add(429);
  // A request for a mail is throttled per address and per client; turning one-time codes off
  // counts its wrong codes per account.
  const throttled = ['requestReset', 'resendVerification', 'disableTotp'] as const;
  if (throttled.some((action) => method.account?.action === action)) statuses.add(429);
  // "Sign out everywhere", the list of sessions and the API key routes need a live session.
  if (readsOwnSession(method)) statuses.add(401);
  // A revocation names a key or session the caller may not have.
  if (onRevoke(method.account?.action)) statuses.add(404);
  // A second factor set up already (or not yet) where the route wants the other state.
  if (onTotp(method.account?.action)) statuses.add(409);
  // A sign-in with a provider: an unknown provider (404), one that cannot be reached (502); its
  // callback refuses a sign-in that expired (400), an unverified address (403), an identity
  // linked to another account (409), each as a page.
  const action = method.account?.action;
  if (action === 'oidcSignIn') statuses.add(404).add(502);
  if (action === 'oidcCallback') statuses.add(403).add(404).add(409);
  return [...statuses].sort((a, b) => a - b);
}

/** The project's models by name, made once per project (a search per method was quadratic). */
const modelsByName = new WeakMap<ProjectContext, ReadonlyMap<string, ModelContext>>();

function modelNamed(
  project: ProjectContext,
  name: string | null | undefined,
): ModelContext | undefined {
  let byName = modelsByName.get(project);
  if (!byName) {
    byName = new Map(project.models.map((model) => [model.name, model]));
    modelsByName.set(project, byName);
  }
  return name == null ? undefined : byName.get(name);
}

/** The model a route answers with, with the relations it includes. */
function recordSchema(method: MethodContext, project: ProjectContext): JsonSchema {
  const model = modelNamed(project, method.responseModel);
  if (model && method.shapeName) {
    const included = method.include.map((relation) => {
      const other = modelNamed(project, relation.model);
      return {
        ...relation,
        schema:
          other && relation.fields
            ? shapedSchema(other, relation.fields, relation.computed, [], relation.urls)
            : ref(relation.model),
      };
    });
    return shapedSchema(model, method.fields, method.computed, included, method.urls);
  }
  if (!model || !method.includes) return ref(method.responseModel ?? '');
  // An optional belongsTo, or one of a model with access rules, may be null (IncludeContext.optional).
  return modelSchema(model, method.include);
}

/**
 * The answer of a sign-up, a log-in or a route with `token`: the account as the route sends it
 * (when it answers one) and a session token.
 */
function withToken(method: MethodContext, project: ProjectContext): JsonSchema {
  const model = modelNamed(project, method.responseModel);
  // A token route includes nothing: without a shape, the account is sent whole.
  const account = !model
    ? { type: 'object', properties: {}, required: [], additionalProperties: false }
    : method.shapeName
      ? recordSchema(method, project)
      : modelSchema(model);
  const properties = account.properties as Record<string, JsonSchema>;
  const description =
    method.sessionToken === 'held'
      ? 'The session token the request was signed in with'
      : method.sessionToken === 'new'
        ? 'A new session token (also set as the session cookie)'
        : 'A session token';
  return {
    ...account,
    properties: { ...properties, token: { type: 'string', description } },
    required: [...(account.required as string[]), 'token'],
  };
}

/** A list with `values`: the value of that field of each record. */
function valuesSchema(method: MethodContext, project: ProjectContext): JsonSchema {
  const model = modelNamed(project, method.responseModel);
  const field = method.values as string;
  const record = model ? shapedSchema(model, [field], method.computed, [], method.urls) : {};
  const items = (record.properties as Record<string, JsonSchema> | undefined)?.[field] ?? {};
  return { type: 'array', items };
}

/**
 * What a header's description adds when settings `cors` exposes it: pages of other origins can
 * read it (a browser hides any other header but the safelisted ones from them).
 */
function corsNote(project: ProjectContext, header: string): string {
  const exposed = project.cors?.exposeHeaders.some(
    (name) => name.toLowerCase() === header.toLowerCase(),
  );
  return exposed ? '; readable by pages of the allowed origins (CORS)' : '';
}

/**
 * The document's description: where it comes from and, with settings `cors`, what pages of
 * other origins may do (which origins is a matter of where the app runs: APPGEN_CORS_ORIGINS).
 */
function documentDescription(project: ProjectContext): string {
  const from = 'Generated by appgen from config/routes and config/models.';
  const { cors } = project;
  if (cors === null) return from;
  const who = cors.anyOrigin ? 'pages of any origin' : 'pages of the allowed origins';
  const how = cors.credentials
    ? 'with the session cookie (`credentials: "include"`) or a token'
    : 'with a token in the Authorization header (a request with a cookie is refused)';
  const methods = cors.methods.length > 0 ? ` (${cors.methods.join(', ')})` : '';
  const reads =
    cors.exposeHeaders.length > 0
      ? ` Their scripts can read the headers ${cors.exposeHeaders.join(', ')} besides the safelisted ones.`
      : '';
  return `${from} Cross-origin requests (CORS): ${who} may call the routes${methods} ${how}.${reads}`;
}

/** An account route that works on the caller's own sessions or API keys (401 without a live session). */
function readsOwnSession(method: MethodContext): boolean {
  const action = method.account?.action;
  return action === 'endSessions' || managesOwnSession(action);
}

/** One API key as `account: "listApiKeys"` sends it (src/appgen/apiKeys.ts `ApiKeyInfo`). */
const API_KEY_INFO_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string', description: "The owner's label for the key" },
    readOnly: { type: 'boolean', description: 'The key may only read (GET and HEAD)' },
    routes: {
      type: ['array', 'null'],
      items: { type: 'string' },
      description: 'The routes it may call ("GET /api/posts/:id"); null: every route',
    },
    hint: { type: 'string', description: "The key's last 4 characters" },
    createdAt: { type: 'string', format: 'date-time' },
    lastUsedAt: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'When a request last used it (noted at most every 5 minutes)',
    },
    expiresAt: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'When it stops signing its owner in; null: never (revoke it to end it)',
    },
  },
  required: ['id', 'name', 'readOnly', 'routes', 'hint', 'createdAt', 'lastUsedAt', 'expiresAt'],
  additionalProperties: false,
};

/** A new API key's answer: its info and the key itself, sent this once. */
const NEW_API_KEY_SCHEMA: JsonSchema = {
  ...API_KEY_INFO_SCHEMA,
  properties: {
    ...(API_KEY_INFO_SCHEMA.properties as Record<string, JsonSchema>),
    key: {
      type: 'string',
      description: 'The key (agk_...), to send as the Authorization token; never shown again',
    },
  },
  required: [...(API_KEY_INFO_SCHEMA.required as string[]), 'key'],
};

/** A new enrolment in one-time codes (`account: "enrolTotp"`, src/appgen/totp.ts). */
const TOTP_ENROLMENT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    secret: {
      type: 'string',
      description: 'The secret (Base32), for authenticator apps that take it typed',
    },
    uri: { type: 'string', description: 'The otpauth:// URI the QR code holds' },
    qrCode: {
      type: 'string',
      description: 'The QR code of the URI, an SVG image as a data: URL (for an <img> src)',
    },
  },
  required: ['secret', 'uri', 'qrCode'],
  additionalProperties: false,
};

/** The recovery codes of a confirmed second factor (`account: "confirmTotp"`), sent this once. */
const RECOVERY_CODES_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    recoveryCodes: {
      type: 'array',
      items: { type: 'string' },
      description: 'Ten single-use codes a log-in takes in place of a code of the app',
    },
  },
  required: ['recoveryCodes'],
  additionalProperties: false,
};

/** One linked provider as `account: "listIdentities"` sends it (src/appgen/oidc.ts `IdentityInfo`). */
const IDENTITY_INFO_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    provider: { type: 'string', description: "The provider's name in accounts.providers" },
    label: { type: 'string', description: 'How pages name the provider' },
    email: { type: ['string', 'null'], description: 'The address the provider gave when linked' },
    createdAt: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'provider', 'label', 'email', 'createdAt'],
  additionalProperties: false,
};

/** One stored session as `account: "listSessions"` sends it (src/appgen/sessions.ts `SessionInfo`). */
const SESSION_INFO_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    createdAt: { type: 'string', format: 'date-time' },
    lastSeenAt: {
      type: 'string',
      format: 'date-time',
      description: 'When a request last used it (noted at most every 5 minutes)',
    },
    expiresAt: { type: 'string', format: 'date-time' },
    userAgent: {
      type: ['string', 'null'],
      description: 'The device: the User-Agent that started it',
    },
    address: { type: ['string', 'null'], description: 'The client address that started it' },
    current: { type: 'boolean', description: 'The session this request was made with' },
  },
  required: ['id', 'createdAt', 'lastSeenAt', 'expiresAt', 'userAgent', 'address', 'current'],
  additionalProperties: false,
};

/** Body and status of a successful answer, as the operation partials send them. */
function successResponse(method: MethodContext, project: ProjectContext): [string, JsonSchema] {
  if (method.redirect !== null) {
    return [
      String(method.redirectStatus),
      {
        description: `Redirects to ${method.redirect}`,
        headers: {
          Location: { schema: { type: 'string' }, description: 'Path of the app to go to' },
        },
      },
    ];
  }
  const status = String(method.successStatus);
  if (method.successStatus === 204) return [status, { description: 'Success, no body' }];
  if (method.account?.action === 'oidcSignIn' || method.account?.action === 'oidcCallback')
    return [
      status,
      {
        description:
          method.account.action === 'oidcSignIn'
            ? "Sends the browser to the provider's sign-in"
            : "Signed in (the session cookie is set): sends the browser on to the sign-in's `next`",
        headers: {
          Location: { schema: { type: 'string' }, description: 'Where the browser goes' },
        },
      },
    ];
  let body: JsonSchema;
  if (method.operation === 'function')
    body = { description: 'Whatever the route function returns' };
  else if (project.orm === 'none')
    body = method.operation === 'list' ? { type: 'array', items: {} } : { type: 'object' };
  else if (method.operation === 'listSessions')
    body = { type: 'array', items: SESSION_INFO_SCHEMA };
  else if (method.account?.action === 'listApiKeys')
    body = { type: 'array', items: API_KEY_INFO_SCHEMA };
  else if (method.account?.action === 'createApiKey') body = NEW_API_KEY_SCHEMA;
  else if (method.account?.action === 'enrolTotp') body = TOTP_ENROLMENT_SCHEMA;
  else if (method.account?.action === 'confirmTotp') body = RECOVERY_CODES_SCHEMA;
  else if (method.account?.action === 'listIdentities')
    body = { type: 'array', items: IDENTITY_INFO_SCHEMA };
  else if (method.account?.issuesToken || method.sessionToken !== null)
    body = underKey(method.envelope.response, withToken(method, project));
  else if (method.collection && method.countKey !== null)
    body = {
      type: 'object',
      properties: {
        [method.countKey]: {
          type: 'integer',
          minimum: 0,
          description: `The number of records ${method.operation === 'deleteMany' ? 'deleted' : 'updated'}`,
        },
      },
      required: [method.countKey],
      additionalProperties: false,
    };
  else if (method.responseModel === null)
    body = {
      type: 'object',
      properties: { success: { const: true } },
      required: ['success'],
      additionalProperties: false,
    };
  else {
    const answer: JsonSchema = method.values
      ? valuesSchema(method, project)
      : method.responseIsArray
        ? { type: 'array', items: recordSchema(method, project) }
        : recordSchema(method, project);
    const { response, count } = method.envelope;
    const cursor = method.listQuery?.cursor;
    body = underKey(response, answer, {
      ...(count ? { [count]: { type: 'integer', minimum: 0 } } : {}),
      ...(cursor?.nextKey && cursor.prevKey
        ? {
            [cursor.nextKey]: {
              type: ['string', 'null'],
              description:
                'The cursor of the next page (send it as `cursor`); null on the last page',
            },
            [cursor.prevKey]: {
              type: ['string', 'null'],
              description:
                'The cursor of the page before (send it as `cursor`); null on the first page',
            },
          }
        : {}),
    });
  }
  if (project.orm === 'none') body = underKey(method.envelope.response, body);
  const response: JsonSchema = {
    description: 'Success',
    content: { 'application/json': { schema: body } },
  };
  const headers: Record<string, JsonSchema> = {};
  if (
    method.listQuery?.count &&
    project.orm !== 'none' &&
    method.envelope.count === null &&
    method.listQuery.style === 'simple-rest'
  ) {
    headers['Content-Range'] = {
      description: `The records of the page and the number of all matching records: \`${method.listQuery.resource} 0-24/319\` (\`${method.listQuery.resource} */0\` when the page is empty)${corsNote(project, 'Content-Range')}`,
      schema: { type: 'string' },
    };
  } else if (method.listQuery?.count && project.orm !== 'none' && method.envelope.count === null) {
    headers['X-Total-Count'] = {
      description: `Number of records matching the filters, all pages${corsNote(project, 'X-Total-Count')}`,
      schema: { type: 'string', pattern: '^[0-9]+$' },
    };
  }
  if (
    method.listQuery?.cursor &&
    method.listQuery.cursor.nextKey === null &&
    project.orm !== 'none'
  )
    headers.Link = {
      description: `The pages beside this one: \`<url>; rel="next", <url>; rel="prev"\` (RFC 8288), each URL relative to this request's, with \`cursor\` set; no \`next\` on the last page, no \`prev\` on the first (no header when the list has one page)${corsNote(project, 'Link')}`,
      schema: { type: 'string' },
    };
  if (Object.keys(headers).length > 0) response.headers = headers;
  return [status, response];
}

/** A route on a collection says what it works on: every record its parameters select. */
function collectionNote(method: MethodContext): string {
  if (!method.collection) return '';
  const model = method.model?.name ?? 'record';
  const selected = method.listQuery?.filters.length
    ? ' the query parameters select (every one without them)'
    : method.params.length > 0
      ? ' the path selects'
      : '';
  const records = method.answersRecord
    ? 'the records changed, in id order'
    : method.countKey !== null
      ? `their number (\`${method.countKey}\`)`
      : 'no body';
  return ` Works on every ${model}${selected}, in one transaction; answers ${records}.`;
}

/** A scoped list says which records it answers: those the signed-in user reaches through its relations. */
function scopeNote(method: MethodContext): string {
  const scope = method.listQuery?.scope ?? [];
  if (scope.length === 0) return '';
  const paths = scope.map((path) => path.steps.map((step) => step.relation).join('.'));
  return ` Only the records whose ${paths.join(' and ')} include${paths.length > 1 ? '' : 's'} the signed-in user.`;
}

/** A query parameter of a list, optional. */
function queryParameter(name: string, description: string, schema: JsonSchema): JsonSchema {
  return { name, in: 'query', required: false, description, schema };
}

/** The filter parameters of a list in its style (simple-rest sends them in one JSON `filter`). */
function filterParameters(query: ListQueryContext): JsonSchema[] {
  const style = query.style;
  const named = (name: string) => (style === 'jsonapi' ? `filter[${name}]` : name);
  return query.filters.flatMap((filter) => {
    const equal = queryParameter(
      named(filter.name),
      filter.path
        ? `Only records with ${filter.path.steps.map((step) => step.relation).join('.')} whose ${filter.path.field} equals this`
        : `Only records whose ${filter.name} equals this (given more than once: any of them)`,
      fieldSchema(filter),
    );
    if (filter.path) return [equal];
    const operators = filterOperators(filter.type).flatMap((operator) => {
      const suffix = style === 'json-server' ? jsonServerSuffix(operator) : operator;
      if (suffix === null) return [];
      const name =
        style === 'json-server' ? `${filter.name}_${suffix}` : `${named(filter.name)}[${operator}]`;
      return [
        queryParameter(
          name,
          `Only records whose ${filter.name} ${OPERATOR_MEANING[operator]} this`,
          fieldSchema(filter),
        ),
      ];
    });
    return [equal, ...operators];
  });
}

/** `a|b`: the sort fields as a pattern's alternatives. */
function sortPattern(sorts: readonly string[]): string {
  const field = `-?(${sorts.map((name) => name.replace(/[^A-Za-z0-9_]/g, '')).join('|')})`;
  return `^${field}(,${field})*$`;
}

/** The parameters of react-admin's simple REST style: JSON in `filter`, `sort` and `range`. */
function simpleRestParameters(query: ListQueryContext): JsonSchema[] {
  const keys = query.filters.flatMap((filter) => [
    filter.name,
    ...(filter.path
      ? []
      : filterOperators(filter.type).flatMap((operator) => {
          const suffix = jsonServerSuffix(operator);
          return suffix === null ? [] : [`${filter.name}_${suffix}`];
        })),
  ]);
  return [
    queryParameter(
      'filter',
      `A JSON object of filters: ${keys.map((key) => `\`${key}\``).join(', ') || 'none'} (an array of values: any of them), e.g. \`{"id":[1,2]}\`${query.search ? `; \`q\`: ${searchDescription(query.search)}` : ''}`,
      { type: 'string' },
    ),
    queryParameter(
      'sort',
      `A JSON pair of a field (${[...query.sorts, 'id'].join(', ')}) and \`ASC\` or \`DESC\`, e.g. \`["${query.sorts[0] ?? 'id'}","ASC"]\``,
      { type: 'string' },
    ),
    ...(query.pageSize !== null
      ? [
          queryParameter(
            'range',
            `A JSON pair of the positions of the first and last records, both included, e.g. \`[0,24]\` (at most ${query.maxPageSize} records; without \`range\` and \`Range\`, the first ${query.maxPageSize})`,
            { type: 'string' },
          ),
          {
            name: 'Range',
            in: 'header',
            required: false,
            description: `The same page as \`range\` (react-admin sends both, and they must agree): \`${query.resource}=0-24\` or \`items=0-24\`, first and last included; another unit is ignored`,
            schema: { type: 'string', pattern: '^[^=]+=[0-9]+-[0-9]+$' },
          },
        ]
      : []),
  ];
}

function queryParameters(method: MethodContext): JsonSchema[] {
  const query = method.listQuery;
  if (!query) return [];
  if (query.style === 'simple-rest') return simpleRestParameters(query);
  const parameters = filterParameters(query);
  const search = searchParameterName(query);
  if (search && query.search)
    parameters.push(
      queryParameter(search, searchDescription(query.search), { type: 'string', maxLength: 1000 }),
    );
  if (query.sorts.length > 0 && query.style === 'json-server')
    parameters.push(
      queryParameter(
        '_sort',
        `Order by these fields (${query.sorts.join(', ')}), comma-separated`,
        {
          type: 'string',
          pattern: sortPattern(query.sorts).replace(/-\?/g, ''),
        },
      ),
      queryParameter('_order', '`asc` or `desc` for each field of `_sort`, comma-separated', {
        type: 'string',
      }),
    );
  else if (query.sorts.length > 0)
    parameters.push(
      queryParameter(
        'sort',
        `Order by these fields (${query.sorts.join(', ')}), comma-separated, each after the one before; \`-\` in front for descending${query.cursor ? ' (one field on a list that pages by cursor)' : ''}`,
        { type: 'string', pattern: sortPattern(query.sorts) },
      ),
    );
  if (query.pageSize === null) return parameters;
  if (query.style === 'json-server') {
    const whole = (minimum: number) => ({ type: 'integer', minimum });
    parameters.push(
      queryParameter(
        '_start',
        `Position of the first record (from 0); asked for no page at all, the list answers its first ${query.maxPageSize}`,
        whole(0),
      ),
      queryParameter(
        '_end',
        `Position after the last record (exclusive; at most ${query.maxPageSize} records)`,
        whole(1),
      ),
      queryParameter(
        '_limit',
        `Records per page (default ${query.pageSize}), with \`_page\` or \`_start\``,
        { type: 'integer', minimum: 1, maximum: query.maxPageSize },
      ),
      queryParameter('_page', 'Page number, from 1 (with `_limit`)', whole(1)),
    );
    return parameters;
  }
  const page = (name: string) => (query.style === 'jsonapi' ? `page[${name}]` : name);
  parameters.push(
    queryParameter(page('limit'), `Records per page (default ${query.pageSize})`, {
      type: 'integer',
      minimum: 1,
      maximum: query.maxPageSize,
    }),
    query.cursor
      ? queryParameter(
          page('cursor'),
          `Where the page starts: the \`next\` or \`prev\` of a page (${query.cursor.nextKey ? `the answer's \`${query.cursor.nextKey}\` or \`${query.cursor.prevKey}\`` : 'in the URLs of its `Link` header'}), unchanged; leave it out for the first page. A cursor belongs to the \`sort\` of the page that gave it`,
          { type: 'string' },
        )
      : queryParameter(page('offset'), 'Records to skip', { type: 'integer', minimum: 0 }),
  );
  return parameters;
}

/** The statuses a provider's sign-in or callback answers with a page (src/appgen/oidc.ts). */
const REFUSAL_PAGE_STATUSES = new Set([400, 403, 409, 502]);

function oidcBrowserRoute(method: MethodContext): boolean {
  const action = method.account?.action;
  return action === 'oidcSignIn' || action === 'oidcCallback';
}

function operation(
  method: MethodContext,
  project: ProjectContext,
  /** Error statuses answered by some operation: their responses go to `components.responses`. */
  errorsUsed: Set<number>,
): JsonSchema {
  const responses: Record<string, JsonSchema> = Object.fromEntries([
    successResponse(method, project),
  ]);
  for (const status of errorStatuses(
    method,
    project.orm,
    project.errors.validationStatus,
    project.hasApiKeys,
  )) {
    // A browser's sign-in with a provider is refused with a page that says why (src/appgen/oidc.ts).
    if (REFUSAL_PAGE_STATUSES.has(status) && oidcBrowserRoute(method)) {
      responses[String(status)] = {
        description: `${ERROR_RESPONSES[status].description}: a page that says why, with a link back to log in`,
        content: { 'text/html': { schema: { type: 'string' } } },
      };
      continue;
    }
    errorsUsed.add(status);
    responses[String(status)] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
  }
  // A route function may answer any Response of its own.
  if (method.operation === 'function')
    responses.default = {
      description: 'An answer of the route function',
      content: { 'application/json': { schema: {} } },
    };
  const parameters = [
    ...method.params.map((param) => ({
      name: param.name,
      in: 'path',
      required: true,
      schema: paramSchema(param),
    })),
    ...queryParameters(method),
  ];
  const result: JsonSchema = {
    operationId: method.handlerName,
    tags: [operationTag(method)],
    summary: operationSummary(method),
    description: `From ${method.source}.${collectionNote(method)}${scopeNote(method)}`,
  };
  if (parameters.length > 0) result.parameters = parameters;
  if (method.hasBody) {
    const required = method.body.filter((field) => field.required).map((field) => field.name);
    const schema: JsonSchema = {
      type: 'object',
      properties: Object.fromEntries(
        method.body.map((field) => [field.name, bodyFieldSchema(field)]),
      ),
    };
    if (required.length > 0) schema.required = required;
    const sent = underKey(method.envelope.request, schema);
    result.requestBody = { required: true, content: { 'application/json': { schema: sent } } };
  }
  result.responses = responses;
  const schemes = [{ [tokenSchemeName(project)]: [] }, { sessionCookie: [] }];
  // "Sign out everywhere" and the list of sessions read the session, as a signed-in route does.
  if (method.auth || readsOwnSession(method)) result.security = schemes;
  // `{}`: the operation also works without credentials (OpenAPI's optional security).
  if (method.optionalAuth) result.security = [{}, ...schemes];
  return result;
}

/** `bearerAuth` for the standard Bearer scheme, `tokenAuth` for another (`Token <jwt>`). */
function tokenSchemeName(project: ProjectContext): string {
  return project.tokenScheme.toLowerCase() === 'bearer' ? 'bearerAuth' : 'tokenAuth';
}

/**
 * How a client sends its session token. OpenAPI's `http` type takes IANA-registered schemes only
 * (Bearer); another scheme is the Authorization header as an API key, its form in the description.
 */
function tokenSecurityScheme(scheme: string): JsonSchema {
  if (scheme.toLowerCase() === 'bearer')
    return {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'A session token in the Authorization header',
    };
  return {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: `A session token in the Authorization header: \`${scheme} <token>\``,
  };
}

/**
 * The OpenAPI 3.1 document of every route, built from the mapped contexts only. Keys are added
 * in a fixed order (paths sorted, methods in config order), so the same config gives the same
 * bytes.
 */
/** The group of an operation in the API documentation: its model, else Accounts or Functions. */
function operationTag(method: MethodContext): string {
  if (method.account !== null) return ACCOUNTS_TAG;
  return method.model?.name ?? method.responseModel ?? FUNCTIONS_TAG;
}

const ACCOUNTS_TAG = 'Accounts';
const FUNCTIONS_TAG = 'Functions';

/** What an operation does, in words (the path is shown beside it). */
function operationSummary(method: MethodContext): string {
  const model = method.model?.name ?? method.responseModel ?? 'record';
  const own = method.currentUserRecord ? 'your own' : null;
  switch (method.account?.action ?? method.operation) {
    case 'signUp':
      return 'Sign up';
    case 'logIn':
      return 'Log in';
    case 'logOut':
      return 'Log out';
    case 'endSessions':
      return 'Sign out everywhere';
    case 'listSessions':
      return 'List your sessions';
    case 'revokeSession':
      return 'End one of your sessions';
    case 'requestReset':
      return 'Ask for a password reset mail';
    case 'resetPassword':
      return 'Set a new password with a mailed token';
    case 'verifyEmail':
      return 'Verify an address with a mailed token';
    case 'resendVerification':
      return 'Ask for another verification mail';
    case 'createApiKey':
      return 'Create an API key';
    case 'listApiKeys':
      return 'List your API keys';
    case 'revokeApiKey':
      return 'Revoke one of your API keys';
    case 'enrolTotp':
      return 'Start setting up one-time codes';
    case 'confirmTotp':
      return 'Confirm one-time codes with a code';
    case 'disableTotp':
      return 'Turn one-time codes off';
    case 'oidcSignIn':
      return 'Sign in with a provider';
    case 'oidcCallback':
      return "The provider's return: sign in";
    case 'listIdentities':
      return 'List your linked providers';
    case 'unlinkIdentity':
      return 'Unlink one of your providers';
    case 'list':
      return `List ${model} records`;
    case 'get':
      return `Get ${own ?? 'one'} ${model}`;
    case 'create':
      return `Create ${model}`;
    case 'replace':
      return own ? `Replace ${own} ${model}` : `Replace ${model}`;
    case 'update':
      return own ? `Update ${own} ${model}` : `Update ${model}`;
    case 'delete':
      return own ? `Delete ${own} ${model}` : `Delete ${model}`;
    case 'deleteMany':
      return `Delete ${model} records`;
    case 'updateMany':
      return `Update ${model} records`;
    case 'link':
      return `Link ${model} with you`;
    case 'unlink':
      return `Unlink ${model} from you`;
    default:
      return `Run ${method.function ?? 'the route function'}`;
  }
}

/** The document's list of tags, in the order of first use, each with what it groups. */
function documentTags(paths: Record<string, Record<string, JsonSchema>>): JsonSchema[] {
  const names = new Set<string>();
  for (const item of Object.values(paths))
    for (const operation of Object.values(item))
      for (const tag of (operation.tags as string[] | undefined) ?? []) names.add(tag);
  const description = (tag: string) =>
    tag === ACCOUNTS_TAG
      ? 'Sign-up, log-in, log-out, sessions, password reset and e-mail verification'
      : tag === FUNCTIONS_TAG
        ? 'Routes answered by functions of the project'
        : tag === HEALTH_TAG
          ? 'Readiness and liveness, for load balancers'
          : `Routes of the ${tag} model`;
  return [...names].sort().map((name) => ({ name, description: description(name) }));
}

export function buildOpenApiDocument(project: ProjectContext): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const errorsUsed = new Set<number>();
  const files = [...project.routeFiles].sort((a, b) =>
    a.urlPath < b.urlPath ? -1 : a.urlPath > b.urlPath ? 1 : 0,
  );
  for (const file of files) {
    const item: Record<string, JsonSchema> = {};
    for (const method of file.methods)
      item[method.method.toLowerCase()] = operation(method, project, errorsUsed);
    paths[openApiPath(file.urlPath)] = item;
  }
  // The health checks, in their place among the sorted paths (config cannot use theirs).
  for (const status of HEALTH_ERROR_STATUSES) errorsUsed.add(status);
  const allPaths = Object.fromEntries(
    Object.entries({ ...paths, ...HEALTH_PATHS }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const schemas: Record<string, JsonSchema> = { Error: errorSchema(project.errors) };
  const validation = project.errors.validationStatus;
  for (const model of [...project.models].sort((a, b) => (a.name < b.name ? -1 : 1)))
    schemas[model.name] = modelSchema(model);
  const components: JsonSchema = { schemas };
  if (errorsUsed.size > 0)
    components.responses = Object.fromEntries(
      [...errorsUsed]
        .sort((a, b) => a - b)
        .map((status) => [
          ERROR_RESPONSES[status].name,
          {
            description: ERROR_RESPONSES[status].description,
            ...(status === 429 && corsNote(project, 'Retry-After')
              ? {
                  headers: {
                    'Retry-After': {
                      description: `Seconds until the next log-in may be tried${corsNote(project, 'Retry-After')}`,
                      schema: { type: 'string', pattern: '^[0-9]+$' },
                    },
                  },
                }
              : {}),
            content: {
              'application/json': {
                // Written out, not a named schema: a model may be called anything.
                schema:
                  status === validation
                    ? validationErrorSchema(project.errors)
                    : status === 403
                      ? refusalErrorSchema(project.errors)
                      : status === 401 && project.totp !== null
                        ? codeNeededErrorSchema(project.errors)
                        : ref('Error'),
              },
            },
          },
        ]),
    );
  if (project.hasAuth) {
    components.securitySchemes = {
      [tokenSchemeName(project)]: tokenSecurityScheme(project.tokenScheme),
      sessionCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: 'appgen_session',
        description: 'The session cookie set at sign-in',
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: project.appName,
      version: '1.0.0',
      description: documentDescription(project),
    },
    tags: documentTags(allPaths),
    paths: allPaths,
    components,
  };
}
