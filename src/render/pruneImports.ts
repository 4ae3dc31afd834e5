import { BoundedMemo } from './boundedMemo';
import { layoutLiteral, PRINT_WIDTH } from './layoutLiteral';

/** A one-line named import: `import [type ]{ a, type B, c as d } from "module";`. */
const NAMED_IMPORT = /^import (type )?\{([^}]*)\} from ("[^"]+"|'[^']+');$/;
/** A line that may stand in the leading block of imports besides them. */
const LEADING = /^(\s*$|\/\/|\/\*|\s*\*|import\s|"use |'use )/;
/**
 * Comments, one-line double-quoted strings (the templates' `str` helper writes those), and
 * template literals (kept whole: their `${...}` is code, and a `//` in them is no comment).
 * Single quotes are left alone: in JSX text an apostrophe starts no string.
 */
const NOT_CODE = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;

/** The text with its comments and string literals blanked, so that `"application/json"` is no use of `json`. */
function codeOf(text: string): string {
  return text.replace(NOT_CODE, (match) => (match[0] === '`' ? match : ' '));
}

/** Whether a character code is one of an ASCII identifier (a letter beyond ASCII counts as none: the name is then kept). */
function identifierChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95 ||
    code === 36
  );
}

const IDENTIFIER = /[A-Za-z_$][\w$]*/g;

/**
 * Which of `names` occur in `text` as whole identifiers. A few names are looked up one by one
 * (native search); many (a client importing every model's type) in one pass over the text.
 */
function mentionedOf(text: string, names: ReadonlySet<string>): Set<string> {
  if (names.size <= 16) return new Set([...names].filter((name) => mentions(text, name)));
  const found = new Set<string>();
  IDENTIFIER.lastIndex = 0;
  for (let match = IDENTIFIER.exec(text); match; match = IDENTIFIER.exec(text)) {
    if (names.has(match[0]) && usesBinding(text, match.index, match[0].length)) found.add(match[0]);
    if (found.size === names.size) break;
  }
  return found;
}

/** The nearest character before `at` that is not white space ('' at the start). */
function previousChar(text: string, at: number): string {
  let i = at - 1;
  while (i >= 0 && /\s/.test(text[i])) i--;
  return i >= 0 ? text[i] : '';
}

/** The nearest character from `at` on that is not white space ('' at the end). */
function nextChar(text: string, at: number): string {
  let i = at;
  while (i < text.length && /\s/.test(text[i])) i++;
  return i < text.length ? text[i] : '';
}

/**
 * Whether the identifier at `at` (of `length`) uses the binding of that name: not a property of
 * something (`tables.db`; a spread `...db` is a use) and not a key of an object literal or type
 * (`{ db: ... }`; the shorthand `{ db }` is a use). Anything else counts, so a doubtful case
 * keeps its import.
 */
function usesBinding(text: string, at: number, length: number): boolean {
  if (at > 0 && text[at - 1] === '.' && !(at > 2 && text[at - 2] === '.' && text[at - 3] === '.'))
    return false;
  const before = previousChar(text, at);
  return !((before === '{' || before === ',') && nextChar(text, at + length) === ':');
}

/** Whether `name` occurs in `text` as a whole identifier (not inside a longer one) that uses its binding. */
function mentions(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    const before = at === 0 ? false : identifierChar(text.charCodeAt(at - 1));
    if (
      !before &&
      !identifierChar(text.charCodeAt(at + name.length)) &&
      usesBinding(text, at, name.length)
    )
      return true;
  }
  return false;
}

/** The specifiers of a matched import line: `a`, `type B`, `c as d`. */
function specifiersOf(named: RegExpExecArray): string[] {
  return named[2].split(',').filter((specifier) => specifier.trim() !== '');
}

/** The local name a specifier binds: `b` of `a as b`, `B` of `type B`. */
function localName(specifier: string): string {
  const words = specifier.trim().split(/\s+/);
  return words[words.length - 1];
}

/** A line of the leading block, with its one-line named import if it is one (read by readLine). */
interface LeadingLine {
  line: string;
  named: RegExpExecArray | null;
  specifiers: ReadonlyArray<{ text: string; name: string }>;
  /** A named import too long for one line (laid out again even when it keeps every name). */
  long: boolean;
}

/** A line of the leading block read: its named import, each specifier's text and the name it binds. */
function readLine(line: string): LeadingLine {
  const text = line.replace(/\r?\n$/, '');
  const named = NAMED_IMPORT.exec(text);
  const specifiers = named
    ? specifiersOf(named).map((specifier) => ({
        text: specifier.trim(),
        name: localName(specifier),
      }))
    : [];
  return { line, named, specifiers, long: named !== null && text.length > PRINT_WIDTH };
}

const leadingLines = new BoundedMemo<LeadingLine>();

/**
 * readLine(line), remembered: the generated files of a thousand models start with the same few
 * import lines (a route file's dozen), which were matched and split once a file (issue 51's
 * generation time: ~200 MB of garbage at N=1000). Read only: pruneUnusedImports builds new lines.
 */
function leadingLine(line: string): LeadingLine {
  return leadingLines.lookup(line, readLine);
}

/**
 * A generated TypeScript file without the named imports it never uses. Templates import what a
 * file may need (a route file's helpers, a client's types); which of them the rendered code
 * really uses follows from many options at once, so the unused ones are dropped here, from the
 * text, and the file compiles under `noUnusedLocals`. Only one-line named imports of the leading
 * block of imports are touched; a name mentioned in the code after that block (a value, a type,
 * or anywhere in a template literal) keeps its import, and a line whose every name goes (or that
 * names none) is removed (as TypeScript's own output drops an import nothing uses).
 */
export function pruneUnusedImports(text: string): string {
  // The leading block, line by line, without splitting the rest of the file: each line with its
  // one-line named import, if it is one (each specifier's text and the name it binds), read in
  // one pass (issue 51's generation time: this runs for every generated file).
  const lines: LeadingLine[] = [];
  const wanted = new Set<string>();
  // A template imports a list the map gave it, which may be empty: `import type {  } from ...`;
  // an import too long for one line is broken as prettier breaks it (issue 51).
  let empty = false;
  let long = false;
  let offset = 0;
  while (offset < text.length) {
    const newline = text.indexOf('\n', offset);
    const next = newline === -1 ? text.length : newline + 1;
    if (!LEADING.test(text.slice(offset, newline === -1 ? text.length : newline))) break;
    const line = leadingLine(text.slice(offset, next));
    lines.push(line);
    const { specifiers } = line;
    for (let i = 0; i < specifiers.length; i++) wanted.add(specifiers[i].name);
    if (line.named !== null && specifiers.length === 0) empty = true;
    if (line.long) long = true;
    offset = next;
  }
  const used = wanted.size === 0 ? wanted : mentionedOf(codeOf(text.slice(offset)), wanted);
  if (used.size === wanted.size && !empty && !long) return text;
  return pruned(lines, used, text.slice(offset));
}

/**
 * The leading block `lines` with only the names of `used` imported (each import broken as
 * prettier breaks it when too long for a line), before `rest`.
 */
function pruned(lines: readonly LeadingLine[], used: ReadonlySet<string>, rest: string): string {
  const kept = lines.map(({ line, named, specifiers }) => {
    if (!named) return line;
    const keep = specifiers.filter(({ name }) => used.has(name)).map(({ text }) => text);
    if (keep.length === 0) return '';
    const ending = /\r?\n$/.exec(line)?.[0] ?? '';
    const head = `import ${named[1] ?? ''}`;
    const tail = ` from ${named[3]};`;
    const names = `{ ${keep.join(', ')} }`;
    // An import that fits stays on its line as layoutLiteral would leave it: most do (issue 51's
    // generation time: a route file's dozen imports).
    const oneLine = `${head}${names}${tail}`;
    return (oneLine.length <= PRINT_WIDTH ? oneLine : layoutLiteral(names, 0, head, tail)) + ending;
  });
  // The blank lines around a removed import are left as prettier leaves them (issue 51): at most
  // one in a row, and none in a file that holds nothing else.
  const head = kept
    .join('')
    .replace(/^(\r?\n)+/, '$1')
    .replace(/(\r?\n){3,}/g, '$1$1');
  return head.trim() === '' && rest.trim() === '' ? '' : head + rest;
}
