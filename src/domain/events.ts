/**
 * How an event runs: `worker` (the default) records it in the write's transaction (the outbox,
 * src/appgen/outbox.ts) and a worker of some server process runs it soon after, with retries;
 * `inRequest` runs it in the request after the commit, once, its errors logged and dropped.
 */
export type EventRun = 'worker' | 'inRequest';

/** The delivery settings of an event run by the worker. */
export interface EventDelivery {
  /** Runs at most this many times (the first one included) before the event is kept as failed. */
  attempts: number;
  /** The wait before the second attempt; each later one waits twice as long as the one before (capped at an hour). */
  retryDelaySeconds: number;
  /** How long one attempt may hold its claim: past it, any instance may take the event over. */
  timeoutSeconds: number;
}

/** What an event gets when its config names no delivery settings. */
export const DEFAULT_EVENT_DELIVERY: EventDelivery = {
  attempts: 5,
  retryDelaySeconds: 10,
  timeoutSeconds: 60,
};

export const DEFAULT_EVENT_RUN: EventRun = 'worker';

/** The delivery settings of config/events, for the message when an `inRequest` event names one. */
export const DELIVERY_SETTINGS = Object.keys(DEFAULT_EVENT_DELIVERY) as Array<keyof EventDelivery>;
