import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes; only the SHA-256 is stored, so the table cannot be replayed. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
