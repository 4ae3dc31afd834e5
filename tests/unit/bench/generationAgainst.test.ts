// The figures `npm run bench -- against` reports (bench/generationAgainst.js): the interval of the
// median of paired ratios, and the verdict read from it.
import { medianInterval, verdict } from '../../../bench/generationAgainst';

describe('medianInterval', () => {
  it('holds the median, and is narrower for many rounds than for few', () => {
    const noisy = (n: number) =>
      Array.from({ length: n }, (_, i) => 1 + (((i * 37) % 21) - 10) / 100);
    const [fewLow, fewHigh] = medianInterval(noisy(8));
    const [manyLow, manyHigh] = medianInterval(noisy(80));
    expect(fewLow).toBeLessThanOrEqual(1);
    expect(fewHigh).toBeGreaterThanOrEqual(1);
    expect(manyHigh - manyLow).toBeLessThan(fewHigh - fewLow);
  });

  it('is the same on every call (a fixed seed)', () => {
    const values = [0.9, 1.2, 1.0, 0.95, 1.1, 1.05, 0.98];
    expect(medianInterval(values)).toEqual(medianInterval(values));
  });

  it('is one point when every round agrees', () => {
    expect(medianInterval([0.97, 0.97, 0.97])).toEqual([0.97, 0.97]);
  });
});

describe('verdict', () => {
  it('is met only when the whole interval is at most 1, not met when wholly above', () => {
    expect(verdict([0.95, 1])).toBe(true);
    expect(verdict([1.01, 1.08])).toBe(false);
    expect(verdict([0.98, 1.03])).toBe('unclear');
  });
});
