/**
 * Runs the project's own `prisma generate`, offline.
 *
 * What the generated app must contain for this to work (Prisma 7.10):
 *
 * prisma.config.ts at the project root. Prisma 7 no longer takes the URL from the schema; the
 * CLI reads it from here. `env('DATABASE_URL')` from prisma/config would throw when the variable
 * is unset (even for `generate`, which needs no database), so fall back to the same default as
 * resolveDatabaseUrl. Prisma 7 does not load .env files itself; we do not need it to.
 *
 *     import { defineConfig } from 'prisma/config';
 *
 *     export default defineConfig({
 *       schema: 'prisma/schema.prisma',
 *       migrations: { path: 'prisma/migrations' },
 *       datasource: { url: process.env.DATABASE_URL ?? 'file:./prisma/dev.db' },
 *     });
 *
 * prisma/schema.prisma, generator block for Next.js 16 (Turbopack) in a "type": "module" app:
 *
 *     generator client {
 *       provider               = "prisma-client"
 *       output                 = "../src/generated/prisma"
 *       runtime                = "nodejs"
 *       moduleFormat           = "esm"
 *       generatedFileExtension = "ts"
 *       importFileExtension    = ""
 *     }
 *     datasource db {
 *       provider = "sqlite"          // or "postgresql": from resolveDatabaseUrl()
 *     }
 *
 * All four options are what Prisma infers anyway when it finds the app's tsconfig (module
 * esnext, moduleResolution "bundler") near the output directory at generate time; we spell them
 * out so the result does not depend on that. Verified with `next build` + `next start`
 * (Turbopack) and a route handler importing `@/generated/prisma/client`:
 *   importFileExtension ""   (extensionless imports) works, and so does `tsc` with "bundler";
 *   importFileExtension "ts" works too (the generated files are @ts-nocheck);
 *   importFileExtension "js" fails: Turbopack "Module not found: Can't resolve './enums.js'".
 * The app imports `@/generated/prisma/client` (or a relative path to src/generated/prisma/client)
 * and creates `new PrismaClient({ adapter })` with PrismaBetterSqlite3 or PrismaPg.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sha256Hex } from '../hash/sha256Hex';
import { createProjectRequire, resolveFromProject } from '../project/projectModules';

/** Where the generated client goes (the schema's generator `output`, from the project root). */
export const PRISMA_CLIENT_DIR = path.join('src', 'generated', 'prisma');

/**
 * The hash of the schema the client was generated from, as a module beside the client
 * (`@/generated/prismaSchemaHash`), written after each generation: src/appgen/db.ts keys its
 * client by it, so that in `appgen dev` a regenerated client replaces (and closes) the previous
 * one without a restart; appgen skips a generation when it matches (prepareDatabase.ts).
 * Not inside the client's folder: `prisma generate` empties that folder first, and `next dev`,
 * recompiling src/appgen/db.ts for the new client.ts before the hash was written again, logged
 * "Module not found: Can't resolve '@/generated/prisma/schemaHash'".
 */
export const SCHEMA_HASH_MODULE = path.join('src', 'generated', 'prismaSchemaHash.ts');

/** The hash in the project's schema-hash module ('' when there is none). */
export function generatedSchemaHash(projectDir: string): string {
  const file = path.join(projectDir, SCHEMA_HASH_MODULE);
  if (!fs.existsSync(file)) return '';
  return /schemaHash = "([0-9a-f]+)"/.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? '';
}

export interface GeneratePrismaClientOptions {
  projectDir: string;
  /** Extra environment for the prisma process, on top of process.env. */
  env?: NodeJS.ProcessEnv;
  /** The schema file (relative to projectDir) instead of prisma.config.ts's. */
  schema?: string;
}

export async function generatePrismaClient(opts: GeneratePrismaClientOptions): Promise<void> {
  const projectDir = path.resolve(opts.projectDir);
  const req = createProjectRequire(projectDir);
  const packageJson = resolveFromProject(req, 'prisma/package.json', projectDir);
  const { bin } = JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { bin: { prisma: string } };
  const cli = path.join(path.dirname(packageJson), bin.prisma);

  const env: NodeJS.ProcessEnv = { ...process.env, ...opts.env };
  // Before any command that might use it, the CLI makes sure the native schema engine exists and
  // otherwise downloads it (binaries.prisma.sh: unreachable here). `generate` never runs it, so
  // any existing file satisfies the check. Keep a real engine if the user configured one.
  const configured = env.PRISMA_SCHEMA_ENGINE_BINARY;
  if (!configured || !fs.existsSync(configured)) env.PRISMA_SCHEMA_ENGINE_BINARY = packageJson;
  env.PRISMA_HIDE_UPDATE_MESSAGE = '1'; // no "update available" check against the registry
  env.CHECKPOINT_DISABLE = '1'; // no telemetry/version check request
  env.NO_COLOR = '1'; // its output ends up in an Error message, not on a terminal

  const { code, stdout, stderr } = await run(
    process.execPath,
    [cli, 'generate', '--no-hints', ...(opts.schema ? ['--schema', opts.schema] : [])],
    projectDir,
    env,
  );
  if (code !== 0) {
    const output = stderr.trim() || stdout.trim();
    throw new Error(`prisma generate failed (exit code ${code}) in ${projectDir}:\n${output}`);
  }
  const schema = fs.readFileSync(path.join(projectDir, opts.schema ?? SCHEMA_FILE), 'utf8');
  fs.writeFileSync(
    path.join(projectDir, SCHEMA_HASH_MODULE),
    `// Generated by appgen: the hash of the Prisma schema this client was generated from.\nexport const schemaHash = "${sha256Hex(schema)}";\n`,
  );
}

/** The schema prisma.config.ts names (see above). */
const SCHEMA_FILE = path.join('prisma', 'schema.prisma');

function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
