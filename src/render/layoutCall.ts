import { tsString } from '../domain/tsString';
import { closing, huggedArrow, layoutLiteral, PRINT_WIDTH } from './layoutLiteral';

/**
 * Lays out an expression written on one line whose outer part is a call (`f(a, b, { c: 1 })`,
 * `cellText(shownValue(x, "string", locale, { ... }))`) as prettier does with its default settings
 * and a print width of 100 (issue 51):
 *
 * - the call stays on its line when it fits;
 * - else, when its last argument is an object or array literal that is not empty and the line up to
 *   its opening bracket fits, that argument is broken in place (prettier "hugs" it);
 * - else, when its last argument is an arrow function returning a call (or a conditional) and the
 *   line up to its arrow fits, the body goes on the next line (huggedArrow);
 * - else every argument goes on a line of its own, two spaces in, with a trailing comma, each laid
 *   out the same way (a call by this function, a literal by layoutLiteral).
 *
 * Anything else (an object or array literal, a plain expression) goes to layoutLiteral.
 */
export function layoutCall(expression: string, indent: number, head = '', tail = ''): string {
  return print(preferredQuotes(expression.trim()), indent, head, tail).join('\n');
}

/**
 * Code without a backslash, control character or surrogate: each of its double-quoted literals
 * holds neither quotes nor anything JSON escapes, so tsString writes it as it is. Most code the
 * templates lay out is such, and is not searched for literals (issue 51's generation time).
 */
const NOTHING_TO_REQUOTE = /^[^\\\u0000-\u001f\ud800-\udfff]*$/;

/**
 * Each double-quoted string literal of `code` in the quotes prettier prefers (double, unless the
 * text holds more double quotes than single ones: `'say "hi"'`), as tsString writes it.
 */
export function preferredQuotes(code: string): string {
  if (NOTHING_TO_REQUOTE.test(code)) return code;
  return code.replace(/"(?:[^"\\]|\\.)*"/g, (literal) => {
    try {
      return tsString(JSON.parse(literal) as string);
    } catch {
      return literal;
    }
  });
}

/** `text` split at the commas outside brackets and strings, each part trimmed. */
export function splitTopLevel(text: string, separator = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '"' || char === "'" || char === '`') {
      at++;
      while (at < text.length && text[at] !== char) at += text[at] === '\\' ? 2 : 1;
    } else if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, at).trim());
      start = at + 1;
    }
  }
  const last = text.slice(start).trim();
  return last === '' ? parts : [...parts, last];
}

/** A call `callee(args)` spanning the whole expression: its callee and arguments; else null. */
function callOf(expression: string): { callee: string; args: string[] } | null {
  const match = /^[\w$.]+(<[^()]*>)?\(/.exec(expression);
  if (!match) return null;
  const open = match[0].length - 1;
  if (closing(expression, open) !== expression.length - 1) return null;
  return {
    callee: expression.slice(0, open),
    args: splitTopLevel(expression.slice(open + 1, -1)),
  };
}

/** An object or array literal with at least one member: prettier may hug it as a last argument. */
function huggable(argument: string): boolean {
  return /^[[{]/.test(argument) && !/^(\{\s*\}|\[\s*\])$/.test(argument);
}

function print(expression: string, indent: number, head: string, tail: string): string[] {
  const pad = ' '.repeat(indent);
  const flat = `${pad}${head}${expression}${tail}`;
  const call = callOf(expression);
  const terms = splitTopLevel(expression, '+');
  // A sum too long for its line (a path with parameters): one term a line after the first.
  if (call === null && terms.length > 1 && flat.length > PRINT_WIDTH) {
    return terms.map((term, i) =>
      i === 0 ? `${pad}${head}${term} +` : `${pad}  ${term}${i === terms.length - 1 ? tail : ' +'}`,
    );
  }
  if (call === null) return layoutLiteral(expression, indent, head, tail).split('\n');
  if (flat.length <= PRINT_WIDTH) return [flat];
  const { callee, args } = call;
  const last = args.at(-1);
  if (last !== undefined && huggable(last)) {
    const before = `${head}${callee}(${[...args.slice(0, -1), ''].join(', ')}`;
    if (`${pad}${before}${last[0]}`.length <= PRINT_WIDTH) {
      const hugged = layoutLiteral(last, indent, before, `)${tail}`).split('\n');
      if (hugged.length > 1) return hugged;
    }
  }
  if (args.length === 0) return [flat];
  // A last argument that is an arrow function returning a call: broken after its arrow.
  if (last !== undefined) {
    const before = `${head}${callee}(${[...args.slice(0, -1), ''].join(', ')}`;
    const hugged = huggedArrow(last, indent, before, tail);
    if (hugged) return hugged;
  }
  return [
    `${pad}${head}${callee}(`,
    ...args.flatMap((argument) => print(argument, indent + 2, '', ',')),
    `${pad})${tail}`,
  ];
}
