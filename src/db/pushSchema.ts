import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { UserError } from '../diagnostics/diagnostic';
import { dataLossFix, dataLossMessage, renameHints } from './dataLossMessage';
import { providerOf } from '../project/databaseUrl';
import { openSchemaEngine, type SchemaEngineSession, type SchemaFile } from './wasmSchemaEngine';

/**
 * `prisma db push` without the network: bring the database in line with prisma/schema.prisma
 * using the WebAssembly schema engine from the project's node_modules (see wasmSchemaEngine.ts).
 */

export interface PushOptions {
  projectDir: string;
  databaseUrl: string;
  /** Apply changes that lose data (dropped columns/tables, ...). Off by default. */
  acceptDataLoss?: boolean;
  /**
   * The generated schema's text, when it is not written yet: `appgen dev` pushes before it
   * writes, so a refused change leaves the files as they were. Read from the file otherwise.
   */
  schema?: string;
  /** Receives the engine's log lines. */
  log?: (line: string) => void;
  /**
   * Tables of the database that are not the models' and stay as they are: the FTS5 tables of
   * searches on SQLite (src/db/searchIndexes.ts). Prisma's push would drop them.
   */
  externalTables?: string[];
}

export interface PushResult {
  executedSteps: number;
  warnings: string[];
  unexecutable: string[];
}

/**
 * The push was refused and the database left unchanged.
 *
 * `warnings` are changes that lose data: applied when the user accepts (--accept-data-loss).
 * `unexecutable` are changes the existing rows make impossible (e.g. a new required column
 * without a default on a non-empty table): the engine skips them even when forced, so accepting
 * does not help and the message says what does.
 */
export class DataLossError extends Error {
  constructor(
    readonly warnings: string[],
    readonly unexecutable: string[],
    readonly renameHints: string[] = [],
  ) {
    super(dataLossMessage(warnings, unexecutable, renameHints));
    this.name = 'DataLossError';
  }

  /** What to do, for the "fix:" line. */
  get fix(): string {
    return dataLossFix(this.unexecutable);
  }
}

export const SCHEMA_PATH = path.join('prisma', 'schema.prisma');

export type PushSchemaOptions = PushOptions;

export async function pushSchema(opts: PushOptions): Promise<PushResult> {
  const projectDir = path.resolve(opts.projectDir);
  const schemaFile = path.join(projectDir, SCHEMA_PATH);
  const content = opts.schema ?? (await fs.readFile(schemaFile, 'utf8'));
  const provider = providerOf(opts.databaseUrl);
  assertSchemaProvider(content, provider);

  const engine = await openSchemaEngine({
    projectDir,
    url: opts.databaseUrl,
    provider,
    schema: { path: schemaFile, content },
    log: opts.log,
  });
  let result: PushResult;
  try {
    result = await push(
      engine,
      { path: schemaFile, content },
      opts.acceptDataLoss === true,
      opts.externalTables ?? [],
    );
  } catch (error) {
    // Report the push failure, not a failure to close after it.
    await engine.close().catch(() => undefined);
    throw error;
  }
  await engine.close();
  return result;
}

async function push(
  engine: SchemaEngineSession,
  schema: SchemaFile,
  acceptDataLoss: boolean,
  externalTables: string[],
): Promise<PushResult> {
  // Never force on the first attempt: with force false the engine applies nothing when it
  // reports warnings or unexecutable steps, so the data stays intact unless the user agrees.
  let result = await engine.schemaPush(schema, false, externalTables);
  const { warnings, unexecutable } = result;
  // Unexecutable steps are skipped even when forced: forcing would change nothing.
  if (unexecutable.length > 0 || (warnings.length > 0 && !acceptDataLoss)) {
    throw new DataLossError(warnings, unexecutable, await renameHintsFor(engine, schema, warnings));
  }
  if (warnings.length > 0) result = await engine.schemaPush(schema, true, externalTables);
  return {
    executedSteps: result.executedSteps,
    warnings: result.warnings,
    unexecutable: result.unexecutable,
  };
}

/** Rename hints need the database's current models: introspected only when a column would be dropped. */
async function renameHintsFor(
  engine: SchemaEngineSession,
  schema: SchemaFile,
  warnings: string[],
): Promise<string[]> {
  if (!warnings.some((warning) => warning.includes('drop the column'))) return [];
  try {
    return renameHints(warnings, await engine.introspect(schema), schema.content);
  } catch {
    // A hint is a nicety: the refusal itself must not fail because of it.
    return [];
  }
}

/**
 * The schema's datasource provider is rendered from DATABASE_URL at generation time; if the URL
 * changed since, say so plainly instead of letting the engine fail on a mismatched adapter.
 */
function assertSchemaProvider(schema: string, provider: string): void {
  const declared = /datasource\s+\w+\s*\{[^}]*?\bprovider\s*=\s*"([^"]+)"/.exec(schema)?.[1];
  if (declared !== undefined && declared !== provider) {
    throw new UserError(
      `prisma/schema.prisma declares provider "${declared}" but DATABASE_URL is a ${provider} URL`,
      'regenerate the app with the DATABASE_URL it will use (appgen generate).',
    );
  }
}
