import { parseAppPath, pathShape, type PathSegment } from './appPaths';

export interface AppFolder {
  /** Folder under src/app, e.g. `api/users/[id]/posts` for `/api/users/:userId/posts`. */
  folder: string;
  /** Each path parameter, in order, with the name of the dynamic folder that holds it. */
  params: Array<{ name: string; folder: string }>;
}

const segmentsOf = (path: string): PathSegment[] => {
  const parsed = parseAppPath(path);
  return parsed.ok ? parsed.segments : [];
};

/**
 * Next.js allows one name per dynamic folder, so `/api/users/:id` and `/api/users/:userId/posts`
 * share the folder `[id]`. Each position takes the name of the shortest path that has it
 * (ties: alphabetical), which makes the naming independent of file order; a route or page then
 * reads its own parameter names from the folder's.
 */
export function appFolderNamer(paths: readonly string[]): (path: string) => AppFolder {
  const names = new Map<string, string>();
  const ordered = [...new Set(paths)].map((path) => ({ path, segments: segmentsOf(path) })).sort((a, b) => a.segments.length - b.segments.length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const { segments } of ordered) {
    segments.forEach((segment, index) => {
      const prefix = pathShape(segments.slice(0, index + 1));
      if (segment.param && !names.has(prefix)) names.set(prefix, segment.param);
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
