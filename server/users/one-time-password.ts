import { randomInt } from 'node:crypto';
import { hashPassword } from '../lib/password';

/** No 0/o, 1/l/i: the password is read off a screen and typed once. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * A one-time password: four groups of four (about 79 bits), given to a new user once. The user
 * must replace it at first sign-in (users.must_change_password), so it never has to be memorable.
 */
function oneTimePassword(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

/**
 * A new one-time password and its scrypt hash: the password is shown once (to whoever made the
 * account or reset it), only the hash is stored, and the user must replace it at next sign-in.
 */
export async function issueOneTimePassword(): Promise<{ password: string; passwordHash: string }> {
  const password = oneTimePassword();
  return { password, passwordHash: await hashPassword(password) };
}
