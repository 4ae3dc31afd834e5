// The pure part of `npm run bench -- queue` (bench/queueCompare.js): percentiles, the rotating
// order of the interleaved systems, medians over rounds and the rows of the printed tables.
import {
  medians,
  percentile,
  queueSettings,
  rotated,
  tableRows,
} from '../../../bench/queueCompare';

describe('percentile', () => {
  it('takes the nearest rank, and NaN of nothing', () => {
    const values = [5, 1, 4, 2, 3, 6, 7, 8, 9, 10];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 99)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('rotated', () => {
  it('starts each round with the next system', () => {
    expect(rotated(['a', 'b', 'c'], 0)).toEqual(['a', 'b', 'c']);
    expect(rotated(['a', 'b', 'c'], 1)).toEqual(['b', 'c', 'a']);
    expect(rotated(['a', 'b', 'c'], 4)).toEqual(['b', 'c', 'a']);
  });
});

describe('medians', () => {
  it('takes the median of each figure over the rounds', () => {
    expect(
      medians({
        outbox: [
          { p50: 3, p99: 9 },
          { p50: 1, p99: 7 },
          { p50: 2, p99: 8 },
        ],
      }),
    ).toEqual({
      outbox: { p50: 2, p99: 8 },
    });
  });
});

describe('queueSettings', () => {
  it('takes its figures from run.js options', () => {
    expect(
      queueSettings({
        rounds: 3,
        connections: 10,
        queueWrites: 400,
        queueBacklog: 2000,
        queueIdle: 20,
        keep: false,
      }),
    ).toEqual({
      rounds: 3,
      connections: 10,
      writes: 400,
      backlog: 2000,
      idleSeconds: 20,
      keep: false,
    });
  });
});

describe('tableRows', () => {
  const system = (value: number) => ({
    outbox: value,
    pgboss: value * 2,
    'pgboss-tuned': value * 3,
  });
  const per = <T>(make: (v: number) => T) =>
    Object.fromEntries(
      Object.entries(system(1)).flatMap(([name, v]) => [
        [`${name} 1`, make(v)],
        [`${name} 2`, make(v * 10)],
      ]),
    );
  const rows = tableRows({
    cost: {
      plain: { p50: 2, p99: 5 },
      ...Object.fromEntries(Object.entries(system(1)).map(([k, v]) => [k, { p50: 2 + v, p99: 6 }])),
    },
    rates: per((v) => ({ rate: 100 * v, repeats: 0 })),
    waits: per((v) => ({ p50: v, p99: 2 * v })),
    idle: {
      none: { xactsPerSecond: 0, connections: 0 },
      ...Object.fromEntries(
        Object.entries(system(1)).map(([k, v]) => [k, { xactsPerSecond: v, connections: v }]),
      ),
    },
    created: {
      outbox: { tables: 1, indexes: 3, functions: 0, other: 0, note: 'one table' },
      pgboss: { tables: 11, indexes: 31, functions: 6, other: 0, note: 'a schema' },
    },
  });

  it('prints the write alone first, then each system with its cost over it', () => {
    expect(rows.cost.map((row) => [row[0], row[3]])).toEqual([
      ['write alone (no event)', '-'],
      ['appgen outbox', '+1.0'],
      ['pg-boss, defaults', '+2.0'],
      ['pg-boss, tuned', '+3.0'],
    ]);
  });

  it('puts 1 and 2 instances side by side', () => {
    expect(rows.throughput[1]).toEqual(['pg-boss, defaults', '200', '2000', '0']);
    expect(rows.latency[0]).toEqual(['appgen outbox', '1', '2', '10', '20']);
  });

  it('lists the idle baseline and the objects of both', () => {
    expect(rows.idle[0]).toEqual(['no instance (baseline)', '0.00', '0']);
    expect(rows.objects.map((row) => row.slice(0, 3))).toEqual([
      ['appgen outbox', '1', '3'],
      ['pg-boss', '11', '31'],
    ]);
  });
});
