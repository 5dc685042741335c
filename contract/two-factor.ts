/**
 * Two-factor sign-in (docs/security.md): what the dashboard and the API share. Types and patterns
 * only (no zod), so the login step in the main bundle can import it for free; the codes' own
 * patterns are two-factor-codes.ts, which only the code step and the settings need.
 *
 * - `POST auth/login` with the right password answers a TwoFactorChallenge instead of the
 *   user object when the user has turned two-factor on; `POST auth/login/two-factor` with the
 *   challenge token and a code (from the authenticator app, or one recovery code) completes it.
 * - `/two-factor` (the groups of the admin menu): status, enrolment, confirmation (which
 *   returns the recovery codes, once), a new set of recovery codes (with a code), turning it
 *   off with a code, and an admin's reset of another user.
 */

import type { TwoFactorChallenge } from './api/auth';

export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
export const TWO_FACTOR_CHALLENGE_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;

export function isTwoFactorChallenge(value: unknown): value is TwoFactorChallenge {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { twoFactorRequired?: unknown }).twoFactorRequired === true &&
    typeof (value as { challengeToken?: unknown }).challengeToken === 'string'
  );
}

/** Error codes the login step reacts to (besides INVALID_CREDENTIALS and TOO_MANY_ATTEMPTS). */
export const TWO_FACTOR_ERRORS = {
  /** The code is wrong, or was already used: type another. */
  invalidCode: 'INVALID_TWO_FACTOR_CODE',
  /** The challenge is over (expired, used, out of attempts): sign in again from the password. */
  challengeExpired: 'TWO_FACTOR_CHALLENGE_EXPIRED',
} as const;
