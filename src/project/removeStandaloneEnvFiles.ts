import fs from 'fs';
import path from 'path';

/** Where `next build` writes the standalone server (next.config.ts `output: "standalone"`). */
export const STANDALONE_DIR = path.join('.next', 'standalone');

/** A dotenv file Next.js loads (`.env`, `.env.production`, `.env.local`...); `.env.example` is none. */
const isEnvFile = (name: string) => /^\.env(\..+)?$/.test(name) && name !== '.env.example';

/**
 * Deletes the dotenv files `next build` copied into the standalone output and returns their paths
 * (relative to the project). Next.js 16 copies the project's `.env` and `.env.production` there,
 * beside server.js (at the project's path under the tracing root), and server.js loads them: the
 * development secrets of `.env` would then ship with every copy of the build and satisfy a
 * production server's start-up checks. A deployment sets its variables in the server's
 * environment instead. The packages (node_modules) and the build's own files (.next) are not
 * searched: Next.js puts no dotenv file there.
 */
export function removeStandaloneEnvFiles(root: string): string[] {
  const removed: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== '.next')
        visit(file);
      else if (entry.isFile() && isEnvFile(entry.name)) {
        fs.rmSync(file);
        removed.push(path.relative(root, file));
      }
    }
  };
  const standalone = path.join(root, STANDALONE_DIR);
  if (fs.existsSync(standalone)) visit(standalone);
  return removed.sort();
}
