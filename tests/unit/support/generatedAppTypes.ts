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

/**
 * A project folder inside the shared install for a FileMap that is type-checked in memory: it
 * resolves packages from the shared node_modules. With Prisma it holds what `prisma generate`
 * makes from the FileMap's schema (src/generated/prisma, which the generated code imports); the
 * FileMap's own files are never written there.
 */
export async function typesProject(name: string, files: FileMap): Promise<string> {
  const root = path.join(sharedInstall(), 'projects', name);
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  const schema = files.get('prisma/schema.prisma');
  if (schema) {
    for (const file of ['prisma/schema.prisma', 'prisma.config.ts']) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), files.get(file)?.content ?? '');
    }
    await generatePrismaClient({ projectDir: root });
  }
  return root;
}
