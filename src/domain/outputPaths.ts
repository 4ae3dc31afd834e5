/**
 * Where each output file of a generated app goes: every path that depends on the config is made
 * here, for the template registry (src/render/templateRegistry.ts, which lists every output) and
 * for the map stage, which needs the paths of route files to import their handlers into pages.
 * Files that always have the same path are named in the registry itself.
 */

const inApp = (folder: string, file: string): string =>
  `src/app/${folder ? `${folder}/` : ''}${file}`;

export const OUTPUT_PATHS = {
  /** `api/users/[id]` → `src/app/api/users/[id]/route.ts`: one file per route folder. */
  routeFile: (folder: string): string => inApp(folder, 'route.ts'),
  /** `posts/[id]` → `src/app/posts/[id]/page.tsx`: one file per view. */
  page: (folder: string): string => inApp(folder, 'page.tsx'),
  modelType: (model: string): string => `src/appgen/types/${model}.ts`,
  /** `article` → `src/appgen/shapes/article.ts`: a model's answer shapes (src/map/mapAnswerShapes.ts). */
  answerShapes: (delegate: string): string => `src/appgen/shapes/${delegate}.ts`,
  /** `post` → `src/appgen/access/post.ts`: a model's access rules (src/map/mapAccess.ts). */
  accessRules: (delegate: string): string => `src/appgen/access/${delegate}.ts`,
  /** User-owned, written once. */
  function: (name: string): string => `src/functions/${name}.ts`,
  voter: (name: string): string => `src/voters/${name}.ts`,
  event: (name: string): string => `src/events/${name}.ts`,
  job: (name: string): string => `src/jobs/${name}.ts`,
};

/** `src/app/api/posts/[id]/route.ts` → `@/app/api/posts/[id]/route`: how generated code imports it. */
export function moduleOf(outputPath: string): string {
  return `@/${outputPath.replace(/^src\//, '').replace(/\.ts$/, '')}`;
}
