import { layoutLiteral, PRINT_WIDTH } from './layoutLiteral';

/**
 * Lays out a call chain written on one line (`text("id").primaryKey().$defaultFn(() => uuidv7())`,
 * `foreignKey({ ... }).onDelete("cascade")`) as prettier lays out a member chain with its default
 * settings and a print width of 100 (issue 51):
 *
 * - a chain of one or two calls stays on its line;
 * - a longer one is broken, one `.call()` a line two spaces in, when one of its calls takes an
 *   argument prettier does not count as simple (simpleArguments), or when it does not fit on its
 *   line;
 * - broken, its first call stays after `head`, its object argument broken (layoutLiteral) when the
 *   call does not fit there either.
 */
export function layoutChain(chain: string, indent: number, head = '', tail = ''): string {
  const pad = ' '.repeat(indent);
  const calls = callsOf(chain.trim());
  const oneLine = `${pad}${head}${chain.trim()}${tail}`;
  if (calls.length <= 2) return oneLine;
  if (calls.every(simpleArguments) && oneLine.length <= PRINT_WIDTH) return oneLine;
  const [first, ...rest] = calls;
  const inner = `${pad}  `;
  return [
    firstCall(first, indent, head),
    ...rest.map((call, i) => `${inner}${call}${i === rest.length - 1 ? tail : ''}`),
  ].join('\n');
}

/**
 * Lays out a member chain on an object (`db.select(x).from(y).where(z).limit(1)`, written on one
 * line) as prettier does: on its line when it has one call (two after a short name such as `tx`
 * starting a statement, `statement`) or, it has two calls or all of its arguments are simple, when
 * it fits; else
 * the object alone (or with its first call, merged) and then one `.call(...)` a line two spaces in,
 * each call's arguments broken as layoutLiteral breaks a call. Any other text: layoutChain.
 */
export function layoutMemberChain(
  chain: string,
  indent: number,
  head = '',
  tail = '',
  statement = false,
): string {
  const pad = ' '.repeat(indent);
  const text = chain.trim();
  const calls = callsOf(text);
  if (calls.length === 1) return layoutCall(text, indent, head, tail);
  const start = /^([\w$]+)(\.[\w$]+\([\s\S]*)$/.exec(calls[0]);
  if (!start) return layoutChain(chain, indent, head, tail);
  const [, object, firstCall] = start;
  const merged = (statement && object.length <= 2) || /^([A-Z]|[$_]+$)/.test(object);
  const groups = [firstCall, ...calls.slice(1)];
  const oneLine = `${pad}${head}${text}${tail}`;
  if (groups.length <= (merged ? 2 : 1)) return oneLine;
  const simple = groups.every((call) => simpleArguments(call) && !call.includes('...'));
  if ((simple || groups.length <= 2) && oneLine.length <= PRINT_WIDTH) return oneLine;
  const rest = merged ? groups.slice(1) : groups;
  const first = merged
    ? layoutLiteral(firstCall.slice(1), indent, `${head}${object}.`)
    : `${pad}${head}${object}`;
  const lines = [
    first,
    ...rest.map((call, i) =>
      layoutLiteral(call.slice(1), indent + 2, '.', i === rest.length - 1 ? tail : ''),
    ),
  ];
  // Two calls, one of them broken over lines in the chain: prettier's layout of that chain keeps
  // the calls on the line and breaks the last one's arguments (`await db.insert(t).values(` ...
  // `);`), which is the one `prettier --check` accepts, when the line up to them fits.
  if (groups.length <= 2 && lines.some((line) => line.includes('\n'))) {
    const before = `${head}${object}${groups.slice(0, -1).join('')}.`;
    const broken = layoutCall(groups[groups.length - 1].slice(1), indent, before, tail);
    const firstLine = broken.indexOf('\n');
    if (firstLine !== -1 && firstLine <= PRINT_WIDTH) return broken;
  }
  return lines.join('\n');
}

/** One call (`db.article.findUnique({ ... })`) as layoutLiteral breaks it; text it cannot read as it is. */
function layoutCall(text: string, indent: number, head: string, tail: string): string {
  try {
    return layoutLiteral(text, indent, head, tail);
  } catch {
    return `${' '.repeat(indent)}${head}${text}${tail}`;
  }
}

/** The chain's first call after `head`: its object argument broken when it does not fit. */
function firstCall(call: string, indent: number, head: string): string {
  const line = `${' '.repeat(indent)}${head}${call}`;
  const open = call.indexOf('(');
  const argument = call.slice(open + 1, -1).trim();
  if (line.length <= PRINT_WIDTH || !argument.startsWith('{')) return line;
  return layoutLiteral(argument, indent, `${head}${call.slice(0, open + 1)}`, ')');
}

/**
 * Whether a call's arguments are all "simple" as prettier counts them: no arrow function with an
 * expression body, no binary or conditional expression (`a ?? b`, `start + 500`, `x as T`), and
 * nothing two levels down (an argument's call, object or array holding a call, an object or an
 * array with members, or a template literal's expression: `matching(t, { A: id })`,
 * `inArray(a, b.map(f))`, `{ enum: ["a", "b"] }`).
 */
function simpleArguments(call: string): boolean {
  if (/=>\s*[^{\s]/.test(call)) return false;
  let level = 0;
  let code = '';
  for (let at = call.indexOf('('); at < call.length; at++) {
    const char = call[at];
    if (level >= 3 && /[^\s)\]}]/.test(char)) return false;
    if (char === '"' || char === "'" || char === '`') {
      at++;
      while (at < call.length && call[at] !== char) {
        if (char === '`' && call.startsWith('${', at) && level >= 2) return false;
        at += call[at] === '\\' ? 2 : 1;
      }
      code += '""';
    } else {
      if (char === '(' || char === '{' || char === '[') level++;
      else if (char === ')' || char === '}' || char === ']') level--;
      code += char;
    }
  }
  return !/ (\?\?|\|\||&&|[=!]==?|[-+*/%<>?]|[<>]=|as|instanceof) /.test(code);
}

/** `a(1).b().c(x)` → [`a(1)`, `.b()`, `.c(x)`]: split at the dots outside brackets and strings. */
function callsOf(chain: string): string[] {
  const calls: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < chain.length; at++) {
    const char = chain[at];
    if (char === '"' || char === "'" || char === '`') {
      at++;
      while (at < chain.length && chain[at] !== char) at += chain[at] === '\\' ? 2 : 1;
    } else if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') depth--;
    else if (char === '.' && depth === 0 && at > 0 && chain[at - 1] === ')') {
      calls.push(chain.slice(start, at));
      start = at;
    }
  }
  calls.push(chain.slice(start));
  return calls;
}
