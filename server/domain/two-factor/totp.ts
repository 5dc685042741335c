/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226), as authenticator apps make them:
 * HMAC-SHA1, 6 digits, 30-second steps, the secret written in base32 (RFC 4648). Written on
 * node:crypto alone; the browser tests import it too, to type the code an app would show.
 */
import { createHmac, randomBytes } from 'node:crypto';

const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;
/** Steps either side of now that are still accepted: a clock a little off, a code typed as it turned. */
export const TOTP_WINDOW = 1;
/** 160 bits, the length RFC 4226 recommends (and the SHA-1 block's natural key size). */
const SECRET_BYTES = 20;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Reads base32 as people type it: any case, spaces, dashes and `=` padding ignored. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`Not a base32 character: ${char}`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new random secret, in base32 (32 characters for 20 bytes). */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/** RFC 4226: the HOTP value of one counter, zero-padded to `digits`. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The 30-second step a moment falls in (T in RFC 6238). */
export const stepAt = (at: Date | number) =>
  Math.floor((typeof at === 'number' ? at : at.getTime()) / 1000 / TOTP_STEP_SECONDS);

/** The code an authenticator app shows at `at` (or for an explicit step). */
export function totp(secret: string, at: Date | number, digits = TOTP_DIGITS): string {
  return hotp(base32Decode(secret), stepAt(at), digits);
}

export const totpForStep = (secret: string, step: number, digits = TOTP_DIGITS) =>
  hotp(base32Decode(secret), step, digits);

/**
 * The step a typed code matches, within TOTP_WINDOW steps of `at` and later than `lastStep`
 * (so a code, once accepted, is never accepted again), or null. Every candidate is compared,
 * in constant time per comparison, so the answer's timing does not say which step matched.
 */
export function matchTotp(secret: string, code: string, at: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const now = stepAt(at);
  let matched: number | null = null;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    const same = constantTimeEqual(hotp(key, step), code);
    if (same && matched === null && (lastStep === null || step > lastStep)) matched = step;
  }
  return matched;
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The key URI authenticator apps read from the QR code (Google Authenticator's format). */
export function otpauthUri(issuer: string, username: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(username)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString().replace(/\+/g, '%20')}`;
}

/** The secret in groups of four, as people copy it into an app by hand. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');
