import { spawnSync } from 'child_process';
import { prepareDatabase } from '../../db/prepareDatabase';
import { nextBinary } from '../../project/nextBinary';
import { runGenerate } from '../../generate/runGenerate';
import { commandContext } from '../../project/commandContext';

/** `appgen build`: generate, bring the database in sync, then `next build`. */
export async function runBuild(options: { cwd: string; acceptDataLoss?: boolean }): Promise<number> {
  const context = commandContext(options.cwd);
  runGenerate(context, { quiet: true });
  await prepareDatabase(context, { acceptDataLoss: options.acceptDataLoss });
  const result = spawnSync(process.execPath, [nextBinary(context.root), 'build'], { cwd: context.root, stdio: 'inherit' });
  return result.status ?? 1;
}
