import { closing } from './layoutLiteral';
import { PRINT_WIDTH } from './layoutLiteral';

/**
 * Lays out a TypeScript type written on one line (`Array<Omit<A, "b"> & { b: Array<B> }>`, an
 * object type `{ a: A; b: B }`) after `head` and before `tail` as prettier does with its default
 * settings and a print width of 100 (issue 51): the type becomes a document of groups as prettier
 * prints it (a generic's arguments, an object type's members, an intersection that keeps an object
 * type on the line of the type before it), printed by the same fitting rule (a group stays flat when
 * it fits up to the next possible line break; a union broken one member a line).
 */
export function layoutType(type: string, indent: number, head = '', tail = ''): string {
  return print([' '.repeat(indent), head, typeDoc(type.trim()), tail], indent);
}

type Doc = string | Doc[] | { group: Doc } | { indent: Doc } | Line;
type Line = { line: 'line' | 'softline' | 'ifBreak'; text: string };

const LINE: Line = { line: 'line', text: ' ' };
const SOFTLINE: Line = { line: 'softline', text: '' };
/** `;` when its group is broken (an object type's last member), else nothing. */
const BREAK_SEMICOLON: Line = { line: 'ifBreak', text: ';' };

function join(separator: Doc, docs: Doc[]): Doc[] {
  return docs.flatMap((doc, i) => (i === 0 ? [doc] : [separator, doc]));
}

function isObjectType(type: string): boolean {
  return type.startsWith('{') && closing(type, 0) === type.length - 1;
}

/** The document of a type, as prettier's printer builds it for these kinds of types. */
function typeDoc(type: string, argument = false): Doc {
  const union = splitType(type, '|');
  if (union.length > 1) {
    // Broken, one member a line after `| `; indented, except as a generic's argument.
    const members: Doc = [
      { line: 'ifBreak', text: '| ' },
      join(
        [LINE, '| '],
        union.map((member) => typeDoc(member)),
      ),
    ];
    return { group: argument ? members : { indent: [SOFTLINE, members] } };
  }
  const parts = splitType(type, '&');
  if (parts.length > 1) return intersection(parts);
  if (isObjectType(type)) {
    const members = splitType(type.slice(1, -1), ';').map((member) => {
      const colon = member.indexOf(': ');
      return [member.slice(0, colon + 2), typeDoc(member.slice(colon + 2))];
    });
    if (members.length === 0) return '{}';
    return {
      group: ['{', { indent: [LINE, join([';', LINE], members)] }, BREAK_SEMICOLON, LINE, '}'],
    };
  }
  const generic = /^([\w$.]+)</.exec(type);
  if (generic) {
    const close = closingAngle(type, generic[0].length - 1);
    if (close > 0) {
      const args = splitType(type.slice(generic[0].length, close), ',');
      const rest = type.slice(close + 1);
      const single = args.length === 1 && (isObjectType(args[0]) || /^\w+$/.test(args[0]));
      const list: Doc = single
        ? ['<', typeDoc(args[0]), '>']
        : {
            group: [
              '<',
              {
                indent: [
                  SOFTLINE,
                  join(
                    [',', LINE],
                    args.map((arg) => typeDoc(arg, true)),
                  ),
                ],
              },
              SOFTLINE,
              '>',
            ],
          };
      return [generic[1], list, rest];
    }
  }
  return type;
}

/** An intersection: an object type stays on the line of the type before it (printIntersectionType). */
function intersection(parts: string[]): Doc {
  const docs: Doc[] = [];
  let wasIndented = false;
  parts.forEach((part, i) => {
    const doc = typeDoc(part);
    const object = isObjectType(part);
    const before = i > 0 && isObjectType(parts[i - 1]);
    if (i === 0) docs.push(doc);
    else if (!before && !object) docs.push({ indent: [' &', LINE, doc] });
    else if (before && object) docs.push([' & ', wasIndented ? { indent: doc } : doc]);
    else {
      if (i > 1) wasIndented = true;
      docs.push(' & ', i > 1 ? { indent: doc } : doc);
    }
  });
  return { group: docs };
}

/** Index of the `>` closing the `<` at `open` (brackets and strings skipped); -1 if none. */
function closingAngle(text: string, open: number): number {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    const char = text[at];
    if (char === '"') {
      at++;
      while (at < text.length && text[at] !== char) at += text[at] === '\\' ? 2 : 1;
    } else if (char === '<' || char === '{' || char === '(' || char === '[') depth++;
    else if (char === '>' || char === '}' || char === ')' || char === ']') {
      if (--depth === 0) return char === '>' ? at : -1;
    }
  }
  return -1;
}

/** `text` split at `separator` outside `<>`, brackets and strings, each part trimmed. */
function splitType(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '"') {
      at++;
      while (at < text.length && text[at] !== char) at += text[at] === '\\' ? 2 : 1;
    } else if ('<{(['.includes(char)) depth++;
    else if ('>})]'.includes(char)) depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, at).trim());
      start = at + 1;
    }
  }
  const last = text.slice(start).trim();
  return last === '' ? parts : [...parts, last];
}

type Command = [indent: number, flat: boolean, doc: Doc];

/** Whether `next` fits in `width` up to its first line break in a broken group (prettier's fits). */
function fits(next: Command, rest: Command[], width: number): boolean {
  const commands: Command[] = [next];
  let restAt = rest.length;
  while (width >= 0) {
    if (commands.length === 0) {
      if (restAt === 0) return true;
      commands.push(rest[--restAt]);
      continue;
    }
    const [indent, flat, doc] = commands.pop() as Command;
    if (typeof doc === 'string') width -= doc.length;
    else if (Array.isArray(doc))
      for (let i = doc.length - 1; i >= 0; i--) commands.push([indent, flat, doc[i]]);
    else if ('group' in doc) commands.push([indent, flat, doc.group]);
    else if ('indent' in doc) commands.push([indent + 2, flat, doc.indent]);
    else if (doc.line === 'ifBreak') width -= flat ? 0 : doc.text.length;
    else if (flat) width -= doc.text.length;
    else return true;
  }
  return false;
}

/** The document printed at `indent`: each group flat when it fits, else broken. */
function print(doc: Doc, indent: number): string {
  let out = '';
  let column = 0;
  const commands: Command[] = [[indent, false, doc]];
  while (commands.length > 0) {
    const command = commands.pop() as Command;
    const [at, flat, current] = command;
    if (typeof current === 'string') {
      out += current;
      column += current.length;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) commands.push([at, flat, current[i]]);
    } else if ('group' in current) {
      const flatFits = flat || fits([at, true, current.group], commands, PRINT_WIDTH - column);
      commands.push([at, flatFits, current.group]);
    } else if ('indent' in current) commands.push([at + 2, flat, current.indent]);
    else if (current.line === 'ifBreak') {
      if (!flat) {
        out += current.text;
        column += current.text.length;
      }
    } else if (flat) {
      out += current.text;
      column += current.text.length;
    } else {
      out = out.trimEnd() + '\n' + ' '.repeat(at);
      column = at;
    }
  }
  return out;
}
