import { tsString } from '../domain/tsString';
import { layoutCall, preferredQuotes, splitTopLevel } from './layoutCall';
import { BoundedMemo } from './boundedMemo';
import { closing, PRINT_WIDTH } from './layoutLiteral';

/**
 * Lays out the JSX elements a template writes one to a line, where each line already has its final
 * indentation (a page's markup, `{{#jsxLayout}}...{{/jsxLayout}}`), as prettier does with its
 * default settings and a print width of 100 (issue 51). Each line that holds
 *
 * - a whole element (`<p className="x"><Link href={y}>{"Text"}</Link></p>`, `<input a={1} b />`),
 * - an opening tag whose children follow on the next lines (`<AppgenForm method={"POST"} ...>`),
 * - or a child expression (`{cellText(shownValue(...))}`),
 *
 * is broken as prettier breaks it: an element's children go on lines of their own when it has a
 * child element, more than one attribute or more than one expression child, or when it does not
 * fit; an opening tag's attributes go one to a line when it does not fit or an attribute's value
 * breaks (an array of objects); a call inside braces by layoutCall. Other lines (the conditionals
 * and maps around the elements, which the templates lay out) stay as they are.
 */
export function layoutJsx(text: string): string {
  return text.split('\n').flatMap(laidOutLine).join('\n');
}

const laidOutLines = new BoundedMemo<readonly string[]>();

/**
 * layoutLine(line), remembered: a line's layout depends on the line alone, and the pages of a
 * thousand models repeat the same lines (issue 51's generation time: ~29,000 lines at N=1000,
 * ~3,000 distinct). Read only: the caller copies the lines out.
 */
function laidOutLine(line: string): readonly string[] {
  return laidOutLines.lookup(line, layoutLine);
}

/** The lines prettier makes of one line of the block (layoutJsx). */
function layoutLine(line: string): string[] {
  const indent = line.length - line.trimStart().length;
  const content = line.trim();
  if (content.startsWith('<') && !content.startsWith('</') && !content.startsWith('<>')) {
    const element = readElement(content, 0);
    if (element && element.end === content.length) return printElement(element.node, indent);
    if (element === null) {
      const opening = readOpening(content, 0);
      if (opening && !opening.selfClosing && opening.end === content.length) {
        return printOpening(opening.name, opening.attributes, indent, '>');
      }
    }
  }
  const guarded = /^\{([^<{}]*) && </.exec(content);
  if (guarded && closing(content, 0) === content.length - 1) {
    const element = readElement(content, guarded[0].length - 1);
    if (element && element.end === content.length - 1) {
      return printGuarded(guarded[1], element.node, indent);
    }
  }
  if (content.startsWith('{') && closing(content, 0) === content.length - 1) {
    const expression = preferredQuotes(content.slice(1, -1).trim());
    return printChild({ kind: 'expression', text: expression }, indent);
  }
  return [line];
}

type Child = { kind: 'element'; node: JsxNode } | { kind: 'expression' | 'text'; text: string };

interface JsxNode {
  name: string;
  attributes: string[];
  /** null: self-closing. */
  children: Child[] | null;
}

interface Opening {
  name: string;
  attributes: string[];
  selfClosing: boolean;
  end: number;
}

/** The opening tag at `at` (`<name attr={...} flag>` or `... />`); null when it is not one. */
function readOpening(text: string, at: number): Opening | null {
  const match = /^<([\w.]+)/.exec(text.slice(at));
  if (!match) return null;
  let position = at + match[0].length;
  const attributes: string[] = [];
  for (;;) {
    while (text[position] === ' ') position++;
    if (text.startsWith('/>', position)) {
      return { name: match[1], attributes, selfClosing: true, end: position + 2 };
    }
    if (text[position] === '>') {
      return { name: match[1], attributes, selfClosing: false, end: position + 1 };
    }
    const name = /^[\w-]+/.exec(text.slice(position));
    if (!name) return null;
    let end = position + name[0].length;
    let attribute: string | null = null;
    if (text[end] === '=') {
      if (text[end + 1] === '"') {
        const quote = text.indexOf('"', end + 2);
        if (quote < 0) return null;
        end = quote + 1;
      } else if (text[end + 1] === '{') {
        const close = closing(text, end + 1);
        if (close < 0) return null;
        // `{ value }` as prettier writes it: `{value}`.
        attribute = `${name[0]}={${preferredQuotes(text.slice(end + 2, close).trim())}}`;
        end = close + 1;
      } else return null;
    }
    attributes.push(attribute ?? text.slice(position, end));
    position = end;
  }
}

/** The whole element at `at`, up to its closing tag; null when the line does not hold it all. */
function readElement(text: string, at: number): { node: JsxNode; end: number } | null {
  const opening = readOpening(text, at);
  if (!opening) return null;
  const { name, attributes } = opening;
  if (opening.selfClosing) return { node: { name, attributes, children: null }, end: opening.end };
  const children: Child[] = [];
  let position = opening.end;
  while (position < text.length) {
    if (text.startsWith(`</${name}>`, position)) {
      return { node: { name, attributes, children }, end: position + name.length + 3 };
    }
    if (text.startsWith('</', position)) return null;
    if (text[position] === '<') {
      const child = readElement(text, position);
      if (!child) return null;
      children.push({ kind: 'element', node: child.node });
      position = child.end;
    } else if (text[position] === '{') {
      const close = closing(text, position);
      if (close < 0) return null;
      const expression = preferredQuotes(text.slice(position + 1, close).trim());
      children.push({ kind: 'expression', text: expression });
      position = close + 1;
    } else {
      const next = text.slice(position).search(/[<{]/);
      const end = next < 0 ? text.length : position + next;
      const words = text.slice(position, end).trim();
      if (words !== '') children.push({ kind: 'text', text: words });
      position = end;
    }
  }
  return null;
}

function flatChild(child: Child): string {
  if (child.kind === 'element') return flatElement(child.node);
  if (child.kind === 'text') return child.text;
  const branches = jsxConditionalOf(child.text);
  return branches ? `{${flatConditional(branches)}}` : `{${child.text}}`;
}

function flatOpening(name: string, attributes: string[], close: string): string {
  return `<${[name, ...attributes].join(' ')}${close}`;
}

function flatElement(node: JsxNode): string {
  if (node.children === null) return flatOpening(node.name, node.attributes, ' />');
  return `${flatOpening(node.name, node.attributes, '>')}${node.children.map(flatChild).join('')}</${node.name}>`;
}

/** An attribute at `indent`: a literal or call in braces laid out as prettier lays it out. */
function printAttribute(attribute: string, indent: number): string[] {
  const match = /^([\w-]+)=\{([\s\S]*)\}$/.exec(attribute);
  if (!match) return [`${' '.repeat(indent)}${attribute}`];
  const value = match[2].trim();
  // Another expression (a conditional, a sum) goes on a line of its own when it does not fit.
  if (!/^[[{]/.test(value) && !/^[\w$.]+(<[^()]*>)?\(/.test(value)) {
    const pad = ' '.repeat(indent);
    if (`${pad}${attribute}`.length <= PRINT_WIDTH) return [`${pad}${attribute}`];
    return [`${pad}${match[1]}={`, `${pad}  ${value}`, `${pad}}`];
  }
  return layoutCall(value, indent, `${match[1]}={`, '}').split('\n');
}

/** An opening tag (closed by `close`: `>` or ` />`) at `indent`, its attributes broken if need be. */
function printOpening(name: string, attributes: string[], indent: number, close: string): string[] {
  const pad = ' '.repeat(indent);
  const flat = `${pad}${flatOpening(name, attributes, close)}`;
  // Prettier never breaks a tag whose one attribute is a string.
  if (attributes.length === 1 && /^[\w-]+="/.test(attributes[0])) return [flat];
  const printed = attributes.map((attribute) => printAttribute(attribute, indent + 2));
  if (flat.length <= PRINT_WIDTH && printed.every((lines) => lines.length === 1)) return [flat];
  if (attributes.length === 0) return [flat];
  return [`${pad}<${name}`, ...printed.flat(), `${pad}${close.trim()}`];
}

function printElement(node: JsxNode, indent: number): string[] {
  const pad = ' '.repeat(indent);
  if (node.children === null) return printOpening(node.name, node.attributes, indent, ' />');
  const { children } = node;
  const forced =
    children.some((child) => child.kind === 'element') ||
    node.attributes.length > 1 ||
    children.filter((child) => child.kind === 'expression').length > 1;
  const flat = `${pad}${flatElement(node)}`;
  const opening = printOpening(node.name, node.attributes, indent, '>');
  if (!forced && opening.length === 1 && flat.length <= PRINT_WIDTH) return [flat];
  if (children.length === 0) return [...opening, `${pad}</${node.name}>`];
  return [
    ...opening,
    ...children.flatMap((child) => printChild(child, indent + 2)),
    `${pad}</${node.name}>`,
  ];
}

/** `{test && <element />}`: on one line when it fits, else the element in parentheses below. */
function printGuarded(test: string, node: JsxNode, indent: number): string[] {
  const pad = ' '.repeat(indent);
  const printed = printElement(node, indent + 2);
  const flat = `${pad}{${test} && ${flatElement(node)}}`;
  if (printed.length === 1 && flat.length <= PRINT_WIDTH) return [flat];
  return [`${pad}{${test} && (`, ...printed, `${pad})}`];
}

function printChild(child: Child, indent: number): string[] {
  if (child.kind === 'element') return printElement(child.node, indent);
  const pad = ' '.repeat(indent);
  if (child.kind === 'text') return [`${pad}${child.text}`];
  const branches = jsxConditionalOf(child.text);
  if (branches) return printJsxConditional(branches, indent);
  const flat = `${pad}{${child.text}}`;
  if (flat.length <= PRINT_WIDTH) return [flat];
  const conditional = conditionalOf(child.text);
  if (conditional) {
    const [test, yes, no] = conditional;
    return [`${pad}{${test}`, `${pad}  ? ${yes}`, `${pad}  : ${no}}`];
  }
  const text = stringValue(child.text);
  if (text !== null && `${pad}  ${child.text}`.length > PRINT_WIDTH)
    return splitString(text, indent);
  if (/^("|'|[\w$.]+$)/.test(child.text)) return [`${pad}{`, `${pad}  ${child.text}`, `${pad}}`];
  if (!/^[\w$.]+(<[^()]*>)?\(/.test(child.text)) return [flat];
  return layoutCall(child.text, indent, '{', '}').split('\n');
}

/** The text of a string literal (double- or single-quoted, with JSON's escapes); else null. */
function stringValue(literal: string): string | null {
  if (/^"(?:[^"\\]|\\.)*"$/.test(literal)) return JSON.parse(literal) as string;
  if (!/^'(?:[^'\\]|\\.)*'$/.test(literal)) return null;
  const escaped = literal
    .slice(1, -1)
    .replace(/\\(.)|"/g, (all, char?: string) => (char === "'" ? "'" : char ? all : '\\"'));
  return JSON.parse(`"${escaped}"`) as string;
}

/**
 * A string child longer than its line even alone (a title from the config), which prettier leaves
 * as it is: written as a sum of shorter string literals of the same text, one a line, as prettier
 * lays out a sum in braces (`{"a " +` then `  "b"}`). Each piece ends after a line break of the
 * text when one fits, else after a space.
 */
function splitString(text: string, indent: number): string[] {
  const pad = ' '.repeat(indent);
  const pieces: string[] = [];
  let rest = Array.from(text);
  while (rest.length > 0) {
    // `{` or two spaces before a piece, ` +` or `}` after it.
    const room = PRINT_WIDTH - indent - (pieces.length === 0 ? 3 : 4);
    let end = 1;
    while (end < rest.length && tsString(rest.slice(0, end + 1).join('')).length <= room) end++;
    if (end < rest.length) {
      const head = rest.slice(0, end);
      const newline = head.lastIndexOf('\n');
      const space = head.lastIndexOf(' ');
      if (newline > 0 || space > 0) end = (newline > 0 ? newline : space) + 1;
    }
    pieces.push(tsString(rest.slice(0, end).join('')));
    rest = rest.slice(end);
  }
  return pieces.map((piece, i) =>
    i === 0 ? `${pad}{${piece} +` : `${pad}  ${piece}${i === pieces.length - 1 ? '}' : ' +'}`,
  );
}

/**
 * `test ? yes : <Element />` (or an element first): its test and its branches, each an element read
 * whole or other code; null when neither branch is an element.
 */
function jsxConditionalOf(expression: string): [string, Child, Child] | null {
  const question = splitTopLevel(expression, '?');
  if (question.length !== 2 || question[0].includes('<')) return null;
  const answers = splitTopLevel(question[1], ':');
  if (answers.length !== 2) return null;
  const branches = answers.map((answer): Child | null => {
    if (!answer.startsWith('<')) return { kind: 'expression', text: answer };
    const element = readElement(answer, 0);
    return element && element.end === answer.length
      ? { kind: 'element', node: element.node }
      : null;
  });
  const [yes, no] = branches;
  if (yes === null || no === null || (yes.kind !== 'element' && no.kind !== 'element')) return null;
  return [question[0], yes, no];
}

/** `test ? yes : <Element />` on one line, its elements as prettier writes them. */
function flatConditional([test, yes, no]: [string, Child, Child]): string {
  const inline = (branch: Child) =>
    branch.kind === 'element' ? flatElement(branch.node) : branch.text;
  return `${test} ? ${inline(yes)} : ${inline(no)}`;
}

/**
 * A conditional child with an element in a branch, as prettier lays it out: on one line when it
 * fits, else each branch in parentheses on lines of its own (`{test ? (`, `) : (`, `)}`).
 */
function printJsxConditional([test, yes, no]: [string, Child, Child], indent: number): string[] {
  const pad = ' '.repeat(indent);
  const flat = `${pad}{${flatConditional([test, yes, no])}}`;
  if (flat.length <= PRINT_WIDTH) return [flat];
  const lines = (branch: Child) =>
    branch.kind === 'element' ? printElement(branch.node, indent + 2) : [`${pad}  ${branch.text}`];
  return [`${pad}{${test} ? (`, ...lines(yes), `${pad}) : (`, ...lines(no), `${pad})}`];
}

/** `test ? yes : no` (outside brackets and strings, no JSX): its three parts; else null. */
function conditionalOf(expression: string): [string, string, string] | null {
  if (expression.includes('<')) return null;
  const question = splitTopLevel(expression, '?');
  if (question.length !== 2) return null;
  const answers = splitTopLevel(question[1], ':');
  return answers.length === 2 ? [question[0], answers[0], answers[1]] : null;
}
