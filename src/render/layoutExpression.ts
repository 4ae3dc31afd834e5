import { layoutLiteral, PRINT_WIDTH } from './layoutLiteral';

/**
 * Lays out an expression written on one line, as the access rules' partials compose it (an arrow
 * function whose body is a condition: `&&`, `||`, `!`, comparisons, calls, `? :`, `as`, with the
 * parentheses each part brings along), as prettier does with its default settings and a print
 * width of 100 (issue 51):
 *
 * - parentheses where prettier writes them: where precedence needs them, around `&&` inside
 *   `||` and a right operand of the same operator, around an arrow function's conditional body on
 *   one line; none elsewhere (`holdsAny((a), (b))` is `holdsAny(a, b)`);
 * - what does not fit on its line is broken: an arrow function after its arrow, a call one argument
 *   a line, `&&` and `||` one operand a line, a conditional before `?` and `:`; an object or array
 *   literal by layoutLiteral.
 *
 * Text it cannot read (a member chain with calls in it, a template literal) stays as written, as
 * one operand.
 */
export function layoutExpression(text: string, indent: number, head = '', tail = ''): string {
  const node = parse(text.trim());
  if (node === null) return `${' '.repeat(indent)}${head}${text.trim()}${tail}`;
  return print(node, indent, head, tail, 'top').join('\n');
}

type Node =
  | { kind: 'atom'; text: string }
  | { kind: 'call'; callee: string; args: Node[] }
  | { kind: 'not'; operand: Node }
  | { kind: 'binary'; operator: string; left: Node; right: Node }
  | { kind: 'as'; operand: Node; type: string }
  | { kind: 'conditional'; test: Node; consequent: Node; alternate: Node }
  | { kind: 'arrow'; parameters: string; body: Node };

/** Where a node is printed: what decides its parentheses. */
type Place =
  'top' | 'argument' | 'body' | 'operand' | 'right' | 'not' | 'test' | 'branch' | 'member';

const PRECEDENCE: Record<string, number> = {
  '??': 1,
  '||': 2,
  '&&': 3,
  '===': 4,
  '!==': 4,
  '==': 4,
  '!=': 4,
  '<': 5,
  '>': 5,
  '<=': 5,
  '>=': 5,
};

const TOKEN =
  /\s*(=>|===|!==|==|!=|<=|>=|&&|\|\||\?\?|[()[\]{},?:!<>]|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[\w$.]+)/y;

/** The tokens of `text` with where each starts and ends; null for text it cannot read. */
function tokenize(text: string): Array<{ token: string; start: number; end: number }> | null {
  const tokens: Array<{ token: string; start: number; end: number }> = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) return /^\s*$/.test(text.slice(at)) ? tokens : null;
    tokens.push({
      token: match[1],
      start: TOKEN.lastIndex - match[1].length,
      end: TOKEN.lastIndex,
    });
  }
  return tokens;
}

class Parser {
  at = 0;
  readonly tokens: string[];
  constructor(
    readonly text: string,
    readonly spans: Array<{ token: string; start: number; end: number }>,
  ) {
    this.tokens = spans.map((span) => span.token);
  }

  peek(): string | undefined {
    return this.tokens[this.at];
  }

  take(token?: string): string {
    const next = this.tokens[this.at++];
    if (next === undefined || (token !== undefined && next !== token))
      throw new Error(`expected ${token ?? 'a token'}`);
    return next;
  }

  /** An expression: an arrow function, a conditional, or a binary expression. */
  expression(): Node {
    const arrow = this.arrow();
    if (arrow) return arrow;
    const test = this.binary(1);
    if (this.peek() !== '?') return test;
    this.take('?');
    const consequent = this.expression();
    this.take(':');
    return { kind: 'conditional', test, consequent, alternate: this.expression() };
  }

  arrow(): Node | null {
    const start = this.at;
    if (this.peek() === '(') {
      let depth = 0;
      let end = this.at;
      do {
        const token = this.tokens[end++];
        if (token === '(') depth++;
        else if (token === ')') depth--;
        if (token === undefined) return null;
      } while (depth > 0);
      if (this.tokens[end] !== '=>') return null;
      const parameters = this.tokens.slice(start + 1, end - 1);
      this.at = end + 1;
      return {
        kind: 'arrow',
        parameters: `(${joinParameters(parameters)})`,
        body: this.expression(),
      };
    }
    return null;
  }

  binary(level: number): Node {
    let left = this.unary();
    for (;;) {
      const operator = this.peek();
      if (operator === 'as') {
        this.take();
        left = { kind: 'as', operand: left, type: this.take() };
        continue;
      }
      const precedence = operator === undefined ? undefined : PRECEDENCE[operator];
      if (precedence === undefined || precedence < level) return left;
      this.take();
      left = { kind: 'binary', operator: operator!, left, right: this.binary(precedence + 1) };
    }
  }

  unary(): Node {
    if (this.peek() === '!') {
      this.take();
      return { kind: 'not', operand: this.unary() };
    }
    return this.postfix();
  }

  /** A primary expression and its member accesses and calls. */
  postfix(): Node {
    let node = this.primary();
    for (;;) {
      const next = this.peek();
      if (next === '(') {
        this.take('(');
        const args: Node[] = [];
        while (this.peek() !== ')') {
          args.push(this.expression());
          if (this.peek() === ',') this.take(',');
        }
        this.take(')');
        node = { kind: 'call', callee: flat(node, 'member'), args };
      } else if (next !== undefined && next.startsWith('.')) {
        node = { kind: 'atom', text: `${flat(node, 'member')}${this.take()}` };
      } else return node;
    }
  }

  primary(): Node {
    const token = this.take();
    if (token === '(') {
      const inner = this.expression();
      this.take(')');
      return inner;
    }
    if (token === '[' || token === '{') {
      // An array or object literal, kept as written (layoutLiteral breaks it).
      const start = this.spans[this.at - 1].start;
      let depth = 1;
      while (depth > 0) {
        const next = this.take();
        if (next === '[' || next === '{' || next === '(') depth++;
        else if (next === ']' || next === '}' || next === ')') depth--;
      }
      return { kind: 'atom', text: this.text.slice(start, this.spans[this.at - 1].end) };
    }
    if (/^[)\]},?:]$|^=>$/.test(token)) throw new Error(`unexpected ${token}`);
    return { kind: 'atom', text: token };
  }
}

/** Parameters as written: `caller`, `record, caller`, `_record, caller`. */
function joinParameters(tokens: string[]): string {
  return tokens.join(' ').replace(/ ,/g, ',');
}

function parse(text: string): Node | null {
  const spans = tokenize(text);
  if (spans === null) return null;
  try {
    const parser = new Parser(text, spans);
    const node = parser.expression();
    return parser.peek() === undefined ? node : null;
  } catch {
    return null;
  }
}

/** Whether prettier writes `node` in parentheses at `place` (under `operator`, for operands). */
function parenthesized(node: Node, place: Place, operator?: string): boolean {
  // The object of a member access or call, or the operand of `as`: anything but a name or call.
  if (place === 'member') return node.kind !== 'atom' && node.kind !== 'call';
  switch (node.kind) {
    case 'conditional':
      return place !== 'top' && place !== 'argument' && place !== 'branch';
    case 'arrow':
      return place !== 'top' && place !== 'argument';
    case 'atom':
      // An object literal as an arrow function's body.
      return place === 'body' && node.text.startsWith('{');
    case 'as':
      return place === 'operand' || place === 'right' || place === 'not';
    case 'binary': {
      if (place === 'not') return true;
      if (place !== 'operand' && place !== 'right') return false;
      const own = PRECEDENCE[node.operator];
      const parent = PRECEDENCE[operator ?? ''] ?? 0;
      // `a && (b && c)` is `a && b && c` (prettier flattens them); `a === (b === c)` is not.
      const associative = node.operator === operator && own <= 3;
      if (own < parent || (own === parent && place === 'right' && !associative)) return true;
      // Mixed logical operators: prettier makes their grouping plain.
      return operator !== node.operator && own <= 3 && parent <= 3 && parent > 0;
    }
    default:
      return false;
  }
}

/** The node on one line, without the parentheses of its own place. */
function bare(node: Node): string {
  switch (node.kind) {
    case 'atom':
      return node.text;
    case 'call':
      return `${node.callee}(${node.args.map((arg) => flat(arg, 'argument')).join(', ')})`;
    case 'not':
      return `!${flat(node.operand, 'not')}`;
    case 'binary':
      return `${flat(node.left, 'operand', node.operator)} ${node.operator} ${flat(node.right, 'right', node.operator)}`;
    case 'as':
      return `${flat(node.operand, 'member')} as ${node.type}`;
    case 'conditional':
      return `${flat(node.test, 'test')} ? ${flat(node.consequent, 'branch')} : ${flat(node.alternate, 'branch')}`;
    case 'arrow':
      return `${node.parameters} => ${flat(node.body, 'body')}`;
  }
}

function flat(node: Node, place: Place, operator?: string): string {
  return parenthesized(node, place, operator) ? `(${bare(node)})` : bare(node);
}

/** The operands of a chain of one logical operator (`a && b && c`), as prettier flattens them. */
function operands(node: Node & { kind: 'binary' }): Array<{ node: Node; place: Place }> {
  const side = (part: Node, place: Place) =>
    part.kind === 'binary' && part.operator === node.operator
      ? operands(part)
      : [{ node: part, place }];
  return [...side(node.left, 'operand'), ...side(node.right, 'right')];
}

/** The lines of `node` at `indent`, after `head` and before `tail`, broken where it does not fit. */
function print(node: Node, indent: number, head: string, tail: string, place: Place): string[] {
  const pad = ' '.repeat(indent);
  const line = `${pad}${head}${flat(node, place)}${tail}`;
  if (line.length <= PRINT_WIDTH) return [line];
  switch (node.kind) {
    case 'arrow': {
      // An object body stays after the arrow, broken in its parentheses.
      const arrow = `${head}${node.parameters} => `;
      if (node.body.kind === 'atom' && node.body.text.startsWith('{'))
        return layoutLiteral(node.body.text, indent, `${arrow}(`, `)${tail}`).split('\n');
      // Any other body on the next line; a conditional there has no parentheses.
      return [`${pad}${arrow.trimEnd()}`, ...print(node.body, indent + 2, '', tail, 'top')];
    }
    case 'call': {
      if (node.args.length === 0) return [line];
      return [
        `${pad}${head}${node.callee}(`,
        ...node.args.flatMap((arg) => print(arg, indent + 2, '', ',', 'argument')),
        `${pad})${tail}`,
      ];
    }
    case 'as':
      // A call broken before ` as T`; any other operand (in its parentheses) left on its line.
      if (node.operand.kind !== 'call') return [line];
      return print(node.operand, indent, head, ` as ${node.type}${tail}`, 'top');
    case 'conditional': {
      const branch = (part: Node, mark: string, end: string) => {
        const lines = print(part, indent + 4, '', end, 'branch');
        return [`${pad}  ${mark}${lines[0].trimStart()}`, ...lines.slice(1)];
      };
      return [
        `${pad}${head}${flat(node.test, 'test')}`,
        ...branch(node.consequent, '? ', ''),
        ...branch(node.alternate, ': ', tail),
      ];
    }
    case 'binary': {
      if (node.operator !== '&&' && node.operator !== '||') return [line];
      const parts = operands(node);
      // At the top of a statement or an arrow's body, the operands line up; elsewhere (an
      // argument) the ones after the first are indented.
      const inner = place === 'top' ? indent : indent + 2;
      return parts.flatMap((part, i) => {
        const last = i === parts.length - 1;
        const end = last ? tail : ` ${node.operator}`;
        const text = flat(part.node, part.place, node.operator);
        return i === 0 ? [`${pad}${head}${text}${end}`] : [`${' '.repeat(inner)}${text}${end}`];
      });
    }
    case 'atom':
      if (/^[[{]/.test(node.text)) return layoutLiteral(node.text, indent, head, tail).split('\n');
      return [line];
    default:
      return [line];
  }
}
