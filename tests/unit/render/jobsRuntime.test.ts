import * as cronParser from 'cron-parser';
import ts from 'typescript';
import { JOBS_RUNTIME_NAMES } from '../../../src/domain/jobs';
import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';
import { evaluateModule } from '../support/typescriptSource';

type Schedule = { name: string; schedule: string; timezone: string };
type DueRun = { job: string; scheduledAt: Date };
type DueRuns = (jobs: Schedule[], after: Date, upTo: Date) => DueRun[];

const JOBS = [
  { name: 'sendDigest', schedule: '0 8 * * *', timezone: 'Europe/Berlin', attempts: 5 },
  { name: 'tick', schedule: '*/15 * * * *' },
];

// The generated src/appgen/jobs.ts, run as it is, with the real cron-parser.
const files = renderFiles(
  minimalProject({
    'appgen.config.json': { orm: 'prisma' },
    'config/jobs/jobs.json': { jobs: JOBS },
  }),
);
const source = files.get('src/appgen/jobs.ts')?.content ?? '';
const handler = async () => {};
const runtime = evaluateModule('jobs.ts', source, {
  'cron-parser': cronParser,
  '@/jobs/sendDigest': { sendDigest: handler },
  '@/jobs/tick': { tick: handler },
});
const dueRuns = runtime.dueRuns as DueRuns;
const jobRunId = runtime.jobRunId as (job: string, at: Date) => string;
const MAX = runtime.MAX_RUNS_PER_JOB as number;

const iso = (runs: DueRun[]) => runs.map((run) => `${run.job} ${run.scheduledAt.toISOString()}`);
const at = (text: string) => new Date(text);
const job = (schedule: string, timezone = 'UTC', name = 'x'): Schedule => ({
  name,
  schedule,
  timezone,
});

describe('the generated jobs.ts', () => {
  it('lists every job with its defaults filled in and its handler', () => {
    expect(runtime.JOBS).toEqual([
      {
        name: 'sendDigest',
        schedule: '0 8 * * *',
        timezone: 'Europe/Berlin',
        attempts: 5,
        retryDelaySeconds: 10,
        timeoutSeconds: 60,
        run: handler,
      },
      {
        name: 'tick',
        schedule: '*/15 * * * *',
        timezone: 'UTC',
        attempts: 3,
        retryDelaySeconds: 10,
        timeoutSeconds: 60,
        run: handler,
      },
    ]);
  });

  it('names a run job:<name>:<ISO time>', () => {
    expect(jobRunId('sendDigest', at('2026-03-29T06:00:00Z'))).toBe(
      'job:sendDigest:2026-03-29T06:00:00.000Z',
    );
  });

  it('gives every time t with after < t <= upTo, earliest first, jobs of one time by name', () => {
    const runs = dueRuns(
      runtime.JOBS as Schedule[],
      at('2026-01-05T06:45:00Z'),
      at('2026-01-05T07:30:00Z'),
    );
    // 08:00 in Berlin is 07:00 UTC in winter.
    expect(iso(runs)).toEqual([
      'sendDigest 2026-01-05T07:00:00.000Z',
      'tick 2026-01-05T07:00:00.000Z',
      'tick 2026-01-05T07:15:00.000Z',
      'tick 2026-01-05T07:30:00.000Z',
    ]);
  });

  it('gives none in a window without a scheduled time, an empty window or a reversed one', () => {
    const daily = [job('0 8 * * *')];
    expect(dueRuns(daily, at('2026-01-05T08:00:00Z'), at('2026-01-06T07:59:59Z'))).toEqual([]);
    expect(dueRuns(daily, at('2026-01-05T09:00:00Z'), at('2026-01-05T09:00:00Z'))).toEqual([]);
    expect(dueRuns(daily, at('2026-01-07T00:00:00Z'), at('2026-01-05T00:00:00Z'))).toEqual([]);
    expect(dueRuns([], at('2026-01-05T00:00:00Z'), at('2026-01-07T00:00:00Z'))).toEqual([]);
  });

  it('gives at most MAX_RUNS_PER_JOB of a job, the earliest; the next call goes on from the last', () => {
    const minutely = [job('* * * * *')];
    const after = at('2026-01-05T00:00:00Z');
    const upTo = at('2026-01-05T05:00:00Z');
    const first = dueRuns(minutely, after, upTo);
    expect(MAX).toBe(100);
    expect(first).toHaveLength(100);
    expect(first[0].scheduledAt.toISOString()).toBe('2026-01-05T00:01:00.000Z');
    expect(first[99].scheduledAt.toISOString()).toBe('2026-01-05T01:40:00.000Z');
    const next = dueRuns(minutely, first[99].scheduledAt, upTo);
    expect(next[0].scheduledAt.toISOString()).toBe('2026-01-05T01:41:00.000Z');
    // The bound is per job: a second job in the same call has its own hundred.
    expect(dueRuns([...minutely, job('* * * * *', 'UTC', 'y')], after, upTo)).toHaveLength(200);
  });

  it('reads the schedule in the time zone across daylight-saving changes, as cron does', () => {
    const berlin = (schedule: string) => [job(schedule, 'Europe/Berlin')];
    // Spring forward (29 March 2026, 02:00 CET -> 03:00 CEST): 02:30 does not exist that night,
    // and the run moves to 03:30 CEST (01:30 UTC); the days around it run at 02:30 local.
    expect(
      iso(dueRuns(berlin('30 2 * * *'), at('2026-03-28T00:00:00Z'), at('2026-03-31T00:00:00Z'))),
    ).toEqual([
      'x 2026-03-28T01:30:00.000Z',
      'x 2026-03-29T01:30:00.000Z',
      'x 2026-03-30T00:30:00.000Z',
    ]);
    // Fall back (25 October 2026, 03:00 CEST -> 02:00 CET): 02:30 happens twice; it runs once.
    expect(
      iso(dueRuns(berlin('30 2 * * *'), at('2026-10-24T00:00:00Z'), at('2026-10-27T00:00:00Z'))),
    ).toEqual([
      'x 2026-10-24T00:30:00.000Z',
      'x 2026-10-25T00:30:00.000Z',
      'x 2026-10-26T01:30:00.000Z',
    ]);
    // A schedule by the clock's steps goes on every 30 minutes of real time through the repeat.
    expect(
      iso(dueRuns(berlin('*/30 * * * *'), at('2026-10-24T23:50:00Z'), at('2026-10-25T01:40:00Z'))),
    ).toEqual([
      'x 2026-10-25T00:00:00.000Z',
      'x 2026-10-25T00:30:00.000Z',
      'x 2026-10-25T01:00:00.000Z',
      'x 2026-10-25T01:30:00.000Z',
    ]);
  });

  // Each instance's scheduler asks for the window since its own last tick: the runs must not
  // depend on where a window starts, or two instances would insert two runs of one time.
  it.each([
    // Around the changes of 2026: a fixed time in the repeated hour and in the skipped one.
    ['30 2 * * *', 'Europe/Berlin', '2026-10-24T20:00:00Z'],
    ['30 2 * * *', 'Europe/Berlin', '2026-03-28T20:00:00Z'],
    ['15 1 * * *', 'America/New_York', '2026-11-01T02:00:00Z'],
    ['0 2 * * *', 'America/New_York', '2026-03-08T02:00:00Z'],
    // A half-hour change; changes at midnight; a zone without daylight-saving time.
    ['*/20 * * * *', 'Australia/Lord_Howe', '2026-04-04T12:00:00Z'],
    ['0 0 * * *', 'America/Santiago', '2026-04-04T20:00:00Z'],
    ['0 0 * * *', 'America/Santiago', '2026-09-05T20:00:00Z'],
    ['45 * * * *', 'Asia/Kolkata', '2026-03-28T20:00:00Z'],
  ])(
    '%s in %s: windows that split half a day give together exactly its runs',
    (schedule, zone, from) => {
      const jobs = [job(schedule, zone)];
      const start = at(from).getTime();
      const end = start + 12 * 3_600_000;
      const whole = iso(dueRuns(jobs, new Date(start), new Date(end)));
      expect(whole.length).toBeGreaterThan(0);
      // Ticks of 1, 7, 97 and 300 minutes, the longer ones also starting elsewhere.
      const splits: Array<[step: number, offset: number]> = [
        [1, 0],
        [7, 0],
        [97, 0],
        [97, 41],
        [300, 0],
        [300, 133],
      ];
      for (const [step, offset] of splits) {
        const split: string[] = [];
        for (let from = start - offset * 60_000; from < end; from += step * 60_000) {
          const to = Math.min(from + step * 60_000, end);
          split.push(...iso(dueRuns(jobs, new Date(Math.max(from, start)), new Date(to))));
        }
        expect([step, offset, split]).toEqual([step, offset, whole]);
      }
    },
  );

  it('hashes an H field from the job name: the same time on every instance', () => {
    const runs = (name: string) =>
      iso(
        dueRuns(
          [job('H 3 * * *', 'UTC', name)],
          at('2026-01-05T00:00:00Z'),
          at('2026-01-06T00:00:00Z'),
        ),
      );
    expect(runs('a')).toEqual(runs('a'));
    expect(runs('a')).toHaveLength(1);
  });

  it('declares at top level only the names that config/jobs cannot take', () => {
    const file = ts.createSourceFile('jobs.ts', source, ts.ScriptTarget.ES2022, true);
    const declared = file.statements.flatMap((statement) => {
      if (ts.isImportDeclaration(statement)) {
        const bindings = statement.importClause?.namedBindings;
        const handlers = statement.moduleSpecifier.getText().startsWith('"@/jobs/');
        return bindings && ts.isNamedImports(bindings) && !handlers
          ? bindings.elements.map((element) => element.name.text)
          : [];
      }
      if (ts.isVariableStatement(statement))
        return statement.declarationList.declarations.map((d) => d.name.getText());
      const named = statement as ts.Statement & { name?: ts.Identifier };
      return named.name ? [named.name.text] : [];
    });
    expect(declared.filter((name) => !JOBS_RUNTIME_NAMES.has(name))).toEqual([]);
  });

  it('is not generated, nor any job handler, for a project without jobs', () => {
    const without = renderFiles(minimalProject());
    expect([...without.keys()].filter((path) => /jobs/.test(path))).toEqual([]);
    expect(files.get('src/jobs/sendDigest.ts')?.owner).toBe('user');
  });
});
