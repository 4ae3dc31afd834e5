#!/usr/bin/env node
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { runGenerate } from './commands/generateCommand';
import { reportError } from './reportError';

async function main(argv: string[]): Promise<number> {
  let exitCode = 0;
  const run = (work: () => unknown) => async () => {
    try {
      await work();
    } catch (error) {
      exitCode = reportError(error);
    }
  };
  await yargs(argv)
    .scriptName('appgen')
    .usage('$0 <command> [options]')
    .option('cwd', { type: 'string', default: process.cwd(), describe: 'Project folder', defaultDescription: 'the current folder' })
    .command(
      'generate',
      'Generate types, route handlers, pages and the Prisma schema from config/',
      (y) => y.option('dry-run', { type: 'boolean', default: false, describe: 'List what would change; write nothing' }),
      (args) => run(() => runGenerate({ cwd: args.cwd, dryRun: args.dryRun }))(),
    )
    .demandCommand(1, 'Name a command: appgen generate, appgen dev')
    .strict()
    .help()
    .version()
    .fail((message, error, y) => {
      if (error) throw error;
      process.stderr.write(`${y.help()}\n\nerror: ${message}\n`);
      exitCode = 1;
    })
    .parseAsync();
  return exitCode;
}

main(hideBin(process.argv)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.exitCode = reportError(error);
  },
);
