/**
 * The codes of two-factor sign-in (docs/security.md): what the code step, the two-factor settings
 * and the API check a typed code against. Apart from two-factor.ts, whose part the session
 * machine in /login's code reads: these load with the code step (decision 060).
 */

/** Six digits from the authenticator app. */
const TOTP_CODE_PATTERN = /^\d{6}$/;
/** Ten letters and digits, shown as `xxxxx-xxxxx`; case, spaces and dashes are ignored. */
const RECOVERY_CODE_PATTERN = /^[0-9a-z]{5}-?[0-9a-z]{5}$/i;

/** A code as typed: blanks dropped, so "123 456" and " abcde-12345 " are read as meant. */
export const normaliseCode = (code: string) => code.replace(/[\s\u00a0]/g, '');

export const isTotpCode = (code: string) => TOTP_CODE_PATTERN.test(normaliseCode(code));
export const isRecoveryCode = (code: string) => RECOVERY_CODE_PATTERN.test(normaliseCode(code));
