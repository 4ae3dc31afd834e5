import { JsonSyntaxError, parseJsonWithPositions } from '../../../src/load/parseJsonWithPositions';

function syntaxError(text: string): { message: string; line: number; column: number } {
  try {
    parseJsonWithPositions(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return { message: error.message, ...error.location };
  }
  throw new Error(`expected a syntax error for ${JSON.stringify(text)}`);
}

describe('parseJsonWithPositions: values and positions', () => {
  const text = [
    '{',
    '  "name": "User",',
    '  "fields": {',
    '    "id": "uuid",',
    '    "tags": [1, true, null]',
    '  }',
    '}',
  ].join('\n');

  it('parses the same value as JSON.parse', () => {
    expect(parseJsonWithPositions(text).value).toEqual(JSON.parse(text));
  });

  it('records the position of every value by JSON pointer, 1-based', () => {
    const { positions } = parseJsonWithPositions(text);
    expect(positions.get('')).toEqual({ value: { line: 1, column: 1 } });
    expect(positions.get('/name')).toEqual({
      key: { line: 2, column: 3 },
      value: { line: 2, column: 11 },
    });
    expect(positions.get('/fields/id')).toEqual({
      key: { line: 4, column: 5 },
      value: { line: 4, column: 11 },
    });
    expect(positions.get('/fields/tags/2')?.value).toEqual({ line: 5, column: 23 });
  });

  it('escapes "/" and "~" in pointer tokens (RFC 6901)', () => {
    const { positions } = parseJsonWithPositions('{"a/b": {"c~d": 1}}');
    expect(positions.has('/a~1b/c~0d')).toBe(true);
  });

  it('counts CRLF line endings as one line break', () => {
    const { positions } = parseJsonWithPositions('{\r\n  "a": 1,\r\n  "b": 2\r\n}');
    expect(positions.get('/b')?.value).toEqual({ line: 3, column: 8 });
  });

  it('decodes string escapes', () => {
    expect(parseJsonWithPositions('{"a": "\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9"}').value).toEqual({
      a: '"\\/\b\f\n\r\té',
    });
  });

  it('keeps "__proto__" as an ordinary own property', () => {
    const value = parseJsonWithPositions('{"__proto__": {"polluted": true}}').value as Record<
      string,
      unknown
    >;
    expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('ignores a byte order mark, also in column numbers', () => {
    const { value, positions } = parseJsonWithPositions('\uFEFF{"a": 1}');
    expect(value).toEqual({ a: 1 });
    expect(positions.get('')?.value).toEqual({ line: 1, column: 1 });
    expect(positions.get('/a')?.value).toEqual({ line: 1, column: 7 });
  });

  it('reports a syntax error after a byte order mark at the column an editor shows', () => {
    expect(syntaxError('\uFEFF{"a": x}')).toMatchObject({ line: 1, column: 7 });
  });
});

describe('parseJsonWithPositions: syntax errors name the line and column', () => {
  it.each([
    ['empty file', '', 'the file is empty', 1, 1],
    ['only white space', '\n  \n', 'the file is empty', 3, 1],
    [
      'trailing comma in an object',
      '{\n  "a": 1,\n}',
      'expected a property name in double quotes',
      3,
      1,
    ],
    ['trailing comma in an array', '{"a": [1, 2, ]}', 'expected a value', 1, 14],
    ['single-quoted name', "{'a': 1}", 'expected a property name in double quotes', 1, 2],
    ['unquoted name', '{\n  a: 1 }', 'expected a property name in double quotes', 2, 3],
    ['missing colon', '{"a" 1}', 'expected ":" after property name', 1, 6],
    ['missing comma between properties', '{"a": 1\n "b": 2}', 'expected "," or "}"', 2, 2],
    ['missing comma between items', '[1 2]', 'expected "," or "]"', 1, 4],
    ['unclosed object', '{"a": 1', 'expected "," or "}"', 1, 8],
    ['unclosed array', '[1, 2', 'expected "," or "]"', 1, 6],
    ['unterminated string', '{"a": "abc', 'unterminated string', 1, 11],
    ['unterminated string ending in a backslash', '{"a": "abc\\', 'unterminated string', 1, 11],
    ['raw line break in a string', '{"a": "ab\ncd"}', 'unescaped control character', 1, 10],
    ['raw tab in a string', '{"a": "a\tb"}', 'unescaped control character', 1, 9],
    ['invalid escape', '{"a": "\\x"}', 'invalid escape "\\x"', 1, 8],
    ['short unicode escape', '{"a": "\\u12"}', 'invalid \\u escape', 1, 8],
    ['comment', '{\n  // note\n  "a": 1 }', 'expected a property name in double quotes', 2, 3],
    ['bare word', '{"a": yes}', 'expected a value', 1, 7],
    ['truncated literal', '{"a": tru}', 'expected a value', 1, 7],
    ['NaN', '{"a": NaN}', 'expected a value', 1, 7],
    ['lone minus', '{"a": -}', 'expected a value', 1, 7],
    ['leading zero', '{"a": 01}', 'expected "," or "}"', 1, 8],
    ['text after the value', '{}\n}', 'after the end of the JSON value', 2, 1],
  ])('%s', (_label, text, message, line, column) => {
    const error = syntaxError(text);
    expect(error.message).toContain(message);
    expect({ line: error.line, column: error.column }).toEqual({ line, column });
  });

  it('rejects a duplicate property, pointing at the second key', () => {
    expect(syntaxError('{\n  "name": "A",\n  "name": "B"\n}')).toEqual({
      message: 'duplicate property "name"',
      line: 3,
      column: 3,
    });
  });

  it('rejects duplicates inside nested objects too', () => {
    expect(syntaxError('{"fields": {"id": "uuid", "id": "string"}}')).toMatchObject({
      message: 'duplicate property "id"',
      line: 1,
      column: 27,
    });
  });

  it('allows the same name in different objects', () => {
    expect(() => parseJsonWithPositions('{"a": {"x": 1}, "b": {"x": 2}}')).not.toThrow();
  });
});

describe('parseJsonWithPositions: nesting depth', () => {
  it('reads 100 levels and refuses the 101st with its position, not a stack overflow', () => {
    expect(() => parseJsonWithPositions(`${'['.repeat(100)}${']'.repeat(100)}`)).not.toThrow();
    for (const depth of [101, 100_000]) {
      let error: unknown;
      try {
        parseJsonWithPositions(`${'['.repeat(depth)}${']'.repeat(depth)}`);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(JsonSyntaxError);
      expect((error as JsonSyntaxError).location).toEqual({ line: 1, column: 101 });
    }
  });
});
