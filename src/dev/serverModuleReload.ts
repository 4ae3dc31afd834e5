import fs from 'fs';
import path from 'path';

/** The environment files `next dev` watches (Next.js 16, setup-dev-bundler), in its order. */
const NEXT_ENV_FILES = ['.env.development.local', '.env.local', '.env.development', '.env'];

/**
 * The file whose change makes `next dev` (started with `--no-server-fast-refresh`) drop every
 * server module it loaded: the first of its environment files that exists, or undefined when the
 * project has none (then appgen dev restarts next dev for a model change).
 *
 * Why a file: on a change of an environment file, next dev reloads the environment and
 * invalidates its server with `reloadAfterInvalidation`: every written route's chunks leave
 * `require.cache` and Turbopack's chunk cache is cleared, so the next request to any route, also
 * one compiled for the first time afterwards, evaluates the current modules (db.ts, the schema,
 * the Prisma client). Without it Turbopack keeps the first factory it installed for a module, and
 * a route compiled after a model change ran the previous db.ts (bench/README.md, issue 41).
 */
export function serverReloadFile(root: string): string | undefined {
  return NEXT_ENV_FILES.map((name) => path.join(root, name)).find((file) => fs.existsSync(file));
}

/**
 * Makes next dev reload its server modules: sets the modification time of `file` (its content is
 * left alone) and returns that time (ms), by which appgen dev's own watcher tells this change from
 * a user's save.
 */
export function reloadServerModules(file: string): number {
  const now = new Date();
  fs.utimesSync(file, now, now);
  return fs.statSync(file).mtimeMs;
}
