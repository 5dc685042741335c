import { setTimeout as delay } from 'node:timers/promises';

/** Time is injected so expiry, locking and waiting can be tested without waiting. */
export interface Clock {
  now(): Date;
  /** Resolves once `ms` of this clock's time have passed, or at once when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms, signal) => delay(ms, undefined, { signal }).catch(() => undefined),
};
