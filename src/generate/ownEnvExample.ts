import path from 'path';
import fs from 'fs';
import type { FileMap } from '../render/fileMap';
import { isGeneratedFile } from '../write/findGeneratedFiles';
import type { Warn } from './warnings';

const ENV_EXAMPLE = '.env.example';

/**
 * Whether the project has a `.env.example` of its own (one without appgen's header: written by
 * hand before appgen wrote one, or taken over by removing the header).
 */
export function hasOwnEnvExample(root: string): boolean {
  const file = path.join(root, ENV_EXAMPLE);
  return fs.existsSync(file) && !isGeneratedFile(file);
}

/**
 * Leaves out appgen's `.env.example` when the project has its own, instead of refusing to
 * overwrite it (projects made before appgen wrote one often have one), and says so.
 */
export function leaveOutEnvExampleIfOwn(root: string, files: FileMap, warn: Warn): void {
  if (!files.has(ENV_EXAMPLE) || !hasOwnEnvExample(root)) return;
  files.delete(ENV_EXAMPLE);
  warn(
    `appgen: the project has its own ${ENV_EXAMPLE}, so appgen does not write its list of the environment variables the app reads there. To get it (kept up to date), move yours away and run appgen generate.\n`,
  );
}
