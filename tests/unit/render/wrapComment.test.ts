import { wrapComment } from '../../../src/render/wrapComment';

// The `commentLines` helper: a comment whose length depends on names from the config, its words
// filled into lines of at most 100 columns (issue 51).
describe('wrapComment', () => {
  it('keeps a comment that fits on one line', () => {
    expect(wrapComment('Rules on fields: refused (403).', 4)).toBe(
      '    // Rules on fields: refused (403).',
    );
  });

  it('fills each line with the words that fit, within 100 columns', () => {
    const text =
      'Access rules (src/appgen/access/post.ts): a caller who may create no Post, whatever its ' +
      'values, is refused (403).';
    const lines = wrapComment(text, 4).split('\n');
    expect(lines).toEqual([
      '    // Access rules (src/appgen/access/post.ts): a caller who may create no Post, whatever its',
      '    // values, is refused (403).',
    ]);
    expect(lines.every((line) => line.length <= 100)).toBe(true);
  });

  it('reads the text as one paragraph and keeps a word longer than a line whole', () => {
    const word = 'x'.repeat(120);
    expect(wrapComment(`  a\n  b ${word} c `, 0)).toBe(`// a b\n// ${word}\n// c`);
  });

  it('writes a paragraph of a JSDoc comment with its own marker', () => {
    expect(wrapComment(`${'word '.repeat(25)}end`, 0, ' * ')).toBe(
      ` * ${'word '.repeat(18)}word\n * ${'word '.repeat(6)}end`,
    );
  });
});
