import crypto from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { type DatabaseProvider, sqliteFilePath } from '../project/databaseUrl';
import { createCharAsTextPool } from './pgPool';
import {
  createProjectRequire,
  type ProjectRequire,
  resolveFromProject,
} from '../project/projectModules';
import { ensureSqliteFolder } from './sqliteFolder';

/**
 * The only module that touches Prisma's internal schema-engine interfaces.
 *
 * `prisma db push` needs the native schema-engine binary, which the Prisma CLI downloads from
 * binaries.prisma.sh: unreachable on machines that only reach the npm registry. The same engine
 * is published on npm as WebAssembly (`@prisma/schema-engine-wasm`, class SchemaEngine) and talks
 * to the database through a driver adapter. Its API is internal to Prisma and "will break
 * without prior warning" (its README), so everything about it lives here, with the versions it
 * was verified against (see PRISMA_APP_DEPENDENCIES in src/project/appDependencies.ts):
 *
 *   @prisma/schema-engine-wasm    7.10.0-4.0edf323efd1d98336f3f0a68684b56f689b900d3
 *                                 (byte-identical to the schema_engine_bg.wasm that prisma 7.10.0
 *                                 ships, i.e. the engine commit of prisma 7.10.0's own CLI; also
 *                                 verified: 8.1.0-2.59be4fda12412a79eeb9c2ae727b6aa723593323)
 *   @prisma/driver-adapter-utils  7.10.0  (bindMigrationAwareSqlAdapterFactory)
 *   @prisma/adapter-better-sqlite3 7.10.0 (PrismaBetterSqlite3), @prisma/adapter-pg 7.10.0 (PrismaPg)
 *
 * Every package is loaded from the project's node_modules, never from appgen's.
 */

/** Result of SchemaEngine.schemaPush (SchemaPushOutput in schema_engine.d.ts). */
export interface SchemaPushOutput {
  executedSteps: number;
  warnings: string[];
  unexecutable: string[];
}

export interface SchemaFile {
  path: string;
  content: string;
}

export interface SchemaEngineSession {
  /** `force: false` leaves the database untouched when there are warnings or unexecutable steps. */
  /** `externalTables`: tables of the database the engine must leave alone (not in the schema). */
  schemaPush(
    schema: SchemaFile,
    force: boolean,
    externalTables?: string[],
  ): Promise<SchemaPushOutput>;
  /** The database as it is now, as Prisma schema text (what `prisma db pull` writes). */
  introspect(schema: SchemaFile): Promise<string>;
  /**
   * A migration script (SQL) from one schema state to another. (The engine's createMigration
   * is not offered: in the wasm build it gets no adapter factory, so it cannot open the shadow
   * database it needs: "SQLite shadow DB must be provided through an external factory".)
   */
  diff(from: DiffTarget, to: DiffTarget): Promise<string>;
  /** Applies the migrations of `list` the database has not recorded yet; returns their names. */
  applyMigrations(list: MigrationList): Promise<string[]>;
  /** Frees the engine and disposes every connection it opened. Safe to call twice. */
  close(): Promise<void>;
}

export interface OpenSchemaEngineOptions {
  projectDir: string;
  url: string;
  provider: DatabaseProvider;
  schema: SchemaFile;
  log?: (line: string) => void;
}

// --- The shapes we rely on (from schema_engine_bg.d.ts and driver-adapter-utils' index.d.ts) ---

interface WasmEngine {
  schemaPush(input: {
    schema: { files: SchemaFile[] };
    force: boolean;
    filters: { externalTables: string[]; externalEnums: string[] };
  }): Promise<SchemaPushOutput>;
  introspect(input: {
    schema: { files: SchemaFile[] };
    baseDirectoryPath: string;
    force: boolean;
    compositeTypeDepth: number;
    namespaces: string[] | null;
  }): Promise<{ schema: { files: SchemaFile[] } }>;
  diff(input: {
    from: DiffTarget;
    to: DiffTarget;
    script: boolean;
    exitCode: boolean | null;
    filters: Filters;
  }): Promise<{ exitCode: number; stdout: string | null }>;
  applyMigrations(input: {
    migrationsList: MigrationList;
    filters: Filters;
  }): Promise<{ appliedMigrationNames: string[] }>;
  free(): void;
}

/** MigrationList in schema_engine_bg.d.ts: prisma/migrations, read by the caller. */
export interface MigrationList {
  baseDir: string;
  lockfile: { path: string; content: string | null };
  shadowDbInitScript: string;
  migrationDirectories: Array<{
    path: string;
    migrationFile: {
      path: string;
      content: { tag: 'ok'; value: string } | { tag: 'error'; value: string };
    };
  }>;
}

interface Filters {
  externalTables: string[];
  externalEnums: string[];
}

/** DiffTarget in schema_engine_bg.d.ts (the variants we use). */
export type DiffTarget =
  | { tag: 'empty' }
  | { tag: 'schemaDatamodel'; files: SchemaFile[] }
  | { tag: 'schemaDatasource'; files: SchemaFile[]; configDir: string }
  | { tag: 'url'; url: string }
  | ({ tag: 'migrations' } & MigrationList);

interface WasmEngineClass {
  new: (
    options: { datamodels: [string, string][] | undefined },
    log: (line: string) => void,
    adapterFactory: object,
  ) => Promise<WasmEngine>;
}

interface WasmGlue {
  __wbg_set_wasm(exports: Record<string, unknown>): void;
  SchemaEngine: WasmEngineClass;
}

// The repo compiles with lib ES2022 (no DOM) and @types/node 20 declares no WebAssembly types,
// so declare the three calls we make.
interface WebAssemblyApi {
  compile(bytes: Uint8Array): Promise<object>;
  Module: { imports(module: object): Array<{ module: string }> };
  instantiate(
    module: object,
    imports: Record<string, unknown>,
  ): Promise<{ exports: Record<string, unknown> }>;
}
const wasmApi = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;

interface Connection {
  dispose(): Promise<void>;
}

interface AdapterFactory {
  connect(): Promise<Connection>;
  connectToShadowDb?(): Promise<Connection>;
}

interface BoundAdapterFactory {
  errorRegistry?: { consumeError?(id: number): { error: unknown } | undefined };
}

// wasm-bindgen keeps its instance in module state of the glue file, so each glue file is
// instantiated once per process (Prisma's own loader does the same). Keyed by file path, so two
// projects with different engine versions each get their own.
const engineClasses = new Map<string, Promise<WasmEngineClass>>();

function loadEngineClass(req: ProjectRequire, projectDir: string): Promise<WasmEngineClass> {
  // The package exports only `.` (whose entry imports the .wasm as an ES module: Node 20 needs
  // --experimental-wasm-modules for that) and `./schema_engine_bg` (the JS glue). So: load the
  // glue, instantiate the .wasm next to it ourselves, and hand the instance to the glue.
  const glueFile = resolveFromProject(
    req,
    '@prisma/schema-engine-wasm/schema_engine_bg',
    projectDir,
  );
  let loaded = engineClasses.get(glueFile);
  if (!loaded) {
    loaded = instantiate(glueFile);
    engineClasses.set(glueFile, loaded);
    loaded.catch(() => engineClasses.delete(glueFile));
  }
  return loaded;
}

async function instantiate(glueFile: string): Promise<WasmEngineClass> {
  const glue = await evaluateGlue(glueFile);
  const wasmFile = path.join(path.dirname(glueFile), 'schema_engine_bg.wasm');
  const module = await wasmApi.compile(await fs.readFile(wasmFile));
  // The module imports everything from './schema_engine_bg.js', i.e. the glue itself, except
  // that its setTimeout is swapped for one whose timers we can clear (see engineTimers).
  const glueImports: Record<string, unknown> = { ...glue };
  for (const name of Object.keys(glueImports)) {
    if (name.startsWith('__wbg_setTimeout_')) glueImports[name] = trackedSetTimeout;
  }
  const imports: Record<string, unknown> = {};
  for (const { module: name } of wasmApi.Module.imports(module)) imports[name] = glueImports;
  const instance = await wasmApi.instantiate(module, imports);
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return glue.SchemaEngine;
}

/**
 * Evaluates the wasm-bindgen glue (an ES module without imports: top-level state, then
 * `export function` / `export class` declarations) as a function body in *this* realm.
 *
 * Why not import() it: under Jest our code runs in a vm context, where import() needs
 * --experimental-vm-modules, and a copy imported into the main context fails anyway: the glue's
 * `instanceof Promise` / `instanceof Error` checks then see the adapter's objects as foreign
 * ("Error in the underlying connector (WASM_ERROR): Unknown error"). Evaluated here, it shares
 * the realm of the driver adapters, under plain Node and Jest alike.
 */
async function evaluateGlue(glueFile: string): Promise<WasmGlue> {
  const source = await fs.readFile(glueFile, 'utf8');
  const exported: string[] = [];
  const body = source.replace(
    /^export (function|class) ([\w$]+)/gm,
    (_match, kind: string, name: string) => {
      exported.push(name);
      return `${kind} ${name}`;
    },
  );
  if (
    /^\s*(import|export)\b/m.test(body) ||
    /\bimport\.meta\b/.test(body) ||
    !exported.includes('SchemaEngine')
  ) {
    throw new Error(
      `Unexpected format of ${glueFile}: this @prisma/schema-engine-wasm version is not supported ` +
        '(see src/db/wasmSchemaEngine.ts for the verified versions).',
    );
  }
  const factory = new Function(
    `"use strict";\n${body}\nreturn { ${exported.join(', ')} };`,
  ) as () => WasmGlue;
  return factory();
}

// The engine starts 60 s timers (seen during SQLite pushes) and never clears them: the glue
// imports setTimeout but no clearTimeout. Left alone, a finished push keeps Node alive for a
// minute. So the wasm gets a setTimeout that remembers its
// timers, and they are cleared once no engine session is open. Not unref'd instead: with
// better-sqlite3 (synchronous) a timer may be the only thing keeping Node alive mid-operation.
const engineTimers = new Set<NodeJS.Timeout>();
let openSessions = 0;

function trackedSetTimeout(callback: () => void, ms: number): NodeJS.Timeout {
  const timer = setTimeout(() => {
    engineTimers.delete(timer);
    callback();
  }, ms >>> 0);
  engineTimers.add(timer);
  return timer;
}

function sessionEnded(): void {
  openSessions -= 1;
  if (openSessions > 0) return;
  for (const timer of engineTimers) clearTimeout(timer);
  engineTimers.clear();
}

/** The driver adapter factory for the URL, with every connection it opens remembered. */
async function createAdapterFactory(
  req: ProjectRequire,
  opts: OpenSchemaEngineOptions,
  opened: Connection[],
): Promise<AdapterFactory> {
  let factory: AdapterFactory;
  if (opts.provider === 'sqlite') {
    const file = sqliteFilePath(opts.url, opts.projectDir);
    ensureSqliteFolder(file);
    const { PrismaBetterSqlite3 } = req(
      resolveFromProject(req, '@prisma/adapter-better-sqlite3', opts.projectDir),
    );
    factory = new PrismaBetterSqlite3({ url: `file:${file}` });
    const connectShadow = factory.connectToShadowDb?.bind(factory);
    if (connectShadow)
      factory.connectToShadowDb = async () =>
        runsScriptsAsRaw((await connectShadow()) as RawConnection);
  } else {
    const adapterPg = resolveFromProject(req, '@prisma/adapter-pg', opts.projectDir);
    const { PrismaPg } = req(adapterPg);
    const pool = createCharAsTextPool(adapterPg, opts.url);
    // PrismaPg does not end a pool it was given; close() does.
    opened.push({ dispose: () => pool.end() });
    factory = new PrismaPg(pool);
    factory.connectToShadowDb = shadowDatabaseFactory(factory, opts.url, (url) => {
      const shadowPool = createCharAsTextPool(adapterPg, url);
      // Dropping the shadow database ends its sessions; an idle client may still report that.
      shadowPool.on('error', () => undefined);
      return { factory: new PrismaPg(shadowPool) as AdapterFactory, end: () => shadowPool.end() };
    });
  }
  // The engine connects through the factory but never disposes what it got (a pg Pool keeps the
  // process alive), so we keep the connections and dispose them in close().
  for (const method of ['connect', 'connectToShadowDb'] as const) {
    const original = factory[method]?.bind(factory);
    if (!original) continue;
    factory[method] = async () => {
      const connection = await original();
      opened.push(connection);
      return connection;
    };
  }
  return factory;
}

interface RawConnection extends Connection {
  executeRaw(query: { sql: string; args: unknown[] }): Promise<number>;
  executeScript(script: string): Promise<void>;
}

/**
 * The engine replays each migration file on the SQLite shadow database with executeRaw, which
 * better-sqlite3 runs as one prepared statement ("The supplied SQL string contains more than one
 * statement"); a migration file has many. A statement list without parameters goes to
 * executeScript (better-sqlite3's exec) instead.
 */
function runsScriptsAsRaw(connection: RawConnection): RawConnection {
  const executeRaw = connection.executeRaw.bind(connection);
  connection.executeRaw = async (query) => {
    try {
      return await executeRaw(query);
    } catch (error) {
      if (query.args.length > 0 || !/more than one statement/.test((error as Error).message))
        throw error;
      await connection.executeScript(query.sql);
      return 0;
    }
  };
  return connection;
}

interface ScriptConnection extends Connection {
  executeScript(script: string): Promise<void>;
}

/**
 * The throwaway PostgreSQL database the engine replays prisma/migrations on (to diff them with
 * the models). adapter-pg's own connectToShadowDb must not be used with our pool: it opens the
 * shadow with the pool's options plus `database`, but pg lets the connectionString win, so the
 * "shadow" would be the real database, which the engine then resets. This one names the shadow
 * database in the URL itself and drops it on dispose.
 */
function shadowDatabaseFactory(
  factory: AdapterFactory,
  url: string,
  adapterFor: (url: string) => { factory: AdapterFactory; end(): Promise<void> },
): () => Promise<Connection> {
  return async () => {
    const admin = (await factory.connect()) as ScriptConnection;
    const name = `appgen_shadow_${crypto.randomBytes(6).toString('hex')}`;
    await admin.executeScript(`CREATE DATABASE "${name}"`);
    const shadowUrl = new URL(url);
    shadowUrl.pathname = `/${name}`;
    const shadowAdapter = adapterFor(shadowUrl.toString());
    const shadow = await shadowAdapter.factory.connect();
    const disposeShadow = shadow.dispose.bind(shadow);
    let disposed = false;
    shadow.dispose = async () => {
      if (disposed) return;
      disposed = true;
      await disposeShadow();
      // PrismaPg leaves a pool it was given open; the shadow's pool is ours to end.
      await shadowAdapter.end();
      await admin.executeScript(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.dispose();
    };
    return shadow;
  };
}

export async function openSchemaEngine(
  opts: OpenSchemaEngineOptions,
): Promise<SchemaEngineSession> {
  const req = createProjectRequire(opts.projectDir);
  const EngineClass = await loadEngineClass(req, opts.projectDir);
  const { bindMigrationAwareSqlAdapterFactory } = req(
    resolveFromProject(req, '@prisma/driver-adapter-utils', opts.projectDir),
  );

  const opened: Connection[] = [];
  let engine: WasmEngine | undefined;
  let closed = false;
  openSessions += 1;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    try {
      engine?.free();
      // Newest first, one at a time: a shadow database is dropped through a connection of the
      // main pool, which must still be open then.
      let failure: unknown;
      for (const connection of opened.splice(0).reverse()) {
        await connection.dispose().catch((error: unknown) => {
          failure ??= error;
        });
      }
      if (failure !== undefined) throw failure;
    } finally {
      sessionEnded();
    }
  };

  // A bare adapter or bindSqlAdapterFactory() is not accepted: the engine wants the
  // migration-aware factory (connect + connectToShadowDb) with its error registry.
  let bound: BoundAdapterFactory = {};
  try {
    const factory = await createAdapterFactory(req, opts, opened);
    bound = bindMigrationAwareSqlAdapterFactory(factory) as BoundAdapterFactory;
    const log = opts.log ?? (() => undefined);
    engine = await EngineClass.new(
      { datamodels: [[opts.schema.path, opts.schema.content]] },
      log,
      bound,
    );
  } catch (error) {
    await close().catch(() => undefined);
    throw explainEngineError(error, bound);
  }
  const session = engine;

  return {
    async schemaPush(schema, force, externalTables = []) {
      try {
        // Keep the call on the instance: a detached method loses its wasm pointer (`__wbg_ptr`).
        return await session.schemaPush({
          schema: { files: [schema] },
          force,
          filters: { externalTables, externalEnums: [] },
        });
      } catch (error) {
        throw explainEngineError(error, bound);
      }
    },
    async introspect(schema) {
      try {
        const result = await session.introspect({
          schema: { files: [schema] },
          baseDirectoryPath: path.dirname(schema.path),
          force: false,
          compositeTypeDepth: -1,
          namespaces: null,
        });
        return result.schema.files.map((file) => file.content).join('\n');
      } catch (error) {
        throw explainEngineError(error, bound);
      }
    },
    async diff(from, to) {
      try {
        const result = await session.diff({
          from,
          to,
          script: true,
          exitCode: null,
          filters: { externalTables: [], externalEnums: [] },
        });
        return result.stdout ?? '';
      } catch (error) {
        throw explainEngineError(error, bound);
      }
    },
    async applyMigrations(list) {
      try {
        return (
          await session.applyMigrations({
            migrationsList: list,
            filters: { externalTables: [], externalEnums: [] },
          })
        ).appliedMigrationNames;
      } catch (error) {
        throw explainEngineError(error, bound);
      }
    },
    close,
  };
}

/**
 * An error the driver throws that is not a DriverAdapterError (e.g. better-sqlite3's
 * "unable to open database file") reaches us only as "External error id#N"; the original waits
 * in the factory's error registry under N. Prefer it: it carries the driver's own message.
 * Engine messages end with a newline, trimmed here.
 */
function explainEngineError(error: unknown, bound: BoundAdapterFactory): Error {
  const message = error instanceof Error ? error.message : String(error);
  const id = /External error id#(\d+)/.exec(message)?.[1];
  const original =
    id !== undefined ? bound.errorRegistry?.consumeError?.(Number(id))?.error : undefined;
  if (typeof original === 'object' && original !== null && 'message' in original)
    return original as Error;
  if (error instanceof Error) {
    error.message = error.message.trimEnd();
    return error;
  }
  return new Error(message);
}
