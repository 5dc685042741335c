import { type SQL, sql } from 'drizzle-orm';

export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
export const digitsOf = (text: string) => text.replace(/\D/g, '');
/** Fewer digits than this match too many phones to mean one. */
export const MIN_PHONE_DIGITS = 4;

/** Digits with the spaces and + people type in a phone number. */
export const PHONE_SHAPE = /^\+?[\d\s]+$/;

/**
 * The digits of a phone, reversed: what the accounts_phone_digits_rev_idx index holds. People
 * type the end of a number (77 123 45 67, or all of +221 77 123 45 67), so a phone search is a
 * suffix match, which on the reversed digits is a prefix match the index serves.
 */
const reversedPhoneDigits = (phone: SQL) => sql`reverse(regexp_replace(${phone}, '\\D', '', 'g'))`;

/**
 * The accounts (alias `a`) a search text names: by the end of their phone number when the text
 * is a phone, else by holder name or account number anywhere in them, ignoring case.
 */
export function accountMatch(text: string, a: SQL): SQL {
  if (PHONE_SHAPE.test(text)) {
    const digits = digitsOf(text);
    if (digits.length < MIN_PHONE_DIGITS) return sql`false`;
    const reversed = [...digits].reverse().join('');
    return sql`${reversedPhoneDigits(sql`${a}.phone`)} LIKE ${`${reversed}%`}`;
  }
  const pattern = containsPattern(text);
  return sql`(${a}.label ILIKE ${pattern} OR ${a}.number ILIKE ${pattern})`;
}
