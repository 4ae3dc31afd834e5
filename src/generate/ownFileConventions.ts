import fs from 'fs';
import path from 'path';
import type { FileMap } from '../render/fileMap';
import type { Warn } from './warnings';

/** The file appgen scaffolds to add its security headers, and the ones Next.js would take instead. */
export const PROXY_FILE = 'src/proxy.ts';
export const OTHER_PROXY_FILES = [
  'src/proxy.js',
  'src/middleware.ts',
  'src/middleware.js',
  'proxy.ts',
  'proxy.js',
  'middleware.ts',
  'middleware.js',
];

/**
 * Leaves src/proxy.ts out when the project already has a proxy or middleware file of its own:
 * Next.js takes only one, and refuses to build with both. Says how to keep the headers then.
 */
export function leaveOutProxyIfOwn(root: string, files: FileMap, warn: Warn): void {
  const own = OTHER_PROXY_FILES.find((file) => fs.existsSync(path.join(root, file)));
  if (!own || !files.has(PROXY_FILE)) return;
  files.delete(PROXY_FILE);
  warn(
    `appgen: the project has its own ${own}, so appgen does not add ${PROXY_FILE}. To send the security headers, return withSecurityHeaders(response) from it (import { withSecurityHeaders } from "@/appgen/securityHeaders").\n`,
  );
}
