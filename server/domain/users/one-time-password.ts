import { randomInt } from 'node:crypto';
import { hashPassword } from '../../lib/password';

/** No 0/o, 1/l/i: the password is read off a screen and typed once. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `count` groups of four random characters, joined by dashes (about 20 bits a group). */
const groups = (count: number) =>
  Array.from({ length: count }, () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  ).join('-');

/**
 * A new one-time password and its scrypt hash: the password is shown once (to whoever made the
 * account or reset it), only the hash is stored, and the user must replace it at next sign-in.
 * Four groups of four (about 79 bits); it never has to be memorable.
 */
export async function issueOneTimePassword(): Promise<{ password: string; passwordHash: string }> {
  const password = groups(4);
  return { password, passwordHash: await hashPassword(password) };
}

/**
 * Half of a one-time password made in two halves (decision 031): two groups of four, about 40
 * bits, one for each administrator. Alone it is worth nothing: the sign-in throttle allows far
 * too few guesses to find the other half.
 */
export const issueHalf = () => groups(2);

/** The hash of the one-time password two halves make: the first, a dash, the second (four groups, like any other). */
export async function hashOfHalves(first: string, second: string): Promise<string> {
  return hashPassword(`${first}-${second}`);
}
