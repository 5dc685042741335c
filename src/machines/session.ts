import { assign, fromPromise, setup } from 'xstate';
import { isTwoFactorChallenge, TWO_FACTOR_ERRORS } from '../../contract/two-factor';
import type { TwoFactorChallenge } from '../../contract/api/auth';
import type { CurrentUser } from '../api/types';
import { notProvided } from './not-provided';

interface Credentials {
  username: string;
  password: string;
}

interface TwoFactorAnswer {
  challengeToken: string;
  code: string;
}

export type SessionEvent =
  | ({ type: 'session.login' } & Credentials)
  | { type: 'session.twoFactor.submit'; code: string }
  | { type: 'session.twoFactor.cancel' }
  | { type: 'session.logout' }
  /** The password was changed (POST auth/password): the user object the server answered. */
  | { type: 'session.passwordChanged'; user: CurrentUser }
  | { type: 'session.expired'; message: string };

interface SessionContext {
  user: CurrentUser | null;
  loginError: string | null;
  expiredMessage: string | null;
  /** The password was right and two-factor is on: the code is asked against this challenge. */
  challenge: TwoFactorChallenge | null;
  /** Who is signing in (for the code step's wording). */
  signingIn: string | null;
  twoFactorError: string | null;
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Codes after which the challenge cannot be answered any more: back to the password. */
const CHALLENGE_OVER: readonly string[] = [TWO_FACTOR_ERRORS.challengeExpired, 'TOO_MANY_ATTEMPTS'];

/**
 * The session (docs/security.md, Sessions): restoring, then signed out or signed in. Signing in is the
 * password, then, for a user with two-factor on, a code (`signedOut.twoFactor`). Every effect
 * is a named actor or action, supplied where the app is assembled (src/app/services.ts).
 */
const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    restoreSession: fromPromise<CurrentUser | null>(async () => null),
    /** The user object, or a challenge when a code is still needed. */
    loginRequest: notProvided<CurrentUser | TwoFactorChallenge, Credentials>('loginRequest'),
    verifyTwoFactor: notProvided<CurrentUser, TwoFactorAnswer>('verifyTwoFactor'),
  },
  actions: {
    persistUser: (_, _params: { user: CurrentUser }) => {},
    clearStoredSession: () => {},
    revokeOnServer: (_, _params: { user: CurrentUser | null }) => {},
    /** `returnHere`: after signing in again, the user goes back to the page (and its filters) they were on. */
    navigateToLogin: (_, _params: { returnHere: boolean }) => {},
    showExpiredMessage: (_, _params: { message: string }) => {},
    sessionChanged: () => {},
  },
  guards: {
    hasStoredUser: (_, params: { user: CurrentUser | null }) => params.user !== null,
    isChallenge: (_, params: { output: unknown }) => isTwoFactorChallenge(params.output),
    /** Signed in with a one-time password: a password of one's own comes before anything else. */
    hasPasswordToSet: (_, params: { user: unknown }) =>
      (params.user as CurrentUser | null)?.mustChangePassword === true,
    challengeOver: (_, params: { error: unknown }) =>
      CHALLENGE_OVER.includes(String((params.error as { code?: unknown } | null)?.code)),
  },
});

/**
 * The two ways out of a session, the same from every signed-in state but for one thing:
 * `returnAfterExpiry`, whether an expiry (not the user's choice) keeps their page and its filters
 * for them. A deliberate sign-out always starts afresh: the next user may not be allowed that page.
 */
const signOutTransitions = (returnAfterExpiry: boolean) =>
  sessionSetup.createStateConfig({
    on: {
      'session.logout': {
        target: 'signedOut.idle',
        actions: [
          { type: 'revokeOnServer', params: ({ context }) => ({ user: context.user }) },
          'clearStoredSession',
          assign({ user: null }),
          { type: 'navigateToLogin', params: { returnHere: false } },
          'sessionChanged',
        ],
      },
      'session.expired': {
        target: 'signedOut.expired',
        actions: [
          'clearStoredSession',
          assign({ user: null, expiredMessage: ({ event }) => event.message }),
          { type: 'showExpiredMessage', params: ({ event }) => ({ message: event.message }) },
          { type: 'navigateToLogin', params: { returnHere: returnAfterExpiry } },
          'sessionChanged',
        ],
      },
    },
  }).on;

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  initial: 'restoring',
  context: {
    user: null,
    loginError: null,
    expiredMessage: null,
    challenge: null,
    signingIn: null,
    twoFactorError: null,
  },
  states: {
    restoring: {
      tags: ['pending'],
      invoke: {
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'hasPasswordToSet', params: ({ event }) => ({ user: event.output }) },
            target: 'passwordToSet',
            actions: assign({ user: ({ event }) => event.output }),
          },
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
          entry: assign({
            loginError: null,
            signingIn: ({ event }) => (event.type === 'session.login' ? event.username : null),
          }),
          invoke: {
            src: 'loginRequest',
            input: ({ event }) => {
              const e = event as Extract<SessionEvent, { type: 'session.login' }>;
              return { username: e.username, password: e.password };
            },
            onDone: [
              {
                guard: { type: 'isChallenge', params: ({ event }) => ({ output: event.output }) },
                target: 'twoFactor',
                actions: assign({ challenge: ({ event }) => event.output as TwoFactorChallenge }),
              },
              {
                guard: { type: 'hasPasswordToSet', params: ({ event }) => ({ user: event.output }) },
                target: '#session.passwordToSet',
                actions: [
                  assign({ user: ({ event }) => event.output as CurrentUser, expiredMessage: null }),
                  { type: 'persistUser', params: ({ event }) => ({ user: event.output as CurrentUser }) },
                ],
              },
              {
                target: '#session.signedIn',
                actions: [
                  assign({ user: ({ event }) => event.output as CurrentUser, expiredMessage: null }),
                  { type: 'persistUser', params: ({ event }) => ({ user: event.output as CurrentUser }) },
                ],
              },
            ],
            onError: {
              target: 'rejected',
              actions: assign({ loginError: ({ event }) => errorMessage(event.error) }),
            },
          },
        },
        /** The second step: the code from the authenticator app, or a recovery code. */
        twoFactor: {
          tags: ['twoFactor'],
          initial: 'entering',
          on: {
            'session.twoFactor.cancel': {
              target: 'idle',
              actions: assign({ challenge: null, twoFactorError: null }),
            },
          },
          states: {
            entering: {
              on: { 'session.twoFactor.submit': { target: 'verifying' } },
            },
            verifying: {
              tags: ['verifying'],
              entry: assign({ twoFactorError: null }),
              invoke: {
                src: 'verifyTwoFactor',
                input: ({ context, event }) => ({
                  challengeToken: context.challenge?.challengeToken ?? '',
                  code: (event as Extract<SessionEvent, { type: 'session.twoFactor.submit' }>).code,
                }),
                onDone: {
                  target: '#session.signedIn',
                  actions: [
                    assign({ user: ({ event }) => event.output, expiredMessage: null, challenge: null }),
                    { type: 'persistUser', params: ({ event }) => ({ user: event.output }) },
                  ],
                },
                onError: [
                  {
                    // Expired, spent or throttled: the password is asked again, with the reason (how long to wait).
                    guard: { type: 'challengeOver', params: ({ event }) => ({ error: event.error }) },
                    target: '#session.signedOut.rejected',
                    actions: assign({ loginError: ({ event }) => errorMessage(event.error), challenge: null }),
                  },
                  {
                    target: 'refused',
                    actions: assign({ twoFactorError: ({ event }) => errorMessage(event.error) }),
                  },
                ],
              },
            },
            refused: {
              tags: ['twoFactorRefused'],
              on: { 'session.twoFactor.submit': { target: 'verifying' } },
            },
          },
        },
        rejected: {
          tags: ['rejected'],
          on: { 'session.login': { target: 'submitting' } },
        },
      },
    },
    /**
     * Signed in with a one-time password: the API answers nothing but the password change
     * (and the session's own calls) until it is done, and the router shows only /set-password.
     */
    passwordToSet: {
      tags: ['passwordToSet'],
      entry: 'sessionChanged',
      on: {
        'session.passwordChanged': {
          target: 'signedIn',
          actions: [
            assign({ user: ({ event }) => event.user }),
            { type: 'persistUser', params: ({ event }) => ({ user: event.user }) },
          ],
        },
        // No page to come back to: the password is asked first, whatever the address was.
        ...signOutTransitions(false),
      },
    },
    signedIn: {
      tags: ['signedIn'],
      entry: 'sessionChanged',
      on: {
        // One's own password changed from the header's menu: this session stays, with the new user object.
        'session.passwordChanged': {
          actions: [
            assign({ user: ({ event }) => event.user }),
            { type: 'persistUser', params: ({ event }) => ({ user: event.user }) },
          ],
        },
        ...signOutTransitions(true),
      },
    },
  },
});

export type SessionSnapshot = ReturnType<(typeof sessionMachine)['getInitialSnapshot']>;

export const selectUser = (s: SessionSnapshot) => s.context.user;
export const selectIsSubmitting = (s: SessionSnapshot) => s.hasTag('submitting');
export const selectLoginError = (s: SessionSnapshot) => (s.hasTag('rejected') ? s.context.loginError : null);
export const selectIsSettled = (s: SessionSnapshot) => !s.hasTag('pending');
export const selectIsTwoFactor = (s: SessionSnapshot) => s.hasTag('twoFactor');
export const selectIsVerifying = (s: SessionSnapshot) => s.hasTag('verifying');
export const selectSigningIn = (s: SessionSnapshot) => s.context.signingIn;
export const selectTwoFactorError = (s: SessionSnapshot) =>
  s.hasTag('twoFactorRefused') ? s.context.twoFactorError : null;
