/** A URL path split into segments; `:name` segments are dynamic. */
export interface PathSegment {
  text: string;
  param?: string;
}

export type PathCheck =
  { ok: true; segments: PathSegment[] } | { ok: false; message: string; hint: string };

const STATIC_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._~-]*$/;
const DYNAMIC_SEGMENT = /^:([A-Za-z_][A-Za-z0-9_]*)$/;

/**
 * Checks that a configured path maps to a folder inside `src/app`: no `..` or `.`, no empty,
 * encoded, or Next.js-special segments (`_private`, `(group)`, `[x]`, `@slot`), no backslashes.
 */
export function parseAppPath(path: string): PathCheck {
  if (!path.startsWith('/'))
    return {
      ok: false,
      message: `path "${path}" must start with "/"`,
      hint: 'write it like "/api/users".',
    };
  if (path === '/') return { ok: true, segments: [] };
  if (path.endsWith('/'))
    return {
      ok: false,
      message: `path "${path}" ends with "/"`,
      hint: `write "${path.replace(/\/+$/, '')}".`,
    };
  const segments: PathSegment[] = [];
  for (const text of path.slice(1).split('/')) {
    if (text === '')
      return {
        ok: false,
        message: `path "${path}" has an empty segment ("//")`,
        hint: 'remove the extra "/".',
      };
    if (text === '.' || text === '..')
      return {
        ok: false,
        message: `path "${path}" contains "${text}", which would leave its folder`,
        hint: 'write the path without "." or ".." segments.',
      };
    const dynamic = DYNAMIC_SEGMENT.exec(text);
    if (dynamic) {
      segments.push({ text, param: dynamic[1] });
      continue;
    }
    if (text.startsWith(':'))
      return {
        ok: false,
        message: `"${text}" in path "${path}" is not a valid parameter`,
        hint: 'a parameter is ":" followed by an identifier, e.g. ":id".',
      };
    if (!STATIC_SEGMENT.test(text)) {
      return {
        ok: false,
        message: `segment "${text}" of path "${path}" has characters that cannot be a folder name in the app`,
        hint: 'use letters, digits, ".", "_", "~" and "-", starting with a letter or digit (no %-encoding, "\\", "[", "(", "@").',
      };
    }
    segments.push({ text });
  }
  return { ok: true, segments };
}

/** `/api/users/:id` and `/api/users/:userId` are the same route to Next.js: compare by shape. */
export function pathShape(segments: PathSegment[]): string {
  return '/' + segments.map((s) => (s.param ? ':' : s.text)).join('/');
}

/** The `:name` parameters of a path, in order (none for an unparseable path). */
export function pathParams(path: string): string[] {
  const parsed = parseAppPath(path);
  return parsed.ok ? parsed.segments.filter((s) => s.param).map((s) => s.param as string) : [];
}

/** A path's segments, for a path the config checks accepted (parseAppPath); none for another. */
export function segmentsOf(path: string): PathSegment[] {
  const parsed = parseAppPath(path);
  return parsed.ok ? parsed.segments : [];
}
