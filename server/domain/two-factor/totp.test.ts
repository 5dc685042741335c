import { describe, expect, it } from 'vitest';
import { DEV_TWO_FACTOR_KEY, loadConfig } from '../../config';
import { canonicalRecoveryCode, decryptSecret, encryptSecret, hashRecoveryCode, newRecoveryCodes } from './secrets';
import {
  base32Decode,
  base32Encode,
  groupSecret,
  hotp,
  matchTotp,
  newTotpSecret,
  otpauthUri,
  stepAt,
  totp,
  totpForStep,
} from './totp';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII string "12345678901234567890", 8 digits.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890', 'ascii'));
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238, SHA-1)', () => {
  it('gives the RFC’s test vectors', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    for (const [seconds, code] of RFC_VECTORS) {
      expect(totp(RFC_SECRET, seconds * 1000, 8), `T=${seconds}`).toBe(code);
    }
  });

  it('gives RFC 4226’s HOTP values (appendix D)', () => {
    const key = Buffer.from('12345678901234567890', 'ascii');
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871'];
    for (const [counter, code] of expected.entries()) expect(hotp(key, counter)).toBe(code);
  });

  it('makes six-digit codes that change every 30 seconds', () => {
    const secret = newTotpSecret();
    const at = Date.UTC(2026, 10, 22, 9, 0, 0);
    expect(totp(secret, at)).toMatch(/^\d{6}$/);
    expect(totp(secret, at + 29_999)).toBe(totp(secret, at));
    expect(stepAt(at + 30_000)).toBe(stepAt(at) + 1);
    expect(totpForStep(secret, stepAt(at))).toBe(totp(secret, at));
  });

  it('accepts one step either side, and a step only once', () => {
    const secret = newTotpSecret();
    const now = new Date(Date.UTC(2026, 10, 22, 9, 0, 15));
    const step = stepAt(now);
    expect(matchTotp(secret, totpForStep(secret, step), now, null)).toBe(step);
    expect(matchTotp(secret, totpForStep(secret, step - 1), now, null)).toBe(step - 1);
    expect(matchTotp(secret, totpForStep(secret, step + 1), now, null)).toBe(step + 1);
    // Two steps away: too old or too early.
    const far = [step - 2, step + 2].map((s) => totpForStep(secret, s));
    for (const code of far) {
      if (![step - 1, step, step + 1].some((s) => totpForStep(secret, s) === code)) {
        expect(matchTotp(secret, code, now, null)).toBeNull();
      }
    }
    // Once a step was accepted, neither it nor an earlier one is.
    expect(matchTotp(secret, totpForStep(secret, step), now, step)).toBeNull();
    expect(matchTotp(secret, totpForStep(secret, step - 1), now, step)).toBeNull();
    expect(matchTotp(secret, totpForStep(secret, step + 1), now, step)).toBe(step + 1);
    expect(matchTotp(secret, 'abcdef', now, null)).toBeNull();
    expect(matchTotp(secret, '12345', now, null)).toBeNull();
  });

  it('reads base32 as people type it', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(groupSecret(secret).toLowerCase())).toEqual(base32Decode(secret));
    expect(base32Decode(secret)).toHaveLength(20);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    expect(() => base32Decode('ABC1')).toThrow(/base32/);
  });

  it('writes the key URI authenticator apps read', () => {
    const uri = otpauthUri('Wallet Back-office', 'admin', 'JBSWY3DPEHPK3PXP');
    expect(uri).toBe(
      'otpauth://totp/Wallet%20Back-office:admin?secret=JBSWY3DPEHPK3PXP&issuer=Wallet%20Back-office&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('two-factor secrets at rest', () => {
  const key = Buffer.alloc(32, 7);

  it('encrypts a secret so that only its user and key open it', () => {
    const sealed = encryptSecret(key, 12, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealed.split(':')).toHaveLength(3);
    expect(decryptSecret(key, 12, sealed)).toBe('JBSWY3DPEHPK3PXP');
    // Another user's row, another key, or a flipped byte: refused, never a wrong secret.
    expect(() => decryptSecret(key, 13, sealed)).toThrow();
    expect(() => decryptSecret(Buffer.alloc(32, 8), 12, sealed)).toThrow();
    const [iv, tag, body] = sealed.split(':') as [string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] as number) ^ 1;
    expect(() => decryptSecret(key, 12, [iv, tag, flipped.toString('base64url')].join(':'))).toThrow();
    // A new IV every time.
    expect(encryptSecret(key, 12, 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
  });

  it('makes ten distinct recovery codes and hashes them forgivingly', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    const [code] = codes as [string];
    const hash = hashRecoveryCode(key, code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(key, code.toUpperCase().replace('-', ' '))).toBe(hash);
    expect(hashRecoveryCode(Buffer.alloc(32, 8), code)).not.toBe(hash);
    expect(canonicalRecoveryCode('AbcDe-1O1iL')).toBe('abcde10111');
  });

  it('never uses the development key in production', () => {
    expect(loadConfig({}).twoFactor.key).toEqual(DEV_TWO_FACTOR_KEY);
    expect(loadConfig({ NODE_ENV: 'production' }).twoFactor.key).toBeNull();
    expect(
      loadConfig({ NODE_ENV: 'production', TWO_FACTOR_KEY: DEV_TWO_FACTOR_KEY.toString('hex') }).twoFactor.key,
    ).toBeNull();
    const own = 'ab'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', TWO_FACTOR_KEY: own }).twoFactor.key?.toString('hex')).toBe(own);
    expect(() => loadConfig({ TWO_FACTOR_KEY: 'short' })).toThrow(/TWO_FACTOR_KEY/);
  });
});
