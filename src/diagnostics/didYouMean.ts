/** Levenshtein distance, case-insensitive, for "did you mean" suggestions. */
function distance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let previous = Array.from({ length: t.length + 1 }, (_, i) => i);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
    }
    previous = current;
  }
  return previous[t.length];
}

/** The closest candidate to `input`, if it is close enough to be a likely typo. */
export function closestMatch(input: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const limit = Math.max(2, Math.floor(input.length / 3));
  for (const candidate of candidates) {
    // The distance is at least the difference in length: skipping hopeless candidates keeps a
    // value of megabytes from taking seconds per candidate.
    if (Math.abs(input.length - candidate.length) > limit) continue;
    const d = distance(input, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/** `Did you mean "User"?` or a list of the valid choices when nothing is close. */
export function suggest(input: string, candidates: readonly string[], noun = 'one of'): string {
  const match = closestMatch(input, candidates);
  if (match) return `did you mean "${match}"?`;
  if (candidates.length === 0) return '';
  const shown = candidates
    .slice(0, 12)
    .map((c) => `"${c}"`)
    .join(', ');
  return `use ${noun} ${shown}${candidates.length > 12 ? `, or one of ${candidates.length - 12} more` : ''}.`;
}
