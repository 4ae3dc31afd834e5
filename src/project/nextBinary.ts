import { createRequire } from 'module';
import path from 'path';
import { UserError } from '../diagnostics/diagnostic';

/** The project's own Next.js CLI entry, so the app runs with the version it pinned. */
export function nextBinary(root: string): string {
  try {
    return createRequire(path.join(root, 'package.json')).resolve('next/dist/bin/next');
  } catch {
    throw new UserError(
      `Next.js is not installed in ${root}`,
      'run "npm install" in the project first.',
    );
  }
}
