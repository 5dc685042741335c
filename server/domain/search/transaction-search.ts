import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { queryRows } from '../../db/query';
import { accountMatch, digitsOf, escapeLike, MIN_PHONE_DIGITS, PHONE_SHAPE } from './patterns';

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

/** Two letters then digits, as TX26111500115287: nothing else has that shape. */
const REFERENCE_SHAPE = /^[A-Za-z]{2}\d{3,}$/;
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
 * A reference prefix, or a from/to account among those resolved beforehand: each arm is an
 * index lookup. When the name matched too many holders to list, names are matched row by row.
 */
export function transactionSearchCondition(search: TransactionSearch): SQL {
  const arms: SQL[] = [];
  if (search.referencePrefix) arms.push(sql`t.reference LIKE ${`${escapeLike(search.referencePrefix)}%`}`);
  if (search.accountIds === null) {
    arms.push(sql`${accountMatch(search.text, sql`fa`)} OR ${accountMatch(search.text, sql`ta`)}`);
  } else if (search.accountIds.length > 0) {
    const ids = sql.join(
      search.accountIds.map((id) => sql`${id}`),
      sql`, `,
    );
    arms.push(sql`t.from_account_id IN (${ids}) OR t.to_account_id IN (${ids})`);
  }
  return arms.length === 0 ? sql`false` : sql`(${sql.join(arms, sql` OR `)})`;
}

/** Whether a side of the row (alias `fa` or `ta`) is one of the accounts the search matched. */
function sideMatches(search: TransactionSearch, side: 'from' | 'to'): SQL {
  const alias = side === 'from' ? sql`fa` : sql`ta`;
  const column = side === 'from' ? sql`t.from_account_id` : sql`t.to_account_id`;
  if (search.accountIds === null) return accountMatch(search.text, alias);
  if (search.accountIds.length === 0) return sql`false`;
  return sql`${column} IN (${sql.join(
    search.accountIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** A search that names people (by name or phone), so its rows may belong to several of them. */
export function namesParties(search: TransactionSearch | null): search is TransactionSearch {
  return search !== null && search.kind !== 'reference' && (search.accountIds === null || search.accountIds.length > 0);
}

/**
 * The matched party of each row: its account number and phone, and both as one cell for files. A
 * shared name matches several wallets, so the reader needs to see which one each row is.
 */
export function matchedParty(search: TransactionSearch): { number: SQL; phone: SQL; cell: SQL } {
  const from = sideMatches(search, 'from');
  const to = sideMatches(search, 'to');
  const either = (column: (a: SQL) => SQL) =>
    sql`CASE WHEN ${from} THEN ${column(sql`fa`)} WHEN ${to} THEN ${column(sql`ta`)} END`;
  return {
    number: either((a) => sql`${a}.number`),
    phone: either((a) => sql`${a}.phone`),
    cell: either((a) => sql`${a}.number || coalesce(' · ' || ${a}.phone, '')`),
  };
}

/**
 * How many distinct accounts the matched rows belong to, as an aggregate beside the totals:
 * both sides of a row may match (one Fatou Diallo paying another), so the two sides are pooled.
 */
export function matchedAccountCount(search: TransactionSearch): SQL {
  const from = sql`array_agg(CASE WHEN ${sideMatches(search, 'from')} THEN t.from_account_id END)`;
  const to = sql`array_agg(CASE WHEN ${sideMatches(search, 'to')} THEN t.to_account_id END)`;
  return sql`(SELECT count(DISTINCT id) FROM unnest(${from} || ${to}) AS matched(id))`;
}
