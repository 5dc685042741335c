import { assign, fromCallback, type SnapshotFrom, setup } from 'xstate';
import { notProvided } from '../machines/not-provided';

/**
 * The idle countdown: the server ends a session after SESSION_IDLE_MINUTES without a request
 * (server/http/session.ts). This machine follows that timer as the server sees it, from the
 * requests the app sends with the session token (`idle.activity`), and two minutes before the
 * end asks the user whether to stay signed in.
 *
 * off → on.watching → (IDLE_WARNING_MS before the end) verifying: the server is asked how long
 * is left, without that counting as activity, since another tab may have kept the session
 * alive → warning (the dialog, with a live countdown) → "Stay signed in" (keepingAlive, a
 * request that counts) or "Sign out" → or, at zero, confirmingExpiry: the server's answer (a
 * 401 ends the session as any expired answer does) decides; unreachable, the session ends here.
 *
 * Time is injected: the `after` delay runs on the actor's clock, the countdown's ticks come
 * from the `ticker` actor, and every instant arrives in an event (`at`, `now`), so tests
 * swap the clock and never wait.
 */
export const IDLE_WARNING_MS = 2 * 60_000;
const TICK_MS = 1000;

export type IdleEvent =
  | { type: 'idle.start'; idleMs: number; at: number }
  | { type: 'idle.stop' }
  | { type: 'idle.activity'; at: number }
  | { type: 'idle.tick'; now: number }
  | { type: 'idle.stay' }
  | { type: 'idle.signOut' };

/** The server's view: how long the session has left, measured from `at` (when it was asked). */
export interface SessionTimeLeft {
  at: number;
  idleRemainingMs: number;
}

export interface IdleContext {
  idleMs: number;
  warnMs: number;
  /** When the server will end the session, if nothing else is asked of it (client clock). */
  deadline: number;
  /** When `deadline` was last learnt (the `after` delay counts from there). */
  learntAt: number;
  /** Shown in the dialog; updated by every tick. */
  remainingMs: number;
  /** "Stay signed in" did not reach the server. */
  keepAliveFailed: boolean;
}

/** What the machine needs of time: the instant, and timers (XState's Clock). */
export interface IdleClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export const systemIdleClock: IdleClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
};

/** Ticks once at once, then every TICK_MS, on `clock`: the countdown reads the clock each time. */
export function tickerOn(clock: IdleClock) {
  return fromCallback<IdleEvent>(({ sendBack }) => {
    let timer: unknown;
    const tick = () => {
      sendBack({ type: 'idle.tick', now: clock.now() });
      timer = clock.setTimeout(tick, TICK_MS);
    };
    tick();
    return () => clock.clearTimeout(timer);
  });
}

const sessionEnded = (error: unknown) => (error as { sessionExpired?: unknown } | null)?.sessionExpired === true;

export const idleMachine = setup({
  types: {
    context: {} as IdleContext,
    events: {} as IdleEvent,
  },
  actors: {
    ticker: fromCallback<IdleEvent>(() => () => undefined),
    /** GET auth/session: reads the time left without counting as activity. */
    checkSession: notProvided<SessionTimeLeft>('checkSession'),
    /** POST auth/session/keep-alive: counts as activity. */
    keepAlive: notProvided<SessionTimeLeft>('keepAlive'),
  },
  actions: {
    /** "Sign out": a deliberate logout. */
    signOut: () => {},
    /** The end came and the server could not be asked: the session ends here. */
    expire: () => {},
    /** What the server said of the time left. */
    learn: assign(({ context }, params: { left: SessionTimeLeft }) => ({
      deadline: params.left.at + params.left.idleRemainingMs,
      learntAt: params.left.at,
      remainingMs: Math.min(context.warnMs, params.left.idleRemainingMs),
    })),
  },
  delays: {
    untilWarning: ({ context }) => Math.max(0, context.deadline - context.warnMs - context.learntAt),
  },
  guards: {
    plentyLeft: ({ context }, params: { left: SessionTimeLeft }) => params.left.idleRemainingMs > context.warnMs,
    someLeft: (_, params: { left: SessionTimeLeft }) => params.left.idleRemainingMs > 0,
    reachedZero: ({ context }, params: { now: number }) => params.now >= context.deadline,
    sessionEnded: (_, params: { error: unknown }) => sessionEnded(params.error),
  },
}).createMachine({
  id: 'idle',
  initial: 'off',
  context: {
    idleMs: 0,
    warnMs: IDLE_WARNING_MS,
    deadline: 0,
    learntAt: 0,
    remainingMs: 0,
    keepAliveFailed: false,
  },
  on: {
    'idle.start': {
      target: '.on',
      reenter: true,
      actions: assign(({ event }) => ({
        idleMs: event.idleMs,
        deadline: event.at + event.idleMs,
        learntAt: event.at,
        keepAliveFailed: false,
      })),
    },
  },
  states: {
    off: {},
    on: {
      initial: 'watching',
      on: {
        'idle.stop': { target: 'off' },
        // Any request the server counts restarts its timer: the dialog, if open, has done its job.
        'idle.activity': {
          target: '.watching',
          actions: assign(({ context, event }) => ({
            deadline: event.at + context.idleMs,
            learntAt: event.at,
            keepAliveFailed: false,
          })),
        },
      },
      states: {
        watching: {
          after: { untilWarning: { target: 'verifying' } },
        },
        verifying: {
          invoke: {
            src: 'checkSession',
            onDone: [
              {
                guard: { type: 'plentyLeft', params: ({ event }) => ({ left: event.output }) },
                target: 'watching',
                actions: { type: 'learn', params: ({ event }) => ({ left: event.output }) },
              },
              { target: 'warning', actions: { type: 'learn', params: ({ event }) => ({ left: event.output }) } },
            ],
            onError: [
              { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: '#idle.off' },
              // Unreachable: warn on the app's own count.
              { target: 'warning' },
            ],
          },
        },
        warning: {
          tags: ['warning'],
          invoke: { src: 'ticker' },
          on: {
            'idle.tick': [
              {
                guard: { type: 'reachedZero', params: ({ event }) => ({ now: event.now }) },
                target: 'confirmingExpiry',
                actions: assign({ remainingMs: 0 }),
              },
              { actions: assign({ remainingMs: ({ context, event }) => context.deadline - event.now }) },
            ],
            'idle.stay': { target: 'keepingAlive' },
            'idle.signOut': { actions: 'signOut' },
          },
        },
        keepingAlive: {
          tags: ['warning', 'busy'],
          entry: assign({ keepAliveFailed: false }),
          on: {
            // The keep-alive request itself: it neither closes the dialog before the answer nor
            // moves the deadline, since a request that never reached the server restarted nothing
            // there (the answer, if any, says how long is left).
            'idle.activity': {},
          },
          invoke: {
            src: 'keepAlive',
            onDone: {
              target: 'watching',
              actions: { type: 'learn', params: ({ event }) => ({ left: event.output }) },
            },
            onError: [
              { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: '#idle.off' },
              { target: 'warning', actions: assign({ keepAliveFailed: true }) },
            ],
          },
        },
        confirmingExpiry: {
          tags: ['warning', 'busy'],
          invoke: {
            src: 'checkSession',
            onDone: [
              // Another tab kept the session alive.
              {
                guard: { type: 'plentyLeft', params: ({ event }) => ({ left: event.output }) },
                target: 'watching',
                actions: { type: 'learn', params: ({ event }) => ({ left: event.output }) },
              },
              {
                guard: { type: 'someLeft', params: ({ event }) => ({ left: event.output }) },
                target: 'warning',
                actions: { type: 'learn', params: ({ event }) => ({ left: event.output }) },
              },
              { target: '#idle.off', actions: 'expire' },
            ],
            onError: [
              // The 401 has already ended the session through the API client.
              { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: '#idle.off' },
              { target: '#idle.off', actions: 'expire' },
            ],
          },
        },
      },
    },
  },
});

export type IdleSnapshot = SnapshotFrom<typeof idleMachine>;

export const selectIdleWarning = (s: IdleSnapshot) => s.hasTag('warning');
export const selectIdleBusy = (s: IdleSnapshot) => s.hasTag('busy');
export const selectRemainingMs = (s: IdleSnapshot) => s.context.remainingMs;
export const selectKeepAliveFailed = (s: IdleSnapshot) => s.context.keepAliveFailed;

/** 1:59, 0:05: whole seconds, rounded up so the dialog never shows 0:00 while time is left. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
