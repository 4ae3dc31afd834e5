import v8 from 'v8';
import vm from 'vm';
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

  it('lookup computes a missing value once, from a key equal to the one asked', () => {
    const memo = new BoundedMemo<string>();
    const seen: string[] = [];
    const compute = (key: string) => {
      seen.push(key);
      return key.toUpperCase();
    };
    const text = 'import { a } from "./a";\nimport { b } from "./b";\n';
    const line = text.slice(0, text.indexOf('\n'));
    expect(memo.lookup(line, compute)).toBe('IMPORT { A } FROM "./A";');
    expect(memo.lookup('import { a } from "./a";', compute)).toBe('IMPORT { A } FROM "./A";');
    expect(seen).toEqual(['import { a } from "./a";']);
  });

  it('keeps no text a key was cut from (a line of a rendered file holds no whole file)', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const memo = new BoundedMemo<number>();
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 200; i++) {
      // A 100 KB file of its own, of which a 60-character line is looked up.
      const file = `import { a${i} } from "./a";\n`.repeat(4000);
      memo.lookup(file.slice(100, 160), (line) => line.length);
    }
    gc();
    // 200 files of ~100 KB: ~20 MB if the keys kept them, a few KB otherwise.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(5_000_000);
  });
});
