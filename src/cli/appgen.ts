#!/usr/bin/env node
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { DEV_HOSTNAME } from '../dev/devAddress';
import type * as DevServer from '../dev/runDevServer';
import type * as BuildCommand from './commands/buildCommand';
import type * as DbPushCommand from './commands/dbPushCommand';
import type * as StartCommand from './commands/startCommand';
import type * as RunGenerate from '../generate/runGenerate';
import type * as MigrateCommand from './commands/migrateCommand';
import type * as EventsCommand from './commands/eventsCommand';
import type * as UsersCommand from './commands/usersCommand';
import { templatesCommands } from './commands/templatesCommand';
import { commandContext } from '../project/commandContext';
import { tuneJit } from './jitSettings';
import { reportError } from './reportError';

/**
 * A command's module, loaded when that command runs: `appgen generate` then loads neither next
 * dev's watcher nor Prisma's engine (module loading was ~0.2 s of every run).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const load = <T>(id: string): T => require(id) as T;
const runGenerate: typeof RunGenerate.runGenerate = (...args) =>
  load<typeof RunGenerate>('../generate/runGenerate').runGenerate(...args);
const runDevServer: typeof DevServer.runDevServer = (...args) =>
  load<typeof DevServer>('../dev/runDevServer').runDevServer(...args);
const runBuild: typeof BuildCommand.runBuild = (...args) =>
  load<typeof BuildCommand>('./commands/buildCommand').runBuild(...args);
const runStart: typeof StartCommand.runStart = (...args) =>
  load<typeof StartCommand>('./commands/startCommand').runStart(...args);
const runDbPush: typeof DbPushCommand.runDbPush = (...args) =>
  load<typeof DbPushCommand>('./commands/dbPushCommand').runDbPush(...args);
const runMigrateCreate: typeof MigrateCommand.runMigrateCreate = (...args) =>
  load<typeof MigrateCommand>('./commands/migrateCommand').runMigrateCreate(...args);
const runMigrateDeploy: typeof MigrateCommand.runMigrateDeploy = (...args) =>
  load<typeof MigrateCommand>('./commands/migrateCommand').runMigrateDeploy(...args);
const runEventsFailed: typeof EventsCommand.runEventsFailed = (...args) =>
  load<typeof EventsCommand>('./commands/eventsCommand').runEventsFailed(...args);
const runEventsRetry: typeof EventsCommand.runEventsRetry = (...args) =>
  load<typeof EventsCommand>('./commands/eventsCommand').runEventsRetry(...args);
const runUsersRole: typeof UsersCommand.runUsersRole = (...args) =>
  load<typeof UsersCommand>('./commands/usersCommand').runUsersRole(...args);
const runUsersSignOut: typeof UsersCommand.runUsersSignOut = (...args) =>
  load<typeof UsersCommand>('./commands/usersCommand').runUsersSignOut(...args);

/** Every top-level command, for the message when none is given. */
const COMMANDS = [
  'generate',
  'dev',
  'build',
  'start',
  'db push',
  'migrate create <name>',
  'migrate deploy',
  'events failed',
  'events retry <id...>',
  'users role <identity> <role>',
  'users sign-out <identity>',
  'templates list',
  'templates eject',
  'templates accept',
];

const acceptDataLoss = {
  type: 'boolean',
  default: false,
  describe: 'Apply schema changes that drop data',
} as const;

async function main(argv: string[]): Promise<number> {
  let exitCode = 0;
  /** Runs a command; user mistakes become exit code 1 with a message, not a stack trace. */
  const run = async (work: () => Promise<number | void> | number | void) => {
    try {
      exitCode = (await work()) ?? 0;
    } catch (error) {
      exitCode = reportError(error);
    }
  };
  await yargs(argv)
    .scriptName('appgen')
    .usage('$0 <command> [options]')
    .option('cwd', {
      type: 'string',
      default: process.cwd(),
      describe: 'Project folder',
      defaultDescription: 'the current folder',
    })
    .command(
      'generate',
      'Generate types, route handlers, pages and the database schema (Prisma or Drizzle) from config/',
      (y) =>
        y
          .option('dry-run', {
            type: 'boolean',
            default: false,
            describe: 'List what would change, with a diff of changed files; write nothing',
          })
          .option('check', {
            type: 'boolean',
            default: false,
            describe: 'Write nothing; exit 1 when generated files are out of date (for CI)',
          }),
      (args) =>
        run(
          () =>
            runGenerate(commandContext(args.cwd), { dryRun: args.dryRun, check: args.check })
              .exitCode,
        ),
    )
    .command(
      'dev',
      'Generate, sync the database, start the Next.js dev server and regenerate on changes',
      (y) =>
        y
          .option('port', {
            alias: 'p',
            type: 'number',
            default: 3000,
            describe: 'Port of the dev server',
          })
          .option('hostname', {
            alias: 'H',
            type: 'string',
            default: DEV_HOSTNAME,
            describe:
              'Address the dev server listens on (0.0.0.0: every interface, to reach it from another machine)',
          })
          .option('accept-data-loss', acceptDataLoss),
      (args) =>
        run(() =>
          runDevServer({
            cwd: args.cwd,
            port: args.port,
            hostname: args.hostname,
            acceptDataLoss: args.acceptDataLoss,
            reportError,
          }),
        ),
    )
    .command(
      'build',
      'Generate, sync the database and run next build',
      (y) =>
        y.option('accept-data-loss', acceptDataLoss).option('db-sync', {
          type: 'boolean',
          default: true,
          describe:
            'Sync the database before next build (--no-db-sync: leave it alone, e.g. in a Docker build)',
        }),
      (args) =>
        run(() =>
          runBuild({ cwd: args.cwd, acceptDataLoss: args.acceptDataLoss, dbSync: args.dbSync }),
        ),
    )
    .command(
      'start',
      'Serve the last build as production does: the standalone server.js with its static files (next start for a build without output "standalone")',
      (y) =>
        y
          .option('port', {
            alias: 'p',
            type: 'number',
            describe: 'Port (default PORT, else 3000)',
          })
          .option('hostname', {
            alias: 'H',
            type: 'string',
            describe: 'Address to listen on (default HOSTNAME, else every interface)',
          }),
      (args) => run(() => runStart({ cwd: args.cwd, port: args.port, hostname: args.hostname })),
    )
    .command('db', 'Database commands', (y) =>
      y
        .command(
          'push',
          'Bring the database in line with the models (orm prisma: also regenerate the Prisma client)',
          (z) => z.option('accept-data-loss', acceptDataLoss),
          (args) => run(() => runDbPush({ cwd: args.cwd, acceptDataLoss: args.acceptDataLoss })),
        )
        .demandCommand(1, 'Name a db command: appgen db push'),
    )
    .command(
      'migrate',
      'SQL migrations for teams (prisma/migrations or drizzle/migrations), offline',
      (y) =>
        y
          .command(
            'create <name>',
            'Write the SQL from the existing migrations to the models (prisma/migrations/<timestamp>_<name>/migration.sql, or drizzle/migrations/<NNNN>_<name>.sql)',
            (z) =>
              z.positional('name', {
                type: 'string',
                demandOption: true,
                describe: 'What the change does, e.g. add_user_bio',
              }),
            (args) => run(() => runMigrateCreate({ cwd: args.cwd, name: args.name })),
          )
          .command(
            'deploy',
            'Apply the migrations the database has not recorded yet',
            (z) => z,
            (args) => run(() => runMigrateDeploy({ cwd: args.cwd })),
          )
          .demandCommand(
            1,
            'Name a migrate command: appgen migrate create <name>, appgen migrate deploy',
          ),
    )
    .command('events', 'The outbox of events the worker runs: those it gave up on', (y) =>
      y
        .command(
          'failed',
          'List the events that failed every attempt: id, name, attempts, when recorded, the last error',
          (z) => z,
          (args) => run(() => runEventsFailed({ cwd: args.cwd })),
        )
        .command(
          'retry [ids..]',
          'Make failed events pending again (no attempts yet): the worker runs them within seconds',
          (z) =>
            z
              .positional('ids', {
                type: 'string',
                array: true,
                default: [] as string[],
                describe: 'Ids from appgen events failed',
              })
              .option('all-failed', {
                type: 'boolean',
                default: false,
                describe: 'Every failed event',
              }),
          (args) =>
            run(() =>
              runEventsRetry({
                cwd: args.cwd,
                ids: (args.ids ?? []).map(String),
                allFailed: args.allFailed,
              }),
            ),
        )
        .demandCommand(1, 'Name an events command: appgen events failed, appgen events retry'),
    )
    .command('users', "The app's users: their roles and sessions", (y) =>
      y
        .command(
          'role <identity> <role>',
          'Set the role of the user with this identity (e.g. their e-mail): it counts from their next request',
          (z) =>
            z
              .positional('identity', {
                type: 'string',
                demandOption: true,
                describe: 'The value of an identity field (accounts.identity), e.g. an e-mail',
              })
              .positional('role', {
                type: 'string',
                demandOption: true,
                describe: 'One of accounts.roles',
              }),
          (args) =>
            run(() =>
              runUsersRole({
                cwd: args.cwd,
                identity: String(args.identity),
                role: String(args.role),
              }),
            ),
        )
        .command(
          'sign-out <identity>',
          'End every session of the user with this identity (e.g. their e-mail): their tokens are refused from their next request',
          (z) =>
            z.positional('identity', {
              type: 'string',
              demandOption: true,
              describe: 'The value of an identity field (accounts.identity), e.g. an e-mail',
            }),
          (args) => run(() => runUsersSignOut({ cwd: args.cwd, identity: String(args.identity) })),
        )
        .demandCommand(
          1,
          'Name a users command: appgen users role <identity> <role>, appgen users sign-out <identity>',
        ),
    )
    .command(
      'templates',
      'List the templates, or copy them into templates/ to customise the output',
      (y) => templatesCommands(y, run),
    )
    .demandCommand(1, `Name a command: ${COMMANDS.map((c) => `appgen ${c}`).join(', ')}`)
    .strict()
    .help()
    .version()
    .fail((message, error, y) => {
      if (error) throw error;
      y.showHelp((text: string) => process.stderr.write(`${text}\n`));
      process.stderr.write(`\nerror: ${message}\n`);
      exitCode = 1;
    })
    .parseAsync();
  return exitCode;
}

// V8's inlining budget, lowered for appgen's own process before any work (src/cli/jitSettings.ts).
tuneJit();
main(hideBin(process.argv)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.exitCode = reportError(error);
  },
);
