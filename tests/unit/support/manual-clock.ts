import type { IdleClock } from '../../../src/session/idle-machine';

/**
 * A clock the test moves by hand: `advance(ms)` runs the due timers in order, each at its
 * own instant, as real time would.
 */
export function createManualClock(start = Date.UTC(2026, 10, 22, 9, 0, 0)) {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { due: number; fn: () => void }>();
  const clock = {
    now: () => now,
    setTimeout(fn: () => void, ms: number) {
      const id = nextId++;
      timers.set(id, { due: now + Math.max(0, ms), fn });
      return id;
    },
    clearTimeout(id: unknown) {
      timers.delete(id as number);
    },
    /** Moves time forward, firing every timer that falls due on the way. */
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        let first: [number, { due: number; fn: () => void }] | undefined;
        for (const entry of timers) if (entry[1].due <= end && (!first || entry[1].due < first[1].due)) first = entry;
        if (!first) break;
        timers.delete(first[0]);
        now = first[1].due;
        first[1].fn();
      }
      now = end;
    },
    pending: () => timers.size,
  } satisfies IdleClock & Record<string, unknown>;
  return clock;
}

export type ManualClock = ReturnType<typeof createManualClock>;
