/**
 * A literal's shape: the literal with each name of three or more characters (outside strings)
 * replaced by a mark of the same length, its first letter's case kept (`db.article.findMany(...)`
 * → `db.q000000.q000001(...)`). How layoutLiteral lays a literal out depends on its names only
 * through their lengths and whether they start with a capital (prettier's member chains), so two
 * literals of one shape are laid out alike, and the layout of the shape with the names put back is
 * the literal's. The literals of a thousand models differ mostly by their names (issue 51's
 * generation time: ~6,000 distinct literals at 1,000 models, far fewer shapes).
 */

/** Strings and template literals (kept whole), numbers, and names. */
const TOKEN =
  /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`|\d[\w.]*|[A-Za-z_$][\w$]*/g;

/** Words the layout reads (`await f()`, `x as T`, `async () =>`...): kept as they are. */
const KEPT = new Set(
  (
    'abstract any as asserts async await bigint boolean break case catch class const continue ' +
    'debugger declare default delete do else enum export extends false finally for from function ' +
    'get if implements import in infer instanceof interface is keyof let module namespace never new ' +
    'null number object of override package private protected public readonly return satisfies set ' +
    'static string super switch symbol this throw true try type typeof undefined unique unknown var ' +
    'void while with yield'
  ).split(' '),
);

export interface LiteralShape {
  /** The literal with its names replaced by marks. */
  text: string;
  /** The names replaced, in order, and the mark of each. */
  names: string[];
  marks: string[];
}

/**
 * The shape of `literal`, or null when it has no name to replace or a mark could be mistaken for
 * text already there (`around`: the text laid out with it, such as `const x = `).
 */
export function literalShape(literal: string, around: string): LiteralShape | null {
  const names: string[] = [];
  const marks: string[] = [];
  const text = literal.replace(TOKEN, (token) => {
    const first = token.charCodeAt(0);
    const capital = first >= 65 && first <= 90;
    if (!(capital || (first >= 97 && first <= 122)) || token.length < 3 || KEPT.has(token))
      return token;
    const index = names.length.toString(36);
    if (index.length > token.length - 1) return token;
    const mark = `${capital ? 'Q' : 'q'}${index.padStart(token.length - 1, '0')}`;
    names.push(token);
    marks.push(mark);
    return mark;
  });
  if (names.length === 0) return null;
  for (const mark of marks) if (literal.includes(mark) || around.includes(mark)) return null;
  return { text, names, marks };
}

/**
 * The layout of a shape with its names put back: the layout keeps every name, in order, so each
 * mark is the first one found after the one before.
 */
export function withNames(laidOut: string, shape: LiteralShape): string {
  let result = '';
  let at = 0;
  shape.marks.forEach((mark, i) => {
    const found = laidOut.indexOf(mark, at);
    if (found < 0) throw new Error(`literalShape: the layout lost ${shape.names[i]}: ${laidOut}`);
    result += laidOut.slice(at, found) + shape.names[i];
    at = found + mark.length;
  });
  return result + laidOut.slice(at);
}
