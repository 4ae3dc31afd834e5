import type { AccountAction, HttpMethod, OrmName, QueryStyle } from '../config/configTypes';
import type { ElementType } from '../config/elements';
import type { BodyFieldType, FieldType, ParamType } from '../config/fieldTypes';
import type { RouteOperation } from '../domain/routeOperation';

/**
 * The contexts templates receive. This file is the public interface for people who override
 * templates: every field is always present (templates compile with `strict`), with `null` or
 * `false` where a value does not apply, except that a MethodContext has only the fields of its
 * `operation` (a union of one interface per operation).
 */

import type { DatabaseProvider } from '../config/database';

export type { DatabaseProvider };

export interface FieldContext {
  name: string;
  type: FieldType;
  /** TypeScript type of the value in JSON, e.g. `string`, `number`, `"draft" | "published"`. */
  tsType: string;
  prismaType: string;
  /** Prisma attributes after the type, e.g. `@id @default(uuid(7))`, `@unique`; may be empty. */
  prismaAttributes: string;
  /** Drizzle column builder for the project's database, e.g. `text("email").notNull()`. */
  drizzleColumn: string;
  optional: boolean;
  /** A unique index (never on `id`, the primary key). */
  unique: boolean;
  isId: boolean;
  /** Allowed values of an enum field, else null. */
  values: string[] | null;
  /** An enum field's values with the text pages show for them (`labels`, else the value in words), else null. */
  valueOptions: OptionContext[] | null;
  /** Never sent in a response. */
  hidden: boolean;
  /** Its `access.read` rule lets only some callers read it: answers may leave it out. */
  readRestricted: boolean;

  // --- Decided by the map for the templates (src/map/mapModels.ts) ---
  /** The field's type in the model's API type (types/<Model>.ts): tsType, `JsonValue` for json, `| null` when optional. */
  apiType: string;
}

export interface RelationContext {
  name: string;
  type: 'belongsTo' | 'hasMany' | 'manyToMany';
  /** The related model, and its delegate (`user`: Prisma client property, Drizzle table). */
  model: string;
  modelDelegate: string;
  /** belongsTo: the field holding the related record's id; else null. */
  field: string | null;
  /** belongsTo whose field is optional: the related record may be absent. */
  optional: boolean;
  /** belongsTo: `Restrict`, `Cascade` or `SetNull` (Prisma's spelling); else null. */
  onDelete: 'Restrict' | 'Cascade' | 'SetNull' | null;
  /** belongsTo: the same choice in SQL, as Drizzle spells it (`restrict`, `cascade`, `set null`); else null. */
  sqlOnDelete: 'restrict' | 'cascade' | 'set null' | null;
  /** hasMany: the field of the related model holding this model's id (its belongsTo field); else null. */
  foreignField: string | null;
  /** manyToMany: the table of links, as Prisma names it, and which of its columns holds this side's id. */
  joinTable: { name: string; ownColumn: 'A' | 'B'; otherColumn: 'A' | 'B' } | null;
  /** Name both sides of the relation share in the schema, e.g. `Post_author`. */
  relationName: string;
  /** hasMany and manyToMany: an array of records. */
  isList: boolean;
  /**
   * The other side of a relation the config declares on one side only, added because the Prisma
   * schema needs both; not part of the API (no type, no include).
   */
  backReference: boolean;

  // --- Decided by the map for the templates (src/map/mapRelations.ts) ---
  /** The relation's type in the model's API type: `Post[]`, `User | null` or `User`. */
  apiType: string;
}

export interface IndexContext {
  /** Named as Prisma names them: `<Model>_<fields>_idx`, `_key` when unique. */
  name: string;
  fields: string[];
  unique: boolean;
}

/**
 * A computed field (model `computed`): what the database computes over one of the model's
 * relations. Sent only by routes whose `fields` name it.
 */
export interface ComputedContext {
  name: string;
  /** `count`: the number of related records; `callerIn`: whether the signed-in user is one; `values`: one field of each. */
  kind: 'count' | 'callerIn' | 'values';
  /** The relation (hasMany or manyToMany) of the model, its related model and that model's delegate. */
  relation: string;
  model: string;
  modelDelegate: string;
  /** hasMany: the related model's field holding this model's id; else null. */
  foreignField: string | null;
  /** manyToMany: the table of links and its columns (see RelationContext); else null. */
  joinTable: { name: string; ownColumn: 'A' | 'B'; otherColumn: 'A' | 'B' } | null;
  /** values: the related model's field listed, its type and whether it may be null; else null. */
  field: string | null;
  fieldType: FieldType | null;
  fieldOptional: boolean;
  /**
   * values: the order of the list (then by id); else null. An `optional` field's NULLs come after
   * every value ascending and before every value descending, on every database.
   */
  orderBy: { field: string; descending: boolean; optional: boolean } | null;
  /** TypeScript type of the value: `number`, `boolean`, `Array<string>`... */
  tsType: string;
  /**
   * `count` and `values` over a model with access rules: its read rules, so that only the records
   * the caller may read are counted or listed; else null.
   */
  access: ReadRulesContext | null;

  // --- Decided by the map for the templates (src/map/mapComputed.ts) ---
  /**
   * How Drizzle's src/appgen/records.ts reads it, the partial `records/computed/<finder>`:
   * `countLinked` or `countOwned` (a count through a table of links, or of a hasMany), `callerIn`,
   * `valuesLinked` or `valuesOwned`.
   */
  finder: 'countLinked' | 'countOwned' | 'callerIn' | 'valuesLinked' | 'valuesOwned';
  // --- What map decides for the ORM partials (templates/partials/orm), src/map/mapOrmQueries.ts.
  /** How orm/prisma/entry/read (orm/prisma/read/<kind>) and orm/prisma/reading write the field. */
  orm: OrmComputedContext;
}

/**
 * A `url` computed field: the record's absolute URL, the path of a GET route of one record filled
 * with the record's fields (`/api/todos/:id`), after the origin of the request (or APPGEN_PUBLIC_URL).
 * Sent by every answer of the model unless its `fields` leave it out; nothing is read for it.
 */
export interface UrlFieldContext {
  name: string;
  /** `/api/todos/:id`: each `:name` is a field of the record. */
  path: string;
  /** The record's fields the path needs, in order (`["id"]`). */
  params: string[];
}

/**
 * The rules of a model whose records a route reads beside its own (an included relation, a count,
 * a list of values): `memoAccess` or `memoFields` of `src/appgen/access/<module>.ts`.
 */
export interface ReadRulesContext {
  name: string;
  module: string;
}

/** A relation a route includes, and what it sends of each related record. */
export interface IncludeContext {
  name: string;
  model: string;
  /** The related model's delegate (Prisma client property, Drizzle table), e.g. `user`. */
  delegate: string;
  isList: boolean;
  /**
   * A belongsTo that may be null: its field is optional, or the related model has access rules (a
   * record the caller may not read is sent as null).
   */
  optional: boolean;
  /**
   * The `fields` sent of each related record, in order (the include's, or, for the accounts model,
   * every sent field but its private identity fields); null: the whole record (no computed fields
   * but its url fields).
   */
  fields: string[] | null;
  /**
   * The related model's own fields read of each record: those of `fields`, then those its url
   * fields need, and its `id` when it has counts (counted by id; not sent unless `fields` names it).
   */
  plainFields: string[];
  /** The url fields sent of each related record (of `fields`, or every one without `fields`). */
  urls: UrlFieldContext[];
  /** Of `fields`, the computed ones (of the related model), in order. */
  computed: ComputedContext[];
  /** Its `count` computed fields: counted apart from the related records read (see countsRelations). */
  counted: ComputedContext[];
  /** Its computed fields that read a relation's records (`callerIn`, `values`). */
  reads: ComputedContext[];
  /**
   * The related model's access rules: only the records the caller may read are included (a
   * belongsTo the caller may not read is null); null for a model without.
   */
  access: ReadRulesContext | null;
  /** The related model's rules on fields that some caller may not read (`memoFields`); else null. */
  fieldAccess: ReadRulesContext | null;

  // --- Decided by the map for the templates (src/map/mapComputed.ts) ---
  /** It chooses its fields or sends url fields: the route's shape names what it sends of it. */
  shaped: boolean;
  // --- What map decides for the ORM partials (templates/partials/orm), src/map/mapOrmQueries.ts.
  /** How orm/prisma/entry/include writes the relation. */
  orm: OrmIncludeContext;
}

export interface ModelContext {
  name: string;
  /** Property of the Prisma client for this model, e.g. `user`, `blogPost`. */
  delegate: string;
  /** Config file the model comes from. */
  source: string;
  fields: FieldContext[];
  /** Declared relations, then back references (see RelationContext). */
  relations: RelationContext[];
  /** Declared indexes, plus one per belongsTo field that no other index or `unique` covers. */
  indexes: IndexContext[];
  /** Names of the hidden fields (never in responses). */
  hiddenFields: string[];
  /** Other models this one's type refers to (its declared relations), sorted. */
  relatedModels: string[];
  /** Some field is `unique`. */
  hasUnique: boolean;
  /** The model's `slug` field, made from another field on create; null without one. */
  slug: SlugContext | null;
  /** Computed fields read from relations (`computed`), in config order. */
  computed: ComputedContext[];
  /** `url` computed fields, in config order. */
  urls: UrlFieldContext[];

  // --- Decided by the map for the templates (src/map/mapModels.ts) ---
  /** The fields sent in responses (all but the hidden ones), in order. */
  sentFields: FieldContext[];
  /** The relations the config declares (not back references): those a route may include, in the API type. */
  declaredRelations: RelationContext[];
  /** A field or a computed field holds JSON: the model's type imports JsonValue. */
  usesJson: boolean;
  /** The model's type imports something (JsonValue or related models' types). */
  hasTypeImports: boolean;
  /** Its `count` computed fields (Prisma counts them apart: src/appgen/counts.ts). */
  counts: ComputedContext[];
  /** The lines of its type's doc comment after the first, in src/appgen/types/<Model>.ts: only those that apply. */
  typeNotes: string[];
  // --- What map decides for the schema partials (templates/partials/schema), src/map/mapOrmQueries.ts.
  /** How prisma/schema.prisma and src/appgen/schema.ts (Drizzle) declare the model. */
  orm: OrmModelContext;
}

/** The slug a create makes (MethodContext.slug): the model's SlugContext, and where `from` comes from. */
export interface MethodSlugContext {
  field: string;
  from: string;
  fallback: string;
  /** `from` is a body field of the route (else the slug is the fallback). */
  fromBody: boolean;
}

/** A `slug` field: made from `from` when a record is created (src/appgen/slug.ts). */
export interface SlugContext {
  field: string;
  from: string;
  /** The slug of a record whose `from` has no letter or digit: the model's name in lower case. */
  fallback: string;
}

export interface ParamContext {
  name: string;
  type: ParamType;
  /** The parameter is `id`. */
  isId: boolean;
  /**
   * The field of the route's model it selects by (`id`, `slug`, `authorId`), or null when it names
   * a parent record instead (see ParentContext).
   */
  field: string | null;
}

export interface ValidatorContext {
  name: string;
  /** The argument as a TypeScript literal (string, number or string array), or null. */
  argument: string | null;
}

export interface BodyFieldContext {
  name: string;
  /** A model field type, or `uuid[]` (a list of record ids). */
  type: BodyFieldType;
  tsType: string;
  /** Must be present: declared `required`, or (creates and replaces) required by the model. */
  required: boolean;
  /** May be null: the model field is optional. */
  nullable: boolean;
  /** Changes to the text before the validators, in order: `trim`, `toLowerCase` (src/config/transforms.ts). */
  transforms: string[];
  validators: ValidatorContext[];
  values: string[] | null;
  /** Those values with the text a page's select shows (the model field's `labels`, else the value in words), else null. */
  valueOptions: OptionContext[] | null;
  /**
   * The model whose records this field links to (e.g. Tag): a `uuid[]` field of a route that
   * writes its model (create, replace, update) sets the manyToMany relation of its name. Else null.
   */
  link: LinkContext | null;
}

/** The relation a link route adds the signed-in user to (POST) or removes them from (DELETE). */
export interface LinkRouteContext {
  /** The relation of the route's model, e.g. `favoritedBy`. */
  relation: string;
  /** Its table of links (`_Article_favoritedBy`), the column of the record's id and the user's. */
  joinTable: string;
  ownColumn: 'A' | 'B';
  otherColumn: 'A' | 'B';
}

/** The records a `uuid[]` body field links to, and where the links are kept. */
export interface LinkContext {
  /** The linked model, and its delegate (Prisma client property, Drizzle table). */
  name: string;
  delegate: string;
  /** The manyToMany relation written (the field's name for `uuid[]`; `relation` of a `string[]` field). */
  relation: string;
  /** A `string[]` field: the related model's unique field each text is; the records missing are created. Null for `uuid[]` (ids). */
  by: string | null;
  /** The links table, as Prisma names it (`_Post_tags`). */
  joinTable: string;
  /** Its column holding the id of the route's record, and the one holding the linked record's id. */
  ownColumn: 'A' | 'B';
  otherColumn: 'A' | 'B';
}

export interface ListFilterContext {
  name: string;
  type: FieldType;
  /** Allowed values of an enum field, else null. */
  values: string[] | null;
  /** Those values with the text pages show for them (the model field's `labels`, else the value in words), else null. */
  valueOptions: OptionContext[] | null;
  /** A filter through a relation (`"path": "tags.name"`): the step to the related records and the field compared; null for the model's own field. */
  path: RelationPathContext | null;
  /** TypeScript type of the value read from the query string (`string`, `number`, `boolean`, `Date`). */
  tsType: string;
}

/** One step of a relation path, from the records of one model to related records, as a subquery reads it. */
export interface RelationStepContext {
  /** The relation's name (Prisma's relation field). */
  relation: string;
  kind: 'belongsTo' | 'hasMany' | 'manyToMany';
  /** The model the step reaches (Prisma's table of it). */
  toModel: string;
  /** The delegate (Drizzle table) of the model the step starts from, and of the model it reaches. */
  from: string;
  to: string;
  /** belongsTo: the starting model's field holding the related id; hasMany: the related model's field holding the starting id; else null. */
  foreignKey: string | null;
  /** manyToMany: the table of links, its column holding the starting record's id, and the one holding the related record's. */
  joinTable: string | null;
  ownColumn: 'A' | 'B' | null;
  otherColumn: 'A' | 'B' | null;
  /** The last step of a path that compares the related id (a scope): belongsTo compares its own field, manyToMany the links' column, with no read of the related table. */
  direct: boolean;
  /**
   * hasMany whose `foreignKey` is optional: Drizzle's subquery selects only the related records where it is not null (an empty
   * key among the ids would make `id IN (...)` unknown, not false, for every other record, and so its `not` in an access rule).
   */
  optional: boolean;
  // --- What map decides for the ORM partials (templates/partials/orm), src/map/mapOrmQueries.ts.
  /** How orm/<orm>/through writes the step. */
  orm: OrmStepContext;
}

/** Records reached through relations (`tags.name`, `author.followers`): the steps, then the field of the last model compared. */
export interface RelationPathContext {
  steps: RelationStepContext[];
  /** The delegate (Drizzle table) of the model the last step reaches. */
  model: string;
  /** The last step is `direct` (see RelationStepContext). */
  direct: boolean;
  /** The field of the last model the value is compared with (`id` for a scope: the signed-in user). */
  field: string;
}

/** What a list route's client may ask with query parameters (`query` in the route config). */
export interface ListQueryContext {
  /** Name of the runtime spec constant in the route file, e.g. `getApiPostsQuery`. */
  specName: string;
  filters: ListFilterContext[];
  sorts: string[];
  /**
   * The sort fields that are optional. Their NULLs sort after every value ascending and before
   * every value descending on every database, as PostgreSQL has it (SQLite puts them first).
   */
  nullableSorts: string[];
  /** Order without ?sort (then by id); null: by id. */
  defaultSort: { field: string; descending: boolean } | null;
  /** Records per page without ?limit; null: no pagination (?limit and ?offset are refused). */
  pageSize: number | null;
  maxPageSize: number;
  /** Send X-Total-Count. */
  count: boolean;
  /** Some filter reads through a relation (the spec routes its value to `query.related`). */
  hasRelatedFilters: boolean;
  /** `scope`: paths from the record to the signed-in user (`userId`); every one must reach them. */
  scope: RelationPathContext[];
  /** Some filter or the scope reads through relations (Prisma: an `AND` list; Drizzle: subqueries). */
  readsThroughRelations: boolean;
  /** `"pagination": "cursor"`: pages asked for by `?cursor=` (see ListCursorContext); null: by `?offset=`. */
  cursor: ListCursorContext | null;
  /** How the route reads its parameters (the route's `query.style`, else the project's `queryStyle`). */
  style: QueryStyle;
  /** The unit of a simple-rest list's Content-Range (`posts 0-24/319`): the last fixed segment of its path. */
  resource: string;
  /** `query.search`: the text fields `q` searches, by the model's full-text index; null: no search. */
  search: ListSearchContext | null;
}

/** A list route's search (ListQueryContext.search). */
export interface ListSearchContext {
  /** The fields searched, as declared (the spec's `search`, the OpenAPI document's description). */
  fields: string[];
  /** The model's helper in src/appgen/search.ts, e.g. `postSearch` (SearchContext.variable). */
  variable: string;
}

/**
 * One model's full-text search (ProjectContext.searches, src/map/mapSearch.ts): how its queries
 * read the index that appgen's schema sync makes (src/db/searchIndexes.ts).
 */
export interface SearchContext {
  model: string;
  /** Its helper's name in src/appgen/search.ts: `postSearch`. */
  variable: string;
  fields: string[];
  /** The line of the generated schema that declares it to the schema sync (`// appgen:search {...}`). */
  schemaLine: string;
  /**
   * PostgreSQL: the expression of the model's GIN index (`to_tsvector('simple', ...)`), which the
   * queries repeat word for word, in parts that each end after a field (joined by `+`); else null.
   */
  vector: string[] | null;
  /** PostgreSQL: the name of the expression's constant in src/appgen/search.ts: `postVector`. */
  vectorName: string | null;
  /** SQLite: the model's table and its FTS5 table, quoted (`"Post"`, `"Post_search"`); else null. */
  table: { records: string; fts: string } | null;
}

/**
 * Pages by cursor (keyset): `?cursor=` names the last record of the previous page by its sort
 * value and id, and the page is the records after it in the list's order, or (a `prev` cursor) the
 * first record of the next page, and the page is the records before it (src/appgen/cursor.ts).
 */
export interface ListCursorContext {
  /** Each sort field and how its value travels in a cursor and is checked when it comes back. */
  sorts: { field: string; kind: 'string' | 'int' | 'float' | 'date' }[];
  /** The key beside the records that holds the next page's cursor (`next`) when the list answers an envelope; null: the answer is the bare list, and the next page's URL goes in a `Link` header. */
  nextKey: string | null;
  /** The key beside the records that holds the previous page's cursor (`prev`, null on the first page) when the list answers an envelope; null for a bare list (`Link` with `rel="prev"`). */
  prevKey: string | null;
  /** Send the count in X-Total-Count beside the page (the list counts, and no envelope key holds the count). */
  countHeader: boolean;
}

/**
 * A path parameter that names a parent record through a belongsTo relation of the route's model:
 * the handler finds it first (404 `<Model> not found`). By the parent's id when the parameter is
 * the model's own belongsTo field (`/api/users/:authorId/posts`, lists, creates and routes on a collection), or by a
 * unique field of the parent (`/api/articles/:slug/comments`, every method), whose id then
 * selects or sets `foreignKey`.
 */
export interface ParentContext {
  param: string;
  /** The parameter's type (an `int` parameter is compared as a number). */
  type: ParamType;
  model: string;
  delegate: string;
  /** The parent's field the parameter equals: `id` or a unique field. */
  field: string;
  /** The route model's field that holds the parent's id. */
  foreignKey: string;
  /** The variable holding the parent found (`{ id }`), e.g. `parentArticle`. */
  variable: string;
  /** The parameter is not a field of the route's model: its records are those whose `foreignKey` is `variable.id`. */
  setsForeignKey: boolean;
  /** The parent model has access rules: a parent the caller may not read is not found (404). */
  access: MethodAccessContext | null;
}

/** One field of the route's records that the path fixes (see MethodContext.matches). */
export interface MatchContext {
  field: string;
  /** The path parameter whose value it is (`Number()` of it for an int parameter)... */
  param: ParamContext;
  /** ...or, when not null, the id of the parent this variable holds (`parentArticle.id`). */
  parent: string | null;
}

export interface ModelRefContext {
  name: string;
  delegate: string;
}

/** What an account route does, and the accounts model's fields it reads. */
export interface AccountRouteContext {
  /** `account` of the route: a sign-up (a create), a log-in, a log-out or "sign out everywhere". */
  action: AccountAction;
  /** signUp and logIn: the answer carries a session token (and sets the session cookie). */
  issuesToken: boolean;
  /** logIn: the identity fields its body has; the first one sent names the account. */
  identity: string[];
  /** signUp and logIn: the accounts model's password field (else ''). */
  passwordField: string;
  /**
   * signUp and logIn of a project with a log-in route: the answer also sets the known-client
   * cookie (src/appgen/knownClients.ts), so the log-in throttle counts this client apart.
   */
  knowsClient: boolean;
  /** logIn: the 401 message for an unknown identity and for a wrong password alike. */
  failureMessage: string;
  /** logIn with several identity fields: the 400 message when none was sent (else ''). */
  identityMissingMessage: string;
  /** Mail routes and a sign-up that sends a verification mail: the accounts model's address field (else ''). */
  emailField: string;
  /** signUp: the new account is mailed a verification link (a verifyEmail route exists). */
  sendsVerification: boolean;
  /** logIn: an unverified address answers 403 (accounts.requireVerified); signUp: no session is started. */
  requiresVerified: boolean;
  /** logIn of a project with a second factor: src/appgen/totp.ts checks the body's one-time code. */
  asksSecondFactor: boolean;
}

/** What src/appgen/oidc.ts works with (ProjectContext.oidc). */
export interface OidcContext {
  /** The accounts model: its Prisma delegate and Drizzle table (`user`). */
  delegate: string;
  /** The field of the accounts model holding the address an account is found and made by. */
  emailField: string;
  /** `name` when the accounts model has it as text: a new account takes the claim of that name. */
  nameField: string | null;
  /** The accounts model's password field: a new account gets a password no one knows. */
  passwordField: string | null;
  /**
   * `accounts.providers`, with the prefix of their variables (`APPGEN_OIDC_CORP`) and how appgen
   * signs in with each (`oidc`, or `github`: GitHub's OAuth 2.0 and REST API).
   */
  providers: Array<{
    name: string;
    issuer: string;
    label: string;
    protocol: 'oidc' | 'github';
    envPrefix: string;
  }>;
  /** A provider is GitHub's (`"preset": "github"`): its sign-in code is written. */
  github: boolean;
  /** The callback route's path (`/api/oidc/:provider/callback`), the providers' redirect URI. */
  callbackPath: string;
  /** A verifyEmail route keeps verified addresses: a provider's verified address is marked so. */
  marksVerified: boolean;
  /** accounts.requireVerified: an account whose address is not verified is not signed in. */
  requireVerified: boolean;
}

/** What src/appgen/totp.ts works with (ProjectContext.totp). */
export interface TotpContext {
  /** The accounts model: its Prisma delegate and Drizzle table (`user`). */
  delegate: string;
  /** The field of the accounts model that names the account in the authenticator app. */
  labelField: string;
}

/** What src/appgen/accountMail.ts works with (ProjectContext.accountMail). */
export interface AccountMailContext {
  /** The accounts model: its Prisma delegate and Drizzle table (`user`). */
  delegate: string;
  /** The field of the accounts model mail goes to (accounts.emailField). */
  emailField: string;
  /** The accounts model's password field, which a reset sets ('' without a reset route). */
  passwordField: string;
  /** accounts.mailFrom, or null: the default sender. */
  mailFrom: string | null;
  /** Where the mails link (a path of the app or an absolute URL; `?token=` is added). */
  resetLink: string;
  verifyLink: string;
  /** A link is a path of the app: the links start with APPGEN_PUBLIC_URL, which production needs. */
  linksArePaths: boolean;
}

/** The keys a route's body and answer sit under (its `envelope`); null where there is none. */
export interface EnvelopeContext {
  /** The body is read from `{ "<request>": { ... } }`; messages name `<request>.<field>`. */
  request: string | null;
  /** The record or list is answered as `{ "<response>": ... }`. */
  response: string | null;
  /** A counted list sends the count of all matches as `"<count>": n` beside it (no X-Total-Count). */
  count: string | null;
}

/**
 * Cross-origin requests from browsers (appgen.config.json `cors`, defaults filled in): what
 * src/appgen/cors.ts answers preflights with and puts on answers, and what the CSRF guard lets
 * through.
 */
export interface CorsContext {
  /** `"origins": "*"`: any origin, answered with `Access-Control-Allow-Origin: *` (never with credentials). */
  anyOrigin: boolean;
  /** The listed origins, as browsers send them in `Origin` (empty with anyOrigin); APPGEN_CORS_ORIGINS replaces them where the app runs. */
  origins: string[];
  /** Those origins may send the app's cookies (`Access-Control-Allow-Credentials: true`), and write with them. */
  credentials: boolean;
  /** The methods other origins may use; empty: every method each route declares. */
  methods: string[];
  /** Request headers other origins may send (`Access-Control-Allow-Headers`). */
  headers: string[];
  /** Answer headers their scripts may read (`Access-Control-Expose-Headers`). */
  exposeHeaders: string[];
  /** Seconds a browser keeps a preflight's answer (`Access-Control-Max-Age`). */
  maxAge: number;

  // --- Decided by the map for the templates (src/map/mapCors.ts) ---
  /** `origins` as TypeScript: `"*"` with anyOrigin, else `["https://a.example", ...]`. */
  originsLiteral: string;
  /** `methods` as TypeScript: `["GET", ...]`, or `null` when empty. */
  methodsLiteral: string;
  /** `headers` as TypeScript: `["Content-Type", ...]`. */
  headersLiteral: string;
  /** `exposeHeaders` as TypeScript: `["X-Total-Count", ...]`. */
  exposeHeadersLiteral: string;
}

/** The shape of every error answer (appgen.config.json `errors`). */
export interface ErrorFormatContext {
  /** Keys from the answer's root to the message: `["error"]` (default), `["errors", "body"]`. */
  path: string[];
  /** The message is a list, one item per problem of an invalid body. */
  list: boolean;
  /** The status of a request body that fails validation: 400 (default) or 422. */
  validationStatus: number;

  // --- Decided by the map for the templates (src/map/mapProject.ts) ---
  /** The message's TypeScript type: `string[]` when `list`, else `string`. */
  messageType: 'string' | 'string[]';
  /** `messages` when `list`, else `message` (for comments). */
  messageWord: 'message' | 'messages';
  /** How errorBody puts the messages together, in its comment: `as a list` or `joined by "; "`. */
  joinedAs: string;
  /** errorBody's message, from its `messages`: `[...messages]` or `messages.join("; ")`. */
  messagesValue: string;
  /** invalidBody's messages, from its `problems` (sentences): `problems`, or one message of them all. */
  problemsValue: string;
}

/**
 * What every method of a route has, whatever its operation: MethodContext adds what its
 * operation has (one member per operation, `operation` telling which).
 */
export interface MethodBase {
  method: HttpMethod;
  /** Camel-case name of the method's handler, also the client function and OpenAPI operationId: `getApiPostsById`. */
  handlerName: string;
  /** The route's path as configured, e.g. `/api/users/:id`. */
  urlPath: string;
  /** What the method does; its steps (src/map/methodSteps.ts) run `orm/<orm>/<operation>` for it, or the function. */
  operation: RouteOperation;
  model: ModelRefContext | null;
  responseModel: string | null;
  responseIsArray: boolean;
  params: ParamContext[];
  /**
   * The equalities the path fixes on the route's records: each parameter that is a field of the
   * model, then the foreign key of each parent found by a unique field. They select the record (or
   * the list), and a create sets them.
   */
  matches: MatchContext[];
  hasIdParam: boolean;
  body: BodyFieldContext[];
  hasBody: boolean;
  /** Name of the generated body type and of its runtime spec constant. */
  bodyTypeName: string | null;
  bodySpecName: string | null;
  /** The caller must be signed in (401 otherwise). */
  auth: boolean;
  /**
   * `auth: "optional"`: getAuthUser runs and a signed-in caller is identified; without a user the
   * caller is anonymous (userId null), unless the request sent an Authorization header (401).
   */
  optionalAuth: boolean;
  /** Fields the server writes (`set`): the signed-in user's id (`currentUser`) or the time (`now`). */
  sets: Array<{ field: string; value: 'currentUser' | 'now' }>;
  /** The route works on the signed-in user's own record (`record: "currentUser"`); missing: 401. */
  currentUserRecord: boolean;
  /** An account route (`account`: signUp, logIn, logOut), written in full by appgen. Else null. */
  account: AccountRouteContext | null;
  /**
   * Stored sessions it ends (src/appgen/session.ts): `request` a log-out's own, `every` each of the
   * caller's ("sign out everywhere"), `others` the other sessions of the user whose password a PUT
   * or PATCH sets (the caller's own record, or one by its path, loaded as `current`; ended after
   * the checks, before the write). Null: none.
   */
  endsSessions: 'request' | 'every' | 'others' | null;
  /** A user-owned voter (src/voters/<name>.ts), else null. */
  voter: string | null;
  /** A built-in voter: `self` (params.id is the user's id) or `owner` (record[ownerField] is). */
  builtinVoter: 'self' | 'owner' | null;
  ownerField: string | null;
  /**
   * A voter with roles ("role:admin", "owner:authorId|role:admin"): `alternative` (the owner or
   * self check, as code) lets the caller through first; else their role, read now
   * (src/appgen/roles.ts), must be one of `roles` (a JSON array). `rule` names the voter in a
   * denial's log line: file, key and text.
   */
  roleVoter: { roles: string; alternative: string | null; rule: string } | null;
  /**
   * The record is loaded (404 when missing) before the voter runs, and passed to it; also on a
   * PUT or PATCH that writes links, so that a missing record is 404 before a missing linked one.
   */
  loadsRecord: boolean;
  /**
   * Orm drizzle, a GET of one record found by the path (not loaded for a voter): its select is a
   * statement prepared once per process (partial orm/drizzle/prepared, src/appgen/db.ts `preparedOnce`, `<handlerName>Read`),
   * not built and compiled on every request.
   */
  preparesRead: boolean;
  /**
   * When it does, the statement's name on PostgreSQL: the handler's name and the fields it
   * matches, e.g. `getApiUsersById(id)`; at most 63 characters (PostgreSQL keeps no more), a
   * longer one ending in a hash of the whole. Else null.
   */
  readStatement: string | null;
  /**
   * A write (create, replace, update, with a database) whose body has a password field: the text
   * is replaced by its hash (src/appgen/password.ts) just before the write.
   */
  hashesPasswords: boolean;
  /**
   * Orm drizzle on PostgreSQL, a write (create, replace, update, link, unlink) whose answer adds
   * included records or computed fields: they are read in the write's transaction (with `tx`),
   * so that a connection lost before the commit stores nothing and one lost after it fails
   * nothing: the answer is 2xx exactly when the write committed. (Prisma runs such a write and
   * its reads as one transaction itself; better-sqlite3's transactions are synchronous, and an
   * embedded file has no connection to lose: on SQLite the reads follow the commit.)
   */
  readsInTransaction: boolean;
  /** POST, PUT, PATCH or DELETE: refused when cross-site (CSRF), and fires events. */
  mutating: boolean;
  /**
   * A write (not an account route) with `auth: true`, a voter, or access rules on its model that
   * decide it (MethodAccessContext.write): it answers a probe
   * (src/appgen/probe.ts), a page asking in-process whether the visitor may use it. A probe runs
   * the same checks (`handler/probedBody` reads no body in a probe) and stops after them, at
   * `handler/probeStop`, before any write: a page shows the route's form only when it is allowed.
   */
  probed: boolean;
  /** Names of the events run in the request after the write committed (`run: "inRequest"`), in config order. */
  inRequestEvents: string[];
  /**
   * The events of this route's writes that the worker runs (`run: "worker"`), in config order: a
   * row each in the outbox (`AppgenEvent`), inserted in the write's transaction (Prisma:
   * `db.$transaction`; Drizzle: writesInTransaction) so that a committed write always has them
   * and a rolled-back one none. A function route records them after its function returned.
   */
  queuedEvents: QueuedEventContext[];
  /** The write's queued events are recorded in its transaction (a route of a model with queuedEvents, not a function). */
  queuesEvents: boolean;
  /** The operation events see: create (POST), update (PUT, PATCH) or delete (DELETE). */
  eventOperation: 'create' | 'update' | 'delete' | null;
  /** queuedEvents or inRequestEvents. */
  hasEvents: boolean;
  /** Something after authentication reads `userId` (a voter, a function or events). */
  usesUserId: boolean;
  function: string | null;
  redirect: string | null;
  /** 303 after a write, 307 after a GET. */
  redirectStatus: number;
  /**
   * The status of a successful answer without redirect: the route's `status`, else 201 for a
   * create with a database, 204 for a route on a collection without `response`, else 200. 204
   * answers with no body.
   */
  successStatus: number;
  /**
   * The answer sends the record(s): not a redirect, not a 204. A GET that sends none (a redirect)
   * only checks that its record exists: it has no `include`, `computed` or shape here.
   */
  answersRecord: boolean;
  /**
   * A DELETE or PATCH of a collection (`collection`: operation deleteMany or updateMany): it works on
   * every record its path, filters and scope select (`listQuery`, always read, so that an unknown
   * query parameter is refused rather than ignored). The ORM partial leaves the records it changed
   * as `records` when readsWritten (inRequest events, an answer of them), and their number as
   * `total` when countKey; queued events are recorded per record in its transaction.
   */
  collection: boolean;
  /** A collection without `response` answering the number of records changed: its key (`count`, or `envelope.count`); null otherwise. */
  countKey: string | null;
  /**
   * A PATCH of a collection whose body may change no field (no field required, no `set`): the
   * sentence refusing a body that sends none (`No field to change: send "done" or "title".`). Else null.
   */
  changesNothingMessage: string | null;
  /** `config/routes/users.json routes[1]` */
  source: string;
  /** Each path parameter with its dynamic folder's name (shared with other paths, see docs/decisions.md, "Record pages"). */
  folderParams: Array<{ name: string; folder: string }>;
  /** List routes with `query` or `scope`: filters, sorting, pagination and count; routes on a collection (their filters and scope, always); else null. */
  listQuery: ListQueryContext | null;
  hasListQuery: boolean;
  /** The search helper the list reads (listQuery.search.variable, imported from src/appgen/search.ts), or null. */
  searchVariable: string | null;
  /** Parents the path names, found first (404): see ParentContext. */
  parents: ParentContext[];
  /** Relations sent with each record (`include`), in config order. */
  include: IncludeContext[];
  /** `include` is not empty. */
  includes: boolean;
  /** `fields`: what is sent of each record (fields and computed fields), in order; null: the whole record. */
  fields: string[] | null;
  /** Of `fields`, the computed ones, in order. */
  computed: ComputedContext[];
  /** The route's `count` computed fields: counted apart from the records read (see countsRelations). */
  counted: ComputedContext[];
  /** The route's computed fields that read a relation's records (`callerIn`, `values`). */
  reads: ComputedContext[];
  /** Included relations or computed fields are added to the records after they are read. */
  related: boolean;
  /** The route sends computed fields: its own, or those of a relation it includes. */
  computes: boolean;
  /** The url fields the route sends of each record (of its `fields`, or every one of the model without `fields`). */
  urls: UrlFieldContext[];
  /** Some level of the answer sends url fields: the handler passes the base of its URLs to `shaped`. */
  sendsUrls: boolean;
  /**
   * The records read have `count` computed fields (the route's own or an included relation's).
   * Prisma counts them after the read, one grouped query per counted relation over the ids read
   * (withCounts, src/appgen/counts.ts), never with its `_count`, which counts the whole table of
   * related rows; a write then runs in a transaction with that count.
   */
  countsRelations: boolean;
  /**
   * The route sends chosen fields (its `fields`, or an included relation's) or url fields: the
   * name of the constant in the route file that says which (src/appgen/shape.ts), e.g.
   * `getApiArticlesShape`. Else null.
   */
  shapeName: string | null;
  /**
   * The answer shape the method reads and sends its records by, defined once per model in
   * `src/appgen/shapes/<model>.ts` (src/map/mapAnswerShapes.ts) and shared by every method of
   * the same shape: `name` (`articleAnswer`), the module (`@/appgen/shapes/article`), and whether
   * its Prisma include reads the caller (`include(userId)`). Null when the method reads and shapes
   * nothing (orm none, a plain record).
   */
  answer: MethodAnswerContext | null;
  /**
   * The route's model has `access` rules (src/appgen/access/<model>.ts): each query of the method
   * reads only the records the caller may read. Null without rules, and on account routes (they
   * act as the system: a log-in reads the account before anyone is signed in).
   */
  access: MethodAccessContext | null;
  /**
   * The method or a parent it checks reads through access rules: it builds the `caller` the rules
   * take (`readsRole`: reading the caller's role now). Null otherwise.
   */
  accessCaller: { readsRole: boolean } | null;
  /** The route's model has rules on fields: what its answers leave out, what its body may not hold. */
  fieldAccess: MethodFieldAccessContext | null;
  /**
   * Included relations whose model has rules on fields some caller may not read, as hidingIncluded
   * (src/appgen/access.ts) takes them: `{ memos: memoFields }`; null when none.
   */
  hidesIncluded: string | null;
  /** `values`: a list answered as the plain values of this field (`["a", "b"]`); else null. */
  values: string | null;
  /**
   * `token` on a `record: "currentUser"` route: the answer carries a session token as a log-in's
   * does. `held`: a GET answers the token the request was signed in with (a new one when it came
   * without a session token, e.g. through a getAuthUser of your own); `new`: a PUT or PATCH
   * answers a new token (a fresh expiry) and sets the session cookie to it. Else null.
   */
  sessionToken: 'held' | 'new' | null;
  envelope: EnvelopeContext;
  /** Some parameter's folder has another name: the handler renames them. */
  renamesParams: boolean;

  // --- Decided by src/map/methodSteps.ts: which partials render the method (templates decide nothing) ---
  /**
   * The partials the route file renders for this method before the handlers, in order, each
   * followed by a blank line when `spaced`: its body spec, query spec, prepared statement
   * (`orm/<orm>/prepared`) and shape, those it has.
   */
  specs: Array<{ spec: string; spaced: boolean }>;
  // --- Decided by the map (src/map/specLiterals.ts): the specs' entries as TypeScript literals, only those that apply ---
  /** handler/bodySpec: each body field and its rules, each a key and a literal (`type`: `"string"`, `values`: `[...]`...), laid out by the partial. */
  bodySpecFields: Array<{ name: string; entries: Array<{ key: string; value: string }> }>;
  /** handler/listQuerySpec, with listQuery: a line per filter (`status: { type: "enum", values: [...] }`), then the other entries (`sorts: [...]`...). */
  listQuerySpec: { filters: string[]; entries: string[] } | null;
  /** With shapeName: the Shape (`{ fields: [...], urls: {...}, include: {...} }`) its answer shape's module declares. */
  shapeLiteral: string | null;
  /**
   * The partials of the handler's body, in the order they run, only those that apply: the path's
   * parameters read (`handler/awaitParams`, or `handler/renameParams` when a folder has another
   * name), the checks (`handler/csrf`, `handler/auth`, `handler/optionalAuth` or `handler/anonymous`, `handler/params`,
   * `handler/body` (or `handler/noBody` when the method declares none), `handler/requireChanges`, `handler/listQuery`, `handler/readCursor`, `handler/parents`,
   * `orm/<orm>/load`, `handler/voter`, `handler/voterSelf`, `handler/voterOwner`), then the work
   * (`handler/function`, `handler/logOut`, or `handler/sessionReady`, `handler/hashPasswords`,
   * `handler/logInChecks` and `orm/<orm>/<operation>`), then the events and the answer
   * (`handler/writeEvents`, `handler/respondPage`, `handler/respondPageLink`, `handler/respondCounted`, `handler/respondCountHeader`,
   * `handler/respondRecords` (a list), `handler/respondFound`, `handler/respondToken`,
   * `handler/logInAnswer`, `handler/respondCollection`, `handler/respondRecord`). The route
   * template renders each with the method as its context.
   */
  steps: Array<{ step: string }>;
  /**
   * A method without a body (handler/noBody): where its input goes, the end of the message that
   * refuses a body sent to it (`This route takes no request body; <noBodyHint>`), e.g. `send
   * filters in the query string, e.g. ?done=true`. Null when the method has a body.
   */
  noBodyHint: string | null;
  /** The handler's parameters: `request: Request`, and `ctx: Context` when the path has parameters. */
  handlerParameters: string;
  /** What a function or voter receives as `params` (`params`, or `{}` without path parameters), as `body` (`body` or `undefined`), and a voter as `record` (`current` when loadsRecord, else `null`). */
  paramsArgument: 'params' | '{}';
  bodyArgument: 'body' | 'undefined';
  recordArgument: 'current' | 'null';
  /** handler/events: `for (const record of records) ` on a collection (each record's events in turn), else empty; and the list runEvents receives (`[["notify", notify]]`). */
  eventsLoop: string;
  runEventsList: string;
  /** The path parameters checked before use, with the function of src/appgen/params.ts that checks each and what it must be. */
  paramChecks: Array<{ name: string; test: string; expected: string }>;
  /** The body's password fields, hashed before the write (hashesPasswords). */
  passwordFields: string[];
  /** successStatus is 204: the answer has no body. */
  noContent: boolean;
  /** successStatus when an answer must name it (`json(value, 201)`); null for 200, json's default. */
  explicitStatus: number | null;
  /** The record events receive has computed fields, read as the ORM returns them (computes, with a database). */
  eventsReadComputed: boolean;
  // --- What map decides for the ORM partials (templates/partials/orm), src/map/mapOrmQueries.ts.
  /** The names, statement variants and lists the ORM partials of this method render. */
  orm: OrmQueryContext;
}

/** What a method that writes records of its model has (create, replace, update, delete, on a collection, link, unlink). */
export interface WriteMethodBase extends MethodBase {
  /** A create of a model with a slug field: the handler makes it from its `from` field. Else null. */
  slug: MethodSlugContext | null;
  /** Some body field has a `link`: the record and its links are written in one transaction. */
  writesLinks: boolean;
  /** The write runs in one transaction: with its links (writesLinks), what its answer reads (readsInTransaction), or the rows of its queued events (queuedEvents). */
  writesInTransaction: boolean;
  /**
   * The record a write returns is read after it: by `inRequest` events, by a sign-up's answer (its
   * token), or by an answer that sends it (answersRecord). Else the write keeps no variable
   * (queued events read it inside the write's transaction).
   */
  readsWritten: boolean;
}

/** What a method that writes one record from its body has (create, replace, update). */
export interface BodyWriteMethodBase extends WriteMethodBase {
  /** Some body field links records by id (`uuid[]`): the handler checks that they exist (409). */
  checksLinkIds: boolean;
  /** The unique fields by which `string[]` body fields name related records (`name`), each once: Prisma's write runs again when a concurrent request created one first. */
  createsBy: string[];
}

/** A list of records (GET of a collection path). */
export interface ListMethodContext extends MethodBase {
  operation: 'list';
  /** A list without pages (no `query.pageSize`) answers at most this many records; else null. */
  listLimit: number | null;
  /** Not on a collection (see CollectionMethodContext). */
  collection: false;
}

/** A GET of one record. */
export interface GetMethodContext extends MethodBase {
  operation: 'get';
  /** Not on a collection (see CollectionMethodContext). */
  collection: false;
}

/** A POST that creates a record (a sign-up when `account` is set). */
export interface CreateMethodContext extends BodyWriteMethodBase {
  operation: 'create';
  /** Not on a collection (see CollectionMethodContext). */
  collection: false;
}

/** A PUT of one record. */
export interface ReplaceMethodContext extends BodyWriteMethodBase {
  operation: 'replace';
  /** Not on a collection (see CollectionMethodContext). */
  collection: false;
}

/** A PATCH of one record. */
export interface UpdateMethodContext extends BodyWriteMethodBase {
  operation: 'update';
  /** Not on a collection (see CollectionMethodContext). */
  collection: false;
}

/** A DELETE of one record. */
export interface DeleteMethodContext extends WriteMethodBase {
  operation: 'delete';
  /** Not on a collection (see CollectionMethodContext). */
  collection: false;
}

/** A DELETE or PATCH of every record a path, its filters and scope select (`collection`). */
export interface CollectionMethodContext extends WriteMethodBase {
  operation: 'deleteMany' | 'updateMany';
  /** Always: it works on every record its path, filters and scope select. */
  collection: true;
  /** Its filters and scope (`query`, `scope`), always read: an unknown query parameter is refused. */
  listQuery: ListQueryContext;
}

/** A POST or DELETE that links the signed-in user to a record or unlinks them (`link`). */
export interface LinkMethodContext extends WriteMethodBase {
  operation: 'link' | 'unlink';
  /** The manyToMany relation the signed-in user is linked into or out of. */
  link: LinkRouteContext;
  /** Not on a collection (see CollectionMethodContext). */
  collection: false;
}

/** A log-in (`account: "logIn"`). */
export interface LogInMethodContext extends MethodBase {
  operation: 'logIn';
  /** What the account route does. */
  account: AccountRouteContext;
  /** Not on a collection (see CollectionMethodContext). */
  collection: false;
}

/** A log-out (`account: "logOut"`). */
export interface LogOutMethodContext extends MethodBase {
  operation: 'logOut';
  /** What the account route does. */
  account: AccountRouteContext;
  /** Not on a collection (see CollectionMethodContext). */
  collection: false;
}

/** The list of the caller's sessions (`account: "listSessions"`). */
export interface ListSessionsMethodContext extends MethodBase {
  operation: 'listSessions';
  /** What the account route does. */
  account: AccountRouteContext;
  /** Not on a collection (see CollectionMethodContext). */
  collection: false;
}

/** The end of one of the caller's sessions, named by its id (`account: "revokeSession"`). */
export interface RevokeSessionMethodContext extends MethodBase {
  operation: 'revokeSession';
  /** What the account route does. */
  account: AccountRouteContext;
  /** Not on a collection (see CollectionMethodContext). */
  collection: false;
}

/** A password reset or an e-mail verification (`account`: requestReset, resetPassword, verifyEmail, resendVerification). */
export interface AccountMailMethodContext extends MethodBase {
  operation: 'accountMail';
  /** What the account route does. */
  account: AccountRouteContext;
  /** Not on a collection (see CollectionMethodContext). */
  collection: false;
}

/** An API key route (`account`: createApiKey, listApiKeys, revokeApiKey). */
export interface ApiKeysMethodContext extends MethodBase {
  operation: 'apiKeys';
  /** What the account route does. */
  account: AccountRouteContext;
  /** Not on a collection (see CollectionMethodContext). */
  collection: false;
}

/** A second-factor route (`account`: enrolTotp, confirmTotp, disableTotp). */
export interface TotpMethodContext extends MethodBase {
  operation: 'totp';
  /** What the account route does. */
  account: AccountRouteContext;
  /** Not on a collection (see CollectionMethodContext). */
  collection: false;
}

/** A sign-in with an OpenID Connect provider (`account`: oidcSignIn, oidcCallback, listIdentities, unlinkIdentity). */
export interface OidcMethodContext extends MethodBase {
  operation: 'oidc';
  /** What the account route does. */
  account: AccountRouteContext;
  /** Not on a collection (see CollectionMethodContext). */
  collection: false;
}

/** A route that calls the user's function (`function`). */
export interface FunctionMethodContext extends MethodBase {
  operation: 'function';
  /** The user's function it calls (src/functions/<name>.ts). */
  function: string;
  /** Not on a collection (see CollectionMethodContext). */
  collection: false;
}

/**
 * One method of a route: a union keyed by `operation`. Each member has MethodBase and only the
 * fields its operation uses (src/map/methodContextOf.ts picks them); templates narrow it with
 * `{{#if (eq operation "list")}}`, `{{#if collection}}` or by the partial `orm/<orm>/<operation>`.
 */
export type MethodContext =
  | ListMethodContext
  | GetMethodContext
  | CreateMethodContext
  | ReplaceMethodContext
  | UpdateMethodContext
  | DeleteMethodContext
  | CollectionMethodContext
  | LinkMethodContext
  | LogInMethodContext
  | LogOutMethodContext
  | ListSessionsMethodContext
  | RevokeSessionMethodContext
  | AccountMailMethodContext
  | ApiKeysMethodContext
  | TotpMethodContext
  | OidcMethodContext
  | FunctionMethodContext;

export interface RouteFileContext {
  /** Output file, e.g. `src/app/api/users/[id]/route.ts`. */
  outputPath: string;
  /** Names of the file's dynamic folders, outermost first (what Next.js passes as params). */
  folderParams: string[];
  /** The path as configured (with `:param` segments). */
  urlPath: string;
  params: ParamContext[];
  hasParams: boolean;
  methods: MethodContext[];
  /** GET, POST, PUT, PATCH and DELETE when not declared: each exported as a 405 answer with `Allow`. */
  refusedMethods: string[];
  /** The `Allow` header: the declared methods, HEAD with GET, and OPTIONS, sorted (`GET, HEAD, OPTIONS, POST`). */
  allow: string;
  sources: string[];

  // --- Decided by the map for the templates (src/map/mapRoutes.ts) ---
  /** The members of the handlers' `params` type: `id: string; slug: string`. */
  paramsMembers: string;
  /** The body types the file's methods import, in method order. */
  bodyTypeNames: string[];
  /** The answer shapes its methods use, by module (`import { articleAnswer } from "@/appgen/shapes/article"`). */
  answerImports: Array<{ names: string; module: string }>;
  /** The access rules its methods (and their parents) ask, by module (`@/appgen/access/post`). */
  accessImports: Array<{ names: string; module: string }>;
}

export interface OptionContext {
  value: string;
  label: string;
}

/**
 * A select's choices read from a GET list route (`"options": "GET /api/categories"`): each record
 * of the answer is an option sending its `id` and showing its `labelField`.
 */
export interface SelectOptionsContext {
  /** The route call holding the answer, e.g. `data1`. */
  variable: string;
  /** The field of each record shown (`optionLabel`). */
  labelField: string;
  /** How formatValue shows it. */
  labelKind: ColumnContext['kind'];
}

export interface ColumnContext {
  field: string;
  label: string;
  /** How formatValue shows it: datetime as a date, boolean as Yes/No, json as JSON text. */
  kind: 'string' | 'number' | 'boolean' | 'datetime' | 'json';
  /**
   * The path the value links to, `:name` from the record: the first column of a list with `link`,
   * or a detail's belongsTo field (`/users/:authorId`, the related model's record page); else null.
   */
  link: string | null;
  /** A `text` field: a detail shows it with its line breaks. */
  multiline: boolean;
  /**
   * The class of a detail's value: `appgen-multiline` for a `text` field (its line breaks kept),
   * `appgen-json` for JSON (indented, in a monospace font), else null.
   */
  valueClass: 'appgen-multiline' | 'appgen-json' | null;
  /** A detail's: the variable holding its route's answer (`data0`), whose record it shows; null in a list. */
  data: string | null;

  /** A column of an included relation's field (`author.name`): the relation, else null (`field` is then the related field). */
  relation: string | null;
  /** The variable of the list's URL state (`list0`) when the route sorts by this column, else null. */
  sortState: string | null;

  // --- Decided by the map for the templates (src/map/mapElements.ts) ---
  /**
   * The partial that writes the value: a list row's cell `view/cell/link` (with `link`) or
   * `view/cell/value`; a detail's `view/field/link` (its belongsTo key), `view/field/relatedLink`
   * (a field of the relation, linked by the key) or `view/field/value` (reading `data`).
   */
  cell:
    | 'view/cell/link'
    | 'view/cell/value'
    | 'view/field/link'
    | 'view/field/relatedLink'
    | 'view/field/value';
  /** The partial that writes the cell's text: `view/value/related` (with `relation`), else `view/value/own`. */
  value: 'view/value/own' | 'view/value/related';
  /** The partial that writes the column's heading: `view/header/sort` (with `sortState`), else `view/header/plain`. */
  header: 'view/header/sort' | 'view/header/plain';
  /** An enum field's labels as shownValue's last argument (`, { "in_review": "In review" }`), else empty. */
  labelsArgument: string;
}

/**
 * What a list offers because its route has a `query` with filters, sorts or pages: the state it
 * reads from its page's URL (src/appgen/listState.ts) and the controls it draws from it.
 */
export interface ListControlsContext {
  /** Variable of the list's state in the page component, e.g. `list0`. */
  state: string;
  /** Put before each of the list's parameters in the page's URL (`comments.`) when its page has several such lists; else empty. */
  prefix: string;
  /** The rest of the ListSpec as TypeScript: `route: { ... }, filters: [...], counts: true`. */
  specEntries: string;
  /** callList's arguments after the state: the envelope's keys (`, "articles", "articlesCount"`), or empty. */
  envelopeArguments: string;
  /** The list has filters: a filter form. (Its pager shows only when the route has pages.) */
  filters: boolean;
}

/** A GET route a page calls in-process (its exported handler, no HTTP) to show its answer. */
export interface RouteCallContext {
  /** Variable holding the answer in the page component, e.g. `data1`. */
  variable: string;
  /** Local name of the imported handler, e.g. `getApiPostsById`. */
  handler: string;
  /** Module of the route file, e.g. `@/app/api/posts/[id]/route`. */
  module: string;
  /**
   * The route's path with each `:name` renamed to the page parameter it takes (the element's
   * `params`, else its own name); the `url` helper fills them from the page's.
   */
  urlPath: string;
  /** The page parameters the route's path parameters take, in the route's order. */
  params: string[];
  /** Model type of the answer (an array of it when `isArray`). */
  model: string;
  isArray: boolean;
  /** The key the route answers under (`envelope`), or null: the page reads the record inside it. */
  envelope: string | null;

  // --- Decided by the map for the templates (src/map/viewRouteCalls.ts) ---
  /** The type callRoute reads the answer as: `model`, `model[]` when `isArray`. */
  answerType: string;
  /**
   * The route's params from the page's, under the names its handler reads (its folders'):
   * `{ id: params.postId }` for `:postId` of `/api/posts/[id]/comments`, or `{}`.
   */
  paramsArgument: string;
  /** callRoute's last argument, the key of `envelope` (`, "article"`), or empty. */
  envelopeArgument: string;
  /** A list element's controls (its route has a `query`), else null. */
  list: ListControlsContext | null;
  /** The partial that writes the call in the page: `view/load/list` (with `list`), else `view/load/route`. */
  loadPartial: 'view/load/list' | 'view/load/route';
}

/**
 * A page asking a form's route, in probe mode, whether the visitor may use it (routeAccess of
 * src/appgen/view.ts), for a form bound to a route with `auth`, a voter or access rules deciding it (MethodContext.probed),
 * or for a link to a page whose forms are bound to such a route (src/map/linkAccess.ts).
 */
export interface FormAccessContext {
  /** Variable holding the answer in the page component, e.g. `access0`. */
  variable: string;
  /** Local name of the imported handler, e.g. `patchApiPostsById`, and its HTTP method. */
  handler: string;
  method: HttpMethod;
  /** Module of the route file, e.g. `@/app/api/posts/[id]/route`. */
  module: string;
  /** The route's path in the page's parameters, as RouteCallContext.urlPath. */
  urlPath: string;
  /** The route's params from the page's, as RouteCallContext.paramsArgument. */
  paramsArgument: string;
  /** The link a signed-out visitor sees in place of the form: "Log in to save" (its button's label), or of a link ("Log in to edit"). */
  signInText: string;
  /**
   * The variables of the page's earlier access checks (`access0`, ...): when one of them already
   * shows a log-in link, this form shows none (one "Log in to ..." per page).
   */
  earlier: string[];
}

/** How the form turns a field's text into the JSON value the route's body expects. */
export interface FormFieldContext {
  name: string;
  kind: 'string' | 'int' | 'float' | 'boolean' | 'datetime' | 'json';
  /** An empty field is sent as null (else left out). */
  nullable: boolean;
}

export interface FormContext {
  /**
   * The bound route's method and path, each `:name` renamed to the page parameter it takes (the
   * form's `params`, else its own name) and filled from the page's; null when unbound.
   */
  method: HttpMethod | null;
  urlPath: string | null;
  fields: FormFieldContext[];
  /** Page to go to after success (`:name` from the answer, then the page's params), or null. */
  success: string | null;
  /** What the form says after a success that stays on the page (`notice`), or null: Saved. or Deleted. */
  notice: string | null;
  /** Empty the fields after a success that stays on the page (a form that creates). */
  reset: boolean;
  /** The record that fills the fields first (an edit form), or null. */
  load: RouteCallContext | null;
  /** The key the bound route reads its body under (`envelope`), or null: the form wraps its fields. */
  requestEnvelope: string | null;
  /** The key the bound route answers its record under, or null: `success` reads `:name` inside it. */
  responseEnvelope: string | null;
  /** The bound route is a sign-up or log-in (`account: "signUp"` or `"logIn"`): it starts a session. */
  signsIn: boolean;
  /** The bound route is an account route (sign-up, log-in, password reset, verification...): its page may be a card. */
  onAccount: boolean;
  /**
   * The bound route has `auth`, a voter or access rules deciding it (MethodContext.probed): the page shows the form only
   * when the route would let the visitor through, a "Log in to ..." link when it needs a sign-in,
   * else nothing (partial view/guarded). Null for every other form, shown to everyone.
   */
  access: FormAccessContext | null;

  // --- Decided by the map for the templates (src/map/mapElements.ts) ---
  /** The props of `<AppgenForm>`, in order: the envelopes only where the route has them. */
  props: FormPropContext[];
  /** What view/guarded shows when allowed: `view/form`, or `view/form/loaded` for an edit form. */
  shownPartial: 'view/form' | 'view/form/loaded';
}

/**
 * One prop of `<AppgenForm>` (`name={ … }`), written by `view/prop/<propKind>`: `string` (a
 * string literal of `value`), `url` (the path `value` with the page's params), `code` (`value`
 * as it is: `null`, `true`, `false`, `params`, `{}`), `fields` (the list `fields`).
 */
export interface FormPropContext {
  name: string;
  propKind: 'string' | 'url' | 'code' | 'fields';
  value: string | null;
  /** The `fields` prop's list, else empty. */
  fields: FormFieldContext[];
}

/**
 * One element of a view. Every field is present for every type (null, false or empty where it
 * does not apply); `partial` names the partial that renders it (`view/<type>`, or a variant of
 * it: `view/form/loaded` for an edit form, `view/link/external` for a link that leaves the app,
 * `view/link/route` for one to a route of the app rather than a page; `view/guarded` around
 * `shownPartial` for an element with an access check, `access`).
 */
export interface ElementContext {
  type: ElementType;
  partial: string;
  /** The body field a field element (input, textarea, select, checkbox) sends: its `name`. */
  id: string | null;
  /**
   * The field's HTML id (its label's `htmlFor`): `id`, unique on the page; a second form of the
   * page sending the same field gets `id-2`, and so on.
   */
  domId: string | null;
  label: string | null;
  /** Text of a heading or paragraph. */
  text: string | null;
  /** Heading level, 1 to 4. */
  level: number;
  /** HTML type of an input: text, email, password, number or date. */
  inputType: string;
  /** `autocomplete` of a password input (current-password or new-password) or of a one-time code's (one-time-code), see inputAutocomplete.ts; else null. */
  autocomplete: string | null;
  required: boolean;
  placeholder: string | null;
  rows: number;
  minLength: number | null;
  maxLength: number | null;
  min: number | null;
  max: number | null;
  /** `1` for whole numbers, `any` for floats, else null. */
  step: string | null;
  options: OptionContext[];
  /** A select whose choices are the records of a list route, else null. */
  optionsFrom: SelectOptionsContext | null;
  /** Link target (`:params` from the page's), and whether it is a plain anchor: it leaves the app, or leads to a route of it rather than a page. */
  href: string | null;
  external: boolean;
  /** Section layout: stack, row or grid. */
  layout: string;
  /** Child elements of a form or section. */
  children: ElementContext[];
  /** What a form sends where, else null (not a form). */
  form: FormContext | null;
  /** The GET route a list or detail shows. */
  data: RouteCallContext | null;
  columns: ColumnContext[];
  /** Path each list row links to (`:name` from the row's record), or null. */
  link: string | null;
  /** Text of an empty list. */
  empty: string;
  /**
   * A list's table's accessible name (its scrolling region's `aria-label`): the text of the
   * heading just before the list, else the view's title; numbered ("Comments (2)") when two
   * tables of the page would share one. Empty for other elements.
   */
  tableLabel: string;
  /** A detail's `heading`: the field of its record that titles the page, else null. */
  heading: string | null;
  /** A field of an edit form: the variable of the record that fills it, else null. */
  valueFrom: string | null;
  /** What the field's value is, for filling it from a record. */
  valueKind: ColumnContext['kind'];
  /** An input that starts with the page's query parameter of its id (`fromQuery`). */
  fromQuery: boolean;

  // --- Decided by the map for the templates (src/map/mapElements.ts) ---
  /** The attributes a field element's control has after its id, name (and type or rows), in order. */
  attributes: AttributeContext[];
  /** The text of a select's empty first option: `Choose…` when a value is required, else `—`. */
  emptyOption: string;
  /**
   * The check the page makes before showing the element, else null (shown to everyone): a form's
   * (FormContext.access), or a link's to a page of the project whose forms are bound to a write
   * route with `auth` or a voter, that route asked with the link's path parameters bound into the
   * target's (src/map/linkAccess.ts). `partial` is then `view/guarded`: the element when allowed, a
   * "Log in to ..." link when a sign-in is needed, nothing when refused.
   */
  access: FormAccessContext | null;
  /** What shows the element: `partial`, or, when `access` guards it, what view/guarded shows when allowed. */
  shownPartial: string;
}

/**
 * One attribute of a field's control (ElementContext.attributes), written by the partial
 * `view/attribute/<attributeKind>`: `flag` (` required`), `text` (` placeholder={"…"}`), `number`
 * (` minLength={ 3 }`), `string` (` defaultValue={ "" }`), and from the record of an edit form
 * `recordValue` (an input's or textarea's `defaultValue`), `recordSelected` (a select's) and
 * `recordChecked` (a checkbox's `defaultChecked`).
 */
export interface AttributeContext {
  attributeKind:
    | 'flag'
    | 'text'
    | 'number'
    | 'string'
    | 'recordValue'
    | 'recordSelected'
    | 'recordChecked'
    | 'queryValue';
  /** The JSX attribute name, e.g. `minLength`. */
  name: string;
  /** The text or number written; for a record's value, the kind inputValue reads it as; null for a flag. */
  value: string | number | null;
  /** The variable of the record that fills the field (`data0`), else null. */
  record: string | null;
  /** The record field read (the element's id), else null. */
  field: string | null;
}

export interface RouteImportContext {
  handler: string;
  method: HttpMethod;
  module: string;
}

export interface ViewContext {
  name: string;
  urlPath: string;
  /** Output file, e.g. `src/app/login/page.tsx`. */
  outputPath: string;
  title: string;
  params: string[];
  hasParams: boolean;
  /** Each path parameter with its dynamic folder's name (shared with other paths). */
  folderParams: Array<{ name: string; folder: string }>;
  /** Some parameter's folder has another name: the page renames them. */
  renamesParams: boolean;
  /** Only signed-in users see the page. */
  auth: boolean;
  root: ElementContext;
  /** Route handlers the page calls, and the model types of their answers. */
  routeImports: RouteImportContext[];
  modelTypes: string[];
  /** Every route call of the page, in page order. */
  loads: RouteCallContext[];
  /** The page's forms and links that ask a route whether the visitor may use it (ElementContext.access), in page order. */
  accessChecks: FormAccessContext[];
  /** The page builds a request (auth or loads) and so needs its own path, `here`. */
  usesRequest: boolean;
  usesForm: boolean;
  /** Some form of the page signs up or logs in (a log-in or sign-up page). */
  signsIn: boolean;
  /**
   * The class names of the page's `<main>`: `appgen-page`, plus `appgen-page-card` on a log-in or
   * sign-up page (a form of it signs up or logs in, and nothing else on it reads or writes
   * records), which globals.css draws as a narrow card in the middle.
   */
  pageClass: 'appgen-page' | 'appgen-page appgen-page-card';
  /** An internal link or a list with row links (imports next/link). */
  usesLink: boolean;
  /** What the page imports from src/appgen/view.ts, sorted. */
  viewHelpers: string[];
  /** Some list of the page has controls (RouteCallContext.list): the page reads its URL's query. */
  hasListControls: boolean;
  source: string;

  // --- Decided by the map for the templates (src/map/mapViews.ts) ---
  /** The page component's parameter: `props: { params: Promise<{ id: string }> }`, or empty without params. */
  propsParameter: string;
  /** The members of `propsParameter`'s type (`params: Promise<{ id: string }>`), one a line when the signature does not fit. */
  propsMembers: string[];
  /** What the page does before it reads its routes, in order: each a partial `view/setup/<step>`, rendered with the view. */
  setup: Array<{ pageStep: PageStep }>;
  /** A detail's `heading`: the route call and field whose value is the page's h1 and document title, else null. */
  heading: ViewHeadingContext | null;
  /** Writes the `h1`: `view/title/fixed` (`title`), or `view/title/record` (`heading`, `title` when it has no value). */
  headingPartial: 'view/title/fixed' | 'view/title/record';
  /** Writes the document title: `view/metadata/fixed` (`metadata`), or `view/metadata/record` (`generateMetadata` reading `heading`). */
  metadataPartial: 'view/metadata/fixed' | 'view/metadata/record';
  /** What generateMetadata does before its route call (decode the params, know its path): as `setup`. */
  metadataSetup: Array<{ pageStep: PageStep }>;
}

/** The record field a page is titled by (a detail's `heading`). */
export interface ViewHeadingContext {
  load: RouteCallContext;
  field: string;
  kind: ColumnContext['kind'];
}

/** A statement of a page before its route calls (ViewContext.setup): its params, its path, the sign-in check. */
export type PageStep =
  | 'view/setup/params'
  | 'view/setup/renamedParams'
  | 'view/setup/here'
  | 'view/setup/requireUser'
  | 'view/setup/search'
  | 'view/setup/locale';

export interface EventContext {
  name: string;
  model: string;
  on: Array<'create' | 'update' | 'delete'>;
  source: string;
  /** `worker`: recorded in the outbox and run by the worker (src/appgen/outbox.ts); `inRequest`: run by the route after the commit. */
  run: 'worker' | 'inRequest';
  /** Worker events: runs at most this many times before it is kept as failed. */
  attempts: number;
  /** Worker events: the wait before the second attempt, doubled for each later one (capped at an hour). */
  retryDelaySeconds: number;
  /** Worker events: how long an attempt holds its claim before another instance may take it over. */
  timeoutSeconds: number;
}

/** An event a write records in its transaction for the worker to run. */
export interface QueuedEventContext {
  name: string;
  /** The row's maxAttempts. */
  attempts: number;
}

/** A scheduled job (config/jobs/), every optional field filled in. */
export interface JobContext {
  /** Also the name of its handler, exported by src/jobs/<name>.ts. */
  name: string;
  /** A cron expression of five fields, or @daily and the like, as written. */
  schedule: string;
  /** The IANA time zone the schedule is read in (default "UTC"). */
  timezone: string;
  /** Tries of one run before it is kept as failed (default 3). */
  attempts: number;
  /** Seconds before a failed run is tried again (default 10). */
  retryDelaySeconds: number;
  /** How long one attempt holds the run before another instance may take it over (default 60). */
  timeoutSeconds: number;
  /** The config file that declares it. */
  source: string;
}

export interface NavLinkContext {
  href: string;
  label: string;
  /** A log-in or sign-up page (a form bound to such a route): shown only while signed out, when the app has a log-out. */
  signedOutOnly: boolean;
  /** A page that needs a signed-in user (`auth`): shown only while signed in. */
  signedInOnly: boolean;

  // --- Decided by the map for the templates (src/map/mapProject.ts) ---
  /**
   * How the layout writes it: `view/nav/link`, `view/nav/signedInLink` (signedInOnly: hidden
   * from the signed out), or in an app with a log-out `view/nav/signedOutLink` (signedOutOnly:
   * hidden from the signed in).
   */
  navPartial: 'view/nav/link' | 'view/nav/signedOutLink' | 'view/nav/signedInLink';
  /** How the home page (src/appgen/home.tsx) lists it, by the same rule: `view/home/<the same>`. */
  homePartial: 'view/home/link' | 'view/home/signedOutLink' | 'view/home/signedInLink';
}

/** One item of the layout's navigation (ProjectContext.navItems): a link, or the log-out button. */
export interface NavItemContext {
  navPartial: NavLinkContext['navPartial'] | 'view/nav/logOut';
  /** The link's path and text; null for the log-out button. */
  href: string | null;
  label: string | null;
}

/** The navigation's log-out control: a button that posts to the app's `account: "logOut"` route. */
export interface AccountNavContext {
  /** The log-out route's path, e.g. `/api/logout`. */
  logOutPath: string;
  /** Where the browser goes once logged out (settings `loginPath`). */
  afterLogOut: string;
}

/** A page's path for the proxy's record check (src/map/missingRecords.ts). */
export interface MissingRecordPageContext {
  /** The path's segments as a JSON array literal, `:name` for a parameter: `["posts",":postId"]`. */
  segments: string;
  /** The page's GET calls of one record by its path parameters (empty: a page not checked). */
  loads: RouteCallContext[];
}

/** What src/appgen/missingRecords.ts checks before a record page renders. */
export interface MissingRecordsContext {
  /** Every page's and route's path (empty when no page loads a record by its parameters). */
  pages: MissingRecordPageContext[];
  /** The handlers the checks call. */
  routeImports: Array<{ handler: string; module: string }>;
}

/** Which answer shape of its model's shapes module a method uses (MethodContext.answer). */
export interface MethodAnswerContext {
  name: string;
  module: string;
  /** What its Prisma include is called with (`userId`, `caller`, `userId, caller`); null: a constant. */
  includeArguments: string | null;
}

/** One answer shape of a model (src/appgen/shapes/<model>.ts), with the methods that use it. */
export interface AnswerShapeContext {
  /** The exported constant: `articleAnswer` for the shape most routes use, else `<handler>Answer`. */
  name: string;
  /** The routes that answer by it, `GET /api/articles`, in route order. */
  routes: string[];
  /** A comment's lines naming those routes, each at most 100 characters with its indent. */
  routeLines: string[];
  /** What its module declares (each when the shape has it): the Prisma include, counting and reading, and the Shape. */
  members: { include: boolean; counting: boolean; reading: boolean; shape: boolean };
  /**
   * The parameters of its Prisma include when it depends on the caller (a computed field looks for
   * their record: `userId: string | null`; related records read through access rules: `caller:
   * Caller`; or both); null: a constant.
   */
  includeParameters: string | null;
  /** What its parameters stand for: the comment above its Prisma include (none for a constant). */
  includeComment: string[];
  /** The first method using it: the partials that write its include, counting and reading take it. */
  method: MethodContext;
}

/** A method's (or a parent's) access rules: its model's rules (`src/appgen/access/<module>.ts`). */
export interface MethodAccessContext {
  /** `postAccess`: the model's ModelAccess (src/appgen/access.ts). */
  name: string;
  /** The module: `@/appgen/access/<module>`. */
  module: string;
  /** Some rule asks for the caller's role: the handler reads it (one read by primary key). */
  readsRole: boolean;
  /**
   * The write the rules must allow beside "read": `update` (PUT, PATCH), `delete`, `create`; null
   * on reads and for a parent.
   */
  write: 'create' | 'update' | 'delete' | null;
  /** A create or update: its new values are checked in its transaction (ModelAccess.holds). */
  checksAfterWrite: boolean;
  /** An update, replace or delete of one record: checked before (ModelAccess.refuses: 404, 403). */
  checksBefore: boolean;
}

/**
 * One condition of an access rule, written by `orm/<orm>/access/<kind>` as a Prisma `where` or a
 * Drizzle `SQL` of the caller (`caller.id`, `caller.role`).
 */
export interface AccessConditionContext {
  kind:
    | 'always'
    | 'all'
    | 'any'
    | 'not'
    | 'equals'
    | 'isNull'
    | 'isCaller'
    | 'reachesCaller'
    | 'role'
    | 'signedIn';
  /** all, any: the conditions; not: the one it negates. */
  items: AccessConditionContext[];
  /** equals, isNull, isCaller: the model's field; reachesCaller with `optional`: the first step's belongsTo field. */
  field: string | null;
  /** equals: the value as a TypeScript literal (`"published"`, `true`, `3`). */
  value: string | null;
  /** reachesCaller: the relations from the record to the caller. */
  path: RelationPathContext | null;
  /** role: the roles as a TypeScript array literal (`["editor", "admin"]`). */
  roles: string | null;
  /**
   * equals, isCaller: the field is optional; reachesCaller: the path's first step is a belongsTo
   * whose field is optional. A record without a value (NULL) must not hold the comparison, and so
   * hold its `not` (and not be denied by it), as the rules say: the query compares it as false,
   * where SQL's `note = 'a'` (or `reviewerId IN (...)`) alone is unknown, and so is its NOT.
   */
  optional: boolean;
}

/** One rule of a model's `access`, as its module lists it. */
export interface AccessRuleContext {
  /** `access[2]` */
  at: string;
  effect: 'allow' | 'deny';
  /** The operations as a TypeScript array literal (`["read", "update"]`). */
  operations: string;
  /** The description as a TypeScript literal, or `null`. */
  description: string;
  /** The condition reads the caller: `when: (caller) => ...`, else `when: () => ...`. */
  readsCaller: boolean;
  when: AccessConditionContext;
}

/** A field's rules, as its model's access module lists them (FieldAccess, src/appgen/access.ts). */
export interface FieldRuleContext {
  name: string;
  /** Who reads it (else answers leave it out); null: everyone who reads the record. */
  read: FieldTestContext | null;
  /** Who writes it (else 403 naming it); null: everyone who may write the record. */
  write: FieldTestContext | null;
}

/** One rule of a field as a test of the record and the caller. */
export interface FieldTestContext {
  /** The test's parameters, those it does not read marked unused: `(record, caller)`, `(_record, caller)`. */
  parameters: string;
  condition: AccessConditionContext;
}

/** A model's access rules module, `src/appgen/access/<delegate>.ts`. */
export interface AccessModuleContext {
  model: { name: string; delegate: string };
  outputPath: string;
  /** The model's config file (the file's header). */
  sources: string[];
  /** The model's config file, named in the log when a rule decides: `config/models/Post.json`. */
  file: string;
  /** `postAccess`: its rules on records (ModelAccess), or null when it has none. */
  rowsName: string | null;
  rules: AccessRuleContext[];
  /** `postFields`: its rules on fields (FieldAccess), or null when it has none. */
  fieldsName: string | null;
  fields: FieldRuleContext[];
}

/** A method of a model with rules on fields (MethodContext.fieldAccess). */
export interface MethodFieldAccessContext {
  /** `postFields` */
  name: string;
  module: string;
  /** Its answer sends records of the model: the fields the caller may not read are left out. */
  hides: boolean;
  /** A create, update or replace: a body field the caller may not write is refused (403). */
  checksWrites: boolean;
}

/** A model's answer shapes module, `src/appgen/shapes/<delegate>.ts`. */
export interface AnswerModuleContext {
  model: { name: string; delegate: string };
  outputPath: string;
  /** The config files of the routes using it (the file's header). */
  sources: string[];
  shapes: AnswerShapeContext[];
  /** The access rules its includes read related records through: `{ module, names }` each. */
  accessImports: Array<{ module: string; names: string }>;
}

export interface ProjectContext {
  /** The functions of src/appgen/client.ts, one per route method (also the OpenAPI operations). */
  clientRoutes: ClientRouteContext[];
  orm: OrmName;
  usesDatabase: boolean;
  provider: DatabaseProvider;
  /** Used when DATABASE_URL is not set: the embedded SQLite file. */
  defaultDatabaseUrl: string;
  /** What src/appgen/schema.ts (orm drizzle) imports from drizzle-orm/sqlite-core or pg-core. */
  drizzleImports: string[];
  /** Some model has a date_now or date_updated field: schema.ts (Drizzle) defines writeTime. */
  writesTimes: boolean;
  models: ModelContext[];
  /**
   * appgen's own tables in the app's database (src/map/internalModels.ts), rendered by the schemas
   * like models and used only by appgen's runtime: `AppgenEvent` (the outbox) with events,
   * `AppgenSignInFailure` (the log-in throttle) with a log-in route, `AppgenSession` (stored
   * sessions, a foreign key to the accounts model) with routes that start sessions. No routes,
   * types or pages.
   */
  internalModels: ModelContext[];
  /**
   * The models' names, in the order of `models`. For templates that only name the models (the
   * client's and types/index.ts's imports): an output that reads only this is not rendered again
   * when a model's fields change (src/render/renderMemo.ts keys it by what it read).
   */
  modelNames: string[];
  routeFiles: RouteFileContext[];
  /** Every method of every route file, for files that list all routes (e.g. body types). */
  methods: MethodContext[];
  /** Each model's answer shapes, one module per model that routes answer with a shape. */
  answerModules: AnswerModuleContext[];
  /** Models with access rules: their modules, `src/appgen/access/<delegate>.ts`. */
  accessModules: AccessModuleContext[];
  views: ViewContext[];
  navLinks: NavLinkContext[];
  /** The app's name: `name` of the project's package.json, else "appgen app" (the page title, the home page's heading). */
  appName: string;
  /** No view or route has the path `/`: appgen's home page (src/appgen/home.tsx, shown by the scaffolded src/app/page.tsx) is there. */
  homePage: boolean;
  /** Views and an `account: "logOut"` route: the layout reads the session and shows a log-out button to the signed in. */
  accountNav: AccountNavContext | null;
  /** Where pages send visitors who must sign in (with `?next=<page>`). */
  loginPath: string;
  /**
   * Reverse proxies in front of the app whose X-Forwarded-* headers count (settings `trustProxy`,
   * default 0): src/appgen/requestOrigin.ts reads the request's host, scheme and client address by it.
   */
  trustProxy: number;
  /** Cross-origin requests from browsers (settings `cors`): src/appgen/cors.ts is generated; null: the app's own origin only. */
  cors: CorsContext | null;
  errors: ErrorFormatContext;
  /** Some view binds a form to a route (src/appgen/form.tsx is generated). */
  hasForms: boolean;
  /** Some page has a list with controls (src/appgen/listState.ts, listControls.tsx). */
  hasListControls: boolean;
  /** The record pages the proxy checks for a missing record (a 404 with the not-found page before rendering). */
  missingRecords: MissingRecordsContext;
  functions: string[];
  /** User-owned voters only (built-ins are in src/appgen/voters.ts). */
  voters: string[];
  events: EventContext[];
  /** Scheduled jobs, sorted by name: src/appgen/jobs.ts is generated when there is one. */
  jobs: JobContext[];
  /**
   * The project keeps an outbox that a worker in every server process runs (src/appgen/outbox.ts,
   * started by startServer in src/appgen/startup.ts): some event has `run: "worker"` and there is
   * a database (orm none runs every event in the request), or some job is scheduled.
   */
  hasOutbox: boolean;
  hasAuth: boolean;
  /** The scheme of `Authorization: <scheme> <token>` (settings `accounts.tokenScheme`, default Bearer). */
  tokenScheme: string;
  /** The start of the development secret create-appgen writes into .env, which a production server refuses (src/config/devSessionSecret.ts). */
  devSecretPrefix: string;
  /** Failed log-ins allowed per identity and per client address within a window (settings `accounts.throttle`). */
  signInLimits: { perIdentity: number; perAddress: number; windowSeconds: number };
  /** Some route is a log-in (`account: "logIn"`): src/appgen/throttle.ts and knownClients.ts are generated. */
  hasLogIn: boolean;
  /**
   * Failures are counted in the database (table AppgenSignInFailure, src/appgen/signInFailures.ts):
   * a log-in's throttle, or the throttle of requests for account mail.
   */
  countsFailures: boolean;
  /**
   * Routes issue session tokens (a sign-up, a log-in, `token`) in a project with a database: every
   * session is stored (table AppgenSession, src/appgen/sessions.ts, partial orm/<orm>/sessions), so
   * a log-out, a password change or "sign out everywhere" ends tokens at once.
   */
  storesSessions: boolean;
  /**
   * Password reset and e-mail verification (mail routes, `account`: requestReset, resetPassword,
   * verifyEmail, resendVerification): src/appgen/accountMail.ts, mail.ts and accountTokens.ts,
   * tables AppgenAccountToken and AppgenVerifiedAddress, the mails sent by the outbox's worker.
   * Null without mail routes.
   */
  accountMail: AccountMailContext | null;
  /**
   * API keys (`account`: createApiKey, listApiKeys, revokeApiKey): src/appgen/apiKeys.ts and
   * apiKeyRows.ts, table AppgenApiKey; readSession (src/appgen/session.ts) accepts a key in the
   * Authorization header.
   */
  hasApiKeys: boolean;
  /**
   * A second factor (`account`: enrolTotp, confirmTotp, disableTotp): src/appgen/totp.ts and
   * totpRows.ts, tables AppgenTotp and AppgenRecoveryCode; a log-in asks for a one-time code.
   * Null without these routes.
   */
  totp: TotpContext | null;
  /**
   * Sign-in with OpenID Connect providers (`account`: oidcSignIn, oidcCallback, listIdentities,
   * unlinkIdentity): src/appgen/oidc.ts and identityRows.ts, table AppgenIdentity. Null without
   * these routes.
   */
  oidc: OidcContext | null;
  /**
   * Some model has a password field: the project has src/appgen/password.ts, whose start-up
   * warning says when APPGEN_TEST_FAST_PASSWORD_HASHES makes its new hashes cheap.
   */
  hashesPasswords: boolean;
  /**
   * The users' roles (settings `accounts.roles`): src/appgen/roles.ts reads a caller's role by
   * their id (field `field` of the accounts model, Prisma delegate / Drizzle table `delegate`)
   * for the voters with roles and the access rules; a user of a role of `requireTotpFor`
   * (accounts.requireTotpFor) acts with `defaultRole` until their one-time codes are confirmed.
   * Null without roles.
   */
  roles: {
    values: string[];
    field: string;
    defaultRole: string;
    delegate: string;
    requireTotpFor: string[];
  } | null;
  /**
   * What src/appgen/startup.ts checks when a server starts (src/instrumentation.ts calls it): a
   * production server with a failed check exits before it serves. In order; empty for none.
   */
  startupChecks: StartupCheckContext[];
  /** What a production server says at start and serves anyway (settings it should have but can do without). In order; empty for none. */
  startupWarnings: StartupCheckContext[];
  /** The imports of src/appgen/startup.ts: each module of a check or warning once, with its functions. */
  startupImports: StartupImportContext[];
  /** Every environment variable the app reads, as `.env.example` lists them (src/map/mapEnvVariables.ts). */
  envVariables: EnvVariableContext[];
  /** Some model declares computed fields. */
  hasComputed: boolean;
  /** The models with hidden fields (left out of every response), and those fields. */
  hiddenFields: Array<{ model: string; delegate: string; fields: string[] }>;
  /**
   * One table of links per manyToMany relation, as Prisma makes it: `_<relationName>` with columns
   * `A` (id of the model whose name sorts first) and `B`. The Drizzle schema declares the same table.
   */
  joinTables: JoinTableContext[];
  /** The models' full-text searches (a list route's `query.search`), by model name; empty: none (no src/appgen/search.ts). */
  searches: SearchContext[];

  // --- Decided by the map for the templates (src/map/mapProject.ts, databaseWords) ---
  /** The database's name in comments: `PostgreSQL` or `SQLite`. */
  databaseName: string;
  /** `cors` with settings `cors`, else `sameOrigin`: src/appgen/http.ts renders `http/methods/<originPolicy>`, `http/secured/<originPolicy>`. */
  originPolicy: 'cors' | 'sameOrigin';
  /** The module Drizzle's column builders come from: `drizzle-orm/pg-core` or `drizzle-orm/sqlite-core`. */
  drizzleCore: string;
  /** Drizzle's table function: `pgTable` or `sqliteTable`. */
  tableFunction: string;
  /** SQLite: better-sqlite3's transactions are synchronous, and records.ts also reads at once (`withIncludedNow`). */
  synchronousTransactions: boolean;
  /** The models that declare relations (src/appgen/records.ts's `relations`), in the order of `models`. */
  modelsWithRelations: ModelContext[];
  /** The models with computed fields (src/appgen/records.ts's `computed`), in the order of `models`. */
  modelsWithComputed: ModelContext[];
  /** SQLite: the database is a file (the Dockerfile keeps it on a volume). */
  databaseIsFile: boolean;
  /** orm prisma. */
  usesPrisma: boolean;
  /** orm drizzle. */
  usesDrizzle: boolean;
  /** The events the worker runs (`run: "worker"`), in the order of `events`. */
  workerEvents: EventContext[];
  /** The layout has a navigation: links, or a log-out. */
  hasNav: boolean;
  // --- What map decides for the ORM partials (templates/partials/orm), src/map/mapOrmQueries.ts.
  /** How the project's database writes a statement (Drizzle's awaits and runs, Prisma's isolation level). */
  ormSyntax: OrmSyntaxContext;

  // --- Decided by the map for src/appgen/client.ts.hbs (src/map/mapProject.ts) ---
  /** The body types the client imports from src/appgen/bodies.ts: each method's, in the order of `methods`. */
  clientBodyTypes: string[];

  // --- Decided by the map for src/app/layout.tsx.hbs (src/map/mapProject.ts) ---
  /** The navigation's items in order: `navLinks`, then the log-out button when the app has one. */
  navItems: NavItemContext[];
  /**
   * How the layout component (and the home page's) is declared: `async function` when it reads
   * the session (accountNav, or a link only for the signed in), else `function`.
   */
  layoutFunction: 'async function' | 'function';
  /** The layout's (and the home page's) statements before its `return`: reading the session when it does. */
  layoutStatements: string[];
}

/** One start-up check: a function of a generated module that returns null, or what is wrong and how to fix it. */
export interface StartupCheckContext {
  /** The module that exports it, e.g. `@/appgen/session`. */
  module: string;
  /** The function, e.g. `sessionSecretProblem`. */
  name: string;
}

/** The functions of one module that src/appgen/startup.ts imports. */
export interface StartupImportContext {
  /** The module, e.g. `@/appgen/requestOrigin`. */
  module: string;
  /** Its functions, e.g. `trustProxyProblem`. */
  names: string[];
}

/** An environment variable the generated app (or the server running it) reads. */
export interface EnvVariableContext {
  name: string;
  /** What it sets, in one sentence or two. */
  what: string;
  /** What applies when it is unset, in words (e.g. `3000`, `none`). */
  default: string;
  /** A production server needs it (`.env.example` lists it uncommented). */
  requiredInProduction: boolean;
  /** A value to show, e.g. `postgresql://app:password@127.0.0.1:5432/app`; may be empty. */
  example: string;
}

export interface JoinTableContext {
  /** e.g. `_Post_tags` */
  name: string;
  a: ModelRefContext;
  b: ModelRefContext;
}

/** A typed property of a client function's input (`params` or `query`). */
export interface ClientFieldContext {
  name: string;
  /** TypeScript type, e.g. `string`, `number`, `"draft" | "published"`. */
  tsType: string;
}

/** One function of src/appgen/client.ts: a typed call of one route method. */
export interface ClientRouteContext {
  /** Function name, also the OpenAPI operationId: `GET /api/posts/:id` → `getApiPostsById`. */
  name: string;
  /** Prefix of its types: `GetApiPostsById` (`GetApiPostsByIdInput`, `GetApiPostsByIdResult`). */
  typeName: string;
  method: HttpMethod;
  urlPath: string;
  source: string;
  params: ClientFieldContext[];
  /** Query parameters of a list route with `query` (all optional); empty otherwise. */
  query: ClientFieldContext[];
  /** Body type from src/appgen/bodies.ts, or null. */
  bodyType: string | null;
  /** The key the body is sent under (`{ "user": <bodyType> }`), or null. */
  requestEnvelope: string | null;
  /** TypeScript type of a successful answer's body, using the model types. */
  resultType: string;
  /** The input has no required part: the function may be called without it. */
  inputOptional: boolean;

  // --- Decided by the map for the templates (src/map/mapClientRoutes.ts) ---
  /** The function reads nothing of its input (no params, query or body): its parameter is `_input`. */
  inputUnused: boolean;
  /** The members of its `<typeName>Input`, each as TypeScript: `params: { id: string }`, `query?: { … }`, `body: …`. */
  inputMembers: string[];
  /** The function's first parameter: `input: <typeName>Input`, `_input` when unused, ` = {}` when optional. */
  inputParameter: string;
  /** The statements before its `return`: `const params = input.params;` when it has params. */
  statements: string[];
  /** How it writes the path it sends to: `client/path/plain`, or `client/path/withQuery` with a query. */
  pathPartial: 'client/path/plain' | 'client/path/withQuery';
  /** The body it sends: `input.body`, or `undefined`. */
  bodyArgument: 'input.body' | 'undefined';
}

/**
 * What map decides for the ORM partials of one method (MethodContext.orm, src/map/mapOrmQueries.ts):
 * the names the statements bind, which variant of a statement renders, and the lists they iterate,
 * so that templates/partials/orm render without choosing.
 */
export interface OrmQueryContext {
  /** Drizzle: the variable of the one record a query returns: `found` when included records or computed fields are added after it (withIncluded), else `record`. */
  recordName: 'record' | 'found';
  /** Drizzle: the same for the records of a write on a collection: `found` or `records`. */
  rowsName: 'records' | 'found';
  /**
   * What binds the rows a write returns, when something reads them after. Prisma: `const record = `
   * when readsWritten. Drizzle: also for the 404 check of a write of one record, or a collection's
   * count: `const [record] = `, `const [found] = `, `const records = `, `const found = `. Else "".
   */
  keptAs: string;
  /** Included records and computed fields are added after the write committed (readsWritten, not readsInTransaction). */
  addsAfterWrite: boolean;
  /** Drizzle: the partial orm/drizzle/addRelated renders (`orm/drizzle/added/<adds>`): included records, computed fields or both; null when not related. */
  adds: 'included' | 'computed' | 'both' | null;
  /** The included relations that have computed fields, whose records withComputed completes after the includes. */
  includesComputing: IncludeContext[];
  /** The user id computed fields (callerIn) compare with: `userId` when the caller may be signed in, else `null`. */
  callerId: 'userId' | 'null';
  /**
   * Drizzle, how a GET selects its records (orm/drizzle/read/<reads>): `columns` (the sent columns;
   * included records and computed fields are added after, orm/drizzle/addRelated), or `related`:
   * its computed fields as columns (subqueries) and its `joins` in the same statement.
   */
  reads: 'columns' | 'related';
  /** Drizzle, reads `related`: the included belongsTo relations left-joined in the statement (records.ts `joined`), with their computed fields. */
  joins: IncludeContext[];
  /** Drizzle, reads `related`: the route's computed fields read as columns; else empty. */
  computedColumns: ComputedContext[];
  /**
   * Drizzle, reads `related`: the caller computed columns are read for: `userId` or `null`
   * (callerId), or in a prepared statement `sql.placeholder("_caller")`, filled with `userId` by
   * its `execute` (executeCaller) when some computed field depends on the caller.
   */
  caller: string;
  /** Drizzle, a prepared read whose statement takes the caller (caller is a placeholder): `, _caller: userId`, what its `execute` adds; else "". */
  executeCaller: string;
  /** Drizzle: the included relations added after the records are read (orm/drizzle/relationsOf): those not in `joins`. */
  addedIncludes: IncludeContext[];
  /** Drizzle: included records or computed fields are added after the records are read (orm/drizzle/addRelated). */
  addsRelated: boolean;
  /** Prisma: the entries of its `include` argument (orm/prisma/include): the included relations, then what computed fields read. */
  prismaInclude: PrismaEntryContext[];
  /** Prisma: the query takes an `include` argument (orm/prisma/include): included relations or computed fields that read records. */
  takesInclude: boolean;
  /** Prisma: a write of one record runs in a transaction binding it as `written` (orm/prisma/writer), to count its relations or record its events. */
  writesInTransaction: boolean;
  /** Prisma, a route on a collection: its records are read and written in one transaction (events or an answer read them). */
  readsCollection: boolean;
  /** Prisma, a route on a collection: what binds the result of its transaction, `const records = ` or `const total = `, else "". */
  collectionKeptAs: string;
  /** Prisma, a route on a collection: what its transaction returns, the records `found` or, when only counted, `found.length`. */
  collectionReturns: 'found' | 'found.length';
  /** Prisma, a route on a collection without a transaction: what binds its count, `const { count: total } = ` with countKey, else "". */
  countedAs: string;
  /** A route on a collection whose answer counts the records it read (countKey and readsWritten): `total` is their number. */
  countsReadRecords: boolean;
  /** Drizzle, a route on a collection: its statement returns the rows (readsWritten or countKey). */
  returnsRows: boolean;
  /** Drizzle, a write in a transaction (orm/drizzle/transaction): what it returns, `records` read in it (readsInTransaction) or the `written` rows. */
  transactionResult: 'records' | 'written';
  /** The body fields a write (create, replace, update) writes, each with how (orm/<orm>/write/<operation>/<kind>); empty for other operations. */
  writes: OrmWriteContext[];
  /** Drizzle: the body fields written as columns (no link), and the links of uuid[] and string[] fields written after the record (orm/drizzle/links). */
  columns: BodyFieldContext[];
  links: BodyFieldContext[];
  /** Drizzle: what the write does to the links (a comment): `added` (create), `replaced (none when absent)` (replace), `replaced when the body has the list` (update). */
  linksChange: string;
  /** Drizzle: the write replaces the record's links (deletes them first): a replace or an update. */
  replacesLinks: boolean;
  /** Drizzle: the links are written only when the body has the list (an update). */
  linksWhenSent: boolean;
  /** Drizzle: the string[] link fields, whose records are named by a unique field (orm/drizzle/namedLinks). */
  namedLinks: BodyFieldContext[];
  /**
   * A GET of one record: how it is read, orm/<orm>/get/<readsBy>: `current` (loaded for the voter, and sent), `find` (Prisma),
   * `prepared` (Drizzle, preparesRead) or `select` (Drizzle); null when nothing reads it (loaded and not sent).
   */
  readsBy: 'current' | 'find' | 'prepared' | 'select' | null;
  /** A create: how it starts, orm/prisma/create/<opens> and orm/drizzle/transaction/<opens>: `slug` (withFreeSlug makes the slug) or `plain`. */
  opens: 'slug' | 'plain';
  /** What closes withFreeSlug after the write: `)` with a slug, else "". */
  closes: ')' | '';
  /**
   * Prisma, a write of one record: what opens the calls that run it again, after `await ` (or, for
   * a create with a slug, after withFreeSlug's `(slug) =>`): `retryWhenTaken("name", () =>` for
   * each of createsBy, each broken after its arrow; ends with a line break and four spaces, the
   * write's own line then stands writeShift spaces further in. "" when nothing runs it again.
   */
  retriesOpen: string;
  /** Prisma, a write of one record: how many spaces further in the calls of retriesOpen put it (0, 2 for each retry, 4 more in withFreeSlug). */
  writeShift: number;
  /** Prisma, a write of one record: what closes the calls of retriesOpen (and withFreeSlug) after the write, each `)` on a line of its own. */
  writeCloses: string;
  /** Drizzle, a route on a collection: its statement, orm/drizzle/<operation>/<collectionWrite>: `inTransaction` (writesInTransaction), `returning` (returnsRows) or `plain`. */
  collectionWrite: 'inTransaction' | 'returning' | 'plain';
  /** Drizzle, a write of one record (replace, update, delete, link, unlink): orm/drizzle/<operation>/<transacts>, `inTransaction` (writesInTransaction) or `plain`. */
  transacts: 'inTransaction' | 'plain';
  /** Drizzle, a create: its insert, orm/drizzle/create/<insert>: `inTransaction` (writesInTransaction), `slug` or `plain`. */
  insert: 'inTransaction' | 'slug' | 'plain';
  /** The filters through relations of a list or collection (listQuery.filters with a `path`), each a condition on related records. */
  relatedFilters: ListFilterContext[];
  /**
   * Prisma on PostgreSQL (relationJoins), a list paged by offset or cursor that includes relations or reads computed fields: its
   * relations are read by one query each (`relationLoadStrategy: "query"`), since with joins PostgreSQL reads the relations of
   * every record the filters match (or the offset skips) before it sorts and cuts the page.
   */
  relationsByQueries: boolean;
  /**
   * Prisma on SQLite, a list that reads through relations and pages by offset or counts (listQuery.count): its records' conditions in
   * SQL, for the page's ids (orm/prisma/list/offset) and the count (orm/prisma/list/counted); else null.
   */
  prismaSql: PrismaSqlContext | null;
  /**
   * Prisma, the page of a list paged by offset (`orm/prisma/list/offsetPage/<prismaOffsetPage>`): `ids` when prismaSql is set (the page's
   * ids in SQL by its conditions and in its order, then its records by id), else `findMany` (Prisma's `where`, `skip` and `take`).
   */
  prismaOffsetPage: 'ids' | 'findMany';
  /** Drizzle, a prepared read (preparesRead): the argument of `.prepare()`, the statement's name as a string literal on PostgreSQL, else "". */
  prepareArgument: string;
  /** Drizzle, a prepared read: the fields it matches (`matches`) as string literals joined by `, `, the placeholders' names. */
  preparedFields: string;
  /** Prisma, a write on a collection (`orm/prisma/<operation>/<prismaCollectionWrite>`): in a transaction that reads the records (readsCollection), else one statement. */
  prismaCollectionWrite: 'inTransaction' | 'plain';
  /**
   * How a list reads its records (`orm/<orm>/list/<listPaging>`): a page after a cursor, a page at
   * an offset, at most listLimit records (a query without pages), or at most listLimit records
   * matching the path (no query).
   */
  listPaging: 'cursor' | 'offset' | 'capped' | 'unqueried';
  /** Prisma, a list's order (`orm/prisma/list/order/<listNulls>`): `nullsLast` when some sort field is optional (listQuery.nullableSorts), else `plain`. */
  listNulls: 'nullsLast' | 'plain';
  /** Prisma: listQuery.nullableSorts as string literals joined by `, `. */
  nullableSortList: string;
}

/** Drizzle: how a statement of a transaction is written on the project's database (ProjectContext.ormSyntax). */
export interface DrizzleReaderContext {
  /** `await ` before a statement (node-postgres), or "" (better-sqlite3's transactions are synchronous). */
  awaits: string;
  /** The functions adding included records and computed fields: `withIncluded`, `withComputed`, or their synchronous `...Now`. */
  withIncluded: string;
  withComputed: string;
  /** The client argument after the records: "" (`db`) or `, tx`. */
  client: string;
}

/** The statement syntax the project's database decides (ProjectContext.ormSyntax, src/map/mapOrmQueries.ts). */
export interface OrmSyntaxContext {
  /** Drizzle: `await ` before a statement in a transaction on PostgreSQL; "" on SQLite (better-sqlite3 runs it synchronously). */
  awaitInTransaction: string;
  /** Drizzle: `async ` before the transaction's callback on PostgreSQL; "" on SQLite. */
  asyncInTransaction: string;
  /** Drizzle, after a statement in a transaction: `.all()` (rows) and `.run()` on SQLite; "" on PostgreSQL. */
  all: string;
  run: string;
  /** Drizzle: `.for("update")` locking a row read in a transaction on PostgreSQL; "" on SQLite (one writer at a time). */
  forUpdate: string;
  /** Drizzle: how included records and computed fields are added after a write, and inside its transaction. */
  readAfterWrite: DrizzleReaderContext;
  readInTransaction: DrizzleReaderContext;
  /** Drizzle: the table builder of the database, `pgTable` or `sqliteTable`. */
  drizzleTable: 'pgTable' | 'sqliteTable';
  /**
   * Drizzle: the type a table's constraints callback returns, written on the callback of a table
   * with foreign keys: two tables whose keys name each other would otherwise each take its type
   * from the other's (TS7022 under --strict).
   */
  drizzleExtraConfig: 'PgTableExtraConfigValue' | 'SQLiteTableExtraConfigValue';
  /** Prisma, the options of a transaction reading then writing a collection: `{ isolationLevel: ... RepeatableRead, timeout }` on PostgreSQL, else `{ timeout }`. */
  collectionReadWrite: string;
  /** Prisma, the options of a transaction writing a collection (one statement, then its events): `{ timeout }`. */
  collectionWrite: string;
  /**
   * Prisma: the generator's previewFeatures, as a list literal: `["relationJoins"]` on PostgreSQL (included relations read in
   * the records' statement, with lateral joins), else null (SQLite has no join strategy).
   */
  prismaPreviewFeatures: string | null;
}

/** One body field a write writes (OrmQueryContext.writes). */
export interface OrmWriteContext {
  field: BodyFieldContext;
  /** `value`: a column; `ids`: a uuid[] link (the ids of the linked records); `names`: a string[] link (records named by `link.by`, created when missing). */
  kind: 'value' | 'ids' | 'names';
  /** Prisma: what a replace writes for the field when absent, after its value: ` ?? Prisma.DbNull` (a nullable json field), ` ?? null` (another nullable field), or "" (not nullable). */
  orEmpty: ' ?? Prisma.DbNull' | ' ?? null' | '';
}

/** How the ORM partials write one step of a relation path (RelationStepContext.orm). */
export interface OrmStepContext {
  /**
   * Drizzle: the partial opening the step's subquery, orm/drizzle/through/<subquery>: by its kind, or for a `direct` last
   * step `directBelongsTo` (the step's own field) or `directManyToMany` (the links' column).
   */
  subquery: 'belongsTo' | 'hasMany' | 'manyToMany' | 'directBelongsTo' | 'directManyToMany';
  /** Drizzle: the parentheses closing the subquery after the value. */
  closing: string;
  /** Prisma: the relation filter, `is` (belongsTo: one related record) or `some`. */
  prismaFilter: 'is' | 'some';
  /**
   * Prisma, a list's conditions in SQL (PrismaSqlContext): the step's condition before what follows it (the next step, or the value), and
   * after, e.g. `"id" IN (SELECT "A" FROM "_Article_tags" WHERE "B" IN (SELECT "id" FROM "Tag" WHERE ` and `))`.
   */
  sqlBefore: string;
  sqlAfter: string;
}

/** A condition of a list in SQL (PrismaSqlContext): the SQL before its value and after it. */
export interface SqlConditionContext {
  before: string;
  after: string;
}

/**
 * Prisma on SQLite, a list that reads through relations: its records' conditions in SQL (orm/prisma/list/conditions). Prisma writes a
 * relation filter as a subquery correlated with each record, which SQLite runs once per record of the table, walking the order's index
 * until it has a page; these conditions find the records through the relations' indexes (`"id" IN (SELECT ...)`), as Drizzle's routes
 * do. The page at an offset is read by them (its ids, then its records by Prisma), and so is the count: the two select by the same conditions.
 */
export interface PrismaSqlContext {
  /** The model's table. */
  table: string;
  /** The model's own filters (query.where), each its field compared. */
  own: ListFilterContext[];
  /** The filters through relations (query.related), each with its condition. */
  related: Array<{ filter: ListFilterContext; sql: SqlConditionContext }>;
  /** The scope: each path's condition on the signed-in user's id. */
  scope: SqlConditionContext[];
  /** The list counts (listQuery.count): its total in SQL by the conditions (orm/prisma/list/countSql). A list paged by offset reads its page by them too (prismaOffsetPage). */
  count: boolean;
  /**
   * The page's order in SQL, as Prisma's (orm/prisma/list/order): each sort field the route allows (listQuery.sorts), its column
   * ascending and descending, an optional field's NULLs after every value ascending and before every value descending
   * (`"createdAt" ASC`, `"publishedAt" DESC NULLS FIRST`). The request picks one by name, never writes a column.
   */
  sorts: Array<{ field: string; ascending: string; descending: string }>;
}

/** How the ORM partials read one computed field (ComputedContext.orm). */
export interface OrmComputedContext {
  /** Prisma, `values`: the order of its field in `orderBy`, `"asc"`, `"desc"`, or with an optional field `{ sort: "asc", nulls: "last" }`; else null. */
  prismaSort: string | null;
  /** Prisma: where its answer holds the field (PrismaReading in src/appgen/shape.ts): `["values", "tags", "name"]` (kind, relation, field). */
  prismaReading: string;
}

/** How the schemas declare one model (ModelContext.orm). */
export interface OrmModelContext {
  /** Prisma: each field's line, its type (`String?` when optional) and its attributes after a space (` @id @default(uuid(7))`, or ""). */
  prismaFields: Array<{ name: string; type: string; attributes: string }>;
  /** Prisma: the relations in order, each rendered by schema/prismaRelation/<shape>: `one` (a belongsTo, with its field) or `list`. */
  prismaRelations: Array<{
    relation: RelationContext;
    shape: 'one' | 'list';
    /** `?` after an optional belongsTo's model, else "". */ mark: '?' | '';
  }>;
  /** The indexes, with Prisma's attribute (`unique`, `index`) and Drizzle's builder (`uniqueIndex`, `index`). */
  indexes: Array<{
    index: IndexContext;
    prisma: 'unique' | 'index';
    drizzle: 'uniqueIndex' | 'index';
  }>;
  /** Drizzle: the `unique` fields (a unique index each) and the belongsTo relations (a foreign key each). */
  uniqueFields: FieldContext[];
  foreignKeys: RelationContext[];
  /** Drizzle: the table has unique fields, indexes or foreign keys (its third argument lists them). */
  hasConstraints: boolean;
}

/** One entry of a Prisma `include` or `select` argument, written by orm/prisma/entry/<kind>. */
/** One entry of a Prisma `include` or `select` (orm/prisma/entry/<kind>), keyed by its kind. */
export type PrismaEntryContext =
  PrismaIncludeEntryContext | PrismaReadEntryContext | PrismaFieldEntryContext;

/** An included relation. */
export interface PrismaIncludeEntryContext {
  kind: 'include';
  value: IncludeContext;
}

/** What a computed field reads of its relation. */
export interface PrismaReadEntryContext {
  kind: 'read';
  value: ComputedContext;
}

/** A field selected: its name. */
export interface PrismaFieldEntryContext {
  kind: 'field';
  value: string;
}

/** How the ORM partials include one relation (IncludeContext.orm). */
export interface OrmIncludeContext {
  /** Prisma, orm/prisma/include/<prismaShape>: `select` (its chosen fields), `ordered` (a whole list, by id) or `whole` (`true`). */
  prismaShape: 'select' | 'ordered' | 'whole';
  /** Prisma, with `select`: its plain fields, then what its computed fields read. */
  prismaSelect: PrismaEntryContext[];
}
