// A path of this site from a text that names one: shared by the forms (where to go after a
// success) and the provider sign-in (where to land), so neither can be sent to another site.

/**
 * `target` as a path of this site to hand the router, or null when it would leave `origin`.
 * Resolved with the URL parser as the browser resolves it when navigating: it drops tabs and
 * newlines, takes "\" for "/", and resolves "." and ".." segments ("%2e" too). The router then gets
 * the resolved path, never the text: it reads a path that starts with "//" as the address of
 * another host, and "/.//evil.example" resolves to the path "//evil.example" on this origin, so a
 * resolved path that starts with "//" is refused as well.
 */
export function pathOnThisSite(target: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || /^[/\\]{2}/.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}
