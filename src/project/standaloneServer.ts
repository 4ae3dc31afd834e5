import fs from 'fs';
import path from 'path';

/** Where `next build` writes the standalone output (`output: "standalone"`). */
export const STANDALONE_DIR = path.join('.next', 'standalone');

/**
 * The standalone output's server.js: `.next/standalone/server.js`, or deeper, at the project's
 * path from the tracing root when a lockfile or node_modules sits in a parent folder (a
 * monorepo). Undefined without a standalone output.
 */
export function standaloneServer(root: string): string | undefined {
  const find = (dir: string): string | undefined => {
    if (fs.existsSync(path.join(dir, 'server.js'))) return path.join(dir, 'server.js');
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name === '.next') continue;
      const found = find(path.join(dir, entry.name));
      if (found) return found;
    }
    return undefined;
  };
  const base = path.join(root, STANDALONE_DIR);
  return fs.existsSync(base) ? find(base) : undefined;
}

/**
 * Copies what Next.js leaves out of the standalone output beside its server.js, as its docs say:
 * `.next/static` (the browser's scripts and styles) and `public/`. Replaces earlier copies.
 */
export function copyStaticFiles(root: string, server: string): void {
  const beside = path.dirname(server);
  for (const [from, to] of [
    [path.join(root, '.next', 'static'), path.join(beside, '.next', 'static')],
    [path.join(root, 'public'), path.join(beside, 'public')],
  ]) {
    if (!fs.existsSync(from)) continue;
    fs.rmSync(to, { recursive: true, force: true });
    fs.cpSync(from, to, { recursive: true });
  }
}
