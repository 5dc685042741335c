import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { queryRows } from '../../db/query';

/**
 * More holders than this and the name was too vague to resolve first: the search falls back
 * to matching names row by row, which is slower at a million rows but still right.
 */
export const MAX_SEARCH_ACCOUNTS = 1000;

/**
 * What a free-text search of a transaction report looks for, resolved before the report query:
 * a reference prefix (served by the pattern index) and the accounts whose holder, number or
 * phone matches (a few thousand rows at most, far fewer than the transactions), so the report
 * reads the from/to indexes instead of scanning every transaction of the range.
 */
export interface TransactionSearch {
  text: string;
  /** Upper-cased reference prefix, or null when the text cannot start a reference (spaces). */
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

export async function resolveTransactionSearch(db: Db, text: string): Promise<TransactionSearch> {
  const pattern = containsPattern(text);
  const digits = digitsOf(text);
  const phone =
    digits.length >= MIN_PHONE_DIGITS
      ? sql` OR regexp_replace(coalesce(phone, ''), '\\D', '', 'g') LIKE ${`%${digits}%`}`
      : sql``;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM accounts WHERE label ILIKE ${pattern} OR number ILIKE ${pattern}${phone} LIMIT ${MAX_SEARCH_ACCOUNTS + 1}`,
  );
  return {
    text,
    referencePrefix: /\s/.test(text) ? null : text.toUpperCase(),
    accountIds: rows.length > MAX_SEARCH_ACCOUNTS ? null : rows.map((r) => Number(r.id)),
  };
}
