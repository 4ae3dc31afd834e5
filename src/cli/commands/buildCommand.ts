import { spawnSync } from 'child_process';
import fs from 'fs';
import path from 'path';
import { generateOrmClient, prepareDatabase } from '../../db/prepareDatabase';
import { nextBinary } from '../../project/nextBinary';
import { removeStandaloneEnvFiles } from '../../project/removeStandaloneEnvFiles';
import { runGenerate } from '../../generate/runGenerate';
import { commandContext } from '../../project/commandContext';

/**
 * Route types `next dev` wrote. The project's tsconfig.json includes them (Next.js 16 adds the
 * pattern itself, so that dev and build share one tsconfig), and `next build` type-checks them:
 * after a route was removed while dev was stopped, their validator imports the deleted route file
 * and the build fails (vercel/next.js#96620). `next dev` writes them again when it starts.
 */
const DEV_ROUTE_TYPES = path.join('.next', 'dev', 'types');

/**
 * `appgen build`: generate, bring the database in sync, then `next build`, whose standalone output
 * then loses the dotenv files Next.js copied into it (removeStandaloneEnvFiles). Without `dbSync`
 * (`--no-db-sync`, e.g. a Docker build, where no database is reachable and migrations are applied
 * apart) the database is not touched: generate, the Prisma client, `next build`.
 */
export async function runBuild(options: {
  cwd: string;
  acceptDataLoss?: boolean;
  dbSync?: boolean;
}): Promise<number> {
  const context = commandContext(options.cwd);
  runGenerate(context, { quiet: true });
  if (options.dbSync === false) await generateOrmClient(context);
  else await prepareDatabase(context, { acceptDataLoss: options.acceptDataLoss });
  fs.rmSync(path.join(context.root, DEV_ROUTE_TYPES), { recursive: true, force: true });
  const result = spawnSync(process.execPath, [nextBinary(context.root), 'build'], {
    cwd: context.root,
    stdio: 'inherit',
  });
  if (result.status !== 0) return result.status ?? 1;
  const removed = removeStandaloneEnvFiles(context.root);
  if (removed.length > 0)
    context.log(
      `Left out of the standalone output: ${removed.join(', ')} (development settings; a production server reads its environment).`,
    );
  return 0;
}
