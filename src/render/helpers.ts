import type { HelperDelegate, HelperOptions } from 'handlebars';
import { identifier } from '../domain/identifier';
import { tsKey, tsString } from '../domain/tsString';
import { layoutCall } from './layoutCall';
import { layoutExpression } from './layoutExpression';
import { layoutJsx } from './layoutJsx';
import { layoutType } from './layoutType';
import { layoutChain, layoutMemberChain } from './layoutChain';
import { layoutLiteral, PRINT_WIDTH } from './layoutLiteral';
import { wrapComment } from './wrapComment';

/** A string literal in TypeScript (or in the Prisma schema, whose strings read JSON escapes). */
const str: HelperDelegate = (value: unknown) => JSON.stringify(String(value));

/** A string literal in TypeScript as prettier writes it: single quotes when it holds more `"`. */
const tstr: HelperDelegate = (value: unknown) => tsString(String(value));

/** An object literal's key: bare when it is an identifier name, else a string (as prettier writes it). */
const key: HelperDelegate = (value: unknown) => tsKey(String(value));

/** JSX text or attribute value: an expression container holding a string literal. */
const jsx: HelperDelegate = (value: unknown) => `{${tsString(String(value))}}`;

/** An identifier the schema already restricted; fails loudly if one slips through. */
const ident: HelperDelegate = (value: unknown) => identifier(value);

/** A line break or a comment terminator: what `comment` rewrites. */
const NOT_IN_COMMENT = /[\r\n\u2028\u2029]|\*\//;

/**
 * Text inside a `//` or `/** *\/` comment: one line, no comment terminator. Most texts hold
 * neither and are returned without two replacements (~33,000 calls at N=1000: issue 51's
 * generation time).
 */
const comment: HelperDelegate = (value: unknown) => {
  const text = String(value);
  if (!NOT_IN_COMMENT.test(text)) return text;
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ').replace(/\*\//g, '* /');
};

/** A finite number from the config, as a TypeScript literal; fails loudly otherwise. */
const num: HelperDelegate = (value: unknown) => {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new Error(`not a number: ${JSON.stringify(value)}`);
  return String(value);
};

/**
 * `url path "source"`: a TypeScript expression for a path whose `:name` segments are filled
 * from the object `source` (URL-encoded), e.g. `"/posts/" + encodeURIComponent(String(params.id))`.
 * The fixed parts are string literals; names must be identifiers, and the source identifiers
 * joined by dots (`data0.data`, a detail's record).
 */
const url: HelperDelegate = (path: unknown, source: unknown) => {
  const object = String(source).split('.').map(identifier).join('.');
  const parts: string[] = [];
  let literal = '';
  String(path)
    .split(/(?=[/?#])/)
    .forEach((piece) => {
      const param = /^\/:([A-Za-z_][A-Za-z0-9_]*)$/.exec(piece);
      if (!param) {
        literal += piece;
        return;
      }
      parts.push(
        JSON.stringify(literal + '/'),
        `encodeURIComponent(String(${object}.${ident(param[1])}))`,
      );
      literal = '';
    });
  if (literal || parts.length === 0) parts.push(JSON.stringify(literal));
  return parts.join(' + ');
};

const eq: HelperDelegate = (a: unknown, b: unknown) => a === b;

/** `or a b ...`: whether any argument is truthy (a non-empty array counts as truthy). */
const or: HelperDelegate = (...args: unknown[]) =>
  args.slice(0, -1).some((value) => (Array.isArray(value) ? value.length > 0 : Boolean(value)));

/** `and a b ...`: whether every argument is truthy (an empty array counts as falsy). */
const and: HelperDelegate = (...args: unknown[]) =>
  args.slice(0, -1).every((value) => (Array.isArray(value) ? value.length > 0 : Boolean(value)));

/**
 * `concat "a" b "c"`: joins its arguments (the last argument is Handlebars' options), without
 * the copies of the arguments a slice, map and join make (issue 51's generation time: the
 * templates call it ~77,000 times at 1,000 models to name partials and fields).
 */
const concat: HelperDelegate = (...args: unknown[]) => {
  let text = '';
  for (let i = 0; i < args.length - 1; i++) text += String(args[i]);
  return text;
};

/** `some list "prop" v1 v2`: whether any item's `prop` equals one of the values. */
const some: HelperDelegate = (list: unknown, prop: string, ...rest: unknown[]) => {
  const values = rest.slice(0, -1);
  return (
    Array.isArray(list) &&
    list.some((item) => values.includes((item as Record<string, unknown>)[prop]))
  );
};

/** `unique list "prop"`: the distinct string values of `prop` (arrays flattened), sorted. */
const unique: HelperDelegate = (list: unknown, prop: string) => {
  if (!Array.isArray(list)) return [];
  const values = list
    .flatMap((item) => (item as Record<string, unknown>)[prop])
    .filter((v): v is string => typeof v === 'string');
  return [...new Set(values)].sort();
};

/**
 * How many spaces the enclosing `shifted` and `indented` blocks add to the lines they hold
 * (`@shift`): what a block helper inside them counts when it measures a line against the print
 * width.
 */
function shiftOf(options: HelperOptions): number {
  return Number((options.data as { shift?: number } | undefined)?.shift ?? 0);
}

/**
 * The pattern of `shift` spaces at the start of a line, one per shift (issue 51's generation
 * time: a layout helper inside `shifted` runs once a method, and built its pattern each time).
 */
const UNSHIFT = new Map<number, RegExp>();

/** `text` without the `shift` spaces a `shifted` or `indented` block around it adds to each line. */
function unshifted(text: string, shift: number): string {
  if (shift === 0) return text;
  let pattern = UNSHIFT.get(shift);
  if (!pattern) {
    pattern = new RegExp(`^ {${shift}}`, 'gm');
    UNSHIFT.set(shift, pattern);
  }
  return text.replace(pattern, '');
}

/** The block of `options` rendered with `@shift` grown by `spaces`. */
function shiftedBlock(context: unknown, options: HelperOptions, spaces: number): string {
  const data = options.data as Record<string, unknown> | undefined;
  return options.fn(context, {
    data: { ...data, _parent: data, shift: shiftOf(options) + spaces },
  });
}

/** A block helper `{{#name indent "head" "tail"}}one line{{/name}}` that lays out its block. */
function laidOut(
  lay: (text: string, indent: number, head: string, tail: string) => string,
): HelperDelegate {
  return function (
    this: unknown,
    indent: number,
    head: string,
    tail: string,
    options: HelperOptions,
  ) {
    // Inside `shifted` or `indented`, laid out at the column the line ends at, written without
    // the spaces the block adds.
    const shift = shiftOf(options);
    return unshifted(lay(options.fn(this), indent + shift, head, tail), shift);
  };
}

/**
 * `{{#layout 2 "counting: " ","}}{ ... }{{/layout}}`: the literal the block writes (on one line),
 * after `head` and before `tail`, indented and broken as prettier lays it out (layoutLiteral).
 */
const layout = laidOut(layoutLiteral);

/**
 * `{{#chain 2 "id: " ","}}text("id").primaryKey(){{/chain}}`: the call chain the block writes (on
 * one line), after `head` and before `tail`, broken as prettier breaks a member chain (layoutChain).
 */
const chain = laidOut(layoutChain);

/**
 * `{{#callLayout 2 "const x = await " ";"}}f(a, b){{/callLayout}}`: the call the block writes (on
 * one line), after `head` and before `tail`, broken as prettier breaks a call's arguments
 * (layoutCall).
 */
const callLayout = laidOut(layoutCall);

/**
 * `{{#typeLayout 0 "export type X = " ";"}}Array<A & { b: B }>{{/typeLayout}}`: the type the block
 * writes (on one line), after `head` and before `tail`, broken as prettier breaks it (layoutType).
 */
const typeLayout = laidOut(layoutType);

/**
 * `{{#expression 4 "when: " ","}}(caller) => (a && b) || c{{/expression}}`: the expression the
 * block writes (on one line, with the parentheses its parts bring along), with the parentheses
 * prettier writes and broken as prettier breaks it (layoutExpression).
 */
const expression = laidOut(layoutExpression);

/**
 * `{{#jsxLayout}}markup{{/jsxLayout}}`: the block's JSX, whose lines have their final indentation
 * and hold one element each, broken as prettier breaks an element that does not fit (layoutJsx).
 */
const jsxLayout: HelperDelegate = function (this: unknown, options: HelperOptions) {
  return layoutJsx(options.fn(this));
};

/**
 * `{{#members 4}}const [current] = await db.select(x).from(y).where(z).limit(1);{{/members}}`: the
 * statement the block writes (on one line), its member chain broken as prettier breaks it
 * (layoutMemberChain: `db` alone, then one call a line). What precedes the chain (`const x = `,
 * `return `, `await `) stays on the first line; a chain that starts the statement
 * (`tx.insert(...)...;`) keeps its first call there when its object's name is short; `statement=false`
 * says a chain without head does not start a statement (an arrow function's body).
 */
const members: HelperDelegate = function (this: unknown, indent: number, options: HelperOptions) {
  const statement = options.fn(this).trim();
  const [, head, chain, tail] =
    /^((?:const [^=]+= |return )?(?:await )?)([\s\S]*?)(;?)$/.exec(statement) ?? [];
  const starts = (options.hash as { statement?: boolean }).statement ?? head === '';
  const shift = shiftOf(options);
  return unshifted(layoutMemberChain(chain, indent + shift, head, tail, starts), shift);
};

/**
 * `{{#fits}}one line{{else}}broken{{/fits}}`: the block when none of its lines is longer than
 * prettier's print width (100), else its `else` part: the two layouts prettier gives a construct
 * (a signature, a statement) whose length depends on names from the config (issue 51).
 */
const fits: HelperDelegate = function (this: unknown, options: HelperOptions) {
  const text = options.fn(this);
  const width = PRINT_WIDTH - shiftOf(options);
  // `{{#fits first=true}}`: the first line alone decides (a call whose last argument prettier
  // hugs when the line up to it fits, whatever the argument's own lines).
  return linesFit(text, width, Boolean(options.hash.first)) ? text : options.inverse(this);
};

/**
 * Whether no line of `text` (or its first line alone, with `first`) is longer than `width`:
 * measured between newlines, without splitting the block into an array of lines (issue 51's
 * generation time: `fits` runs several times a method).
 */
function linesFit(text: string, width: number, first: boolean): boolean {
  let start = 0;
  for (;;) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    if (end - start > width) return false;
    if (newline === -1 || first) return true;
    start = newline + 1;
  }
}

/**
 * `{{#shifted on}}...{{/shifted}}`: the block's lines two spaces further in when `on` is truthy
 * (a statement's arguments inside a transaction's callback), else as they are.
 */
const shifted: HelperDelegate = function (this: unknown, on: unknown, options: HelperOptions) {
  return on ? shiftedBlock(this, options, 2).replace(/^(?=.)/gm, '  ') : options.fn(this);
};

/**
 * `{{#indented n}}...{{/indented}}`: the block's lines `n` spaces further in (a write inside the
 * calls that run it again, retryWhenTaken and withFreeSlug); `n` may be 0.
 */
const indented: HelperDelegate = function (this: unknown, spaces: number, options: HelperOptions) {
  if (!spaces) return options.fn(this);
  const pad = ' '.repeat(spaces);
  return shiftedBlock(this, options, spaces).replace(/^(?=.)/gm, pad);
};

/**
 * `{{#inset n}}...{{/inset}}`: the block as it is, its lines to stand `n` spaces further in
 * (the lines of a partial that Handlebars indents, called on a line of its own after `n`
 * spaces): the layout helpers inside count those spaces.
 */
const inset: HelperDelegate = function (this: unknown, spaces: number, options: HelperOptions) {
  return shiftedBlock(this, options, spaces);
};

/**
 * `{{#commentLines 4}}text{{/commentLines}}`: a `//` comment of the block's text (one paragraph,
 * config values in it through `comment`), its words wrapped at prettier's print width (wrapComment):
 * a comment whose length depends on names from the config (issue 51). `{{#commentLines 0 " * "}}`:
 * a paragraph of a JSDoc comment.
 */
const commentLines: HelperDelegate = function (this: unknown, indent: number, ...rest: unknown[]) {
  const options = rest.at(-1) as HelperOptions;
  const marker = rest.length > 1 ? String(rest[0]) : '// ';
  // Inside `shifted` or `indented`, its lines end up further in: wrapped at their final column.
  const shift = shiftOf(options);
  return unshifted(wrapComment(options.fn(this), indent + shift, marker), shift);
};

/** Helpers every template may use. Each config value enters code through str, jsx/attr or ident. */
export const HELPERS: Record<string, HelperDelegate> = {
  str,
  tstr,
  key,
  jsx,
  attr: jsx,
  ident,
  num,
  url,
  comment,
  eq,
  or,
  and,
  concat,
  some,
  unique,
  layout,
  chain,
  members,
  callLayout,
  typeLayout,
  expression,
  jsxLayout,
  fits,
  shifted,
  indented,
  inset,
  commentLines,
};
