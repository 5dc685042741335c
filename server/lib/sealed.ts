import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * A short secret kept at rest under the server key (TWO_FACTOR_KEY, decision 008): aes-256-gcm,
 * bound to what it belongs to by the additional data, so a sealed text copied onto another row
 * does not open.
 */

/** `iv:tag:ciphertext`, each base64url. */
export function seal(key: Buffer, boundTo: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(boundTo));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url')).join(':');
}

/** The secret, or an error when the key, the binding or the stored text is not the one it was sealed with. */
export function unseal(key: Buffer, boundTo: string, stored: string): string {
  const [iv, tag, ciphertext] = stored.split(':').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !ciphertext) throw new Error('Malformed sealed text');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(boundTo));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}
