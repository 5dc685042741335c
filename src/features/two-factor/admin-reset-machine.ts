import { assign, or, type SnapshotFrom, setup, stateIn } from 'xstate';
import type { TwoFactorUserStatus } from '../../../contract/api/two-factor';
import { notProvided } from '../../machines/not-provided';

/**
 * An admin resets another user's two-factor (a lost phone): find the user by username, see
 * whether two-factor is on, reset after a confirmation. For a user who decides something, the
 * reset waits for a second administrator (decision 031): the page says so and shows the user as
 * they still are. Effects: `lookUp`, `reset`.
 */
export type AdminResetEvent =
  | { type: 'lookup.submit'; username: string }
  | { type: 'reset.ask' }
  | { type: 'reset.cancel' }
  | { type: 'reset.confirm' };

export interface AdminResetContext {
  target: TwoFactorUserStatus | null;
  failure: string | null;
  usernameMissing: boolean;
  /** The reset just asked for, for the confirmation: done, or waiting for a second administrator. */
  resetDone: ResetOutcome | null;
}

/** What a reset answered: the user's two-factor after it, and whether it waits for a second administrator. */
interface ResetOutcome {
  username: string;
  waiting: boolean;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const adminResetMachine = setup({
  types: { context: {} as AdminResetContext, events: {} as AdminResetEvent },
  actors: {
    lookUp: notProvided<TwoFactorUserStatus, { username: string }>('lookUp'),
    reset: notProvided<{ target: TwoFactorUserStatus; waiting: boolean }, { username: string }>('reset'),
  },
  guards: {
    hasUsername: (_, params: { username: string }) => params.username.trim() !== '',
    isBusy: or([stateIn('#adminReset.looking'), stateIn('#adminReset.resetting')]),
  },
}).createMachine({
  id: 'adminReset',
  initial: 'idle',
  context: { target: null, failure: null, usernameMissing: false, resetDone: null },
  on: {
    'lookup.submit': [
      // Find is marked busy, not disabled, and Enter in the field still submits the form: a new
      // lookup must not abandon the one or the reset on its way.
      { guard: 'isBusy', actions: [] },
      {
        guard: { type: 'hasUsername', params: ({ event }) => ({ username: event.username }) },
        target: '.looking',
      },
      { target: '.idle', actions: assign({ usernameMissing: true, target: null, failure: null, resetDone: null }) },
    ],
  },
  states: {
    idle: {},
    looking: {
      tags: ['busy'],
      entry: assign({ failure: null, usernameMissing: false, resetDone: null }),
      invoke: {
        src: 'lookUp',
        input: ({ event }) => ({
          username: (event as Extract<AdminResetEvent, { type: 'lookup.submit' }>).username.trim(),
        }),
        onDone: { target: 'found', actions: assign({ target: ({ event }) => event.output }) },
        onError: {
          target: 'idle',
          actions: assign({ target: null, failure: ({ event }) => message(event.error) }),
        },
      },
    },
    found: {
      on: { 'reset.ask': { target: 'confirming', actions: assign({ failure: null, resetDone: null }) } },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        'reset.cancel': 'found',
        'reset.confirm': 'resetting',
      },
    },
    resetting: {
      tags: ['confirming', 'busy'],
      invoke: {
        src: 'reset',
        input: ({ context }) => ({ username: context.target?.username ?? '' }),
        onDone: {
          target: 'found',
          actions: assign({
            target: ({ event }) => event.output.target,
            resetDone: ({ event }) => ({ username: event.output.target.username, waiting: event.output.waiting }),
          }),
        },
        onError: { target: 'found', actions: assign({ failure: ({ event }) => message(event.error) }) },
      },
    },
  },
});

export type AdminResetSnapshot = SnapshotFrom<typeof adminResetMachine>;
export const selectTarget = (s: AdminResetSnapshot) => s.context.target;
export const selectResetFailure = (s: AdminResetSnapshot) => s.context.failure;
export const selectUsernameMissing = (s: AdminResetSnapshot) => s.context.usernameMissing;
export const selectResetDone = (s: AdminResetSnapshot) => s.context.resetDone;
export const selectConfirming = (s: AdminResetSnapshot) => s.hasTag('confirming');
export const selectResetBusy = (s: AdminResetSnapshot) => s.hasTag('busy');
