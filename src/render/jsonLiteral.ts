import { tsKey, tsString } from '../domain/tsString';
import { BoundedMemo } from './boundedMemo';
import { PRINT_WIDTH } from './layoutLiteral';

/**
 * A JSON value written as a TypeScript literal laid out as prettier lays it out with its default
 * settings and a print width of 100 (issue 51), for documents embedded in generated modules (the
 * OpenAPI document of src/appgen/openapi.ts):
 *
 * - objects one member a line (prettier keeps an object broken when its `{` is followed by a
 *   newline), `{}` when empty; keys unquoted where they are identifier names;
 * - arrays on one line when they fit, else one item a line (numbers: as many a line as fit);
 * - strings in double quotes, single ones when they hold more double quotes than single; one that
 *   does not fit after its key goes on the next line, and one too long for any line is split into
 *   parts joined with `+` (the same value), so no line passes 100 characters;
 * - trailing commas wherever a list is broken.
 */
export function jsonLiteral(value: unknown, indent = 0): string {
  const out = new LineChunks();
  print(value, indent / 2, '', '', out);
  return out.text();
}

/**
 * Lines kept as the pieces they are made of (an indent, a key, a value, a comma: strings that
 * exist already) and joined a few thousand pieces at a time, so that few strings live long and
 * none is made for a line alone: the OpenAPI document of a thousand models has ~300,000 lines,
 * which held to the end were copied by every young-generation garbage collection on the way, and
 * a string made for each line was most of what the printing allocated (issue 51's generation
 * time, bench/README.md).
 */
class LineChunks {
  /** One array of pieces, filled and joined again and again (no array grown for each chunk). */
  private readonly pieces: string[] = new Array<string>(PIECES).fill('');
  private count = 0;
  private readonly chunks: string[] = [];

  /** A line of the four pieces `a` `b` `c` `d`. */
  line(a: string, b: string, c: string, d: string): void {
    const { pieces } = this;
    let at = this.count;
    if (at === PIECES) {
      this.chunks.push(pieces.join(''));
      at = 0;
    }
    pieces[at] = this.chunks.length === 0 && at === 0 ? '' : '\n';
    pieces[at + 1] = a;
    pieces[at + 2] = b;
    pieces[at + 3] = c;
    pieces[at + 4] = d;
    this.count = at + 5;
  }

  text(): string {
    this.chunks.push(this.pieces.slice(0, this.count).join(''));
    return this.chunks.join('');
  }
}

/** Pieces joined at a time: a thousand lines of five pieces each. */
const PIECES = 5000;

/** Indents by depth (two spaces a level), made once. */
const INDENTS: string[] = [];

function indentOf(depth: number): string {
  return (INDENTS[depth] ??= '  '.repeat(depth));
}

const keyTexts = new BoundedMemo<string>();

/**
 * `tsKey(name)` and the `: ` after it (an identifier test, a Unicode pattern), remembered: the OpenAPI document of a
 * thousand models writes ~100,000 keys, mostly the same few (`type`, `properties`, `schema`), so
 * most are looked up (issue 51's generation time).
 */
function keyHead(name: string): string {
  return keyTexts.get(name) ?? keyTexts.set(name, `${tsKey(name)}: `);
}

const stringTexts = new BoundedMemo<string>();

/**
 * `tsString(text)`, remembered as keyHead is: most of the document's ~200,000 strings are the
 * same few (`string`, `object`, `#/components/responses/NotFound`).
 */
function stringText(text: string): string {
  return stringTexts.get(text) ?? stringTexts.set(text, tsString(text));
}

/** A number as prettier prints it (`1e21`, not JSON's `1e+21`). */
function numberText(value: number): string {
  return JSON.stringify(value).replace('e+', 'e');
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function isEmpty(value: object): boolean {
  if (Array.isArray(value)) return value.length === 0;
  // Without listing the keys: the document has ~100,000 objects (issue 51's generation time).
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/** The value on one line, or null when it cannot be (a non-empty object always breaks). */
function flat(value: unknown): string | null {
  if (typeof value === 'string') return stringText(value);
  if (typeof value === 'number') return numberText(value);
  if (!isContainer(value)) return JSON.stringify(value) ?? 'null';
  if (isEmpty(value)) return Array.isArray(value) ? '[]' : '{}';
  if (!Array.isArray(value)) return null;
  const items = value.map(flat);
  return items.every((item) => item !== null) ? `[${items.join(', ')}]` : null;
}

/** Prettier breaks an array of two or more objects (or arrays) of two or more members each. */
function alwaysBreaks(items: unknown[]): boolean {
  if (items.length < 2) return false;
  const first = items[0];
  return items.every(
    (item) =>
      isContainer(item) &&
      Array.isArray(item) === Array.isArray(first) &&
      (Array.isArray(item) ? item.length : Object.keys(item).length) > 1,
  );
}

/**
 * How many characters of `chars` from `start` (at least one) make a literal of at most `width`
 * characters as tsString writes it: its quotes, each character's escape, and the quotes it then
 * escapes (the fewer of `"` and `'`, by the quote it picks).
 */
function fittingPrefix(chars: readonly string[], start: number, width: number): number {
  let length = 2;
  let doubles = 0;
  let singles = 0;
  let count = 0;
  for (let i = start; i < chars.length; i++) {
    const char = chars[i];
    const nextDoubles = doubles + (char === '"' ? 1 : 0);
    const nextSingles = singles + (char === "'" ? 1 : 0);
    const nextLength = length + (char === '"' ? 1 : JSON.stringify(char).length - 2);
    if (count > 0 && nextLength + Math.min(nextDoubles, nextSingles) > width) break;
    [length, doubles, singles] = [nextLength, nextDoubles, nextSingles];
    count++;
  }
  return count;
}

/**
 * A string too long for its line, split at spaces (or anywhere, when a word is too long) into
 * quoted parts of at most `width` characters each.
 */
function stringParts(text: string, width: number): string[] {
  const words = text.split(/(?<= )/);
  const parts: string[] = [];
  let current = '';
  for (const word of words) {
    if (current !== '' && tsString(current + word).length > width) {
      parts.push(current);
      current = '';
    }
    current += word;
    if (tsString(current).length <= width) continue;
    // A word too long for a line: cut where each part fits, in one pass (a 64 KiB word took
    // minutes when each cut was looked for from the end).
    const chars = [...current];
    let start = 0;
    while (chars.length - start > 1) {
      const cut = fittingPrefix(chars, start, width);
      if (start + cut >= chars.length) break;
      parts.push(chars.slice(start, start + cut).join(''));
      start += cut;
    }
    current = chars.slice(start).join('');
  }
  if (current !== '') parts.push(current);
  return parts.map(tsString);
}

/**
 * Adds to `out` the lines of `head` + the value + `tail` at `depth`. `head` is `key: ` in an
 * object (empty in an array), `tail` the comma after it. (Written to one list, not returned and
 * spread: the OpenAPI document of a thousand models has ~100,000 lines ten levels deep.)
 */
function print(value: unknown, depth: number, head: string, tail: string, out: LineChunks): void {
  const indent = indentOf(depth);
  if (isContainer(value)) {
    if (!Array.isArray(value)) {
      // for...in, not Object.keys: no array of keys for each of the ~100,000 objects; the `{`
      // written at the first member, so an empty object is seen in the same pass.
      let empty = true;
      const record = value as Record<string, unknown>;
      for (const name in record)
        if (Object.hasOwn(record, name)) {
          if (empty) out.line(indent, head, '{', '');
          empty = false;
          print(record[name], depth + 1, keyHead(name), ',', out);
        }
      out.line(indent, empty ? head : '', empty ? '{}' : '}', tail);
      return;
    }
    if (value.length === 0) {
      out.line(indent, head, '[]', tail);
      return;
    }
    const line = flat(value);
    if (line !== null && !alwaysBreaks(value)) {
      if (indent.length + head.length + line.length + tail.length <= PRINT_WIDTH) {
        out.line(indent, head, line, tail);
        return;
      }
      if (value.every((item) => typeof item === 'number')) {
        out.line(indent, head, '[', '');
        for (const filledLine of filled(value.map(numberText), indentOf(depth + 1)))
          out.line(filledLine, '', '', '');
        out.line(indent, ']', tail, '');
        return;
      }
    }
    out.line(indent, head, '[', '');
    for (const item of value) print(item, depth + 1, '', ',', out);
    out.line(indent, ']', tail, '');
    return;
  }
  const text = flat(value) as string;
  if (
    indent.length + head.length + text.length + tail.length <= PRINT_WIDTH ||
    typeof value !== 'string'
  ) {
    out.line(indent, head, text, tail);
    return;
  }
  const inner = indentOf(depth + 1);
  // A key of fewer than 5 characters keeps its string on its line (prettier's short keys).
  const shortKey = head !== '' && head.length - 2 < 5;
  if (head !== '' && !shortKey && inner.length + text.length + tail.length <= PRINT_WIDTH) {
    out.line(indent, head.trimEnd(), '', '');
    out.line(inner, text, tail, '');
    return;
  }
  // Too long for any line: `a" +` parts, after the key on lines of their own (in an array, the
  // parts after the first one indented).
  const first = head === '' ? indent : inner;
  const parts = stringParts(value, PRINT_WIDTH - inner.length - 2);
  if (head !== '') out.line(indent, head.trimEnd(), '', '');
  parts.forEach((part, i) =>
    out.line(i === 0 ? first : inner, part, i === parts.length - 1 ? tail : ' +', ''),
  );
}

/** Numbers as prettier fills them: as many a line as fit, each followed by a comma. */
function filled(items: string[], indent: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (const item of items) {
    const next = current === '' ? `${indent}${item},` : `${current} ${item},`;
    if (current !== '' && next.length > PRINT_WIDTH) {
      lines.push(current);
      current = `${indent}${item},`;
    } else current = next;
  }
  if (current !== '') lines.push(current);
  return lines;
}
