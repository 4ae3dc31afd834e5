import { pathShape, segmentsOf } from './appPaths';

export interface AppFolder {
  /** Folder under src/app, e.g. `api/users/[id]/posts` for `/api/users/:userId/posts`. */
  folder: string;
  /** Each path parameter, in order, with the name of the dynamic folder that holds it. */
  params: Array<{ name: string; folder: string }>;
}

/**
 * A folder name for a parameter that an outer folder of the same path may already use
 * (`/api/posts/:postId/comments/:id` under `/api/posts/[id]`): then `commentsId`, from the
 * segment before it, or a numbered name.
 */
function freeName(param: string, before: string | undefined, taken: readonly string[]): string {
  if (!taken.includes(param)) return param;
  const words = (before ?? '').split(/[^A-Za-z0-9]+/).filter(Boolean);
  const prefix = words
    .map((w, i) =>
      i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1),
    )
    .join('');
  const derived = /^[A-Za-z]/.test(prefix)
    ? `${prefix}${param.charAt(0).toUpperCase()}${param.slice(1)}`
    : undefined;
  if (derived && !taken.includes(derived)) return derived;
  for (let n = 2; ; n++) if (!taken.includes(`${param}${n}`)) return `${param}${n}`;
}

/**
 * Next.js allows one name per dynamic folder, so `/api/users/:id` and `/api/users/:userId/posts`
 * share the folder `[id]`. Each position takes the name of the shortest path that has it
 * (ties: alphabetical), which makes the naming independent of file order; a route or page then
 * reads its own parameter names from the folder's. A path never gets one folder name twice.
 */
export function appFolderNamer(paths: readonly string[]): (path: string) => AppFolder {
  const names = new Map<string, string>();
  const ordered = [...new Set(paths)]
    .map((path) => ({ path, segments: segmentsOf(path) }))
    .sort(
      (a, b) =>
        a.segments.length - b.segments.length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
    );
  for (const { segments } of ordered) {
    const taken: string[] = [];
    segments.forEach((segment, index) => {
      if (!segment.param) return;
      const prefix = pathShape(segments.slice(0, index + 1));
      if (!names.has(prefix))
        names.set(prefix, freeName(segment.param, segments[index - 1]?.text, taken));
      taken.push(names.get(prefix) as string);
    });
  }
  return (path) => {
    const segments = segmentsOf(path);
    const params: AppFolder['params'] = [];
    const folder = segments
      .map((segment, index) => {
        if (!segment.param) return segment.text;
        const name = names.get(pathShape(segments.slice(0, index + 1))) ?? segment.param;
        params.push({ name: segment.param, folder: name });
        return `[${name}]`;
      })
      .join('/');
    return { folder, params };
  };
}
