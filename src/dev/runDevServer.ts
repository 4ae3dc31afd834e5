import { prepareDatabase } from '../db/prepareDatabase';
import { ConfigError } from '../diagnostics/diagnostic';
import { runGenerate } from '../generate/runGenerate';
import { commandContext } from '../project/commandContext';
import { ensurePortFree } from './ensurePortFree';
import { NextDevProcess } from './nextDevProcess';
import { watchProject } from './watchProject';

export interface DevOptions {
  cwd: string;
  port: number;
  /** Prints an error of a regeneration (the CLI's reporter: the server keeps running). */
  reportError: (error: unknown) => void;
}

/** The generated schema of either ORM: when it changes, the database is synced again. */
const SCHEMAS = ['prisma/schema.prisma', 'src/appgen/schema.ts'];
const schemaOf = (files: Map<string, { content: string }>): string => SCHEMAS.map((file) => files.get(file)?.content ?? '').join('\n');

/**
 * `appgen dev`: generate, sync the database, start `next dev`, and regenerate on every change
 * to config/ or templates/. Route and page changes reach the running server by hot reload; a
 * model change also regenerates the Prisma client (or the Drizzle schema), syncs the database and
 * restarts `next dev`.
 * A config error is printed and the server keeps serving the last good version. Ctrl-C stops
 * the watcher and everything it started.
 */
export async function runDevServer(options: DevOptions): Promise<number> {
  await ensurePortFree(options.port);
  const first = commandContext(options.cwd);
  const { files } = runGenerate(first).result;
  await prepareDatabase(first);
  let schema = schemaOf(files);

  return new Promise<number>((resolve) => {
    let stopWatching = () => {};
    const server = new NextDevProcess(first.root, options.port, (code) => {
      stopWatching();
      resolve(code);
    });

    const regenerate = async () => {
      // Re-read .env and settings each time: the database or ORM may have changed.
      const context = commandContext(options.cwd);
      try {
        const next = schemaOf(runGenerate(context).result.files);
        if (next !== schema) {
          await prepareDatabase(context);
          schema = next;
          context.log('appgen dev: models changed, restarting the Next.js dev server');
          await server.restart();
        }
      } catch (error) {
        options.reportError(error);
        if (error instanceof ConfigError) context.log('appgen dev: fix the config and save; the server keeps serving the last good version.');
      }
    };

    server.start();
    first.log(`appgen dev: watching config/ and templates/; app at http://localhost:${options.port}`);
    let queue = Promise.resolve();
    stopWatching = watchProject(first.root, () => {
      queue = queue.then(regenerate);
    });

    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      stopWatching();
      await queue;
      await server.stop();
      resolve(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
