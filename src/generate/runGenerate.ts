import { generateProject, GenerateResult } from './generateProject';
import type { CommandContext } from '../project/commandContext';
import { JOURNAL_PATH } from '../write/journal';
import { lineDiff } from '../write/lineDiff';
import { applyPlan } from '../write/applyPlan';
import { writeProjectFiles } from '../write/writeProjectFiles';
import { storeGeneration } from './runCache';

export interface GenerateCommandOptions {
  /** Report what would change, with a diff of each changed file; write nothing. */
  dryRun?: boolean;
  /** Write nothing; fail (exit 1) when the generated tree is out of date with the config. */
  check?: boolean;
  /** Only the summary line. */
  quiet?: boolean;
  /**
   * The plan was made just before, with nothing in between (runGenerate): when no killed run
   * was left, it is written as it is, without reading every file again. `appgen dev` plans, then
   * pushes the database (seconds), so it plans again before writing anything.
   */
  planJustMade?: boolean;
}

/** `appgen generate`: writes what changed and prints a summary. Returns the exit code. */
export function runGenerate(
  context: CommandContext,
  options: GenerateCommandOptions = {},
): { result: GenerateResult; exitCode: number } {
  const result = planGenerate(context);
  return { result, exitCode: writePlanned(context, result, { ...options, planJustMade: true }) };
}

/** The generated files and what writing them would change; nothing is written. Throws ConfigError or TemplateError. */
export function planGenerate(context: CommandContext): GenerateResult {
  const { root, database, settings } = context;
  return generateProject({
    root,
    settings,
    provider: database.provider,
    defaultDatabaseUrl: database.defaultUrl,
    dryRun: true,
    cache: true,
  });
}

/**
 * The second half of runGenerate: writes a planned generation (unless dry-run or check) and
 * prints the summary. `appgen dev` calls it only once the database took the planned schema.
 */
export function writePlanned(
  context: CommandContext,
  result: GenerateResult,
  options: GenerateCommandOptions = {},
): number {
  const { root, log } = context;
  const writes = !options.dryRun && !options.check;
  // Writing finishes a run an earlier kill left, then plans again against the tree as it is.
  // With nothing left, and nothing to change or a plan just made, that plan stands (the manifest
  // may still need writing): planning again would read every file once more.
  const nothingLeft = !result.pending.journal && result.pending.temps.length === 0;
  const nothingToChange =
    result.plan.create.length + result.plan.update.length + result.plan.delete.length === 0;
  const reuse = nothingLeft && (nothingToChange || options.planJustMade === true);
  if (writes && reuse) applyPlan(root, result.plan);
  const { plan, pending } = writes && !reuse ? writeProjectFiles(root, result.files) : result;
  // The files are in place: the next run with the same inputs can skip rendering them.
  if (writes && result.cacheRecord)
    storeGeneration(root, result.cacheRecord, plan.manifest.generated);
  const prefix = writes ? '' : 'would ';
  if (!options.quiet) {
    if (pending.journal)
      log(`  ${writes ? 'finished' : 'would finish'} a run that was interrupted (${JOURNAL_PATH})`);
    for (const temp of pending.temps)
      log(`  ${writes ? 'removed' : 'would remove'} leftover temporary file ${temp}`);
    for (const file of plan.create) log(`  ${prefix}create ${file.path}`);
    for (const file of plan.update) {
      log(`  ${prefix}update ${file.path}`);
      if (options.dryRun) log(lineDiff(file.before, file.content, file.path));
    }
    for (const file of plan.delete) log(`  ${prefix}delete ${file}`);
  }
  const changed = plan.create.length + plan.update.length + plan.delete.length;
  const leftovers = (pending.journal ? 1 : 0) + pending.temps.length;
  if (changed === 0 && (writes || leftovers === 0)) {
    log(`appgen: everything up to date (${plan.unchanged.length} generated files)`);
    return 0;
  }
  const counts = [plan.create.length, plan.update.length, plan.delete.length] as const;
  log(
    writes
      ? `appgen: ${counts[0]} created, ${counts[1]} updated, ${counts[2]} deleted, ${plan.unchanged.length} unchanged`
      : `appgen: would create ${counts[0]}, update ${counts[1]} and delete ${counts[2]} files (${plan.unchanged.length} unchanged)`,
  );
  if (options.check) {
    if (pending.journal)
      log(`appgen: an interrupted \`appgen generate\` is unfinished (${JOURNAL_PATH}).`);
    else if (leftovers > 0) log('appgen: an interrupted `appgen generate` left temporary files.');
    log(
      'appgen: the generated files are out of date with config/; run `appgen generate` and commit the result.',
    );
    return 1;
  }
  return 0;
}
