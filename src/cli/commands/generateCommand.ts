import path from 'path';
import { generateProject } from '../../generate/generateProject';
import { projectDatabase } from '../../project/projectDatabase';
import { projectEnv } from '../../project/loadEnvFile';

export interface GenerateCommandOptions {
  cwd: string;
  dryRun?: boolean;
  log?: (line: string) => void;
}

/** `appgen generate`: prints a one-line summary of what changed. */
export function runGenerate(options: GenerateCommandOptions): void {
  const root = path.resolve(options.cwd);
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const database = projectDatabase(projectEnv(root));
  const { plan } = generateProject({ root, provider: database.provider, defaultDatabaseUrl: database.defaultUrl, dryRun: options.dryRun });
  const prefix = options.dryRun ? 'would ' : '';
  for (const file of plan.create) log(`  ${prefix}create ${file.path}`);
  for (const file of plan.update) log(`  ${prefix}update ${file.path}`);
  for (const file of plan.delete) log(`  ${prefix}delete ${file}`);
  const changed = plan.create.length + plan.update.length + plan.delete.length;
  log(
    changed === 0
      ? `appgen: everything up to date (${plan.unchanged.length} generated files)`
      : `appgen: ${prefix}${plan.create.length} created, ${plan.update.length} updated, ${plan.delete.length} deleted, ${plan.unchanged.length} unchanged`,
  );
}
