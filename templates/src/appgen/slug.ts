import { isUniqueViolation } from "./http";

/** The longest slug made from a text, before any `-2` suffix. */
export const MAX_SLUG_LENGTH = 80;
/**
 * How many times a create tries when concurrent writes took the slugs it chose. Each retry picks
 * among twice as many free slugs as the one before (1, 2, 4, ... 128), so that creates racing for
 * the same title spread out instead of colliding again: dozens at once all succeed.
 */
const ATTEMPTS = 8;

/**
 * A URL-friendly form of a text: accents removed, lower-case ASCII letters and digits, each run
 * of anything else one "-", at most MAX_SLUG_LENGTH characters (`"Héllo, World!"` →
 * `"hello-world"`). A text with none of those characters (or none at all) gives `fallback`. One
 * pass that stops at MAX_SLUG_LENGTH, no regular expression: a client's text may be a whole body
 * long, and patterns such as /-+$/ backtrack quadratically over long runs of "-".
 */
export function slugify(text: string | null | undefined, fallback: string): string {
  let slug = "";
  let gap = false;
  for (const character of (text ?? "").normalize("NFKD")) {
    const code = character.charCodeAt(0);
    // Combining marks (the accents NFKD split off) are dropped, not made into a "-".
    if (code >= 0x300 && code <= 0x36f) continue;
    for (const lower of character.toLowerCase()) {
      if ((lower >= "a" && lower <= "z") || (lower >= "0" && lower <= "9")) {
        if (gap && slug !== "") slug += "-";
        slug += lower;
        gap = false;
      } else gap = true;
    }
    if (slug.length >= MAX_SLUG_LENGTH) break;
  }
  // A "-" added as the last character within the limit ends the slug: it is dropped.
  slug = slug.slice(0, MAX_SLUG_LENGTH);
  return (slug.endsWith("-") ? slug.slice(0, -1) : slug) || fallback;
}

/**
 * `base` when no record has it, else the first of `base-2`, `base-3`, ... that none has. With
 * `choices` > 1 (a retry after a concurrent write), one of the first `choices` free slugs, at
 * random.
 */
export function nextFreeSlug(base: string, taken: readonly string[], choices = 1): string {
  const used = new Set(taken);
  const free: string[] = used.has(base) ? [] : [base];
  for (let n = 2; free.length < choices; n++) {
    const slug = `${base}-${n}`;
    if (!used.has(slug)) free.push(slug);
  }
  return free[Math.floor(Math.random() * free.length)];
}

/**
 * Writes a record with a free slug: `taken(base)` answers the slugs that start with `base`, and
 * `write(slug)` creates the record. When a concurrent write took the same slug first (a unique
 * violation on `field`), it looks again and tries another free one. Without concurrent writes the
 * slug is always the first free one.
 */
export async function withFreeSlug<T>(
  field: string,
  base: string,
  taken: (base: string) => Promise<string[]>,
  write: (slug: string) => T | Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const slug = nextFreeSlug(base, await taken(base), 2 ** (attempt - 1));
    try {
      return await write(slug);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isUniqueViolation(error, field)) throw error;
    }
  }
}
