/** Any origin will do: what matters is whether a path keeps it. `.invalid` is never a real host. */
const PLACEHOLDER_ORIGIN = 'http://appgen.invalid';

// Browsers drop tabs and newlines from a URL before reading it, so "/\t/evil.example" is
// "//evil.example"; other control characters and spaces have no business in a configured path.
const CONTROL_OR_SPACE =
  /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/u;

export type SameSiteCheck = { ok: true } | { ok: false; message: string; hint: string };

/**
 * The one rule for every configured path the browser (or a redirect) follows: a route's
 * `redirect`, a link's `href`, a form's `success` and the settings' `loginPath`. It must start
 * with one "/" and stay on the app's own origin when resolved the way a browser does: "//host",
 * "/\host" and "/\t/host" all name another host (the URL parser reads "\" as "/"); and
 * "/.//host" resolves to the path "//host", which a client-side router reads as another host.
 */
export function checkSameSitePath(path: string): SameSiteCheck {
  const shown = JSON.stringify(path);
  if (!path.startsWith('/'))
    return {
      ok: false,
      message: `path ${shown} must start with "/"`,
      hint: 'write a path of this app, e.g. "/posts".',
    };
  if (CONTROL_OR_SPACE.test(path)) {
    return {
      ok: false,
      message: `path ${shown} contains a space, tab, newline or other control character`,
      hint: "remove it (browsers drop tabs and newlines, which can turn the path into another site's address); write a space in a query as %20.",
    };
  }
  if (new URL(path, PLACEHOLDER_ORIGIN).origin !== PLACEHOLDER_ORIGIN) {
    return {
      ok: false,
      message: `path ${shown} leads to another site: browsers read "//" or "/\\" at the start as the address of another host`,
      hint: `start it with a single "/" and no "\\" (e.g. "/${path.replace(/^[/\\]+/, '')}"); a link to another site takes a full "https://" URL.`,
    };
  }
  const resolved = new URL(path, PLACEHOLDER_ORIGIN).pathname;
  if (/^[/\\]{2}/.test(resolved)) {
    return {
      ok: false,
      message: `path ${shown} becomes ${JSON.stringify(resolved)} once its "." and ".." segments are resolved, which a browser's router reads as the address of another host`,
      hint: 'write the path without "." or ".." segments and without an empty segment after them (e.g. "/posts").',
    };
  }
  return { ok: true };
}
