import fs from 'fs';
import path from 'path';
import type { FileMap } from '../render/fileMap';
import type { Warn } from './warnings';

/**
 * Next.js file conventions appgen scaffolds once (each a file Next.js takes only one of, and
 * refuses to build with two), the files of the same convention a project may have of its own,
 * and how to keep appgen's part in one of those.
 */
const CONVENTIONS = [
  {
    file: 'src/proxy.ts',
    others: [
      'src/proxy.js',
      'src/middleware.ts',
      'src/middleware.js',
      'proxy.ts',
      'proxy.js',
      'middleware.ts',
      'middleware.js',
    ],
    keep: 'To send the security headers, return withSecurityHeaders(response) from it (import { withSecurityHeaders } from "@/appgen/securityHeaders").',
  },
  {
    file: 'src/instrumentation.ts',
    others: ['src/instrumentation.js', 'instrumentation.ts', 'instrumentation.js'],
    keep: 'To stop a production server whose configuration cannot work, call `await runStartupChecks()` in its register() (import { runStartupChecks } from "@/appgen/startup").',
  },
];

/** The project's own files that take the place of one appgen scaffolds (only their existence counts). */
export const OWN_CONVENTION_FILES = CONVENTIONS.flatMap((convention) => convention.others);

/**
 * Leaves out src/proxy.ts or src/instrumentation.ts when the project already has a file of that
 * convention of its own, and says how to keep what appgen's file does.
 */
export function leaveOutConventionsIfOwn(root: string, files: FileMap, warn: Warn): void {
  for (const { file, others, keep } of CONVENTIONS) {
    const own = others.find((other) => fs.existsSync(path.join(root, other)));
    if (!own || !files.has(file)) continue;
    files.delete(file);
    warn(`appgen: the project has its own ${own}, so appgen does not add ${file}. ${keep}\n`);
  }
}
