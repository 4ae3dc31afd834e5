import fs from 'fs';
import path from 'path';
import { PACKAGE_ROOT } from '../paths/packageRoot';
import { packAppgen } from './packAppgen';
import { registryVersion, type RegistryAnswer } from './registryVersion';

/** Where a project made by an unreleased appgen keeps its copy of appgen (committed with it). */
export const VENDOR_FOLDER = '.appgen';

export interface AppgenDependency {
  /** The npm spec written to the project's devDependencies. */
  spec: string;
  /** Why that spec, for the user. */
  note: string;
  /** Called once the project folder exists: puts the local copy of appgen in place, if any. */
  provide(projectDir: string): void;
}

export function runningAppgenVersion(packageRoot = PACKAGE_ROOT): string {
  return (
    JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
}

const tarballName = (version: string) => `appgen-${version}.tgz`;

/**
 * `--appgen packed`: this appgen packed into the project without asking the registry (npm run
 * demo: a checkout's demo runs the checkout; a `file:` folder would run its `prepare` build again
 * inside the project's install).
 */
export const PACKED = 'packed';

/**
 * The appgen a new project depends on. `--appgen` wins. Otherwise the running appgen's own version
 * when the registry has it; when it does not (not released yet, or no registry in reach), the
 * running appgen itself, packed into the project, so that creating works from a checkout or a
 * packed tarball before any release, and the project stays movable (no path of this machine).
 */
export function chooseAppgenDependency(options: {
  requested?: string;
  packageRoot?: string;
  lookup?: (version: string) => RegistryAnswer;
}): AppgenDependency {
  const none = () => {};
  if (options.requested && options.requested !== PACKED)
    return {
      spec: options.requested,
      note: `appgen from ${options.requested} (--appgen)`,
      provide: none,
    };
  const packageRoot = options.packageRoot ?? PACKAGE_ROOT;
  const version = runningAppgenVersion(packageRoot);
  const answer =
    options.requested === PACKED
      ? 'requested'
      : (options.lookup ?? ((v) => registryVersion('appgen', v)))(version);
  if (answer === 'published')
    return { spec: version, note: `appgen ${version} from the npm registry`, provide: none };
  const file = tarballName(version);
  const why =
    answer === 'requested'
      ? `--appgen ${PACKED}`
      : answer === 'not-published'
        ? `appgen ${version} is not on the npm registry yet`
        : 'the npm registry could not be reached';
  return {
    spec: `file:${VENDOR_FOLDER}/${file}`,
    note: `${why}: the project uses this appgen, packed into ${VENDOR_FOLDER}/${file} (--appgen <spec> chooses another)`,
    provide(projectDir) {
      const destination = path.join(projectDir, VENDOR_FOLDER);
      const packed = packAppgen(packageRoot, destination);
      if (packed !== file)
        fs.renameSync(path.join(destination, packed), path.join(destination, file));
    },
  };
}
