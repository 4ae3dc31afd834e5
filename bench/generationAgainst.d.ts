/** Part "against" of `npm run bench` (see generationAgainst.js). */

/** The 95% interval of the median of `values`, by resampling them (a fixed seed: reproducible). */
export function medianInterval(values: number[], resamples?: number): [number, number];

/** true when the interval of this ÷ ref is at most 1, false when wholly above, else 'unclear'. */
export function verdict(interval: [number, number]): true | false | 'unclear';

export function runGenerationAgainst(opts: object): Promise<object[]>;
