import { type Column, type SQL, sql } from 'drizzle-orm';

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
 * Whether a name contains the text searched, ignoring case and accents: 'cisse' finds 'Cissé'.
 * Both sides go through lower_unaccent (migration 0018), the expression the trigram index of
 * holder names is built on, so the planner can read that index for `%text%`.
 */
export function nameContains(name: SQL | Column, text: string): SQL {
  return sql`lower_unaccent(${name}) LIKE lower_unaccent(${containsPattern(text)})`;
}

/**
 * The accounts (alias `a`) a search text names: by the end of their phone number when the text
 * is a phone, else by holder name (ignoring case and accents) or account number anywhere in them.
 */
export function accountMatch(text: string, a: SQL): SQL {
  if (PHONE_SHAPE.test(text)) {
    const digits = digitsOf(text);
    if (digits.length < MIN_PHONE_DIGITS) return sql`false`;
    const reversed = [...digits].reverse().join('');
    return sql`${reversedPhoneDigits(sql`${a}.phone`)} LIKE ${`${reversed}%`}`;
  }
  return sql`(${nameContains(sql`${a}.label`, text)} OR ${a}.number ILIKE ${containsPattern(text)})`;
}
