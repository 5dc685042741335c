/**
 * The password rule (docs/security.md, Passwords), shared by the API, which is the authority,
 * and the dashboard, which checks as the user types. The rule itself is cheap; the strength
 * estimate needs zxcvbn's dictionaries (hundreds of KB), so callers load it with
 * `loadPasswordScorer()` (./password-scorer.ts) only where a password is being chosen.
 */

export const PASSWORD_MIN_LENGTH = 10;
/** scrypt hashes anything, but a megabyte "password" is a cheap way to make the server work. */
export const PASSWORD_MAX_LENGTH = 200;
/** zxcvbn's score from 0 (guessed at once) to 4; below this a password is too guessable. */
const PASSWORD_MIN_SCORE = 3;

const PASSWORD_PROBLEMS = ['tooShort', 'tooLong', 'sameAsUsername', 'tooCommon'] as const;
export type PasswordProblem = (typeof PASSWORD_PROBLEMS)[number];

/** The API's error code for each problem (400 answers of the password endpoints). */
export const PASSWORD_ERROR_CODES: Readonly<Record<PasswordProblem, string>> = {
  tooShort: 'PASSWORD_TOO_SHORT',
  tooLong: 'PASSWORD_TOO_LONG',
  sameAsUsername: 'PASSWORD_SAME_AS_USERNAME',
  tooCommon: 'PASSWORD_TOO_COMMON',
};

/** zxcvbn's score of a password, the user's own words (username, name) counting as guessable. */
export type PasswordScorer = (password: string, userInputs: readonly string[]) => number;

const fold = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

/**
 * What is wrong with a new password, or null. The cheap checks come first, so a short password
 * is answered without the scorer; `score` is only called when they pass.
 */
export function passwordProblem(
  password: string,
  user: { username: string; name?: string },
  score: PasswordScorer,
): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  const folded = fold(password);
  const username = fold(user.username);
  if (username && (folded === username || folded.includes(username))) return 'sameAsUsername';
  const inputs = [user.username, ...(user.name ? user.name.split(/\s+/) : [])].filter(Boolean);
  if (score(password, inputs) < PASSWORD_MIN_SCORE) return 'tooCommon';
  return null;
}
