import { shortenLongValues } from '../../../src/diagnostics/shortenLongValues';

describe('shortenLongValues', () => {
  it('leaves short values and lines alone', () => {
    const text = 'path "/api/users" must start with "/"\n  fix: write it like "/api/users".';
    expect(shortenLongValues(text)).toBe(text);
  });

  it('cuts a long quoted value to 60 characters and its length, keeping the rest of the line', () => {
    const value = 'x'.repeat(5000);
    expect(shortenLongValues(`segment "${value}" of path "/a" is bad`)).toBe(
      `segment "${'x'.repeat(60)}… (5000 characters)" of path "/a" is bad`,
    );
  });

  it('keeps escaped quotes inside a value and does not split a surrogate pair', () => {
    const value = `${'a'.repeat(59)}😀${'\\"'.repeat(100)}`;
    expect(shortenLongValues(`"${value}"`)).toBe(
      `"${'a'.repeat(59)}… (${value.length} characters)"`,
    );
  });

  it('cuts a line that is still too long (unpaired quotes) to 500 characters', () => {
    const line = `"${'y'.repeat(3000)}`;
    expect(shortenLongValues(line)).toBe(`${line.slice(0, 500)}… (3001 characters)`);
  });
});
