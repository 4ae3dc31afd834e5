import type {
  MissingRecordPageContext,
  MissingRecordsContext,
  RouteFileContext,
  ViewContext,
} from './contexts';

/**
 * What the proxy checks before a record page renders (src/appgen/missingRecords.ts): every
 * page's path, so a path goes to the page Next.js would pick (a static segment before a
 * parameter), and for each view with path parameters, the GET routes of one record it loads
 * (a detail's, an edit form's), called with the page's parameters as the page calls them.
 * Lists are not checked: an empty one is no missing record. The API's paths take part in the
 * choice only (a route at `/posts/export` is no record page).
 */
export function mapMissingRecords(
  views: readonly ViewContext[],
  routeFiles: readonly RouteFileContext[],
): MissingRecordsContext {
  const pages: MissingRecordPageContext[] = [];
  const seen = new Set<string>();
  const add = (urlPath: string, loads: MissingRecordPageContext['loads']) => {
    if (seen.has(urlPath)) return;
    seen.add(urlPath);
    pages.push({
      segments: JSON.stringify(urlPath.split('/').slice(1)).replace(/","/g, '", "'),
      loads,
    });
  };
  for (const view of views) {
    const loads = view.hasParams ? view.loads.filter((l) => !l.isArray && l.params.length > 0) : [];
    const unique = loads.filter(
      (load, i) =>
        loads.findIndex(
          (other) =>
            other.handler === load.handler &&
            other.module === load.module &&
            other.paramsArgument === load.paramsArgument,
        ) === i,
    );
    add(view.urlPath, unique);
  }
  // Paths under /api are never checked (missingRecord leaves them alone).
  for (const file of routeFiles)
    for (const method of file.methods)
      if (method.urlPath !== '/api' && !method.urlPath.startsWith('/api/')) add(method.urlPath, []);
  const checked = pages.filter((page) => page.loads.length > 0);
  const imports = new Map<string, { handler: string; module: string }>();
  for (const page of checked)
    for (const load of page.loads)
      imports.set(load.handler, { handler: load.handler, module: load.module });
  return {
    pages: checked.length > 0 ? pages : [],
    routeImports: [...imports.values()].sort((a, b) =>
      a.handler < b.handler ? -1 : a.handler > b.handler ? 1 : 0,
    ),
  };
}
