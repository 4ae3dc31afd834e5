import type { OrmName } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { closestMatch } from '../diagnostics/didYouMean';
import {
  isKnownTimezone,
  JOB_DEFAULTS,
  JOBS_RUNTIME_NAMES,
  knownTimezones,
  scheduleProblem,
} from '../domain/jobs';
import type { ConfigDocument } from '../load/configDocument';
import type { CheckedJob } from './checkedProject';
import { childPointer, diagnosticAt } from './locate';
import { isReservedName } from './reservedNames';

interface JobConfig {
  name: string;
  schedule: string;
  timezone?: string;
  attempts?: number;
  retryDelaySeconds?: number;
  timeoutSeconds?: number;
}

/** Why a job's name cannot be used, or undefined. */
function reservedReason(name: string): string | undefined {
  if (isReservedName(name)) return 'a reserved word or a global name generated code uses';
  if (JOBS_RUNTIME_NAMES.has(name)) return 'a name src/appgen/jobs.ts declares beside the handlers';
  return undefined;
}

function timezoneHint(timezone: string): string {
  const match = closestMatch(timezone, knownTimezones());
  return match
    ? `did you mean "${match}"?`
    : 'use an IANA time zone name, e.g. "UTC", "Europe/Berlin" or "America/New_York".';
}

/**
 * Jobs have names unique across files (each is a file, so also unique ignoring case), not
 * reserved; a schedule cron-parser reads as five fields; a time zone this Node.js knows. They
 * need a database: each run is a row of the app's outbox.
 */
export function checkJobs(
  documents: ConfigDocument[],
  orm: OrmName,
): { jobs: CheckedJob[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const jobs: CheckedJob[] = [];
  const seen = new Map<string, { name: string; file: string }>();
  for (const document of documents) {
    const declared = (document.value as { jobs: JobConfig[] }).jobs;
    if (orm === 'none' && declared.length > 0)
      diagnostics.push(
        diagnosticAt(
          document,
          '/jobs',
          `jobs need a database, and the project has orm "none": each run is recorded in the app's database, so that it runs once across all instances`,
          'set "orm" to "prisma" or "drizzle" in appgen.config.json, or remove the jobs.',
        ),
      );
    declared.forEach((job, index) => {
      const pointer = `/jobs/${index}`;
      const at = (key: string, message: string, hint: string) =>
        diagnostics.push(diagnosticAt(document, childPointer(pointer, key), message, hint));
      const before = diagnostics.length;
      const previous = seen.get(job.name.toLowerCase());
      if (previous?.name === job.name)
        at(
          'name',
          `job "${job.name}" is already declared in ${previous.file}`,
          'give each job its own name.',
        );
      else if (previous)
        at(
          'name',
          `job "${job.name}" differs only in case from "${previous.name}" (${previous.file}): their files src/jobs/<name>.ts would collide`,
          'give the jobs names that differ in more than case.',
        );
      const reserved = reservedReason(job.name);
      if (reserved)
        at('name', `"${job.name}" is ${reserved}`, `rename the job, e.g. "${job.name}Job".`);
      const timezone = job.timezone ?? JOB_DEFAULTS.timezone;
      const knownZone = isKnownTimezone(timezone);
      if (!knownZone) at('timezone', `unknown time zone "${timezone}"`, timezoneHint(timezone));
      const problem = scheduleProblem(job.schedule, knownZone ? timezone : 'UTC', job.name);
      if (problem) at('schedule', problem.message, problem.hint);
      if (!previous) seen.set(job.name.toLowerCase(), { name: job.name, file: document.file });
      if (diagnostics.length === before)
        jobs.push({
          name: job.name,
          schedule: job.schedule,
          timezone,
          attempts: job.attempts ?? JOB_DEFAULTS.attempts,
          retryDelaySeconds: job.retryDelaySeconds ?? JOB_DEFAULTS.retryDelaySeconds,
          timeoutSeconds: job.timeoutSeconds ?? JOB_DEFAULTS.timeoutSeconds,
          origin: { file: document.file, pointer },
        });
    });
  }
  return { jobs, diagnostics };
}
