import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { type DatabaseProvider, providerOf } from '../project/databaseUrl';
import { codePointOrderStatements } from './codePointOrder';
import {
  MigrationError,
  migrationSlug,
  noMigrationsError,
  pushedDatabaseError,
} from './migrationError';
import { SCHEMA_PATH } from './pushSchema';
import {
  type MigrationList,
  openSchemaEngine,
  type SchemaEngineSession,
  type SchemaFile,
} from './wasmSchemaEngine';

/**
 * SQL migrations for teams, offline, in Prisma's own layout so `prisma migrate deploy` on a
 * machine with the native engine reads the same files:
 *
 *   prisma/migrations/migration_lock.toml            provider = "sqlite" | "postgresql"
 *   prisma/migrations/<yyyymmddhhmmss>_<name>/migration.sql
 *
 * `createMigration` replays the existing migrations on a throwaway shadow database (SQLite: in
 * memory; PostgreSQL: a temporary database on the same server) and writes the SQL from there to
 * the models. `deployMigrations` applies the ones the database has not recorded (in its
 * `_prisma_migrations` table). The engine's own createMigration cannot reach a shadow database
 * in the wasm build, so the SQL comes from its `diff` (from the migrations to the models).
 */

export const MIGRATIONS_DIR = path.join('prisma', 'migrations');
const LOCKFILE = 'migration_lock.toml';
const MIGRATION_FILE = 'migration.sql';

export interface MigrationOptions {
  projectDir: string;
  databaseUrl: string;
  log?: (line: string) => void;
}

export { MigrationError } from './migrationError';

function lockfileContent(provider: DatabaseProvider): string {
  return `# Written by appgen migrate create (Prisma's format). Do not edit; commit it with the migrations.\nprovider = "${provider}"\n`;
}

/** prisma/migrations as the engine wants it, read from disk. */
export async function readMigrations(
  projectDir: string,
  provider: DatabaseProvider,
): Promise<MigrationList> {
  const baseDir = path.join(path.resolve(projectDir), MIGRATIONS_DIR);
  const entries = await fs.readdir(baseDir, { withFileTypes: true }).catch(() => []);
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const migrationDirectories: MigrationList['migrationDirectories'] = [];
  for (const name of names) {
    const file = path.join(baseDir, name, MIGRATION_FILE);
    const content = await fs.readFile(file, 'utf8').then(
      (value) => ({ tag: 'ok' as const, value }),
      (error: Error) => ({ tag: 'error' as const, value: error.message }),
    );
    migrationDirectories.push({ path: name, migrationFile: { path: MIGRATION_FILE, content } });
  }
  const lock = await fs.readFile(path.join(baseDir, LOCKFILE), 'utf8').catch(() => null);
  const locked = lock === null ? undefined : /^\s*provider\s*=\s*"([^"]+)"/m.exec(lock)?.[1];
  if (locked !== undefined && locked !== provider) {
    throw new MigrationError(
      `${path.join(MIGRATIONS_DIR, LOCKFILE)} says the migrations are for ${locked}, but DATABASE_URL is a ${provider} URL.`,
      `use a ${locked} DATABASE_URL, or start a new migration history for ${provider} (move prisma/migrations away).`,
    );
  }
  return {
    baseDir,
    lockfile: { path: LOCKFILE, content: lock ?? lockfileContent(provider) },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

/** Prisma's directory name: UTC yyyymmddhhmmss, `_`, the name in snake case. */
export function migrationDirName(name: string, now: Date): string {
  const slug = migrationSlug(name);
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${stamp}_${slug}`;
}

async function withEngine<T>(
  opts: MigrationOptions,
  work: (engine: SchemaEngineSession, schema: SchemaFile, provider: DatabaseProvider) => Promise<T>,
): Promise<T> {
  const projectDir = path.resolve(opts.projectDir);
  const schemaPath = path.join(projectDir, SCHEMA_PATH);
  const schema = { path: schemaPath, content: await fs.readFile(schemaPath, 'utf8') };
  const provider = providerOf(opts.databaseUrl);
  const engine = await openSchemaEngine({
    projectDir,
    url: opts.databaseUrl,
    provider,
    schema,
    log: opts.log,
  });
  let result: T;
  try {
    result = await work(engine, schema, provider);
  } catch (error) {
    await engine.close().catch(() => undefined);
    throw error;
  }
  await engine.close();
  return result;
}

export interface CreatedMigration {
  /** e.g. 20261121203000_add_bio */
  name: string;
  /** Relative to the project: prisma/migrations/<name>/migration.sql */
  file: string;
  sql: string;
  /** What the migration may do to rows already in a database (Drizzle; empty for Prisma's). */
  warnings: string[];
}

/**
 * Writes the migration from the existing migrations to the current models. Returns null (and
 * writes nothing) when the migrations already produce the models.
 */
export async function createMigration(
  opts: MigrationOptions & { name: string; now?: Date },
): Promise<CreatedMigration | null> {
  const dirName = migrationDirName(opts.name, opts.now ?? new Date());
  return withEngine(opts, async (engine, schema, provider) => {
    const list = await readMigrations(opts.projectDir, provider);
    const diff = await engine.diff(
      { tag: 'migrations', ...list },
      { tag: 'schemaDatamodel', files: [schema] },
    );
    if (diff.trim() === '' || /^--\s*This is an empty migration\.?\s*$/.test(diff.trim()))
      return null;
    const sql = provider === 'postgresql' ? diff + codePointOrderStatements(diff) : diff;
    const baseDir = list.baseDir;
    await fs.mkdir(path.join(baseDir, dirName), { recursive: true });
    await fs.writeFile(path.join(baseDir, dirName, MIGRATION_FILE), sql);
    await fs.writeFile(
      path.join(baseDir, LOCKFILE),
      list.lockfile.content ?? lockfileContent(provider),
    );
    return {
      name: dirName,
      file: path.join(MIGRATIONS_DIR, dirName, MIGRATION_FILE),
      sql,
      warnings: [],
    };
  });
}

/** Applies the migrations the database has not recorded yet; returns their names, in order. */
export async function deployMigrations(opts: MigrationOptions): Promise<string[]> {
  return withEngine(opts, async (engine, _schema, provider) => {
    const list = await readMigrations(opts.projectDir, provider);
    if (list.migrationDirectories.length === 0) {
      throw noMigrationsError(MIGRATIONS_DIR);
    }
    try {
      return await engine.applyMigrations(list);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/P3005|schema is not empty/i.test(message)) {
        throw pushedDatabaseError();
      }
      throw error;
    }
  });
}
