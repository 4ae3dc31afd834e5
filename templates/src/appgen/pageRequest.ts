/**
 * What a page's request passes on to the routes the page calls in-process: shared by the pages
 * (src/appgen/view.ts) and by the proxy's check for a missing record
 * (src/appgen/missingRecords.ts), so both call a route as the same visitor and read the same
 * parameters. Plain code: the proxy imports it, so nothing here may need a page's request scope
 * (next/headers).
 */

/** Headers that describe the page request's own body: the route's request has none. */
const BODY_HEADERS = new Set(["content-length", "content-type", "transfer-encoding"]);

/**
 * The page request's headers (cookies, authorization) for a route's request, but none that
 * describe a body: a route that takes none refuses a request that claims one
 * (src/appgen/noBody.ts).
 */
export function forwardedHeaders(incoming: Headers): Headers {
  const forwarded = new Headers();
  incoming.forEach((value, name) => {
    if (!BODY_HEADERS.has(name)) forwarded.set(name, value);
  });
  return forwarded;
}

/**
 * Path segments as the visitor wrote them (`caf%C3%A9` is `café`), or null when one does not
 * decode (`%E0%A4%A`): such a path names nothing.
 */
export function decodedSegments(segments: readonly string[]): string[] | null {
  try {
    return segments.map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

/**
 * A page's `searchParams` as Next.js hands them (a name given twice is an array) as
 * URLSearchParams.
 */
export function pageSearch(params: Record<string, string | string[] | undefined>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
      search.append(name, one);
  return search;
}
