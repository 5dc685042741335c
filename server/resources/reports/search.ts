import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { queryRows } from '../../db/query';

/**
 * More holders than this and the name was too vague to resolve first: the search falls back
 * to matching names row by row, which is slower at a million rows but still right.
 */
const MAX_SEARCH_ACCOUNTS = 1000;

/**
 * What a free-text search of a transaction report looks for, resolved before the report query:
 * a reference prefix (served by the pattern index) and the accounts whose holder, number or
 * phone matches (a few thousand rows at most, far fewer than the transactions), so the report
 * reads the from/to indexes instead of scanning every transaction of the range.
 */
export interface TransactionSearch {
  text: string;
  /** How the text reads: a phone number is matched on its last digits, anything else as text. */
  kind: 'reference' | 'phone' | 'text';
  /** Upper-cased reference prefix, or null when the text cannot start a reference. */
  referencePrefix: string | null;
  /** Matching accounts, or null when more than MAX_SEARCH_ACCOUNTS match. */
  accountIds: number[] | null;
}

export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
export const digitsOf = (text: string) => text.replace(/\D/g, '');
/** Fewer digits than this match too many phones to mean one. */
export const MIN_PHONE_DIGITS = 4;

/** Two letters then digits, as TX26111500115287: nothing else has that shape. */
const REFERENCE_SHAPE = /^[A-Za-z]{2}\d{3,}$/;
/** Digits with the spaces and + people type in a phone number. */
const PHONE_SHAPE = /^\+?[\d\s]+$/;

/**
 * The digits of a phone, reversed: what the accounts_phone_digits_rev_idx index holds. People
 * type the end of a number (77 123 45 67, or all of +221 77 123 45 67), so a phone search is a
 * suffix match, which on the reversed digits is a prefix match the index serves.
 */
const reversedPhoneDigits = (phone: SQL) => sql`reverse(regexp_replace(${phone}, '\\D', '', 'g'))`;

export async function resolveTransactionSearch(db: Db, text: string): Promise<TransactionSearch> {
  if (REFERENCE_SHAPE.test(text)) {
    return { text, kind: 'reference', referencePrefix: text.toUpperCase(), accountIds: [] };
  }
  const phone = isPhoneSearch(text);
  if (PHONE_SHAPE.test(text) && !phone) return { text, kind: 'phone', referencePrefix: null, accountIds: [] };
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM accounts a WHERE ${accountMatch(text, sql`a`)} LIMIT ${MAX_SEARCH_ACCOUNTS + 1}`,
  );
  return {
    text,
    kind: phone ? 'phone' : 'text',
    referencePrefix: phone || /\s/.test(text) ? null : text.toUpperCase(),
    accountIds: rows.length > MAX_SEARCH_ACCOUNTS ? null : rows.map((r) => Number(r.id)),
  };
}

/** A phone search: digits (with spaces or a +), enough of them to mean one number. */
function isPhoneSearch(text: string): boolean {
  return PHONE_SHAPE.test(text) && digitsOf(text).length >= MIN_PHONE_DIGITS;
}

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
