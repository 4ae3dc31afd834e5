import fc from 'fast-check';
import { parseJson } from '../../../src/load/parseJson';
import { JsonSyntaxError, parseJsonWithPositions } from '../../../src/load/parseJsonWithPositions';

function located(text: string): { message: string; line: number; column: number } {
  try {
    void parseJson(text).value;
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return { message: error.message, ...error.location };
  }
  throw new Error(`expected a syntax error for ${JSON.stringify(text)}`);
}

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('parseJson: JSON.parse first, the positional parser for errors and positions', () => {
  const text =
    '{\n  "name": "User",\n  "fields": { "id": "uuid", "note": "a \\": b", "tags": [1, {"x": null}] }\n}';

  it('gives the value and the positions parseJsonWithPositions gives', () => {
    const quick = parseJson(text);
    const full = parseJsonWithPositions(text);
    expect(quick.value).toEqual(full.value);
    expect([...quick.positions]).toEqual([...full.positions]);
  });

  it('computes the positions only when they are read, once', () => {
    const parsed = parseJson(text);
    const descriptor = Object.getOwnPropertyDescriptor(parsed, 'positions');
    expect(descriptor?.get).toBeDefined();
    expect(parsed.positions).toBe(parsed.positions);
  });

  it('refuses a duplicate property name, located at the second one, as the positional parser does', () => {
    expect(located('{\n  "a": 1,\n  "b": {"c": 1, "c": 2}\n}')).toEqual({
      message: 'duplicate property "c"',
      line: 3,
      column: 17,
    });
    // A name spelled with an escape is the same name.
    expect(located('{"a": 1, "\\u0061": 2}').message).toBe('duplicate property "a"');
  });

  it('does not count strings that only look like names ("x": inside a value)', () => {
    expect(parseJson('{"a": "\\"b\\": 1", "c": ["d:", "e"]}').value).toEqual({
      a: '"b": 1',
      c: ['d:', 'e'],
    });
  });

  it('tells duplicates from distinct names in any JSON text (escaped quotes and backslashes, any spacing)', () => {
    const key = fc.string({ unit: fc.constantFrom('a', '"', '\\', ':', ' ', '\n') });
    const value = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        key,
        fc.integer(),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(key, tie('value'), { maxKeys: 3 }),
      ),
    })).value;
    fc.assert(
      fc.property(value, key, fc.constantFrom(0, 1, '\t'), (parsed, twice, indent) => {
        const text = JSON.stringify({ first: parsed, [twice]: 1 }, null, indent);
        const quick = parseJson(text);
        expect(quick.value).toEqual(JSON.parse(text));
        // Counted right: no fall-back to the positional parser (whose positions are not lazy).
        expect(Object.getOwnPropertyDescriptor(quick, 'positions')?.get).toBeDefined();
        // The same name twice, spelled as JSON.stringify spells it: refused.
        const name = JSON.stringify(twice);
        expect(() => parseJson(`{${name}: 1, ${name} :2}`)).toThrow(JsonSyntaxError);
      }),
    );
  });

  it('keeps the nesting limit: 100 levels are read, 101 are refused with the hint', () => {
    expect(parseJson(nested(100)).value).toBeDefined();
    expect(located(nested(101)).message).toMatch(/nested more than 100 levels/);
  });

  it("gives the positional parser's located errors for text JSON.parse refuses", () => {
    expect(located('{\n  "a": 1,\n}')).toEqual(expect.objectContaining({ line: 3, column: 1 }));
    expect(located('').message).toMatch(/empty/);
  });

  it('reads a byte order mark as the positional parser does', () => {
    const withBom = '\ufeff{"a": 1}';
    expect(parseJson(withBom).value).toEqual({ a: 1 });
    expect(parseJson(withBom).positions.get('/a')?.value).toEqual({ line: 1, column: 7 });
  });

  it('keeps a __proto__ name as an own property, like the positional parser', () => {
    const value = parseJson('{"__proto__": {"x": 1}}').value as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});
