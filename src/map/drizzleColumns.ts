import type { FieldOptions } from '../config/configTypes';
import type { FieldType } from '../config/fieldTypes';
import type { DatabaseProvider } from '../config/database';

/**
 * Drizzle column builders for each field type, per dialect (sqlite-core for the embedded SQLite
 * file, pg-core for PostgreSQL). The storage is chosen so that values read back are what the
 * Prisma variant returns: dates as Date (sent as ISO strings), booleans as booleans, json as
 * values, floats and ints as numbers.
 */
const BUILDERS: Record<DatabaseProvider, Record<FieldType, (column: string) => string>> = {
  sqlite: {
    string: (c) => `text(${c})`,
    text: (c) => `text(${c})`,
    uuid: (c) => `text(${c})`,
    enum: (c) => `text(${c})`,
    int: (c) => `integer(${c})`,
    float: (c) => `real(${c})`,
    boolean: (c) => `integer(${c}, { mode: "boolean" })`,
    // Milliseconds since the epoch: the precision of a JavaScript Date, as Prisma keeps it.
    datetime: (c) => `integer(${c}, { mode: "timestamp_ms" })`,
    date_now: (c) => `integer(${c}, { mode: "timestamp_ms" })`,
    date_updated: (c) => `integer(${c}, { mode: "timestamp_ms" })`,
    slug: (c) => `text(${c})`,
    password: (c) => `text(${c})`,
    json: (c) => `text(${c}, { mode: "json" })`,
  },
  postgresql: {
    // The same column types Prisma's schema engine creates, so a PostgreSQL database made by one
    // ORM fits the other.
    string: (c) => `text(${c})`,
    text: (c) => `text(${c})`,
    uuid: (c) => `text(${c})`,
    enum: (c) => `text(${c})`,
    int: (c) => `integer(${c})`,
    float: (c) => `doublePrecision(${c})`,
    boolean: (c) => `boolean(${c})`,
    datetime: (c) => `timestamp(${c}, { precision: 3, mode: "date" })`,
    date_now: (c) => `timestamp(${c}, { precision: 3, mode: "date" })`,
    date_updated: (c) => `timestamp(${c}, { precision: 3, mode: "date" })`,
    slug: (c) => `text(${c})`,
    password: (c) => `text(${c})`,
    // json keeps an object's keys in the order sent, as SQLite does; jsonb would sort them.
    json: (c) => `json(${c})`,
  },
};

/** The function each builder expression starts with, e.g. `text` for `text("name")`. */
const builderName = (expression: string): string => expression.slice(0, expression.indexOf('('));

/** A literal default as TypeScript; dates become `new Date("...")`. */
function defaultLiteral(type: FieldType, value: unknown): string {
  if (type === 'datetime')
    return `new Date(${JSON.stringify(new Date(String(value)).toISOString())})`;
  return JSON.stringify(value);
}

/** The column expression of a model field, e.g. `text("email").notNull()`. */
export function drizzleColumn(
  name: string,
  options: FieldOptions,
  provider: DatabaseProvider,
): string {
  const column = JSON.stringify(name);
  let expression = BUILDERS[provider][options.type](
    options.values
      ? `${column}, { enum: [${options.values.map((v) => JSON.stringify(v)).join(', ')}] }`
      : column,
  );
  // Like Prisma's @default(uuid(7)) and @default(now()): values made by the app, not the database.
  // UUIDv7 (the uuid package, as Prisma's client uses): ids in the order the records were made.
  if (name === 'id') return `${expression}.primaryKey().$defaultFn(() => uuidv7())`;
  if (!options.optional) expression += '.notNull()';
  // Like Prisma's @updatedAt: every update through Drizzle sets it (functions' updates too).
  // writeTime (schema.ts): one time for every column of a statement, so that a new record's
  // date_now and date_updated fields are equal, as with Prisma.
  if (options.type === 'date_updated')
    expression += '.$defaultFn(writeTime).$onUpdateFn(writeTime)';
  else if (options.type === 'date_now') expression += '.$defaultFn(writeTime)';
  else if (options.default !== undefined)
    expression += `.default(${defaultLiteral(options.type, options.default)})`;
  return expression;
}

/** Table-level builders src/appgen/schema.ts may need beside the column builders. */
export interface DrizzleTableFeatures {
  uniqueIndex: boolean;
  index: boolean;
  foreignKey: boolean;
  /** A model's table has foreign keys: its constraints callback names its type (drizzleExtraConfig). */
  typedConstraints: boolean;
}

/** What src/appgen/schema.ts imports from drizzle-orm/<dialect>-core, sorted. */
export function drizzleImports(
  columns: string[],
  provider: DatabaseProvider,
  features: DrizzleTableFeatures,
): string[] {
  const names = new Set(columns.map(builderName));
  names.add(provider === 'sqlite' ? 'sqliteTable' : 'pgTable');
  const { typedConstraints, ...builders } = features;
  for (const [name, used] of Object.entries(builders)) if (used) names.add(name);
  // The type of a constraints callback with foreign keys (ProjectContext ormSyntax.drizzleExtraConfig).
  const types = typedConstraints
    ? [`type ${provider === 'sqlite' ? 'SQLiteTableExtraConfigValue' : 'PgTableExtraConfigValue'}`]
    : [];
  return [...[...names].sort(), ...types];
}
