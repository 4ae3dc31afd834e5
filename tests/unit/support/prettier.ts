import { execFileSync } from 'child_process';
import path from 'path';
import { REPO_ROOT } from './paths';

const PRETTIER = path.join(REPO_ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs');

/**
 * What prettier (its CLI, the devDependency; defaults, printWidth 100, as a generated project's
 * .prettierrc.json says) makes of `source`, parsed by the name of `file` (`x.ts`, `x.tsx`).
 */
export function prettierFormat(source: string, file: string): string {
  return execFileSync(
    process.execPath,
    [PRETTIER, '--no-config', '--print-width', '100', '--stdin-filepath', file],
    { input: source, encoding: 'utf8' },
  );
}
