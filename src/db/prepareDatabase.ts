import fs from 'fs';
import path from 'path';
import { UserError } from '../diagnostics/diagnostic';
import type { CommandContext } from '../project/commandContext';
import { assertOrmInstalled } from '../project/ormPackages';
import {
  generatedSchemaHash,
  generatePrismaClient,
  PRISMA_CLIENT_DIR,
} from './generatePrismaClient';
import { DRIZZLE_SCHEMA_PATH } from './drizzleKit';
import { pushDrizzleSchema } from './pushDrizzleSchema';
import { DataLossError, pushSchema, SCHEMA_PATH } from './pushSchema';
import { useWriteAheadLog } from './sqliteJournal';
import { useCodePointOrder } from './codePointOrder';
import { searchTablesIn, useSearchIndexes } from './searchIndexes';
import { sha256Hex } from '../hash/sha256Hex';
import { timedStep } from '../project/slowStep';

/** The planned schema's copy in prisma/ while the client is generated from it. */
const PLANNED_SCHEMA = '.appgen-planned-schema.prisma';

/**
 * Regenerates the Prisma client only when the schema changed since it was last generated: the
 * client lives in src/generated/prisma (not committed) and generating it costs about a second.
 * `planned`: the schema's text before prisma/schema.prisma is written (appgen dev generates the
 * client first, from a copy beside it, while next dev has nothing new to recompile).
 */
async function ensurePrismaClient(context: CommandContext, planned?: string): Promise<void> {
  const schema = planned ?? fs.readFileSync(path.join(context.root, SCHEMA_PATH), 'utf8');
  const hash = sha256Hex(schema);
  const client = path.join(context.root, PRISMA_CLIENT_DIR, 'client.ts');
  if (generatedSchemaHash(context.root) === hash && fs.existsSync(client)) return;
  // Beside the schema, so that its generator's relative output names the same folder.
  const copy =
    planned === undefined ? undefined : path.join(path.dirname(SCHEMA_PATH), PLANNED_SCHEMA);
  if (copy) fs.writeFileSync(path.join(context.root, copy), planned as string);
  try {
    const { took } = await timedStep(context.log, 'appgen: generating the Prisma client', () =>
      generatePrismaClient({ projectDir: context.root, env: context.env, schema: copy }),
    );
    context.log(`appgen: Prisma client generated (${took})`);
  } finally {
    if (copy) fs.rmSync(path.join(context.root, copy), { force: true });
  }
}

/**
 * A model change the database refused because of the rows it holds; the database is unchanged.
 * `acceptable`: --accept-data-loss would apply it (otherwise the model or the rows must change).
 */
export class DataLossRefused extends UserError {
  constructor(
    message: string,
    hint: string,
    readonly acceptable: boolean,
  ) {
    super(message, hint);
    this.name = 'DataLossRefused';
  }
}

export interface SyncOptions {
  /** Apply a change that loses data; refused (UserError, database unchanged) otherwise. */
  acceptDataLoss?: boolean;
  /** The generated schema's text when it is not written yet (`appgen dev` pushes first). */
  schema?: string;
}

/**
 * Makes the database match the models: pushes the schema (Prisma: the offline schema engine;
 * Drizzle: drizzle-kit's programmatic push). Does nothing for `orm: "none"`. A change that would
 * lose data is refused unless `acceptDataLoss`, and then the database is unchanged.
 */
export async function syncDatabase(
  context: CommandContext,
  options: SyncOptions = {},
): Promise<void> {
  const { orm } = context;
  if (orm === 'none') return;
  assertOrmInstalled(context.root, orm);
  const schemaFile = orm === 'drizzle' ? DRIZZLE_SCHEMA_PATH : SCHEMA_PATH;
  if (options.schema === undefined && !fs.existsSync(path.join(context.root, schemaFile))) {
    throw new UserError(
      `${schemaFile.split(path.sep).join('/')} does not exist: the database is brought in line with the generated schema`,
      'run appgen generate first (appgen dev and appgen build generate before they push).',
    );
  }
  try {
    const push = orm === 'drizzle' ? pushDrizzleSchema : pushSchema;
    const where = context.database.provider === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const externalTables = orm === 'prisma' ? await searchTablesIn(context) : [];
    const { result } = await timedStep(
      context.log,
      `appgen: comparing the ${where} database with the models`,
      () =>
        push({
          projectDir: context.root,
          databaseUrl: context.database.url,
          acceptDataLoss: options.acceptDataLoss,
          schema: options.schema,
          externalTables,
        }),
    );
    // The embedded database runs in write-ahead-log mode (src/db/sqliteJournal.ts).
    useWriteAheadLog(context);
    // PostgreSQL sorts text by code point, as SQLite does (src/db/codePointOrder.ts).
    const collated = await useCodePointOrder(context);
    // Full-text indexes of the routes' searches, which neither ORM declares (src/db/searchIndexes.ts).
    const schema = options.schema ?? fs.readFileSync(path.join(context.root, schemaFile), 'utf8');
    const searched = await useSearchIndexes(context, schema);
    context.log(
      result.executedSteps + collated + searched > 0
        ? `appgen: ${where} database updated to the models`
        : `appgen: ${where} database already matches the models`,
    );
  } catch (error) {
    if (error instanceof DataLossError) {
      throw new DataLossRefused(error.message, error.fix, error.unexecutable.length === 0);
    }
    throw error;
  }
}

/**
 * The Prisma client of the written schema, or of `planned` (the schema's text, not written yet)
 * when given; nothing to generate for Drizzle or `none`.
 */
export async function generateOrmClient(context: CommandContext, planned?: string): Promise<void> {
  if (context.orm === 'prisma') await ensurePrismaClient(context, planned);
}

/**
 * syncDatabase, then the Prisma client. The database first: when a change is refused, the client
 * keeps matching the database.
 */
export async function prepareDatabase(
  context: CommandContext,
  options: { acceptDataLoss?: boolean } = {},
): Promise<void> {
  await syncDatabase(context, options);
  await generateOrmClient(context);
}
