/** The shared dependency install of generated apps (see sharedInstall.js). */

/** The exports of src/project/appDependencies that name the pins (by default, their build in dist/). */
export interface AppDependencyLists {
  APP_BASE_DEPENDENCIES: Record<string, string>;
  PRISMA_APP_DEPENDENCIES: Record<string, string>;
  DRIZZLE_APP_DEPENDENCIES: Record<string, string>;
  APP_DEV_DEPENDENCIES: Record<string, string>;
  ormOverrides(orm: string): Record<string, string>;
  allowScripts(orm: string, appgenSpec: string): Record<string, boolean>;
  standInFiles(orm: string): Array<[string, string]>;
}

export function sharedInstallDir(lists?: AppDependencyLists): string;
export function ensureSharedInstall(
  log?: (line: string) => void,
  lists?: AppDependencyLists,
): string;
