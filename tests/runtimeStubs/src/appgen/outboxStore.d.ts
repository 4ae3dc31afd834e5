import type { OutboxStore } from './outbox';

export declare const outboxStore: OutboxStore;
