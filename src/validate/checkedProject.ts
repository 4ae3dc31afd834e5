import type { QueryStyle } from '../config/configTypes';
import type { AccessRule, FieldRule } from '../domain/accessRules';
import type { CheckedAccounts } from './checkAccountsSettings';
import type {
  AccountAction,
  ElementConfig,
  FieldOptions,
  HttpMethod,
  ModelConfig,
  OnDelete,
  OrmName,
  RelationType,
  RouteConfig,
  SetValue,
  SuccessStatus,
  ViewConfig,
} from '../config/configTypes';
import type { BodyFieldType, ParamType } from '../config/fieldTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { TransformName } from '../config/transforms';
import type { ParsedValidator } from '../config/validators';
import type { AppFolder } from '../domain/appFolders';
import type { PathSegment } from '../domain/appPaths';
import type { CorsSettings } from '../domain/cors';
import type { RouteRef } from '../domain/routeRefs';
import type { ParamParent } from '../domain/routeParams';
import type { VoterRef } from '../domain/voters';
import type { ComputedSpec } from '../domain/computed';
import type { EventOperation, RouteOperation } from '../domain/routeOperation';
import type { EventDelivery, EventRun } from '../domain/events';
import type { Envelope, ErrorFormat } from '../domain/envelope';

export type { EventOperation, RouteOperation };

/*
 * Two views of the config. The checks work on config objects as written (`CheckedModel`,
 * `CheckedRoute`, ...: the config and where it came from). What validate returns is a
 * `CheckedProject`: everything parsed and in long form, so the map stage never parses.
 */

/** Where a config object came from, so later stages can name it in comments and messages. */
export interface Origin {
  file: string;
  pointer: string;
}

export interface CheckedModel {
  config: ModelConfig;
  origin: Origin;
}

export interface CheckedRoute {
  config: RouteConfig;
  origin: Origin;
  /** Model the route reads or writes, from `response`, `model`, or a sibling route. */
  model?: string;
  responseIsArray: boolean;
  operation: RouteOperation;
}

export interface CheckedEvent {
  name: string;
  model: string;
  on: EventOperation[];
  /** Defaults applied (src/domain/events.ts). */
  run: EventRun;
  delivery: EventDelivery;
  origin: Origin;
}

/** A scheduled job as written, every optional field filled in (see src/domain/jobs.ts). */
export interface CheckedJob {
  name: string;
  schedule: string;
  timezone: string;
  attempts: number;
  retryDelaySeconds: number;
  timeoutSeconds: number;
  origin: Origin;
}

export interface CheckedView {
  config: ViewConfig;
  origin: Origin;
}

/** A field in long form. */
export interface ProjectField extends FieldOptions {
  name: string;
}

/** A declared relation with its defaults resolved. */
export interface ProjectRelation {
  name: string;
  type: RelationType;
  model: string;
  /** belongsTo: the uuid field holding the other record's id (`<relation>Id` unless configured). */
  field: string | null;
  /** belongsTo: what deleting the other record does (`restrict` unless configured). */
  onDelete: OnDelete | null;
  /** hasMany, manyToMany: the relation of the other model this one mirrors, when there is one. */
  mirror: string | null;
}

export interface ProjectModel {
  name: string;
  /** Every field in long form: `id` first (added when the config leaves it out), then as declared. */
  fields: ProjectField[];
  /** Declared relations, in order. */
  relations: ProjectRelation[];
  /** Declared indexes, in order. */
  indexes: Array<{ fields: string[]; unique: boolean }>;
  /** Computed fields read from relations (`computed`), in order, in long form. */
  computed: ProjectComputed[];
  /** `url` computed fields, in order: the record's absolute URL, from a route path of the model. */
  urls: ProjectUrlField[];
  /** Its `access` rules, resolved (src/domain/accessRules.ts); none: its queries add no condition. */
  access: AccessRule[];
  /** Its fields' rules (`access` on a field): who reads and who writes each. */
  fieldRules: FieldRule[];
  file: string;
}

/** A `url` computed field: the path of a GET route of one record, its `:name`s fields of the record. */
export interface ProjectUrlField {
  name: string;
  /** `/api/todos/:id` */
  path: string;
}

/** A computed field: what the database computes over one of the model's relations. */
export interface ProjectComputed extends ComputedSpec {
  name: string;
}

export interface ProjectBodyField {
  name: string;
  type: BodyFieldType;
  /** Whether a request must carry it (declared, or required by the model on create and replace). */
  required: boolean;
  /** Changes to the text before the validators, in order (`transform`). */
  transforms: TransformName[];
  validators: ParsedValidator[];
  /** Allowed values: the field's own, else those of the model's enum field of that name. */
  values: string[] | null;
  /** A `string[]` field naming related records: the manyToMany relation (`relation`) and the related model's unique field (`by`); else null. */
  namedLink: { relation: string; by: string } | null;
}

/** A filter of a list route: the query parameter, and the field it reads (through a relation, or the model's own). */
export interface ProjectListFilter {
  name: string;
  /** The relation it reads through (`tags` of `"path": "tags.name"`), or null for the model's own field. */
  relation: string | null;
  /** The field compared: the model's own, or the related model's. */
  field: string;
}

export interface ProjectListQuery {
  filter: ProjectListFilter[];
  sort: string[];
  defaultSort: { field: string; descending: boolean } | null;
  pageSize: number | null;
  maxPageSize: number;
  /** How a client asks for a page: `?offset=` or `?cursor=` (only with pageSize). */
  pagination: 'offset' | 'cursor';
  count: boolean;
  /** The text fields `?q=` searches (full-text indexed), in the order declared; empty: no search. */
  search: string[];
}

/** A path parameter and what it selects (see domain/routeParams.ts). */
export interface ProjectParam {
  name: string;
  type: ParamType;
  /** The field of the route's model it equals (`id`, `slug`, `authorId`), or null for a parent key. */
  field: string | null;
  /**
   * The parent record it names through a belongsTo relation: by the parent's id when it is the
   * route model's own belongsTo field (`:authorId`), or by a unique field of the parent (`:slug` of
   * `/api/articles/:slug/comments`). Null otherwise.
   */
  parent: ParamParent | null;
}

export interface ProjectRoute {
  method: HttpMethod;
  path: string;
  params: ProjectParam[];
  body: ProjectBodyField[];
  /** Model the route reads or writes, from `response`, `model`, or a sibling route. */
  model: string | null;
  /** The type named by `response`, without `[]`. */
  response: string | null;
  responseIsArray: boolean;
  operation: RouteOperation;
  redirect: string | null;
  function: string | null;
  /** The caller must be signed in (`auth: true`). */
  auth: boolean;
  /** `auth: "optional"`: a signed-in caller is identified, an anonymous one served as anonymous. */
  optionalAuth: boolean;
  /** Fields the server writes (`set`), in config order. */
  set: Array<{ field: string; value: SetValue }>;
  /** `record: "currentUser"`: the route works on the signed-in user's own record. */
  currentUserRecord: boolean;
  /** `link`: the manyToMany relation the signed-in user is linked into (POST) or out of (DELETE). */
  link: string | null;
  /** `account`: a sign-up, log-in or log-out appgen writes in full; null otherwise. */
  account: ProjectAccountRoute | null;
  voter: VoterRef | null;
  /** The handler loads the record before the voter runs (a route on one existing record). */
  voterSeesRecord: boolean;
  /** A list route's query, present only on a list of a model. */
  query: ProjectListQuery | null;
  /** How the route reads its query parameters: its `query.style`, else the project's `queryStyle`, else appgen. */
  queryStyle: QueryStyle;
  /** `scope`: relation paths (one or two relation names) from the record to the signed-in user; every one must reach them. */
  scope: string[][];
  /** Relations of the model sent with each record. */
  include: string[];
  /** `fields`: what is sent of each record (fields and computed fields), in order; null: every field. A list with `values`: that one field. */
  fields: string[] | null;
  /** `values`: a list answered as the plain values of this field; else null. */
  values: string | null;
  /** `token`: the answer carries a session token (a `record: "currentUser"` route). */
  token: boolean;
  /**
   * The fields sent of each included relation: its `fields`, or every sent field but the private
   * ones (the accounts model's identity) when it has some; absent: every field that is not hidden.
   */
  includeFields: Record<string, string[]>;
  /** The configured status of a successful answer, or null for the default. */
  status: SuccessStatus | null;
  file: string;
  /** Where in its file, e.g. `routes[2]`. */
  jsonPath: string;
  /** Its folder under src/app, named alike with the pages' folders (see domain/appFolders.ts). */
  folder: AppFolder;
  /** The keys the body and the answer sit under (`envelope` in long form; nulls without it). */
  envelope: Envelope;
}

/** An account route: what it does and the accounts model's fields it reads. */
export interface ProjectAccountRoute {
  action: AccountAction;
  /** logIn: the identity fields its body has, in the order of `accounts.identity` (the first sent names the account). */
  identity: string[];
  /** signUp and logIn: the accounts model's password field; null for logOut. */
  passwordField: string | null;
  /**
   * signUp and logIn of a project with a log-in route: the answer makes its client known to the
   * account (the known-client cookie), which the log-in throttle counts apart from strangers.
   */
  knowsClient: boolean;
  /** Mail routes, and a sign-up that mails a verification link: the accounts model's field mail goes to (accounts.emailField); null on the others. */
  emailField: string | null;
  /** signUp of a project with a verifyEmail route: the new account is mailed a verification link. */
  sendsVerification: boolean;
  /** logIn and signUp with accounts.requireVerified: an unverified address is not signed in. */
  requiresVerified: boolean;
  /** logIn of a project with a second factor: an account that set one up must send a one-time code. */
  asksSecondFactor: boolean;
}

/** An element with route references parsed and columns, options and children in long form. */
export interface ProjectElement extends Omit<
  ElementConfig,
  'route' | 'load' | 'columns' | 'options' | 'fields' | 'children'
> {
  route?: RouteRef;
  load?: RouteRef;
  columns?: Array<{ field: string; label?: string }>;
  options?: Array<{ value: string; label: string }>;
  /** A select's `"options": "GET /path"`: the list route whose records are its choices. */
  optionsRoute?: RouteRef;
  /** A form's fields or a section's children. */
  children: ProjectElement[];
  /** A form: the ids of the input elements that belong to it (not to a form inside it). */
  formFieldIds: string[];
  /** A link to a page of this site: its href's path (before `?` and `#`) in segments. */
  hrefSegments?: PathSegment[];
}

export interface ProjectView {
  name: string;
  path: string;
  title: string | null;
  auth: boolean;
  /** `nav` as configured: false keeps the view out of the navigation. */
  nav: boolean | null;
  root: ProjectElement;
  file: string;
  /** Its folder under src/app, named alike with the routes' folders. */
  folder: AppFolder;
  /** Its path in segments (`:name` ones are its parameters). */
  segments: PathSegment[];
}

export interface ProjectEvent {
  name: string;
  model: string;
  on: EventOperation[];
  run: EventRun;
  /** Used when `run` is `worker`. */
  delivery: EventDelivery;
  file: string;
}

/** A scheduled job, defaults filled in; `file` is the config file that declares it. */
export type ProjectJob = Omit<CheckedJob, 'origin'> & { file: string };

/** A project whose config passed every check, parsed and in long form: the only input of the map stage. */
export interface CheckedProject {
  orm: OrmName;
  /** Where pages send visitors who must sign in. */
  loginPath: string;
  /** Reverse proxies in front of the app whose X-Forwarded-* headers count (settings `trustProxy`). */
  trustProxy: number;
  /** Cross-origin requests from browsers (settings `cors`, defaults filled in); null: own origin only. */
  cors: CorsSettings | null;
  /** The model of the app's users and how they sign in (settings `accounts`, defaults filled in). */
  accounts: CheckedAccounts;
  /** The shape of error answers and the status of an invalid body (settings `errors`). */
  errors: ErrorFormat;
  /** Mistakes that do not stop generation (a route that takes a user id from its body). */
  warnings: Diagnostic[];
  models: ProjectModel[];
  routes: ProjectRoute[];
  views: ProjectView[];
  events: ProjectEvent[];
  /** Scheduled jobs (config/jobs/), in config order. */
  jobs: ProjectJob[];
}
