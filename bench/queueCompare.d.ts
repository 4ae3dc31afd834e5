/** The pure part of `npm run bench -- queue` (see queueCompare.js). */

export type System = 'outbox' | 'pgboss' | 'pgboss-tuned';

export interface QueueSettings {
  rounds: number;
  connections: number;
  writes: number;
  backlog: number;
  idleSeconds: number;
  keep: boolean;
}

export interface QueueResults {
  /** Per system and `plain`: write latency, ms. */
  cost: Record<string, { p50: number; p99: number }>;
  /** Per `<system> <instances>`: handled events per second, and events handled more than once. */
  rates: Record<string, { rate: number; repeats: number }>;
  /** Per `<system> <instances>`: commit → handler start, ms. */
  waits: Record<string, { p50: number; p99: number }>;
  /** Per system and `none`: transactions per second and connections with no work. */
  idle: Record<string, { xactsPerSecond: number; connections: number }>;
  created: Record<
    'outbox' | 'pgboss',
    { tables: number; indexes: number; functions: number; other: number; note: string }
  >;
}

export function percentile(values: number[], p: number): number;
export function rotated<T>(list: T[], by: number): T[];
export function medians(
  results: Record<string, Array<Record<string, number>>>,
): Record<string, Record<string, number>>;
export function queueSettings(opts: {
  rounds: number;
  connections: number;
  queueWrites: number;
  queueBacklog: number;
  queueIdle: number;
  keep: boolean;
}): QueueSettings;
export function tableRows(
  results: QueueResults,
): Record<'cost' | 'throughput' | 'latency' | 'idle' | 'objects', string[][]>;
export function runQueueCompare(opts: object): Promise<unknown[]>;
