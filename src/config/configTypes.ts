import type { ElementType } from './elements';
import type { BodyFieldType, FieldType, ParamType } from './fieldTypes';
import type { TransformName } from './transforms';

/** The shapes of config files after schema validation. Nothing past the map stage sees these. */

export interface FieldOptions {
  type: FieldType;
  optional?: boolean;
  unique?: boolean;
  default?: string | number | boolean;
  /** Allowed values, for `enum` fields. */
  values?: string[];
  /** `enum` fields: how pages show some values (`{ "in_review": "Waiting for review" }`); default: the value in words. */
  labels?: Record<string, string>;
  /** Never sent in a response (e.g. a password hash); still writable by routes and functions. */
  hidden?: boolean;
  /** `slug` fields: the field whose text the slug is made from when a record is created. */
  from?: string;
  /** Who reads the field (an answer leaves it out for others) and who writes it (403 for others). */
  access?: { read?: AccessConditionConfig; write?: AccessConditionConfig };
}

export type FieldConfig = FieldType | FieldOptions;

export type RelationType = 'belongsTo' | 'hasMany' | 'manyToMany';
export type OnDelete = 'restrict' | 'cascade' | 'setNull';

/** A relation to another model, under its own name (e.g. `author`, `posts`, `tags`). */
export interface RelationConfig {
  type: RelationType;
  model: string;
  /** belongsTo: the uuid field holding the other record's id. Default: `<relation>Id`. */
  field?: string;
  /** belongsTo: what deleting the other record does to this one. Default: restrict. */
  onDelete?: OnDelete;
  /** hasMany, manyToMany: the relation of the other model this one mirrors, when several could. */
  via?: string;
}

/** An index: its fields in order, or the fields and whether the combination is unique. */
export type IndexConfig = string[] | { fields: string[]; unique?: boolean };

/**
 * A value the database computes from a relation, sent when a route asks for it (`fields`):
 * the number of related records, whether the caller is one of them, or one field of each. Or the
 * record's absolute URL (`url`: a route path of the model filled with the record's key), sent by
 * every answer of the model unless its `fields` leave it out.
 */
export type ComputedConfig =
  | { count: string }
  | { callerIn: string }
  | { values: string; field: string; orderBy?: string }
  | { url: string };

export interface ModelConfig {
  name: string;
  fields: Record<string, FieldConfig>;
  relations?: Record<string, RelationConfig>;
  indexes?: IndexConfig[];
  /** Computed fields, by name (see ComputedConfig). */
  computed?: Record<string, ComputedConfig>;
  /** Access rules of the model's records (see AccessRuleConfig). */
  access?: AccessRuleConfig[];
}

/** The operations an access rule covers. */
export type AccessOperation = 'read' | 'create' | 'update' | 'delete' | 'all';

/**
 * A condition of an access rule on the record and the caller, every key holding: a field and a
 * value it equals (`"currentUser"`: the caller's id), a relation path and `"currentUser"`,
 * `"currentUser.role"` and a role or roles, `"currentUser": "signedIn"`, `any`, `all`, `not`.
 */
export interface AccessConditionConfig {
  any?: AccessConditionConfig[];
  all?: AccessConditionConfig[];
  not?: AccessConditionConfig;
  [key: string]: unknown;
}

/** One access rule of a model: `allow` or `deny` some operations `when` a condition holds. */
export interface AccessRuleConfig {
  allow?: AccessOperation | AccessOperation[];
  deny?: AccessOperation | AccessOperation[];
  when?: AccessConditionConfig;
  description?: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const HTTP_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface BodyFieldOptions {
  /** A model field type (not one the server sets), or `uuid[]`: a list of ids (the links of a manyToMany relation). */
  type: BodyFieldType;
  required?: boolean;
  /** string, text and string[]: changes to the text before the validators (src/config/transforms.ts). */
  transform?: TransformName[];
  validation?: string[];
  values?: string[];
  /** `string[]` on a route that writes a model: the manyToMany relation whose records the list names. */
  relation?: string;
  /** With `relation`: the unique field of the related model the list's texts are (records missing are created). */
  by?: string;
}

export type BodyFieldConfig = BodyFieldOptions['type'] | BodyFieldOptions;

/** A filter of a list route: an own field, or a named parameter read through a relation (`relation.field`). */
export type ListFilterConfig = string | { name: string; path: string };

/** What the client of a list route may ask with query parameters. */
export interface ListQueryConfig {
  /** Own fields (`"authorId"`), or a parameter filtering through a relation: `{ "name": "tag", "path": "tags.name" }`. */
  filter?: ListFilterConfig[];
  sort?: string[];
  defaultSort?: string;
  pageSize?: number;
  maxPageSize?: number;
  /** How pages are asked for: `?offset=` (default) or `?cursor=`, the `next` of the previous page. */
  pagination?: 'offset' | 'cursor';
  count?: boolean;
  /** How this route reads its parameters, instead of the project's `queryStyle`. */
  style?: QueryStyle;
  /** Text fields a client may search (`?q=`), full-text indexed. */
  search?: string[];
}

/** How list routes read paging, sorting and filters: appgen's own, json-server's, react-admin's simple REST, JSON:API's. */
export type QueryStyle = 'appgen' | 'json-server' | 'simple-rest' | 'jsonapi';

export interface RouteConfig {
  method: HttpMethod;
  path: string;
  params?: Record<string, ParamType>;
  body?: Record<string, BodyFieldConfig>;
  response?: string;
  model?: string;
  redirect?: string;
  function?: string;
  /** true: the caller must be signed in; "optional": a signed-in caller is identified, others are served as anonymous. */
  auth?: boolean | 'optional';
  voter?: string;
  query?: ListQueryConfig;
  /** Relations of the model sent with each record: names, or name → the fields sent of them. */
  include?: string[] | Record<string, IncludeConfig>;
  /** The fields (and computed fields) sent of each record, in this order; default: every field. */
  fields?: string[];
  /** The status of a successful answer, instead of 201 (creates) or 200; 204 sends no body. */
  status?: SuccessStatus;
  /** PUT only: update the fields sent and leave the others (PATCH semantics) instead of replacing. */
  partial?: boolean;
  /** Fields the server sets on a write: the signed-in user's id, or the current time. */
  set?: Record<string, SetValue>;
  /** `currentUser`: the route works on the signed-in user's own record (no key in the path). */
  record?: 'currentUser';
  /** A manyToMany relation to the accounts model: POST links the signed-in user into it, DELETE unlinks. */
  link?: string;
  /** An account route appgen writes in full: sign up (a create that signs in), log in, log out. */
  account?: AccountAction;
  /**
   * A list of the records the signed-in caller reaches through relations:
   * `{ "author.followers": "currentUser" }` lists the records whose author the caller follows.
   */
  scope?: Record<string, 'currentUser'>;
  /** The keys the request body and the answer sit under (`{ "article": { ... } }`). */
  envelope?: string | EnvelopeConfig;
  /** A list route: answer the list as the plain values of this field (`["a", "b"]`), not as records. */
  values?: string;
  /** `record: "currentUser"` routes: the answer carries a session token, as a log-in's does (a new one on PUT and PATCH). */
  token?: boolean;
  /**
   * A DELETE or PATCH on every record the route selects (its path's other parameters, its `query`
   * filters, its `scope`) instead of on one named by a key in the path: "delete all", "mark all done".
   */
  collection?: boolean;
}

export const ACCOUNT_ACTIONS = [
  'signUp',
  'logIn',
  'logOut',
  'endSessions',
  'listSessions',
  'revokeSession',
  'requestReset',
  'resetPassword',
  'verifyEmail',
  'resendVerification',
  'createApiKey',
  'listApiKeys',
  'revokeApiKey',
  'enrolTotp',
  'confirmTotp',
  'disableTotp',
  'oidcSignIn',
  'oidcCallback',
  'listIdentities',
  'unlinkIdentity',
] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];
/** How an included relation's records are sent: only `fields` (and computed fields), in order. */
export interface IncludeConfig {
  fields?: string[];
}

/** `envelope` in long form: each key is optional; `count` is a list's body key for its count. */
export interface EnvelopeConfig {
  request?: string;
  response?: string;
  count?: string;
}

export type SetValue = 'currentUser' | 'now';

export const SUCCESS_STATUSES = [200, 201, 202, 204] as const;
export type SuccessStatus = (typeof SUCCESS_STATUSES)[number];

export interface RoutesFileConfig {
  routes: RouteConfig[];
}

/** A list or detail column: a field name, or the field with its own label. */
export type ColumnConfig = string | { field: string; label?: string };

/** An option of a select: the value (also its label), or a value with its own label. */
export type OptionConfig = string | { value: string; label?: string };

/** Any element; which attributes apply depends on `type` (see src/config/elements.ts). */
export interface ElementConfig {
  type: ElementType;
  id?: string;
  label?: string;
  text?: string;
  level?: number;
  inputType?: string;
  required?: boolean;
  placeholder?: string;
  rows?: number;
  /** A select's choices, or `"GET /path"`: the records of that list route (see `optionLabel`). */
  options?: OptionConfig[] | string;
  /** A select fed by a route: the field of each record shown as its option's text. */
  optionLabel?: string;
  href?: string;
  layout?: 'stack' | 'row' | 'grid';
  /** Child elements of a form. */
  fields?: ElementConfig[];
  /** Child elements of a section. */
  children?: ElementConfig[];
  /** `METHOD /path` of the route a form sends to, or a list or detail shows. */
  route?: string;
  /** `GET /path` whose record fills a form's fields (an edit form). */
  load?: string;
  /** Where a form goes after success; `:name` is filled from the answer, then the page's params. */
  success?: string;
  /** What a form says after a success that stays on the page. Default: Saved. (Deleted. for a DELETE) */
  notice?: string;
  /** An input that starts with the page's query parameter of its `id` (`?token=` of a mailed link). */
  fromQuery?: boolean;
  columns?: ColumnConfig[];
  /** Path each list row links to; `:name` is filled from the row's record. */
  link?: string;
  empty?: string;
  /**
   * Route parameter → page parameter, for a route parameter named otherwise than the page's
   * (`{ "postId": "id" }`); the others take the page parameter of their own name.
   */
  params?: Record<string, string>;
  /** A detail's field whose value is the page's heading and document title. */
  heading?: string;
}

export interface ViewConfig {
  name: string;
  path: string;
  title?: string;
  /** Only signed-in users see the page; others are sent to the login path. */
  auth?: boolean;
  /** Listed in the navigation (default: true for a view without path parameters). */
  nav?: boolean;
  root: ElementConfig;
}

export type OrmName = 'prisma' | 'drizzle' | 'none';

export interface SettingsConfig {
  orm?: OrmName;
  /** Where views with `auth` send visitors who are not signed in. Default: /login. */
  loginPath?: string;
  /** The user accounts of the app. */
  accounts?: AccountsConfig;
  /** The shape of every error answer and the status of a body that fails validation. */
  errors?: ErrorsConfig;
  /** How many reverse proxies stand in front of the app, whose X-Forwarded-* headers count. Default: 0. */
  trustProxy?: number;
  /** Cross-origin requests from browsers (CORS). Default: none, the app's own origin only. */
  cors?: CorsConfig;
  /** How list routes read their query parameters (a route's `query.style` overrides it). Default: appgen. */
  queryStyle?: QueryStyle;
}

export interface CorsConfig {
  /** Origins whose pages may call the app (`http://localhost:5173`), or `*` for any. */
  origins: string[] | string;
  /** Those origins may send the app's cookies. Default: false. */
  credentials?: boolean;
  /** Methods other origins may use. Default: those each route declares. */
  methods?: HttpMethod[];
  /** Request headers they may send. Default: Content-Type, Authorization. */
  headers?: string[];
  /** Answer headers their scripts may read. Default: X-Total-Count, Link, Retry-After. */
  exposeHeaders?: string[];
  /** Seconds a browser keeps a preflight's answer. Default: 600. */
  maxAge?: number;
}

export interface ErrorsConfig {
  /** Where the message sits: `error` (default) or a dotted path, `[]` at the end for a list. */
  body?: string;
  /** The status of a request body that fails the route's rules: 400 (default) or 422. */
  validationStatus?: 400 | 422;
}

export interface AccountsConfig {
  /** The model whose records are the app's users (getAuthUser returns their ids). Default: User, if declared. */
  model?: string;
  /** The scheme of `Authorization: <scheme> <token>`. Default: Bearer. */
  tokenScheme?: string;
  /** Unique fields a log-in names the account by (email and/or username). */
  identity?: string[];
  /** Validators every write of the password applies, besides the route's own. */
  passwordRules?: string[];
  /** Failed log-ins allowed per identity and per client address within a window. */
  throttle?: { perIdentity?: number; perAddress?: number; windowSeconds?: number };
  /** The roles a user may have, stored in the accounts model's `roleField` (added by appgen). */
  roles?: string[];
  /** The role a sign-up gets. Default: the first of `roles`. */
  defaultRole?: string;
  /** The field of the accounts model that holds the role. Default: role. */
  roleField?: string;
  /** Roles whose users act with the default role until they set up one-time codes. Default: none. */
  requireTotpFor?: string[];
  /** The unique field of the accounts model that holds the address mail goes to. Default: email, when unique. */
  emailField?: string;
  /** A log-in of an account whose address is not verified is refused. Default: false. */
  requireVerified?: boolean;
  /** The sender of account mail (`"Blog <no-reply@example.com>"`); APPGEN_MAIL_FROM overrides it. */
  mailFrom?: string;
  /** The page a password-reset mail links to, a path of the app or an absolute URL (`?token=` added). Default: /reset-password. */
  resetLink?: string;
  /** The page a verification mail links to, a path of the app or an absolute URL (`?token=` added). Default: /verify-email. */
  verifyLink?: string;
  /** OpenID Connect providers users may sign in with, by name (`corp`, `google`). */
  providers?: Record<string, ProviderConfig>;
}

/** One OpenID Connect provider of `accounts.providers`: an issuer, or a preset that names one. */
export interface ProviderConfig {
  /** The issuer's URL (its discovery document is `<issuer>/.well-known/openid-configuration`). */
  issuer?: string;
  /** A known provider whose issuer appgen knows (`google`, `gitlab`). */
  preset?: string;
  /** How pages and answers name it ("Corp login"). Default: the preset's name, else the name. */
  label?: string;
}
