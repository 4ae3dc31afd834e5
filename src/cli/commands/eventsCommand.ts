import { failedEvents, OUTBOX_TABLE, retryEvents } from '../../db/outboxEvents';
import type { ProjectDatabase } from '../../db/projectDatabase';
import { UserError } from '../../diagnostics/diagnostic';
import { openCommandDatabase } from './openCommandDatabase';
import { commandContext, type CommandContext } from '../../project/commandContext';

/** Runs `work` on the project's database; a database without the outbox table is the user's to fix. */
async function withOutbox<T>(
  context: CommandContext,
  work: (db: ProjectDatabase) => Promise<T>,
): Promise<T> {
  if (context.orm === 'none')
    throw new UserError(
      'This project has no database (orm "none" in appgen.config.json), so no outbox: its events run in the request.',
      'set "orm": "prisma" or "drizzle" to have a worker run events with retries.',
    );
  const db = await openCommandDatabase(context);
  try {
    return await work(db);
  } catch (error) {
    const message = (error as Error).message;
    if (message.includes(OUTBOX_TABLE))
      throw new UserError(
        `The database has no outbox table (${OUTBOX_TABLE}): ${message}`,
        'declare an event run by the worker in config/events/, then run appgen db push (or appgen migrate deploy).',
      );
    throw error;
  } finally {
    await db.close();
  }
}

/** `appgen events failed`: the events the worker gave up on, with their last error. */
export async function runEventsFailed(options: { cwd: string }): Promise<number> {
  const context = commandContext(options.cwd);
  const failed = await withOutbox(context, failedEvents);
  for (const event of failed) {
    const kind = event.kind === 'event' ? '' : `${event.kind} `;
    context.log(
      `${event.id}  ${kind}${event.name}  attempts ${event.attempts}  ${event.createdAt.toISOString()}  ${event.error}`,
    );
  }
  context.log(
    failed.length === 0
      ? 'appgen: no failed events'
      : `appgen: ${failed.length} failed event${failed.length === 1 ? '' : 's'}; run one again with appgen events retry <id>, all with appgen events retry --all-failed`,
  );
  return 0;
}

/** `appgen events retry <id...>` / `--all-failed`: failed events become pending again, as new. */
export async function runEventsRetry(options: {
  cwd: string;
  ids: string[];
  allFailed: boolean;
}): Promise<number> {
  if (options.ids.length === 0 && !options.allFailed)
    throw new UserError(
      'Name the events to run again.',
      'run appgen events retry <id...> with ids from appgen events failed, or appgen events retry --all-failed.',
    );
  const context = commandContext(options.cwd);
  const retried = await withOutbox(context, (db) =>
    retryEvents(db, options.allFailed ? { all: true } : { ids: options.ids }),
  );
  const missing = options.ids.filter((id) => !retried.includes(id));
  for (const id of retried) context.log(`  retry ${id}`);
  context.log(
    `appgen: ${retried.length} event${retried.length === 1 ? '' : 's'} pending again; a running server's worker runs ${retried.length === 1 ? 'it' : 'them'} within seconds`,
  );
  if (missing.length === 0) return 0;
  process.stderr.write(`appgen: not failed events (no change): ${missing.join(', ')}\n`);
  return 1;
}
