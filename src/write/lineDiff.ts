/**
 * A unified diff of two texts (3 lines of context), for `appgen generate --dry-run`. Longest
 * common subsequence on lines: generated files are small, so the quadratic table is cheap; very
 * large inputs fall back to "whole file replaced".
 */
export function lineDiff(before: string, after: string, path: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  const header = [`--- a/${path}`, `+++ b/${path}`];
  if (a.length * b.length > 4_000_000)
    return [
      ...header,
      `@@ -1,${a.length} +1,${b.length} @@`,
      ...a.map((l) => `-${l}`),
      ...b.map((l) => `+${l}`),
    ].join('\n');
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  // Edit script: ' ' keep, '-' remove, '+' add, with positions in both texts.
  const ops: Array<{ op: ' ' | '-' | '+'; line: string; ai: number; bi: number }> = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j])
      ops.push({ op: ' ', line: a[i], ai: i++, bi: j++ });
    // Removals before additions, as in `diff -u`.
    else if (i < a.length && (j >= b.length || lcs[i + 1][j] >= lcs[i][j + 1]))
      ops.push({ op: '-', line: a[i], ai: i++, bi: j });
    else ops.push({ op: '+', line: b[j], ai: i, bi: j++ });
  }
  const changes = ops.flatMap((o, index) => (o.op === ' ' ? [] : [index]));
  const lines = [...header];
  let g = 0;
  while (g < changes.length) {
    // A hunk groups changes at most 6 unchanged lines apart, with 3 lines of context around.
    let last = g;
    while (last + 1 < changes.length && changes[last + 1] - changes[last] <= 7) last++;
    const hunk = ops.slice(Math.max(0, changes[g] - 3), Math.min(ops.length, changes[last] + 4));
    const aCount = hunk.filter((o) => o.op !== '+').length;
    const bCount = hunk.filter((o) => o.op !== '-').length;
    lines.push(
      `@@ -${hunk[0].ai + 1},${aCount} +${hunk[0].bi + 1},${bCount} @@`,
      ...hunk.map((o) => `${o.op}${o.line}`),
    );
    g = last + 1;
  }
  return lines.join('\n');
}
