import fs from 'fs';
import path from 'path';
import * as appDependencies from '../../../src/project/appDependencies';
import { generatePrismaClient } from '../../../src/db/generatePrismaClient';
import type { FileMap } from '../../../src/render/fileMap';
import { ensureSharedInstall } from '../../../scripts/sharedInstall';

/**
 * The packages generated code imports (next, react, jose, drizzle-orm, Prisma...) come from the
 * e2e tests' shared install (scripts/sharedInstall.js), made when missing (2-3 minutes, once;
 * the unit run's globalSetup makes it first, and the e2e run reuses it). The pins are read from
 * src/, so no build is needed.
 */
export function sharedInstall(): string {
  return ensureSharedInstall(
    (line: string) => process.stdout.write(`[generated-app types] ${line}\n`),
    appDependencies,
  );
}

const PRISMA_INPUTS = ['prisma/schema.prisma', 'prisma.config.ts'];
/** Written once `prisma generate` succeeded: the inputs it generated from. */
const GENERATED_FROM = '.generated-from';

/** What the client is made from: the schema, prisma.config.ts, and appgen's code that generates it. */
const GENERATOR = path.join(__dirname, '..', '..', '..', 'src', 'db', 'generatePrismaClient.ts');
const prismaInputs = (files: FileMap) =>
  JSON.stringify([
    ...PRISMA_INPUTS.map((file) => files.get(file)?.content ?? ''),
    fs.readFileSync(GENERATOR, 'utf8'),
  ]);

/** The folder already holds the Prisma client of these same inputs (a run before this one made it). */
function hasPrismaClientOf(root: string, files: FileMap): boolean {
  const marker = path.join(root, GENERATED_FROM);
  return fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === prismaInputs(files);
}

/**
 * A project folder inside the shared install for a FileMap that is type-checked in memory: it
 * resolves packages from the shared node_modules. With Prisma it holds what `prisma generate`
 * makes from the FileMap's schema (src/generated/prisma, which the generated code imports),
 * kept from the last run while the schema and prisma.config.ts are the same (the shared install,
 * and so Prisma's version, is per set of pins); the FileMap's own files are never written there.
 */
export async function typesProject(name: string, files: FileMap): Promise<string> {
  const root = path.join(sharedInstall(), 'projects', name);
  if (files.has('prisma/schema.prisma') && hasPrismaClientOf(root, files)) return root;
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  const schema = files.get('prisma/schema.prisma');
  if (schema) {
    for (const file of PRISMA_INPUTS) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), files.get(file)?.content ?? '');
    }
    await generatePrismaClient({ projectDir: root });
    fs.writeFileSync(path.join(root, GENERATED_FROM), prismaInputs(files));
  }
  return root;
}
