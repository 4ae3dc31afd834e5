import { commandContext } from '../project/commandContext';
import { ensurePortFree } from './ensurePortFree';
import { DevRegeneration } from './devRegeneration';
import { DEV_HOSTNAME, DevAddress, devUrl } from './devAddress';
import { NextDevProcess } from './nextDevProcess';
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

/** While the database refuses a change (or is unreachable), how often it is asked again. */
const RETRY_MS = 3000;

/**
 * `appgen dev`: generate, sync the database, start `next dev`, and regenerate on every change
 * to config/ or templates/ (see DevRegeneration for the order that keeps the app consistent).
 * Route and page changes reach the running server by hot reload; a model change also regenerates
 * the Prisma client (or the Drizzle schema), syncs the database and restarts `next dev`.
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

    const regenerate = async (trigger: 'change' | 'retry') => {
      clearTimeout(retryTimer);
      let stoppedForModels = false;
      try {
        // A saved model change stops next dev once the database took it (see DevRegeneration.run).
        // A retry does not: had writing or the client failed after the push, stopping on every
        // retry would take the server (and the browser's problem box) down every few seconds.
        const stopEarly =
          trigger === 'change'
            ? async () => {
                stoppedForModels = true;
                first.log(
                  'appgen dev: models changed; the Next.js dev server restarts once the files and the ORM client are written',
                );
                await server.stop();
              }
            : undefined;
        // Re-read .env and settings each time: the database or ORM may have changed.
        const outcome = await generation.run(commandContext(options.cwd), trigger, stopEarly);
        if (outcome.ok && outcome.modelsChanged && !stoppedForModels) {
          first.log('appgen dev: models changed, restarting the Next.js dev server');
          await server.restart();
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
