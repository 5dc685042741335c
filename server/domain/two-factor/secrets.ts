/**
 * What two-factor keeps at rest, and how: the TOTP secret encrypted with the server key
 * (aes-256-gcm, bound to its user so a row copied onto another user does not decrypt), and
 * recovery codes as keyed hashes only.
 */
import { createHmac, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../../../contract/two-factor';
import { normaliseCode } from '../../../contract/two-factor-codes';
import { seal, unseal } from '../../lib/sealed';

const boundTo = (userId: number) => `user_two_factor:${userId}`;

/** `iv:tag:ciphertext`, each base64url (the format server/db/schema/identity.ts documents). */
export const encryptSecret = (key: Buffer, userId: number, secret: string): string =>
  seal(key, boundTo(userId), secret);

/** The secret, or an error when the key, the user or the stored text is not the one it was sealed with. */
export const decryptSecret = (key: Buffer, userId: number, stored: string): string =>
  unseal(key, boundTo(userId), stored);

/** Crockford's base32 (no i, l, o, u): nothing to misread when copying a code from paper. */
const CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** RECOVERY_CODE_COUNT new codes of 50 random bits each, written `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed, reduced to its ten characters (case, dashes, look-alikes forgiven). */
export function canonicalRecoveryCode(code: string): string {
  return normaliseCode(code).replace(/-/g, '').toLowerCase().replace(/[il]/g, '1').replace(/o/g, '0');
}

/**
 * HMAC-SHA256 under a key derived from the server key. The codes carry 50 random bits, so a
 * keyed hash is enough (scrypt, in lib/password.ts, is for guessable passwords), lets a code
 * be found by its hash in one indexed query, and a leaked table cannot be brute-forced
 * without the server key.
 */
export function hashRecoveryCode(key: Buffer, code: string): string {
  const codeKey = createHmac('sha256', key).update('recovery-codes').digest();
  return createHmac('sha256', codeKey).update(canonicalRecoveryCode(code)).digest('hex');
}
