import { sql } from 'drizzle-orm';
import {
  PARTY_KINDS,
  type PartySuggestion,
  type PartySuggestions,
  SEARCH_LIMIT,
  type SearchResult,
} from '../../../contract/details';
import type { Db } from '../../db/database';
import { isoTimestamp, queryRows } from '../../db/query';
import { accountMatch } from '../../domain/search/patterns';
import { resolveTransactionSearch, transactionSearchCondition } from '../../domain/search/transaction-search';
import type { Visibility } from '../../domain/report-scope/visibility';

/**
 * The accounts the text names among those the caller sees, exact account number first; only
 * the given kinds when some are given.
 */
function matchingAccounts(db: Db, text: string, visible: Visibility, kinds: readonly string[] = []) {
  const kindIn = kinds.length
    ? sql`a.kind IN (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`
    : sql`true`;
  return queryRows<PartySuggestion>(
    db,
    sql`SELECT a.number, a.label AS name, a.phone, a.kind FROM accounts a
        WHERE ${accountMatch(text, sql`a`)} AND ${visible.accounts} AND ${kindIn}
        ORDER BY (a.number = upper(${text})) DESC, a.label, a.id LIMIT ${SEARCH_LIMIT}`,
  );
}

/** The customers, agents and merchants a report search may mean, so the searcher can pick one. */
export async function searchParties(db: Db, text: string, visible: Visibility): Promise<PartySuggestions> {
  return { parties: await matchingAccounts(db, text, visible, PARTY_KINDS) };
}

/**
 * A phone, account number, reference or name, matched as the reports' search box matches it,
 * among the rows the caller's reports list.
 */
export async function searchRows(db: Db, text: string, visible: Visibility): Promise<SearchResult> {
  const search = await resolveTransactionSearch(db, text);
  const [accounts, transactions] = await Promise.all([
    matchingAccounts(db, text, visible),
    queryRows<{
      reference: string;
      created_at: Date | string;
      amount: string | number;
      status: string;
      from: string | null;
      to: string | null;
    }>(
      db,
      sql`SELECT t.reference, t.created_at, t.amount, t.status, fa.label AS "from", ta.label AS "to"
          FROM transactions t LEFT JOIN accounts fa ON fa.id = t.from_account_id LEFT JOIN accounts ta ON ta.id = t.to_account_id
          WHERE ${transactionSearchCondition(search)} AND ${visible.transactions}
          ORDER BY t.created_at DESC, t.id DESC LIMIT ${SEARCH_LIMIT}`,
    ),
  ]);
  return {
    accounts: accounts.map((a) => ({ number: a.number, holder: a.name, phone: a.phone, kind: a.kind })),
    transactions: transactions.map((t) => ({
      reference: t.reference,
      createdAt: isoTimestamp(t.created_at),
      amount: Number(t.amount),
      status: t.status,
      from: t.from,
      to: t.to,
    })),
  };
}
