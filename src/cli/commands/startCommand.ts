import { spawn } from 'child_process';
import fs from 'fs';
import path from 'path';
import { UserError } from '../../diagnostics/diagnostic';
import { commandContext } from '../../project/commandContext';
import { sqliteFilePath } from '../../project/databaseUrl';
import { nextBinary } from '../../project/nextBinary';
import { copyStaticFiles, standaloneServer } from '../../project/standaloneServer';

/**
 * `appgen start` (a created project's `npm start`): serves the last build the way production
 * does, with the standalone output's server.js (`next start` warns that it "does not work with
 * output: standalone"), after copying the static files beside it. It runs in the project's
 * environment (.env, then the process's): the embedded SQLite file of a relative `file:` URL is
 * the project's own, not one under .next/standalone (server.js's working folder). A project
 * without `output: "standalone"` (created before) is served by `next start`.
 */
export async function runStart(options: {
  cwd: string;
  port?: number;
  hostname?: string;
}): Promise<number> {
  const context = commandContext(options.cwd);
  const { root } = context;
  const server = standaloneServer(root);
  const env: NodeJS.ProcessEnv = { ...context.env, NODE_ENV: 'production' };
  if (context.database.provider === 'sqlite')
    env.DATABASE_URL = `file:${sqliteFilePath(context.database.url, root)}`;
  let command: string[];
  let cwd = root;
  if (server) {
    copyStaticFiles(root, server);
    if (options.port !== undefined) env.PORT = String(options.port);
    if (options.hostname !== undefined) env.HOSTNAME = options.hostname;
    command = [server];
    cwd = path.dirname(server);
  } else if (fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    command = [nextBinary(root), 'start'];
    if (options.port !== undefined) command.push('-p', String(options.port));
    if (options.hostname !== undefined) command.push('-H', options.hostname);
  } else {
    throw new UserError(
      'There is no build to serve (.next holds no next build output).',
      'run npm run build (appgen build) first.',
    );
  }
  const child = spawn(process.execPath, command, { cwd, env, stdio: 'inherit' });
  const stop = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', stop).on('SIGTERM', stop);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      resolve(code ?? (signal ? 0 : 1));
    });
  });
}
