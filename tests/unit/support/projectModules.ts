import path from 'path';
import type { FileMap } from '../../../src/render/fileMap';
import { commonJs } from './typescriptSource';

export interface ProjectModules {
  /** The exports of a project file (`src/app/api/posts/route.ts`), evaluated with its imports. */
  load(file: string): Record<string, unknown>;
}

/**
 * The modules of a generated project, run in this process from its FileMap (transpiled to
 * CommonJS), as the app would import them: `./x` and `@/x` (src/x) are the FileMap's files,
 * evaluated once per ProjectModules; `given` holds modules by project path (`src/appgen/db.ts`)
 * or by specifier that are taken as they are (made once for many runs, or stand-ins); any other
 * import is a package, from `packages` (the shared install's require).
 */
export function projectModules(
  files: FileMap,
  packages: (specifier: string) => unknown,
  given: Record<string, unknown> = {},
): ProjectModules {
  const loaded = new Map<string, Record<string, unknown>>();
  const resolve = (from: string, specifier: string): string | null => {
    let base: string;
    if (specifier.startsWith('@/')) base = `src/${specifier.slice(2)}`;
    else if (specifier.startsWith('./') || specifier.startsWith('../'))
      base = path.posix.join(path.posix.dirname(from), specifier);
    else return null;
    const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`];
    return candidates.find((file) => Object.hasOwn(given, file) || files.has(file)) ?? base;
  };
  const load = (file: string): Record<string, unknown> => {
    if (Object.hasOwn(given, file)) return given[file] as Record<string, unknown>;
    const done = loaded.get(file);
    if (done) return done;
    const content = files.get(file)?.content;
    if (content === undefined) throw new Error(`the project has no ${file}`);
    const module = { exports: {} as Record<string, unknown> };
    // Set before it runs: an import cycle sees the exports made so far, as in CommonJS.
    loaded.set(file, module.exports);
    const require = (specifier: string): unknown => {
      if (Object.hasOwn(given, specifier)) return given[specifier];
      const local = resolve(file, specifier);
      return local === null ? packages(specifier) : load(local);
    };
    new Function('require', 'module', 'exports', commonJs(file, content))(
      require,
      module,
      module.exports,
    );
    loaded.set(file, module.exports);
    return module.exports;
  };
  return { load };
}
