#!/usr/bin/env node
import path from 'path';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { chooseAppgenDependency } from '../create/appgenDependency';
import { createProject } from '../create/createProject';
import { initGitRepository } from '../create/initGitRepository';
import { installPackages } from '../create/installPackages';
import { nextSteps } from '../create/logNextSteps';
import { createProgress } from '../create/progress';
import { generateProject } from '../generate/generateProject';
import { defaultDatabaseUrl } from '../project/databaseUrl';
import { tuneJit } from './jitSettings';
import { reportError } from './reportError';

const ORMS = ['prisma', 'drizzle', 'none'] as const;

async function main(): Promise<number> {
  const args = await yargs(hideBin(process.argv))
    .scriptName('create-appgen')
    .usage(
      '$0 <directory> [options]\n\nCreates a new appgen project (npm create appgen@alpha my-app).',
    )
    .positional('directory', { type: 'string', describe: 'Folder to create' })
    .option('orm', {
      choices: ORMS,
      default: 'prisma' as (typeof ORMS)[number],
      describe:
        'How handlers reach the database: prisma, drizzle (Drizzle ORM, same behaviour) or none (stubs)',
    })
    .option('appgen', {
      type: 'string',
      describe:
        'npm spec of appgen to depend on (a version, tag, file: path or tarball), or packed: this appgen packed into the project',
      defaultDescription:
        "this appgen's version if the registry has it, else this appgen packed into the project",
    })
    .option('install', {
      type: 'boolean',
      default: true,
      describe: 'Run npm install (--no-install to skip)',
    })
    .option('git', {
      type: 'boolean',
      default: true,
      describe: 'Make the project a git repository with a first commit (--no-git to skip)',
    })
    .option('next-steps', {
      type: 'boolean',
      default: true,
      describe:
        'End with the next steps (--no-next-steps: for a script that starts the app itself, as npm run demo does)',
    })
    .demandCommand(1, 'Name the project folder: create-appgen my-app')
    .strict()
    .help()
    .version()
    .parseAsync();
  const directory = path.resolve(String(args._[0]));
  const progress = createProgress();
  const shown = path.relative(process.cwd(), directory) || '.';
  process.stdout.write(`Creating an appgen project in ${shown} (orm ${args.orm}).\n`);
  const appgen = progress.step({ done: (d) => d.note }, () =>
    chooseAppgenDependency({ requested: args.appgen }),
  );
  const created = progress.step(
    { done: () => 'Wrote the starter configuration and project files' },
    () =>
      createProject({
        directory,
        orm: args.orm,
        appgen: appgen.spec,
        addFiles: (folder) => appgen.provide(folder),
      }),
  );
  // Generate right away: the project is complete before any install, and nothing needs a database.
  progress.step({ done: (r) => `Generated ${r.files.size} files from config/` }, () =>
    generateProject({
      root: created,
      provider: 'sqlite',
      defaultDatabaseUrl: defaultDatabaseUrl(args.orm),
    }),
  );
  if (args.install) {
    await progress.stepAsync(
      {
        doing:
          "Installing packages with npm (a minute or two the first time; npm's output follows)...",
        done: () => 'Installed packages',
        // On a terminal npm shows its own spinner; elsewhere (a log, a pipe) it is silent.
        heartbeat: process.stdout.isTTY ? undefined : 'npm install',
      },
      () => installPackages(created),
    );
  }
  if (args.git) {
    const done = 'Made a git repository with a first commit';
    progress.step(
      { done: (g) => (g.done ? done : { skipped: `No git repository: ${g.reason}` }) },
      () => initGitRepository(created),
    );
  }
  if (args.nextSteps) process.stdout.write(`\n${nextSteps(created, args.install)}\n`);
  else process.stdout.write(`Created ${path.basename(created)}.\n`);
  return 0;
}

// V8's inlining budget, lowered for appgen's own process before any work (src/cli/jitSettings.ts).
tuneJit();
main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.exitCode = reportError(error);
  },
);
