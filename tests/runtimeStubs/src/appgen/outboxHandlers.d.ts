import type { NewOutboxRow } from './outbox';

export interface OutboxHandler {
  run(row: { id: string; name: string; payload: unknown; attempt: number }): unknown;
  retryDelaySeconds: number;
  timeoutSeconds: number;
}
export declare const OUTBOX_HANDLERS: Record<'event' | 'job', Record<string, OutboxHandler>>;
export declare function dueJobRows(after: Date, upTo: Date): NewOutboxRow[];
