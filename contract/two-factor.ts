/**
 * Two-factor sign-in (docs/security.md): what the dashboard and the API share. Types and patterns
 * only (no zod), so the login step in the main bundle can import it for free.
 *
 * - `POST auth/login` with the right password answers a TwoFactorChallenge instead of the
 *   user object when the user has turned two-factor on; `POST auth/login/two-factor` with the
 *   challenge token and a code (from the authenticator app, or one recovery code) completes it.
 * - `/two-factor` (the groups of the admin menu): status, enrolment, confirmation (which
 *   returns the recovery codes, once), a new set of recovery codes (with a code), turning it
 *   off with a code, and an admin's reset of another user.
 */

/** What `POST auth/login` answers instead of the user object when a code is still needed. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  /** Single use, valid TWO_FACTOR_CHALLENGE_MINUTES, TWO_FACTOR_CHALLENGE_ATTEMPTS codes at most. */
  challengeToken: string;
  expiresAt: string;
}

export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
export const TWO_FACTOR_CHALLENGE_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;

/** Six digits from the authenticator app. */
const TOTP_CODE_PATTERN = /^\d{6}$/;
/** Ten letters and digits, shown as `xxxxx-xxxxx`; case, spaces and dashes are ignored. */
const RECOVERY_CODE_PATTERN = /^[0-9a-z]{5}-?[0-9a-z]{5}$/i;

/** A code as typed: blanks dropped, so "123 456" and " abcde-12345 " are read as meant. */
export const normaliseCode = (code: string) => code.replace(/[\s\u00a0]/g, '');

export const isTotpCode = (code: string) => TOTP_CODE_PATTERN.test(normaliseCode(code));
export const isRecoveryCode = (code: string) => RECOVERY_CODE_PATTERN.test(normaliseCode(code));

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

/** GET two-factor: the caller's own state. */
export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  /** An enrolment was started and not confirmed yet. */
  pending: boolean;
  /** Unused recovery codes left (0 when off). */
  recoveryCodesLeft: number;
}

/** POST two-factor/enrolment: the new secret, to scan or to type. Shown once. */
export interface TwoFactorEnrolment {
  /** Base32, in groups of four for typing. */
  secret: string;
  otpauthUri: string;
  /** The otpauth URI as an SVG QR code, a `data:image/svg+xml` URL for an <img>. */
  qrCode: string;
  issuer: string;
  account: string;
}

/** POST two-factor/enrolment/confirm: on, with the recovery codes (shown once). */
export interface TwoFactorEnabled {
  enabledAt: string;
  recoveryCodes: string[];
}

/** POST two-factor/recovery-codes: a new set of recovery codes (shown once); the old ones stop working. */
export interface TwoFactorRecoveryCodes {
  recoveryCodes: string[];
  /** The caller's state afterwards (recoveryCodesLeft is the new count). */
  status: TwoFactorStatus;
}

/** GET two-factor/users/{username} (admins): another user's state. */
export interface TwoFactorUserStatus {
  username: string;
  name: string;
  enabled: boolean;
  enabledAt: string | null;
  pending: boolean;
}

/** What the dashboard learns of the server's session timeouts, in the user object. */
export interface SessionPolicy {
  idleSeconds: number;
}

/** GET auth/session (does not count as activity) and POST auth/session/keep-alive (does). */
export interface SessionStatus {
  idleSeconds: number;
  /** Milliseconds before the session ends if nothing else is asked of the server. */
  idleRemainingMs: number;
  absoluteRemainingMs: number;
}
