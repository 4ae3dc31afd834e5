import type { SourceLocation } from '../diagnostics/diagnostic';

/** Positions of one value in a JSON document: the value itself and, for properties, its key. */
export interface ValuePosition {
  value: SourceLocation;
  key?: SourceLocation;
}

export interface ParsedJson {
  value: unknown;
  /** JSON Pointer (RFC 6901, e.g. `/routes/0/path`) to position. `""` is the root. */
  positions: Map<string, ValuePosition>;
}

/** A syntax error with the place it was found. */
export class JsonSyntaxError extends Error {
  readonly location: SourceLocation;
  /** How to fix it, when the general advice about strict JSON does not fit. */
  readonly hint?: string;

  constructor(message: string, location: SourceLocation, hint?: string) {
    super(message);
    this.name = 'JsonSyntaxError';
    this.location = location;
    this.hint = hint;
  }
}

/**
 * Deepest nesting of objects and arrays a config file may have. The parser recurses once per
 * level, and so do the later stages (schema validation, view elements): without a limit a file
 * of ~5,000 nested brackets overflowed the stack. Real configs stay far below it (a view nests
 * its elements a few levels deep).
 */
export const MAX_JSON_DEPTH = 100;

export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * A strict JSON parser (RFC 8259) that also records where every value starts, so validation
 * errors can name a line and column. JSON.parse cannot report positions of values, only of
 * syntax errors, and even those differ between Node versions.
 */
export function parseJsonWithPositions(text: string): ParsedJson {
  const positions = new Map<string, ValuePosition>();
  // A byte order mark is not part of the first line's columns.
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let lineStart = index;

  const here = (): SourceLocation => ({ line, column: index - lineStart + 1 });
  const fail = (message: string): never => {
    throw new JsonSyntaxError(message, here());
  };
  const describe = (): string => (index >= text.length ? 'end of file' : `"${text[index]}"`);

  function skipWhitespace(): void {
    while (index < text.length) {
      const ch = text[index];
      if (ch === '\n') {
        line++;
        index++;
        lineStart = index;
      } else if (ch === ' ' || ch === '\t' || ch === '\r') {
        index++;
      } else {
        return;
      }
    }
  }

  function parseString(): string {
    const start = index;
    index++; // opening quote
    while (index < text.length) {
      const ch = text[index];
      if (ch === '"') {
        index++;
        return JSON.parse(text.slice(start, index)) as string;
      }
      if (ch === '\\') {
        // Checked here so that a bad escape is a located syntax error, not JSON.parse's own.
        const escape = text[index + 1];
        if (escape === undefined) fail('unterminated string');
        if (escape === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6)))
            fail('invalid \\u escape: expected four hex digits');
          index += 6;
        } else if ('"\\/bfnrt'.includes(escape)) {
          index += 2;
        } else {
          fail(`invalid escape "\\${escape}" in string`);
        }
        continue;
      }
      if (ch === '\n' || ch.charCodeAt(0) < 0x20) fail('unescaped control character in string');
      index++;
    }
    return fail('unterminated string');
  }

  function parseLiteral(): unknown {
    const rest = text.slice(index);
    const number = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(rest);
    if (number && number[0].length > 0) {
      index += number[0].length;
      return Number(number[0]);
    }
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (rest.startsWith(word)) {
        index += word.length;
        return value;
      }
    }
    return fail(`unexpected ${describe()}: expected a value`);
  }

  function parseValue(pointer: string, depth: number, key?: SourceLocation): unknown {
    skipWhitespace();
    positions.set(pointer, { value: here(), key });
    const ch = text[index];
    if ((ch === '{' || ch === '[') && depth >= MAX_JSON_DEPTH) {
      throw new JsonSyntaxError(
        `objects and arrays are nested more than ${MAX_JSON_DEPTH} levels deep`,
        here(),
        `flatten the structure: appgen reads at most ${MAX_JSON_DEPTH} levels.`,
      );
    }
    if (ch === '{') return parseObject(pointer, depth + 1);
    if (ch === '[') return parseArray(pointer, depth + 1);
    if (ch === '"') return parseString();
    return parseLiteral();
  }

  function parseObject(pointer: string, depth: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    index++;
    skipWhitespace();
    if (text[index] === '}') {
      index++;
      return result;
    }
    for (;;) {
      skipWhitespace();
      if (text[index] !== '"')
        fail(`unexpected ${describe()}: expected a property name in double quotes`);
      const keyLocation = here();
      const key = parseString();
      if (Object.prototype.hasOwnProperty.call(result, key)) {
        throw new JsonSyntaxError(`duplicate property "${key}"`, keyLocation);
      }
      skipWhitespace();
      if (text[index] !== ':') fail(`unexpected ${describe()}: expected ":" after property name`);
      index++;
      Object.defineProperty(result, key, {
        value: parseValue(`${pointer}/${escapePointerToken(key)}`, depth, keyLocation),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      skipWhitespace();
      if (text[index] === ',') {
        index++;
        continue;
      }
      if (text[index] === '}') {
        index++;
        return result;
      }
      fail(`unexpected ${describe()}: expected "," or "}"`);
    }
  }

  function parseArray(pointer: string, depth: number): unknown[] {
    const result: unknown[] = [];
    index++;
    skipWhitespace();
    if (text[index] === ']') {
      index++;
      return result;
    }
    for (;;) {
      result.push(parseValue(`${pointer}/${result.length}`, depth));
      skipWhitespace();
      if (text[index] === ',') {
        index++;
        continue;
      }
      if (text[index] === ']') {
        index++;
        return result;
      }
      fail(`unexpected ${describe()}: expected "," or "]"`);
    }
  }

  skipWhitespace();
  if (index >= text.length) fail('the file is empty: expected a JSON object');
  const value = parseValue('', 0);
  skipWhitespace();
  if (index < text.length) fail(`unexpected ${describe()} after the end of the JSON value`);
  return { value, positions };
}
