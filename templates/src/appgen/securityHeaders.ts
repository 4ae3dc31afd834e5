/**
 * Headers every answer of the app carries (pages, API routes, files), added by src/proxy.ts:
 * - no page may be shown in a frame of another site (clickjacking): X-Frame-Options for older
 *   browsers, CSP `frame-ancestors` for current ones;
 * - browsers use the Content-Type sent and never guess another (a JSON answer is not a script);
 * - another site sees only the app's origin as Referer, never a page's path or query.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Frame-Options": "DENY",
  "Content-Security-Policy": "frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/**
 * Sets SECURITY_HEADERS on a response (e.g. `NextResponse.next()` in src/proxy.ts) and returns it.
 */
export function withSecurityHeaders<T extends Response>(response: T): T {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}
