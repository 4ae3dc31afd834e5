import { lineDiff } from '../../../src/write/lineDiff';

describe('lineDiff', () => {
  it('prints a unified diff with 3 lines of context, removals first', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].join('\n');
    const after = ['a', 'b', 'c', 'D', 'e', 'f', 'g'].join('\n');
    expect(lineDiff(before, after, 'x.ts')).toBe(
      [
        '--- a/x.ts',
        '+++ b/x.ts',
        '@@ -1,7 +1,7 @@',
        ' a',
        ' b',
        ' c',
        '-d',
        '+D',
        ' e',
        ' f',
        ' g',
      ].join('\n'),
    );
  });

  it('splits distant changes into separate hunks', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i}`);
    const changed = [...lines];
    changed[2] = 'two';
    changed[25] = 'twenty-five';
    const diff = lineDiff(lines.join('\n'), changed.join('\n'), 'y.ts');
    expect(diff.split('\n').filter((l) => l.startsWith('@@'))).toEqual([
      '@@ -1,6 +1,6 @@',
      '@@ -23,7 +23,7 @@',
    ]);
  });

  it('shows added and removed lines at the ends', () => {
    expect(lineDiff('a\nb', 'a\nb\nc', 'z')).toContain('+c');
    expect(lineDiff('x\na', 'a', 'z')).toContain('-x');
  });
});
