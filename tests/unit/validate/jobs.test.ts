import { JOB_DEFAULTS } from '../../../src/domain/jobs';
import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

const withJobs = (files: Record<string, unknown>, settings: unknown = { orm: 'prisma' }) =>
  minimalProject({ 'appgen.config.json': settings, ...files });

const problems = (files: Record<string, unknown>, settings?: unknown) =>
  problemsIn(withJobs(files, settings)).map(describeProblem);

/** A jobs file as JSON text, one job a line, so that the tests can name lines and columns. */
const jobsFile = (...jobs: unknown[]) =>
  `{ "jobs": [\n${jobs.map((job) => `  ${JSON.stringify(job)}`).join(',\n')}\n] }\n`;

/** A jobs file of jobs that differ only by name. */
const named = (...names: string[]) =>
  jobsFile(...names.map((name) => ({ name, schedule: '0 8 * * *' })));

describe('config/jobs', () => {
  it('fills in the defaults of a job that gives only a name and a schedule', () => {
    const project = checkedProject(
      withJobs({
        'config/jobs/digest.json': { jobs: [{ name: 'sendDigest', schedule: '0 8 * * *' }] },
        'config/jobs/cleanup.json': {
          jobs: [
            {
              name: 'purgeSessions',
              schedule: '@hourly',
              timezone: 'Europe/Berlin',
              attempts: 1,
              retryDelaySeconds: 5,
              timeoutSeconds: 600,
            },
          ],
        },
      }),
    );
    expect(project.jobs).toEqual([
      {
        name: 'purgeSessions',
        schedule: '@hourly',
        timezone: 'Europe/Berlin',
        attempts: 1,
        retryDelaySeconds: 5,
        timeoutSeconds: 600,
        file: 'config/jobs/cleanup.json',
      },
      {
        name: 'sendDigest',
        schedule: '0 8 * * *',
        ...JOB_DEFAULTS,
        file: 'config/jobs/digest.json',
      },
    ]);
    expect(JOB_DEFAULTS).toEqual({
      timezone: 'UTC',
      attempts: 3,
      retryDelaySeconds: 10,
      timeoutSeconds: 60,
    });
  });

  it('refuses unknown properties, bad names and numbers out of range, at their place, with the fix', () => {
    expect(
      problems({
        'config/jobs/a.json': jobsFile(
          { name: 'SendDigest', schedule: '0 8 * * *', atempts: 2 },
          { name: 'b', schedule: '0 8 * * *', attempts: 0, retryDelaySeconds: 3601 },
          { name: 'c', schedule: '0 8 * * *', timeoutSeconds: 1.5 },
        ),
      }),
    ).toEqual([
      'config/jobs/a.json:2:47 jobs[0].atempts | unknown property "atempts" | did you mean "attempts"?',
      'config/jobs/a.json:2:11 jobs[0].name | string "SendDigest" must be a camelCase identifier (e.g. "sendDigest") | write "sendDigest".',
      'config/jobs/a.json:3:49 jobs[1].attempts | must be >= 1 | use a whole number from 1 to 100.',
      'config/jobs/a.json:3:71 jobs[1].retryDelaySeconds | must be <= 3600 | use a whole number from 1 to 3600.',
      'config/jobs/a.json:4:55 jobs[2].timeoutSeconds | must be integer, got number 1.5 | write a whole number here.',
    ]);
  });

  it('asks for a name and a schedule', () => {
    expect(
      problems({ 'config/jobs/a.json': jobsFile({ schedule: '0 8 * * *' }, { name: 'x' }) }),
    ).toEqual([
      'config/jobs/a.json:2:3 jobs[0] | missing required property "name" | add "name".',
      'config/jobs/a.json:3:3 jobs[1] | missing required property "schedule" | add "schedule".',
    ]);
  });

  it('refuses a name declared twice, also in another file or in another case', () => {
    expect(
      problems({
        'config/jobs/a.json': named('sendDigest'),
        'config/jobs/b.json': named('sendDigest', 'senddigest'),
      }),
    ).toEqual([
      'config/jobs/b.json:2:11 jobs[0].name | job "sendDigest" is already declared in config/jobs/a.json | give each job its own name.',
      'config/jobs/b.json:3:11 jobs[1].name | job "senddigest" differs only in case from "sendDigest" (config/jobs/a.json): their files src/jobs/<name>.ts would collide | give the jobs names that differ in more than case.',
    ]);
  });

  it('refuses reserved words and the names src/appgen/jobs.ts declares', () => {
    expect(problems({ 'config/jobs/a.json': named('delete', 'dueRuns') })).toEqual([
      'config/jobs/a.json:2:11 jobs[0].name | "delete" is a reserved word or a global name generated code uses | rename the job, e.g. "deleteJob".',
      'config/jobs/a.json:3:11 jobs[1].name | "dueRuns" is a name src/appgen/jobs.ts declares beside the handlers | rename the job, e.g. "dueRunsJob".',
    ]);
  });

  it('checks the schedule with cron-parser: five fields or a named schedule, values in range', () => {
    const job = (schedule: string) => ({ name: 'x', schedule });
    const found = (schedule: string) =>
      problems({ 'config/jobs/a.json': jobsFile(job(schedule)) }).map((p) =>
        p.replace(/^config\/jobs\/a\.json:2:\d+ jobs\[0\]\.schedule \| /, ''),
      );
    for (const fine of ['0 8 * * *', '*/15 9-17 * * mon-fri', '0 0 1 1,7 *', '@daily', 'H 3 * * *'])
      expect([fine, found(fine)]).toEqual([fine, []]);
    expect(found('0 8 * *')).toEqual([
      '"0 8 * *" has 4 fields; a schedule has five: minute hour day-of-month month day-of-week | e.g. "0 8 * * *" runs at 8:00 every day, "*/15 * * * *" every 15 minutes.',
    ]);
    expect(found('')).toEqual([
      '"" has 0 fields; a schedule has five: minute hour day-of-month month day-of-week | e.g. "0 8 * * *" runs at 8:00 every day, "*/15 * * * *" every 15 minutes.',
    ]);
    expect(found('*/10 * * * * *')).toEqual([
      expect.stringMatching(
        /^"\*\/10 \* \* \* \* \*" has 6 fields: appgen's schedules count minutes, and the first field would be seconds \| drop the seconds field/,
      ),
    ]);
    expect(found('61 * * * *')).toEqual([
      expect.stringMatching(
        /^"61 \* \* \* \*" is not a schedule cron-parser can run: Constraint error, got value 61 expected range 0-59 \| fields are minute \(0-59\)/,
      ),
    ]);
    expect(found('0 0 31 2 *')).toEqual([
      expect.stringMatching(
        /^"0 0 31 2 \*" is not a schedule cron-parser can run: Invalid explicit day of month/,
      ),
    ]);
    expect(found('@dayly')).toEqual([
      '"@dayly" is not a named schedule appgen knows | use one of "@yearly", "@annually", "@monthly", "@weekly", "@daily", "@hourly", or five cron fields (minute hour day-of-month month day-of-week).',
    ]);
  });

  it('checks the time zone, with the closest known one', () => {
    expect(
      problems({
        'config/jobs/a.json': jobsFile(
          { name: 'a', schedule: '0 8 * * *', timezone: 'Europe/Berln' },
          { name: 'b', schedule: '0 8 * * *', timezone: '+02:00' },
          { name: 'c', schedule: '0 8 * *', timezone: 'Mars/Olympus' },
        ),
      }),
    ).toEqual([
      'config/jobs/a.json:2:49 jobs[0].timezone | unknown time zone "Europe/Berln" | did you mean "Europe/Berlin"?',
      'config/jobs/a.json:3:49 jobs[1].timezone | unknown time zone "+02:00" | use an IANA time zone name, e.g. "UTC", "Europe/Berlin" or "America/New_York".',
      expect.stringMatching(
        /^config\/jobs\/a\.json:4:\d+ jobs\[2\]\.timezone \| unknown time zone "Mars\/Olympus"/,
      ),
      expect.stringMatching(
        /^config\/jobs\/a\.json:4:\d+ jobs\[2\]\.schedule \| "0 8 \* \*" has 4 fields/,
      ),
    ]);
  });

  it('refuses jobs in a project without a database (orm none), once per file', () => {
    expect(
      problems(
        {
          'config/jobs/a.json': jobsFile(
            { name: 'a', schedule: '0 8 * * *' },
            { name: 'b', schedule: '0 9 * * *' },
          ),
        },
        { orm: 'none' },
      ),
    ).toEqual([
      'config/jobs/a.json:1:11 jobs | jobs need a database, and the project has orm "none": each run is recorded in the app\'s database, so that it runs once across all instances | set "orm" to "prisma" or "drizzle" in appgen.config.json, or remove the jobs.',
    ]);
  });
});
