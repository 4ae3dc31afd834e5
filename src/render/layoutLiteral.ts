/**
 * Lays out a TypeScript literal written on one line (objects, shorthand members such as an
 * import's names included, arrays, strings and plain expressions such as
 * `relationCounts.article.favoritesCount` or `userId ?? ""`) as prettier does with its default
 * settings and a print width of 100: a group that fits on the rest of its line stays there
 * (`{ a: 1 }`, `[1, 2]`, `{}`), any other breaks, one member a line with a trailing comma. So
 * generated files pass `prettier --check` without running prettier (issue 51).
 */

import { BoundedMemo } from './boundedMemo';
import { layoutMemberChain } from './layoutChain';
import { literalShape, withNames } from './literalShape';

export const PRINT_WIDTH = 100;

/** A parsed literal; `line` is its text on one line, worked out when first asked (flat). */
type LiteralNode = { line?: string } & (
  | { kind: 'object'; entries: Array<[string, LiteralNode | null]> }
  | { kind: 'array'; items: LiteralNode[] }
  | { kind: 'call'; callee: string; args: LiteralNode[] }
  | { kind: 'atom'; text: string }
);

/** Whether a character code is white space as `\s` matches it (most are printable ASCII: no test). */
function isSpace(code: number): boolean {
  if (code > 32 && code < 127) return false;
  return /\s/.test(String.fromCharCode(code));
}

class Reader {
  at = 0;
  constructor(readonly text: string) {}

  skipSpace(): void {
    while (this.at < this.text.length && isSpace(this.text.charCodeAt(this.at))) this.at++;
  }

  peek(): string {
    this.skipSpace();
    return this.text[this.at] ?? '';
  }

  expect(char: string): void {
    if (this.peek() !== char) {
      throw new Error(`layoutLiteral: expected ${char} at ${this.at} in ${this.text}`);
    }
    this.at++;
  }

  /** Text up to the next `,` `:` `}` `]` outside strings and brackets (stopAtColon: `:` too). */
  until(stopAtColon: boolean): string {
    this.skipSpace();
    const start = this.at;
    let depth = 0;
    while (this.at < this.text.length) {
      const char = this.text[this.at];
      if (char === '"' || char === "'" || char === '`') {
        this.at++;
        while (this.at < this.text.length && this.text[this.at] !== char) {
          this.at += this.text[this.at] === '\\' ? 2 : 1;
        }
      } else if (char === '(' || char === '{' || char === '[') depth++;
      else if (char === ')' || ((char === '}' || char === ']') && depth > 0)) depth--;
      else if (depth === 0 && (char === ',' || char === '}' || char === ']')) break;
      else if (depth === 0 && stopAtColon && char === ':') break;
      this.at++;
    }
    return this.text.slice(start, this.at).trim();
  }
}

function parseValue(reader: Reader): LiteralNode {
  const char = reader.peek();
  if (char === '{') {
    reader.expect('{');
    const entries: Array<[string, LiteralNode | null]> = [];
    while (reader.peek() !== '}') {
      const key = reader.until(true);
      // A shorthand member (`{ a, b }`, an import's names) has no value.
      if (reader.peek() === ',' || reader.peek() === '}') entries.push([key, null]);
      else {
        reader.expect(':');
        entries.push([key, parseValue(reader)]);
      }
      if (reader.peek() === ',') reader.expect(',');
    }
    reader.expect('}');
    return { kind: 'object', entries };
  }
  if (char === '[') {
    reader.expect('[');
    const items: LiteralNode[] = [];
    while (reader.peek() !== ']') {
      items.push(parseValue(reader));
      if (reader.peek() === ',') reader.expect(',');
    }
    reader.expect(']');
    return { kind: 'array', items };
  }
  return atomOrCall(reader.until(false));
}

/** A callee prettier breaks the arguments of: a name or member path, generics, `await`/`new`. */
const CALLEE = /^(?:(?:await|new) )?[\w$]+(?:\.[\w$]+)*(?:<[^()]*>)?$/;
/**
 * An awaited call's result in parentheses, then a member: `(await client()).note.findFirst`; or a
 * list or its default: `(body.tags ?? []).map`.
 */
const AWAITED_CALLEE = /^\((?:await [\w$.]+\(\)|[\w$.]+ \?\? \[\])\)(?:\.[\w$]+)+$/;

/**
 * `f(a, { b: 1 })` as a call whose arguments are literals in turn, when its first `(` closes at
 * its end (after an awaited callee, its first `(` after it); any other text (a chain `a(1).b()`, an
 * arrow function, a ternary) as an atom.
 */
function atomOrCall(text: string): LiteralNode {
  const awaited = text.startsWith('(') ? closing(text, 0) : -1;
  const open = text.indexOf('(', awaited + 1);
  const callee = text.slice(0, open);
  if (open < 0 || !text.endsWith(')') || !(awaited < 0 ? CALLEE : AWAITED_CALLEE).test(callee)) {
    return { kind: 'atom', text };
  }
  if (closing(text, open) !== text.length - 1) return { kind: 'atom', text };
  const reader = new Reader(text.slice(open + 1, -1));
  const args: LiteralNode[] = [];
  while (reader.peek() !== '') {
    args.push(parseValue(reader));
    if (reader.peek() !== ',' && reader.peek() !== '') return { kind: 'atom', text };
    if (reader.peek() === ',') reader.expect(',');
  }
  return { kind: 'call', callee, args };
}

/** Index of the bracket closing the one at `open`, skipping strings; -1 when it is not closed. */
export function closing(text: string, open: number): number {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    const char = text[at];
    if (char === '"' || char === "'" || char === '`') {
      at++;
      while (at < text.length && text[at] !== char) at += text[at] === '\\' ? 2 : 1;
    } else if (char === '(' || char === '{' || char === '[') depth++;
    else if (char === ')' || char === '}' || char === ']') {
      if (--depth === 0) return at;
    }
  }
  return -1;
}

/**
 * A conditional `test ? a : b` (spaced, not nested, outside brackets and strings) as its three
 * parts; null for any other text.
 */
export function conditional(text: string): [string, string, string] | null {
  const marks: number[] = [];
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '"' || char === "'" || char === '`') {
      at++;
      while (at < text.length && text[at] !== char) at += text[at] === '\\' ? 2 : 1;
    } else if (char === '(' || char === '{' || char === '[') depth++;
    else if (char === ')' || char === '}' || char === ']') depth--;
    else if (depth === 0 && (char === '?' || char === ':') && text.startsWith(' ', at + 1)) {
      if (text[at - 1] === ' ') marks.push(at);
    }
  }
  if (marks.length !== 2 || text[marks[0]] !== '?' || text[marks[1]] !== ':') return null;
  return [
    text.slice(0, marks[0] - 1),
    text.slice(marks[0] + 2, marks[1] - 1),
    text.slice(marks[1] + 2),
  ];
}

/**
 * An arrow function with an expression body (`(a, b) => f(a)`) as its parameters and body; null
 * for any other text, and for a body prettier keeps after the arrow (an object, array, block or
 * template literal).
 */
function arrowOf(text: string): { parameters: string; body: string } | null {
  const match = /^((?:async )?(?:\([^()]*\)|[\w$]+)) => ([\s\S]+)$/.exec(text);
  if (!match) return null;
  // A body in parentheses: the parentheses are prettier's to write or leave out.
  const body =
    match[2].startsWith('(') && closing(match[2], 0) === match[2].length - 1
      ? match[2].slice(1, -1)
      : match[2];
  if (/^[{[`]/.test(body)) return null;
  return { parameters: match[1], body };
}

/**
 * The body of an arrow function broken after its arrow, at `indent`: a member chain as prettier
 * breaks one (`forced`: a broken chain breaks the arrow too, even where the whole would fit), a
 * conditional on one line or broken before `?` and `:` (each branch aligned after its mark), any
 * other call or literal as layoutLiteral lays it out, other text as it is.
 */
function arrowBody(
  body: string,
  indent: number,
  tail: string,
): { lines: string[]; forced: boolean } {
  const branches = conditional(body);
  if (branches) {
    const [test, consequent, alternate] = branches;
    const parts = [
      expressionLines(consequent, indent + 4, ''),
      expressionLines(alternate, indent + 4, tail),
    ];
    const line = `${' '.repeat(indent)}${body}${tail}`;
    if (line.length <= PRINT_WIDTH && parts.every((part) => part.length === 1)) {
      return { lines: [line], forced: false };
    }
    const marked = (part: string[], mark: string) => [
      `${' '.repeat(indent + 2)}${mark}${part[0].trimStart()}`,
      ...part.slice(1),
    ];
    return {
      lines: [`${' '.repeat(indent)}${test}`, ...marked(parts[0], '? '), ...marked(parts[1], ': ')],
      forced: true,
    };
  }
  const lines = expressionLines(body, indent, tail);
  return { lines, forced: lines.length > 1 && isMemberChain(body) };
}

/** Whether `text` is a member chain on an object: `reader.select(...).from(...)`. */
function isMemberChain(text: string): boolean {
  return /^[\w$]+\.[\w$]+\(/.test(text) && closing(text, text.indexOf('(')) !== text.length - 1;
}

/** An expression's lines at `indent`: a member chain, a call or literal, else the text as it is. */
function expressionLines(text: string, indent: number, tail: string): string[] {
  if (isMemberChain(text)) return layoutMemberChain(text, indent, '', tail).split('\n');
  const awaited = /^await (.*)$/.exec(text);
  if (awaited && isMemberChain(awaited[1])) {
    return layoutMemberChain(awaited[1], indent, 'await ', tail).split('\n');
  }
  try {
    return layoutLiteral(text, indent, '', tail).split('\n');
  } catch {
    return [`${' '.repeat(indent)}${text}${tail}`];
  }
}

/** An atom as prettier writes it: an arrow function's conditional body in parentheses, no others. */
function atomText(text: string): string {
  const arrow = text.includes(' => ') ? arrowOf(text) : null;
  if (!arrow) return text;
  return `${arrow.parameters} => ${conditional(arrow.body) ? `(${arrow.body})` : arrow.body}`;
}

/** An object's key as prettier writes it: a quoted identifier name loses its quotes. */
function keyText(key: string): string {
  const quoted = /^"([A-Za-z_$][\w$]*)"$/.exec(key);
  return quoted ? quoted[1] : key;
}

/**
 * The node on one line, as prettier writes it there. Remembered on the node: print asks it of each
 * node at each level above it (issue 51's generation time).
 */
function flat(node: LiteralNode): string {
  return (node.line ??= flatLine(node));
}

function flatLine(node: LiteralNode): string {
  switch (node.kind) {
    case 'atom':
      return atomText(node.text);
    case 'array':
      return `[${node.items.map(flat).join(', ')}]`;
    case 'call':
      return `${node.callee}(${node.args.map(flat).join(', ')})`;
    case 'object':
      return node.entries.length === 0
        ? '{}'
        : `{ ${node.entries.map(([key, value]) => (value ? `${keyText(key)}: ${flat(value)}` : key)).join(', ')} }`;
  }
}

/** The lines of `head` + the node + `tail` at `indent`. */
/** Prettier breaks an array of two or more objects (or arrays) of two or more members each. */
function alwaysBreaks(node: LiteralNode): boolean {
  if (node.kind !== 'array' || node.items.length < 2) return false;
  const kind = node.items[0].kind;
  return node.items.every(
    (item) =>
      item.kind === kind &&
      (item.kind === 'object'
        ? item.entries.length
        : item.kind === 'array'
          ? item.items.length
          : 0) > 1,
  );
}

function print(node: LiteralNode, indent: string, head: string, tail: string): string[] {
  const line = `${indent}${head}${flat(node)}${tail}`;
  // An arrow function too long for its line: its body on the next line (printArrow).
  const arrow = node.kind === 'atom' && node.text.includes(' => ') ? arrowOf(node.text) : null;
  if (arrow) return printArrow(arrow, line, indent, head, tail);
  // A member chain (a subquery as an argument): broken as prettier breaks a member chain.
  if (node.kind === 'atom' && isMemberChain(node.text)) {
    return layoutMemberChain(node.text, indent.length, head, tail).split('\n');
  }
  // A conditional as an argument or an array's item: broken before `?` and `:` when it does not
  // fit or a branch breaks; after a key only when it does not fit.
  const branches =
    node.kind === 'atom' && (head === '' || line.length > PRINT_WIDTH)
      ? conditional(node.text)
      : null;
  if (branches) return printConditional(branches, line, indent, head, tail);
  if (node.kind === 'atom')
    return line.length <= PRINT_WIDTH ? [line] : castArgument(node.text, indent, head, tail);
  if (line.length <= PRINT_WIDTH && !alwaysBreaks(node) && !holdsBrokenChain(node)) return [line];
  const inner = `${indent}  `;
  if (node.kind === 'call') return printCall(node, indent, head, tail);
  // Each member's lines pushed to one list (flatMap's arrays cost more: issue 51's generation time).
  const members: string[] = [];
  if (node.kind === 'object') {
    for (const [key, value] of node.entries) members.push(...memberLines(key, value, inner));
  } else {
    for (const item of node.items) members.push(...itemLines(item, inner));
  }
  const [open, close] = node.kind === 'object' ? ['{', '}'] : ['[', ']'];
  if (members.length === 0) return [line];
  return [`${indent}${head}${open}`, ...members, `${indent}${close}${tail}`];
}

/** An object's member at `inner`: its lines. */
function memberLines(key: string, value: LiteralNode | null, inner: string): string[] {
  if (!value) return [`${inner}${key},`];
  // A string too long for its key's line goes on the next line (prettier).
  const member = `${inner}${keyText(key)}: ${flat(value)},`;
  if (value.kind === 'atom' && /^["']/.test(value.text) && member.length > PRINT_WIDTH) {
    return [`${inner}${keyText(key)}:`, `${inner}  ${value.text},`];
  }
  const isArrow = value.kind === 'atom' && arrowOf(value.text) !== null;
  // A conditional too long for its key's line: its branches on lines of their own.
  const branches = value.kind === 'atom' && !isArrow ? conditional(value.text) : null;
  if (branches && member.length > PRINT_WIDTH) {
    const [test, consequent, alternate] = branches;
    return [
      `${inner}${keyText(key)}: ${test}`,
      `${inner}  ? ${consequent}`,
      `${inner}  : ${alternate},`,
    ];
  }
  return print(value, inner, `${keyText(key)}: `, ',');
}

/** An array's item at `inner`: its lines. */
function itemLines(item: LiteralNode, inner: string): string[] {
  // A conditional too long for its line: its branches on lines of their own.
  const isArrow = item.kind === 'atom' && arrowOf(item.text) !== null;
  const branches = item.kind === 'atom' && !isArrow ? conditional(item.text) : null;
  if (branches && `${inner}${flat(item)},`.length > PRINT_WIDTH) {
    const [test, consequent, alternate] = branches;
    return [`${inner}${test}`, `${inner}  ? ${consequent}`, `${inner}  : ${alternate},`];
  }
  return print(item, inner, '', ',');
}

/**
 * A call too long for its line whose last argument is an object cast to a generic type
 * (`matching(t, { a: 1, ...b } as Partial<T>)`): prettier hugs that argument and breaks the type's
 * argument onto a line of its own, the object kept on the first line when it fits there. Any other
 * text as it is.
 */
function castArgument(text: string, indent: string, head: string, tail: string): string[] {
  const cast = /^([\w$.]+\(.*, )(\{.*\}) as ([\w$.]+)<([^<>]+)>\)$/.exec(text);
  const first = cast ? `${indent}${head}${cast[1]}${cast[2]} as ${cast[3]}<` : '';
  if (!cast || first.length > PRINT_WIDTH) return [`${indent}${head}${text}${tail}`];
  return [first, `${indent}  ${cast[4]}`, `${indent}>)${tail}`];
}

/** Whether a member chain inside the node breaks by itself (prettier then breaks the node too). */
function holdsBrokenChain(node: LiteralNode): boolean {
  switch (node.kind) {
    case 'atom': {
      const branches = conditional(node.text);
      if (branches) return branches.slice(1).some((branch) => holdsBrokenChain(atomOrCall(branch)));
      return isMemberChain(node.text) && layoutMemberChain(node.text, 0).includes('\n');
    }
    case 'array':
      return node.items.some(holdsBrokenChain);
    case 'call':
      return node.args.some(holdsBrokenChain);
    case 'object':
      return node.entries.some(([, value]) => value !== null && holdsBrokenChain(value));
  }
}

/**
 * A conditional `test ? a : b` as an argument: on its line when it fits and neither branch
 * breaks, else its test, then each branch on a line of its own after its mark (`? `, `: `), laid
 * out two spaces after the mark's indentation.
 */
function printConditional(
  branches: [string, string, string],
  line: string,
  indent: string,
  head: string,
  tail: string,
): string[] {
  const [test, consequent, alternate] = branches;
  // After a key, a test that is itself an operation goes on the next line (as prettier does).
  if (head !== '' && BINARY_TEST.test(test))
    return [
      `${indent}${head.trimEnd()}`,
      ...printConditional(branches, '', `${indent}  `, '', tail),
    ];
  const parts = [
    expressionLines(consequent, indent.length + 4, ''),
    expressionLines(alternate, indent.length + 4, tail),
  ];
  if (line !== '' && line.length <= PRINT_WIDTH && parts.every((part) => part.length === 1))
    return [line];
  const marked = (part: string[], mark: string) => [
    `${indent}  ${mark}${part[0].trimStart()}`,
    ...part.slice(1),
  ];
  return [`${indent}${head}${test}`, ...marked(parts[0], '? '), ...marked(parts[1], ': ')];
}

/** A conditional's test that is an operation (a comparison, `&&`, `||`, `??`). */
const BINARY_TEST = / (?:===|!==|==|!=|&&|\|\||\?\?|<=|>=|<|>) /;

/**
 * An arrow function with an expression body after `head`: on its line when it fits (and its body
 * does not break by itself), else broken after the arrow, its body two spaces further in.
 */
function printArrow(
  arrow: { parameters: string; body: string },
  line: string,
  indent: string,
  head: string,
  tail: string,
): string[] {
  // Only a member chain breaks by itself (forced) where the whole fits: no other body is laid out.
  if (line.length <= PRINT_WIDTH && !isMemberChain(arrow.body)) return [line];
  const body = arrowBody(arrow.body, indent.length + 2, tail);
  if (line.length <= PRINT_WIDTH && !body.forced) return [line];
  return [`${indent}${head}${arrow.parameters} =>`, ...body.lines];
}

/**
 * A call's last argument that is an arrow function whose body is a call, a member chain or a
 * conditional (`found.flatMap((row) => eventRows(...))`), when the call does not fit on its line:
 * prettier keeps the arrow on the call's line (`open` ends with the arguments before it) and
 * breaks after it, the body two spaces further in, then `)` + `tail` on a line of its own; null
 * for another argument, or when the line up to the arrow does not fit (the arguments then go one
 * a line).
 */
export function huggedArrow(
  argument: string,
  indent: number,
  open: string,
  tail: string,
): string[] | null {
  const arrow = argument.includes(' => ') ? arrowOf(argument) : null;
  if (!arrow) return null;
  const { body } = arrow;
  const call =
    /^[\w$.]+(?:<[^()]*>)?\(/.test(body) && closing(body, body.indexOf('(')) === body.length - 1;
  if (!call && !isMemberChain(body) && !conditional(body)) return null;
  const pad = ' '.repeat(indent);
  const first = `${pad}${open}${arrow.parameters} =>`;
  if (first.length > PRINT_WIDTH) return null;
  return [first, ...arrowBody(body, indent + 2, ',').lines, `${pad})${tail}`];
}

/** Whether prettier may hug a call's last argument: a non-empty object or array. */
function huggable(node: LiteralNode | undefined): boolean {
  return (
    (node?.kind === 'object' && node.entries.length > 0) ||
    (node?.kind === 'array' && node.items.length > 0)
  );
}

/**
 * A call that does not fit on its line: its last argument (an object or array, the one before it
 * of another kind) broken after the others when they fit on the first line (prettier's hugging),
 * else one argument a line.
 */
function printCall(
  node: Extract<LiteralNode, { kind: 'call' }>,
  indent: string,
  head: string,
  tail: string,
): string[] {
  const last = node.args[node.args.length - 1];
  const before = node.args.slice(0, -1);
  const open = `${head}${node.callee}(`;
  if (node.args.length === 0) return [`${indent}${open})${tail}`];
  if (last.kind === 'atom') {
    const first = before.map((arg) => `${flat(arg)}, `).join('');
    // An arrow function returning an object (`(key) => ({ ... })`): the object broken in place.
    const returned = /^((?:async )?(?:\([^()]*\)|[\w$]+)) => \((\{[\s\S]*\})\)$/.exec(last.text);
    if (returned && closing(returned[2], 0) === returned[2].length - 1) {
      const object = parseValue(new Reader(returned[2]));
      const hugged = print(object, indent, `${open}${first}${returned[1]} => (`, `))${tail}`);
      if (hugged[0].length <= PRINT_WIDTH) return hugged;
    }
    const hugged = huggedArrow(last.text, indent.length, `${open}${first}`, tail);
    if (hugged) return hugged;
  }
  if (huggable(last) && before[before.length - 1]?.kind !== last.kind) {
    const first = before.map((arg) => `${flat(arg)}, `).join('');
    const hugged = print(last, indent, `${open}${first}`, `)${tail}`);
    if (hugged[0].length <= PRINT_WIDTH) return hugged;
  }
  return [
    `${indent}${open}`,
    ...node.args.flatMap((arg) => print(arg, `${indent}  `, '', ',')),
    `${indent})${tail}`,
  ];
}

/**
 * A name, member path or number, or a double-quoted string without escapes: an atom, printed as it
 * is on its line whatever its length. Most literals the templates lay out are such (a field's
 * type, its label), and go without parsing (issue 51's generation time: ~40,000 of ~60,000 calls
 * at 1,000 models).
 */
const PLAIN_ATOM = /^(?:"[^"\\]*"|[\w$.]+)$/;

/**
 * The layouts of the literals laid out so far, by literalKey. The same literals come back model
 * after model (issue 51's generation time: ~27,000 laid out at 1,000 models, ~6,000 distinct).
 */
const laidOutLiterals = new BoundedMemo<string>();

/** The layouts of the literals' shapes (src/render/literalShape.ts) parsed so far, by literalKey. */
const laidOutShapes = new BoundedMemo<string>();

/** What a layout depends on, as one key: the lengths of head and tail tell the parts apart. */
function literalKey(literal: string, indent: number, head: string, tail: string): string {
  return `${indent} ${head.length} ${tail.length} ${head}${tail}${literal}`;
}

/**
 * `head` + the literal + `tail`, indented by `indent` spaces, laid out as prettier would (lines
 * joined with `\n`, no newline at the end).
 */
export function layoutLiteral(literal: string, indent: number, head = '', tail = ''): string {
  if (PLAIN_ATOM.test(literal)) return `${' '.repeat(indent)}${head}${literal}${tail}`;
  const key = literalKey(literal, indent, head, tail);
  const known = laidOutLiterals.get(key);
  if (known !== undefined) return known;
  // Literals that differ only by their names (another model's) are parsed once, as one shape.
  const shape = literalShape(literal, `${head}${tail}`);
  if (!shape) return laidOutLiterals.set(key, parsedAndPrinted(literal, indent, head, tail));
  const shapeKey = literalKey(shape.text, indent, head, tail);
  const laidOut =
    laidOutShapes.get(shapeKey) ??
    laidOutShapes.set(shapeKey, parsedAndPrinted(shape.text, indent, head, tail));
  return laidOutLiterals.set(key, withNames(laidOut, shape));
}

/** layoutLiteral's work: the literal parsed and printed. */
function parsedAndPrinted(literal: string, indent: number, head: string, tail: string): string {
  const reader = new Reader(literal);
  const node = parseValue(reader);
  if (reader.peek() !== '') throw new Error(`layoutLiteral: text after the literal in ${literal}`);
  return print(node, ' '.repeat(indent), head, tail).join('\n');
}
