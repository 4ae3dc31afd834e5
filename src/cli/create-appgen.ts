#!/usr/bin/env node
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { createProject } from '../create/createProject';
import { installPackages } from '../create/installPackages';
import { nextSteps } from '../create/logNextSteps';
import { generateProject } from '../generate/generateProject';
import { defaultDatabaseUrl } from '../project/databaseUrl';
import { reportError } from './reportError';

const ORMS = ['prisma', 'drizzle', 'none'] as const;

async function main(): Promise<number> {
  const args = await yargs(hideBin(process.argv))
    .scriptName('create-appgen')
    .usage('$0 <directory> [options]\n\nCreates a new appgen project (npm create appgen@alpha my-app).')
    .positional('directory', { type: 'string', describe: 'Folder to create' })
    .option('orm', { choices: ORMS, default: 'prisma' as (typeof ORMS)[number], describe: 'How handlers reach the database: prisma, drizzle (Drizzle ORM, same behaviour) or none (stubs)' })
    .option('appgen', { type: 'string', default: 'alpha', describe: 'npm spec of appgen to depend on (a version, tag, file: path or tarball)' })
    .option('install', { type: 'boolean', default: true, describe: 'Run npm install (--no-install to skip)' })
    .demandCommand(1, 'Name the project folder: create-appgen my-app')
    .strict()
    .help()
    .version()
    .parseAsync();
  const directory = String(args._[0]);
  const created = createProject({ directory, orm: args.orm, appgen: args.appgen });
  // Generate right away: the project is complete before any install, and nothing needs a database.
  generateProject({ root: created, provider: 'sqlite', defaultDatabaseUrl: defaultDatabaseUrl(args.orm) });
  if (args.install) installPackages(created);
  process.stdout.write(`${nextSteps(created, args.install)}\n`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.exitCode = reportError(error);
  },
);
