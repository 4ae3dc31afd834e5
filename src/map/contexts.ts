import type { HttpMethod, OrmName } from '../config/configTypes';
import type { FieldType, ParamType } from '../config/fieldTypes';
import type { RouteOperation } from '../validate/checkedProject';

/**
 * The contexts templates receive. This file is the public interface for people who override
 * templates: every field is always present (templates compile with `strict`), with `null` or
 * `false` where a value does not apply.
 */

import type { DatabaseProvider } from '../db/databaseUrl';

export type { DatabaseProvider };

export interface FieldContext {
  name: string;
  type: FieldType;
  /** TypeScript type of the value in JSON, e.g. `string`, `number`, `"draft" | "published"`. */
  tsType: string;
  prismaType: string;
  /** Prisma attributes after the type, e.g. `@id @default(uuid())`, `@unique`; may be empty. */
  prismaAttributes: string;
  /** Drizzle column builder for the project's database, e.g. `text("email").notNull()`. */
  drizzleColumn: string;
  optional: boolean;
  /** A unique index (never on `id`, the primary key). */
  unique: boolean;
  isId: boolean;
  /** Allowed values of an enum field, else null. */
  values: string[] | null;
}

export interface ModelContext {
  name: string;
  /** Property of the Prisma client for this model, e.g. `user`, `blogPost`. */
  delegate: string;
  /** Config file the model comes from. */
  source: string;
  fields: FieldContext[];
  /** Some field is `unique`. */
  hasUnique: boolean;
}

export interface ParamContext {
  name: string;
  type: ParamType;
  /** `id` selects the record; any other parameter selects by the model field of its name. */
  isId: boolean;
}

export interface ValidatorContext {
  name: string;
  /** The argument as a TypeScript literal (string, number or string array), or null. */
  argument: string | null;
}

export interface BodyFieldContext {
  name: string;
  type: FieldType;
  tsType: string;
  /** Must be present: declared `required`, or (creates and replaces) required by the model. */
  required: boolean;
  /** May be null: the model field is optional. */
  nullable: boolean;
  validators: ValidatorContext[];
  values: string[] | null;
}

export interface ModelRefContext {
  name: string;
  delegate: string;
}

export interface MethodContext {
  method: HttpMethod;
  operation: RouteOperation;
  /** Partial holding this operation for the project's ORM, e.g. `orm/prisma/create`. */
  operationPartial: string;
  model: ModelRefContext | null;
  responseModel: string | null;
  responseIsArray: boolean;
  params: ParamContext[];
  /** Parameters other than `id`: they select (or, on create, set) model fields. */
  selectParams: ParamContext[];
  hasIdParam: boolean;
  body: BodyFieldContext[];
  hasBody: boolean;
  /**
   * The route writes a body field that is an optional json model field: Prisma cannot take a
   * plain `null` there, so the handler imports `Prisma` for `Prisma.DbNull`.
   */
  writesNullableJson: boolean;
  /** The route writes a datetime body field: the Drizzle handler turns its string into a Date (`toDate`). */
  writesDate: boolean;
  /** Name of the generated body type and of its runtime spec constant. */
  bodyTypeName: string | null;
  bodySpecName: string | null;
  auth: boolean;
  /** A user-owned voter (src/voters/<name>.ts), else null. */
  voter: string | null;
  /** A built-in voter: `self` (params.id is the user's id) or `owner` (record[ownerField] is). */
  builtinVoter: 'self' | 'owner' | null;
  ownerField: string | null;
  /** The record is loaded (404 when missing) before the voter runs, and passed to it. */
  loadsRecord: boolean;
  /** POST, PUT, PATCH or DELETE: refused when cross-site (CSRF), and fires events. */
  mutating: boolean;
  /** Names of the events fired after a successful write of this route, in config order. */
  events: string[];
  hasEvents: boolean;
  /** Something after authentication reads `userId` (a voter, a function or events). */
  usesUserId: boolean;
  /** The operation events see: create (POST), update (PUT, PATCH) or delete (DELETE). */
  eventOperation: 'create' | 'update' | 'delete' | null;
  function: string | null;
  redirect: string | null;
  /** 303 after a write, 307 after a GET. */
  redirectStatus: number;
  /** `config/routes/users.json routes[1]` */
  source: string;
}

export interface RouteFileContext {
  /** Output file, e.g. `src/app/api/users/[id]/route.ts`. */
  outputPath: string;
  /** The path as configured (with `:param` segments). */
  urlPath: string;
  params: ParamContext[];
  hasParams: boolean;
  hasUuidParam: boolean;
  hasIntParam: boolean;
  /** Some method redirects (imports redirectTo). */
  hasRedirect: boolean;
  methods: MethodContext[];
  sources: string[];
}

export interface ElementContext {
  type: 'form' | 'input' | 'button';
  isForm: boolean;
  isInput: boolean;
  isButton: boolean;
  id: string | null;
  label: string | null;
  inputType: string;
  required: boolean;
  placeholder: string | null;
  children: ElementContext[];
}

export interface ViewContext {
  name: string;
  urlPath: string;
  /** Output file, e.g. `src/app/login/page.tsx`. */
  outputPath: string;
  title: string;
  params: string[];
  hasParams: boolean;
  root: ElementContext;
  source: string;
}

export interface EventContext {
  name: string;
  model: string;
  on: Array<'create' | 'update' | 'delete'>;
  source: string;
}

export interface NavLinkContext {
  href: string;
  label: string;
}

export interface ProjectContext {
  orm: OrmName;
  usesDatabase: boolean;
  provider: DatabaseProvider;
  /** Used when DATABASE_URL is not set: the embedded SQLite file. */
  defaultDatabaseUrl: string;
  /** What src/appgen/schema.ts (orm drizzle) imports from drizzle-orm/sqlite-core or pg-core. */
  drizzleImports: string[];
  models: ModelContext[];
  routeFiles: RouteFileContext[];
  /** Every method of every route file, for files that list all routes (e.g. body types). */
  methods: MethodContext[];
  views: ViewContext[];
  navLinks: NavLinkContext[];
  functions: string[];
  /** User-owned voters only (built-ins are in src/appgen/voters.ts). */
  voters: string[];
  events: EventContext[];
  hasAuth: boolean;
}
