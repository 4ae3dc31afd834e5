/** Longest quoted value (between double quotes) a message shows whole. */
export const MAX_SHOWN_VALUE = 120;
/** Characters of a longer value that are shown before the cut. */
const SHOWN_PREFIX = 60;
/** Longest line shown whole when no quotes delimit its long part. */
const MAX_SHOWN_LINE = 1000;

// A double-quoted run longer than MAX_SHOWN_VALUE, with backslash escapes inside.
const QUOTED = new RegExp(`"((?:[^"\\\\\\n]|\\\\.){${MAX_SHOWN_VALUE + 1},})"`, 'g');

function cut(text: string, keep: number): string {
  // Never split a surrogate pair: that would print a lone half.
  const end = /[\uD800-\uDBFF]/.test(text[keep - 1] ?? '') ? keep - 1 : keep;
  return `${text.slice(0, end)}… (${text.length} characters)`;
}

/**
 * Messages quote config values (names, paths, texts), and a config may hold a string of
 * megabytes: printed whole it buried the error (2.7 MB on stderr). Quoted values over
 * MAX_SHOWN_VALUE characters are cut to a prefix and their length; a line still too long (a
 * value whose own quotes broke the pairing) is cut the same way. Every printed error passes here.
 */
export function shortenLongValues(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(QUOTED, (_match, value: string) => `"${cut(value, SHOWN_PREFIX)}"`))
    .map((line) => (line.length > MAX_SHOWN_LINE ? cut(line, MAX_SHOWN_LINE / 2) : line))
    .join('\n');
}
