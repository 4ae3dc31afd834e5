import { createRequire } from 'node:module';

/**
 * A pg Pool for the schema engine's PostgreSQL adapter, reading `"char"` columns as text.
 *
 * The engine describes the database with catalog queries such as
 * `SELECT constr.contype AS constraint_type FROM pg_constraint ...`, whose columns have the
 * one-byte type `"char"` (OID 18). @prisma/adapter-pg 7.10 has no column type for OID 18 and
 * fails the whole push with "Column type 'char' could not be deserialized from the database"
 * (seen with schema-engine-wasm 7.10.0-4 and 8.1.0-2; adapter-pg 7.10.1 and 8.1.0-dev.7 are the
 * same). pg already returns those values as strings, so reporting the column as `text` (OID 25)
 * is all the engine needs. Only public APIs: pg's `Client` pool option and PrismaPg accepting a
 * Pool. Applications never go through this; only the schema push does.
 */

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

interface QueryResult {
  fields?: Array<{ dataTypeID: number }>;
}

type Callback = (error: unknown, result: unknown) => void;

interface PgClientClass {
  new (...args: unknown[]): { query(...args: unknown[]): unknown };
}

export interface PgPool {
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

function charAsText(result: unknown): unknown {
  // A multi-statement query resolves to an array of results.
  for (const one of (Array.isArray(result) ? result : [result]) as Array<QueryResult | undefined>) {
    for (const field of one?.fields ?? []) {
      if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
    }
  }
  return result;
}

function charAsTextClient(Client: PgClientClass): PgClientClass {
  return class CharAsTextClient extends Client {
    override query(...args: unknown[]): unknown {
      // Pool.query calls client.query(text, values, callback); the adapter awaits a promise.
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        const callback = last as Callback;
        return super.query(...args.slice(0, -1), (error: unknown, result: unknown) =>
          callback(error, error ? result : charAsText(result)),
        );
      }
      const returned = super.query(...args);
      // Submittables (cursors, streams) come back as themselves and are left alone.
      const isPromise = typeof (returned as Promise<unknown> | undefined)?.then === 'function';
      return isPromise ? (returned as Promise<unknown>).then(charAsText) : returned;
    }
  };
}

/** `adapterPgEntry`: resolved path of @prisma/adapter-pg, so we get the very `pg` it uses. */
export function createCharAsTextPool(adapterPgEntry: string, connectionString: string): PgPool {
  // PrismaPg checks `instanceof pg.Pool`, so the Pool must come from adapter-pg's own copy of pg.
  const pg = createRequire(adapterPgEntry)('pg') as {
    Pool: new (config: object) => PgPool;
    Client: PgClientClass;
  };
  return new pg.Pool({ connectionString, Client: charAsTextClient(pg.Client) });
}
