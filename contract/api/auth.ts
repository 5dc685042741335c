import { z } from 'zod';
import { noControlCharacters } from '../fields';
import { defineOperation } from './operation';

const tags = ['Session'];

const loginBody = z
  .object({
    username: z
      .string()
      .trim()
      .min(1, 'Enter your username')
      .max(64)
      .refine(noControlCharacters, 'must not contain control characters'),
    password: z.string().min(1, 'Enter your password').max(256),
  })
  .meta({ id: 'LoginRequest' });

/** The answer of every way to sign in or to read the signed-in user: a password, a two-factor code, a changed password. */
export const userObject = z
  .object({
    sessionId: z.string(),
    profile: z.object({
      id: z.number().int(),
      name: z.string(),
      username: z.string(),
      menuProfile: z
        .string()
        .meta({ description: 'What the menus read (Bridge, Checker): the chosen profile, else the name' }),
    }),
    groupDetails: z.object({ groupId: z.number().int() }),
    bankId: z.number().int().nullable(),
    bankList: z.array(
      z.object({
        id: z.number().int(),
        code: z.string(),
        name: z.string(),
        bankGroup: z.string().nullable(),
        active: z.boolean().meta({ description: 'Deactivated banks stay for reports; pickers drop them' }),
      }),
    ),
    accountsData: z.array(
      z.object({
        number: z.string(),
        kind: z.string(),
        label: z.string(),
        currency: z.string(),
        balance: z.number().int(),
        status: z.string(),
      }),
    ),
    /** The server's idle timeout: the dashboard warns before it ends the session. */
    sessionPolicy: z.object({ idleSeconds: z.number().int() }),
    /** A one-time password signed in: only auth/password (and logout, session) answers until it is changed. */
    mustChangePassword: z.boolean(),
  })
  .meta({ id: 'User' });

/** What auth/login answers instead of the user object when the user has two-factor on. */
const twoFactorChallenge = z
  .object({
    twoFactorRequired: z.literal(true),
    challengeToken: z.string().meta({ description: 'For POST auth/login/two-factor; single use, 5 minutes, 5 codes' }),
    expiresAt: z.string(),
  })
  .meta({ id: 'TwoFactorChallenge' });

const changePasswordBody = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password').max(256),
    newPassword: z.string().min(1, 'Enter a new password').max(256),
  })
  .meta({ id: 'ChangePasswordRequest' });

/**
 * How long the caller's session has left, for the dashboard's "stay signed in?" warning.
 * GET only reads it (a tab asking whether another tab kept the session alive must not keep
 * it alive itself); POST keep-alive is the "Stay signed in" answer, and slides it like any
 * other request.
 */
const sessionStatus = z
  .object({
    idleSeconds: z.number().int().meta({ description: 'The idle timeout, SESSION_IDLE_MINUTES' }),
    idleRemainingMs: z.number().int().meta({ description: 'Before the session ends if nothing else is asked' }),
    absoluteRemainingMs: z.number().int().meta({ description: 'Before it ends whatever happens' }),
  })
  .meta({ id: 'SessionStatus' });

/** Single use, valid TWO_FACTOR_CHALLENGE_MINUTES, TWO_FACTOR_CHALLENGE_ATTEMPTS codes at most. */
/** The signed-in user as the API answers it (the dashboard's stored session also reads older shapes). */
export type SignedInUser = z.output<typeof userObject>;
export type TwoFactorChallenge = z.output<typeof twoFactorChallenge>;
export type SessionStatus = z.output<typeof sessionStatus>;

const noSession = { 401: 'No live session (sessionExpired: true)' } as const;
const xsrf = { 403: 'Anti-forgery token missing or mismatched' } as const;

export const login = defineOperation({
  method: 'post',
  path: '/auth/login',
  tags,
  summary: 'Sign in; returns the user object and its session token',
  session: false,
  body: loginBody,
  answers: {
    200: {
      schema: z.union([userObject, twoFactorChallenge]),
      description: 'Signed in; or, for a user with two-factor on, a challenge to answer at auth/login/two-factor',
    },
  },
  errors: {
    400: 'Missing username or password',
    401: 'Unknown user or wrong password (one message for both)',
    ...xsrf,
    429: 'TOO_MANY_ATTEMPTS: this address failed too often at this username, or at any; wait Retry-After seconds (the same answer for known and unknown usernames; an address that has not failed is never held back)',
  },
  errorHeaders: {
    429: { 'Retry-After': { description: 'Seconds to wait before the next attempt', schema: { type: 'integer' } } },
  },
});

export const logout = defineOperation({
  method: 'post',
  path: '/auth/logout',
  tags,
  summary: 'Revoke the current session (succeeds even when it has already ended)',
  // With the session it ends, or without one (nothing to revoke).
  session: 'if-any',
  answers: { 200: { schema: z.object({ loggedOut: z.literal(true) }), description: 'Signed out' } },
  errors: {},
});

export const me = defineOperation({
  method: 'get',
  path: '/auth/me',
  tags,
  summary: 'The signed-in user object',
  answers: { 200: { schema: userObject, description: 'The current user' } },
  errors: noSession,
});

export const changePassword = defineOperation({
  method: 'post',
  path: '/auth/password',
  tags,
  summary:
    'Change one’s own password (the current one, then the new one); ends the user’s other sessions, keeps this one',
  body: changePasswordBody,
  answers: { 200: { schema: userObject, description: 'Changed: the user object, mustChangePassword now false' } },
  errors: {
    400: 'CURRENT_PASSWORD_WRONG; PASSWORD_TOO_SHORT (under 10 characters); PASSWORD_TOO_LONG; PASSWORD_SAME_AS_USERNAME; PASSWORD_TOO_COMMON (a common or guessable password); PASSWORD_UNCHANGED',
    ...noSession,
    ...xsrf,
    429: 'TOO_MANY_ATTEMPTS: too many wrong current passwords; wait Retry-After seconds',
  },
});

export const readSessionStatus = defineOperation({
  method: 'get',
  path: '/auth/session',
  tags,
  summary: 'Time left in the current session; reading it does not count as activity',
  answers: { 200: { schema: sessionStatus, description: 'The session is live' } },
  errors: noSession,
});

export const keepSessionAlive = defineOperation({
  method: 'post',
  path: '/auth/session/keep-alive',
  tags,
  summary: 'Stay signed in: counts as activity, so the idle timer starts again',
  answers: { 200: { schema: sessionStatus, description: 'The session is live, its idle timer restarted' } },
  errors: { ...noSession, ...xsrf },
});
