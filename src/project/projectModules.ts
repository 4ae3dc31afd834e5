import { createRequire } from 'node:module';
import * as path from 'node:path';
import { UserError } from '../diagnostics/diagnostic';

/**
 * Loading packages from a generated app's own node_modules.
 *
 * Prisma's packages must come from the app (the versions it was installed with, and the one
 * better-sqlite3 build that matches them), never from appgen's own dependencies.
 */

export type ProjectRequire = NodeJS.Require;

/** A `require` that resolves exactly like code inside the project would. */
export function createProjectRequire(projectDir: string): ProjectRequire {
  return createRequire(path.join(path.resolve(projectDir), 'package.json'));
}

/** Resolves `specifier` from the project, with an error that says what to install. */
export function resolveFromProject(
  req: ProjectRequire,
  specifier: string,
  projectDir: string,
): string {
  try {
    return req.resolve(specifier);
  } catch {
    // A user error, not a crash: the usual cause is a project whose packages are not installed.
    throw new UserError(
      `Cannot find "${specifier}" in ${path.join(projectDir, 'node_modules')}.`,
      'run npm install in the project first.',
    );
  }
}
