import type * as CronParser from 'cron-parser';

/**
 * Scheduled jobs (config/jobs/*.json): the defaults of their optional fields and how a schedule
 * is read. The generated app reads schedules with the same cron-parser version and the same
 * options (templates/src/appgen/jobs.ts.hbs), so a schedule accepted here runs there as checked.
 */

export const JOB_DEFAULTS = {
  timezone: 'UTC',
  attempts: 3,
  retryDelaySeconds: 10,
  timeoutSeconds: 60,
} as const;

/**
 * The named schedules a job may use. cron-parser also knows @minutely, @secondly, @weekdays and
 * @weekends; appgen offers the ones cron itself has (less @reboot), so a schedule reads the same
 * to anyone who knows cron.
 */
export const SCHEDULE_ALIASES: readonly string[] = [
  '@yearly',
  '@annually',
  '@monthly',
  '@weekly',
  '@daily',
  '@hourly',
];

/**
 * Names src/appgen/jobs.ts declares or imports beside the handlers it imports by the jobs' names:
 * a job cannot take them (tests/unit/render/jobsRuntime.test.ts holds the template to this list).
 */
export const JOBS_RUNTIME_NAMES: ReadonlySet<string> = new Set([
  'CronExpressionParser',
  'JobRun',
  'Job',
  'DueRun',
  'JOBS',
  'MAX_RUNS_PER_JOB',
  'jobRunId',
  'dueRuns',
  'runsOf',
  'anchorBefore',
  'utcOffset',
  'offsetFormats',
  'HOUR',
]);

/**
 * cron-parser, required when a schedule is first read: it loads luxon too (~25 ms of every
 * `appgen generate`, issue 51's generation time), and most projects have no jobs.
 */
let parser: typeof CronParser.CronExpressionParser | undefined;
function cronParser(): typeof CronParser.CronExpressionParser {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  parser ??= (require('cron-parser') as typeof CronParser).CronExpressionParser;
  return parser;
}

const FIELDS = 'minute hour day-of-month month day-of-week';
const EXAMPLE = '"0 8 * * *" runs at 8:00 every day, "*/15 * * * *" every 15 minutes';

/** What is wrong with a schedule, and how to fix it; null when it is one appgen runs. */
export function scheduleProblem(
  schedule: string,
  timezone: string,
  name: string,
): { message: string; hint: string } | null {
  const text = schedule.trim();
  if (text.startsWith('@')) {
    if (SCHEDULE_ALIASES.includes(text)) return null;
    return {
      message: `"${schedule}" is not a named schedule appgen knows`,
      hint: `use one of ${SCHEDULE_ALIASES.map((alias) => `"${alias}"`).join(', ')}, or five cron fields (${FIELDS}).`,
    };
  }
  const count = text === '' ? 0 : text.split(/\s+/).length;
  if (count === 6)
    return {
      message: `"${schedule}" has 6 fields: appgen's schedules count minutes, and the first field would be seconds`,
      hint: `drop the seconds field: five fields, ${FIELDS} (e.g. ${EXAMPLE}).`,
    };
  if (count !== 5)
    return {
      message: `"${schedule}" has ${count} field${count === 1 ? '' : 's'}; a schedule has five: ${FIELDS}`,
      hint: `e.g. ${EXAMPLE}.`,
    };
  try {
    nextRun(text, timezone, name, new Date(0));
    return null;
  } catch (error) {
    return {
      message: `"${schedule}" is not a schedule cron-parser can run: ${(error as Error).message}`,
      hint: `fields are minute (0-59), hour (0-23), day-of-month (1-31), month (1-12 or jan-dec), day-of-week (0-7 or sun-sat), each *, a value, a list a,b, a range a-b or a step */n (e.g. ${EXAMPLE}).`,
    };
  }
}

/**
 * The first time after `from` the schedule names, read as the generated app reads it: in the
 * job's time zone, an `H` field hashed from the job's name (the same on every instance).
 */
export function nextRun(schedule: string, timezone: string, name: string, from: Date): Date {
  return cronParser()
    .parse(schedule, { tz: timezone, hashSeed: name, currentDate: from })
    .next()
    .toDate();
}

/** Whether this process (its Intl) knows the time zone. */
export function isKnownTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** The IANA time zones this process knows, for suggestions. */
export function knownTimezones(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone')];
}
