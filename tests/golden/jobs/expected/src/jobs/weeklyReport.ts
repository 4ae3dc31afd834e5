// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import type { JobRun } from "@/appgen/jobs";

/**
 * Runs at the times of the schedule of job "weeklyReport" (config/jobs/cleanup.json),
 * once across all instances of the app. At least once, not exactly once: a run that throws, or
 * outlives the job's timeoutSeconds, is tried again (up to its attempts) with the same `run.id`:
 * key idempotent work by it.
 */
export async function weeklyReport(run: JobRun): Promise<void> {
  console.log(`[job] ${run.job}: run ${run.id} (attempt ${run.attempt})`);
}
