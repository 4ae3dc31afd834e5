import { BoundedMemo } from '../../../src/render/boundedMemo';

describe('BoundedMemo', () => {
  it('remembers a value by key, and starts again when it holds `size` of them', () => {
    const memo = new BoundedMemo<string>(2);
    expect(memo.get('a')).toBeUndefined();
    expect(memo.set('a', 'A')).toBe('A');
    expect(memo.set('b', 'B')).toBe('B');
    expect([memo.get('a'), memo.get('b')]).toEqual(['A', 'B']);
    // Full: the third key empties it first.
    memo.set('c', 'C');
    expect([memo.get('a'), memo.get('b'), memo.get('c')]).toEqual([undefined, undefined, 'C']);
  });

  it('keeps an empty string as a value (looked up with ??)', () => {
    const memo = new BoundedMemo<string>();
    memo.set('x', '');
    expect(memo.get('x') ?? 'computed again').toBe('');
  });
});
