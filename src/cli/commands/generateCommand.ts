import { generateProject, GenerateResult } from '../../generate/generateProject';
import type { CommandContext } from '../../project/commandContext';

/** `appgen generate`: writes what changed and prints a summary. */
export function runGenerate(context: CommandContext, options: { dryRun?: boolean; quiet?: boolean } = {}): GenerateResult {
  const { root, database, log } = context;
  const result = generateProject({ root, provider: database.provider, defaultDatabaseUrl: database.defaultUrl, dryRun: options.dryRun });
  const { plan } = result;
  const prefix = options.dryRun ? 'would ' : '';
  if (!options.quiet) {
    for (const file of plan.create) log(`  ${prefix}create ${file.path}`);
    for (const file of plan.update) log(`  ${prefix}update ${file.path}`);
    for (const file of plan.delete) log(`  ${prefix}delete ${file}`);
  }
  const changed = plan.create.length + plan.update.length + plan.delete.length;
  log(
    changed === 0
      ? `appgen: everything up to date (${plan.unchanged.length} generated files)`
      : `appgen: ${prefix}${plan.create.length} created, ${plan.update.length} updated, ${plan.delete.length} deleted, ${plan.unchanged.length} unchanged`,
  );
  return result;
}
