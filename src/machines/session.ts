import { assign, fromPromise, setup } from 'xstate';
import type { CurrentUser } from '../api/types';

export interface Credentials {
  username: string;
  password: string;
}

export type SessionEvent =
  | ({ type: 'session.login' } & Credentials)
  | { type: 'session.logout' }
  | { type: 'session.expired'; message: string };

export interface SessionContext {
  user: CurrentUser | null;
  loginError: string | null;
  expiredMessage: string | null;
}

/**
 * The session (SPEC.md §4): restoring, then signed out or signed in. Every effect is a
 * named actor or action, supplied where the app is assembled (src/app/services.ts).
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    restoreSession: fromPromise<CurrentUser | null>(async () => null),
    loginRequest: fromPromise<CurrentUser, Credentials>(async () => {
      throw new Error('loginRequest not provided');
    }),
  },
  actions: {
    persistUser: (_, _params: { user: CurrentUser }) => {},
    clearStoredSession: () => {},
    revokeOnServer: (_, _params: { user: CurrentUser | null }) => {},
    navigateToLogin: () => {},
    showExpiredMessage: (_, _params: { message: string }) => {},
    sessionChanged: () => {},
  },
  guards: {
    hasStoredUser: (_, params: { user: CurrentUser | null }) => params.user !== null,
  },
}).createMachine({
  id: 'session',
  initial: 'restoring',
  context: { user: null, loginError: null, expiredMessage: null },
  states: {
    restoring: {
      tags: ['pending'],
      invoke: {
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'hasStoredUser', params: ({ event }) => ({ user: event.output }) },
            target: 'signedIn',
            actions: assign({ user: ({ event }) => event.output }),
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
    },
    signedOut: {
      tags: ['signedOut'],
      initial: 'idle',
      states: {
        idle: {
          on: { 'session.login': { target: 'submitting' } },
        },
        expired: {
          tags: ['expired'],
          on: { 'session.login': { target: 'submitting' } },
        },
        submitting: {
          tags: ['submitting'],
          entry: assign({ loginError: null }),
          invoke: {
            src: 'loginRequest',
            input: ({ event }) => {
              const e = event as Extract<SessionEvent, { type: 'session.login' }>;
              return { username: e.username, password: e.password };
            },
            onDone: {
              target: '#session.signedIn',
              actions: [
                assign({ user: ({ event }) => event.output, expiredMessage: null }),
                { type: 'persistUser', params: ({ event }) => ({ user: event.output }) },
              ],
            },
            onError: {
              target: 'rejected',
              actions: assign({
                loginError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
              }),
            },
          },
        },
        rejected: {
          tags: ['rejected'],
          on: { 'session.login': { target: 'submitting' } },
        },
      },
    },
    signedIn: {
      tags: ['signedIn'],
      entry: 'sessionChanged',
      on: {
        'session.logout': {
          target: 'signedOut.idle',
          actions: [
            { type: 'revokeOnServer', params: ({ context }) => ({ user: context.user }) },
            'clearStoredSession',
            assign({ user: null }),
            'navigateToLogin',
            'sessionChanged',
          ],
        },
        'session.expired': {
          target: 'signedOut.expired',
          actions: [
            'clearStoredSession',
            assign({ user: null, expiredMessage: ({ event }) => event.message }),
            { type: 'showExpiredMessage', params: ({ event }) => ({ message: event.message }) },
            'navigateToLogin',
            'sessionChanged',
          ],
        },
      },
    },
  },
});

export type SessionSnapshot = ReturnType<(typeof sessionMachine)['getInitialSnapshot']>;

export const selectUser = (s: SessionSnapshot) => s.context.user;
export const selectIsSignedIn = (s: SessionSnapshot) => s.hasTag('signedIn');
export const selectIsSubmitting = (s: SessionSnapshot) => s.hasTag('submitting');
export const selectLoginError = (s: SessionSnapshot) => (s.hasTag('rejected') ? s.context.loginError : null);
export const selectIsSettled = (s: SessionSnapshot) => !s.hasTag('pending');
