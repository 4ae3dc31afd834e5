import fs from 'fs';
import path from 'path';
import { commandContext } from '../project/commandContext';
import { ensurePortFree } from './ensurePortFree';
import { DevRegeneration, type ModelChange } from './devRegeneration';
import { DEV_HOSTNAME, DevAddress, devUrl } from './devAddress';
import { NextDevProcess } from './nextDevProcess';
import { reloadServerModules, serverReloadFile } from './serverModuleReload';
import { watchProject } from './watchProject';

export interface DevOptions {
  cwd: string;
  port: number;
  /** The address `next dev` listens on (DEV_HOSTNAME unless `--hostname` says otherwise). */
  hostname?: string;
  /** Apply model changes that lose data during this session (as `appgen db push --accept-data-loss`). */
  acceptDataLoss?: boolean;
  /** The CLI's error reporter: prints an error the way the CLI does, to `write`. */
  reportError: (error: unknown, write?: (text: string) => void) => unknown;
}

/**
 * Why a model change restarts `next dev` rather than reloading its server modules, or undefined
 * when the reload is correct: without an environment file there is nothing to make next dev
 * reload every module by; after a change of ORM the running server holds the other ORM's client,
 * which the new db.ts does not know of and so could not close. APPGEN_DEV_RESTART=1 restarts it
 * always (the behaviour before issue 41, for comparison: `npm run bench -- dev` times both).
 */
export function restartReason(
  change: ModelChange,
  reloadFile: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  if (env.APPGEN_DEV_RESTART === '1') return 'APPGEN_DEV_RESTART=1';
  if (change.ormChanged) return 'the ORM changed';
  if (!reloadFile) return 'no .env file, whose change makes next dev reload its server modules';
  return undefined;
}

/** While the database refuses a change (or is unreachable), how often it is asked again. */
const RETRY_MS = 3000;

/**
 * `appgen dev`: generate, sync the database, start `next dev`, and regenerate on every change
 * to config/ or templates/ (see DevRegeneration for the order that keeps the app consistent).
 * Route and page changes reach the running server by hot reload; a model change also regenerates
 * the Prisma client (or the Drizzle schema), syncs the database and makes `next dev` reload its
 * server modules without a restart (serverModuleReload.ts; src/appgen/db.ts then replaces its
 * client and closes the previous one). It restarts `next dev` instead where that reload cannot be
 * correct (restartReason), and says why.
 * A problem is printed and shown in the browser while the server keeps serving the last good
 * version; a database problem is retried every few seconds. Ctrl-C stops the watcher and
 * everything it started.
 */
export async function runDevServer(options: DevOptions): Promise<number> {
  const address: DevAddress = { port: options.port, hostname: options.hostname ?? DEV_HOSTNAME };
  await ensurePortFree(address.port, address.hostname);
  const describeError = (error: unknown): string => {
    let text = '';
    options.reportError(error, (chunk) => (text += chunk));
    return text;
  };
  const generation = new DevRegeneration({
    acceptDataLoss: options.acceptDataLoss === true,
    describeError,
    print: (text) => process.stderr.write(text),
  });
  const first = commandContext(options.cwd);
  if (!(await generation.run(first, 'start')).ok) return 1;

  return new Promise<number>((resolve) => {
    let stopWatching: () => Promise<void> = async () => {};
    let retryTimer: NodeJS.Timeout | undefined;
    let stopping = false;
    const server = new NextDevProcess(first.root, address, (code) => {
      clearTimeout(retryTimer);
      void stopWatching();
      resolve(code);
    });

    // The times appgen dev set on an environment file to make next dev reload its server modules:
    // its own watcher ignores those changes (a user's save sets another time).
    const ownTouches = new Map<string, number>();
    const isOwnChange = (file: string) =>
      ownTouches.has(file) &&
      fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs === ownTouches.get(file);

    const regenerate = async (trigger: 'change' | 'retry') => {
      clearTimeout(retryTimer);
      let stoppedForModels = false;
      try {
        const reloadFile = serverReloadFile(first.root);
        // A saved model change that next dev cannot take up in place stops it once the database
        // took the change (see DevRegeneration.run). A retry does not: had writing or the client
        // failed after the push, stopping on every retry would take the server (and the
        // browser's problem box) down every few seconds.
        const stopEarly =
          trigger === 'change'
            ? async (change: ModelChange) => {
                const why = restartReason(change, reloadFile);
                if (!why) return;
                stoppedForModels = true;
                first.log(
                  `appgen dev: models changed; the Next.js dev server restarts once the files and the ORM client are written (${why})`,
                );
                await server.stop();
              }
            : undefined;
        // Re-read .env and settings each time: the database or ORM may have changed.
        const outcome = await generation.run(commandContext(options.cwd), trigger, stopEarly);
        if (outcome.ok && outcome.modelsChanged && !stoppedForModels) {
          const why = restartReason(outcome, reloadFile);
          if (why || !reloadFile) {
            first.log(`appgen dev: models changed, restarting the Next.js dev server (${why})`);
            await server.restart();
          } else {
            ownTouches.set(reloadFile, reloadServerModules(reloadFile));
            first.log(
              `appgen dev: models changed; the Next.js dev server reloads its server modules (no restart; ${path.basename(reloadFile)} touched)`,
            );
          }
        } else if (!outcome.ok && outcome.retry && !stopping) {
          retryTimer = setTimeout(() => enqueue('retry'), RETRY_MS);
        }
      } catch (error) {
        // Reading .env or the settings failed (commandContext): say so and wait for the next save.
        process.stderr.write(describeError(error));
      }
      // Stopped for a model change: started again, whether the rest of the change worked or not
      // (a problem is then shown in the browser, and retried without stopping the server).
      if (stoppedForModels) server.start();
    };

    server.start();
    first.log(
      `appgen dev: watching config/ and templates/; starting Next.js for ${devUrl(address)}...`,
    );
    let queue = Promise.resolve();
    const enqueue = (trigger: 'change' | 'retry') => {
      queue = queue.then(() => regenerate(trigger));
    };
    stopWatching = watchProject(first.root, () => enqueue('change'), {
      isOwnChange,
      onError: (error) => process.stderr.write(`appgen dev: watching failed: ${String(error)}\n`),
    });

    const stop = async () => {
      if (stopping) return;
      stopping = true;
      clearTimeout(retryTimer);
      await stopWatching();
      await queue;
      clearTimeout(retryTimer);
      await server.stop();
      resolve(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
