import { sql } from 'drizzle-orm';
import type {
  ChargebackLookup,
  ChargebackParty,
  ChargebackTransaction,
  PostingLine,
} from '../../../contract/api/chargebacks';
import { CHARGEBACK_TYPE, type ChargebackRefusalCode, type ChargebackStatus } from '../../../contract/chargebacks';
import type { Db } from '../../db/database';
import { isoTimestamp, queryRows } from '../../db/query';
import { ApiError } from '../../lib/api-error';

/** A transaction read for a chargeback: what it moved, between whom, and whether it can be reversed. */

const transactionNotFound = (reference: string) =>
  new ApiError(404, 'TRANSACTION_NOT_FOUND', 'Transaction not found', `No transaction has the reference ${reference}.`);

export interface TxRow {
  id: number | string;
  reference: string;
  type: string;
  service: string;
  status: string;
  amount: number | string;
  fee: number | string;
  commission: number | string;
  created_at: string | Date;
  from_account_id: number | null;
  to_account_id: number | null;
  bank_id: number | null;
  network: string | null;
  member_id: string | null;
  from_number: string | null;
  from_name: string | null;
  from_phone: string | null;
  from_kind: string | null;
  to_number: string | null;
  to_name: string | null;
  to_phone: string | null;
  to_kind: string | null;
}

export const SELECT_TX = sql`
  SELECT t.id, t.reference, t.type, t.service, t.status, t.amount, t.fee, t.commission, t.created_at,
         t.from_account_id, t.to_account_id, t.bank_id, t.network, t.member_id,
         fa.number AS from_number, fa.label AS from_name, fa.phone AS from_phone, fa.kind AS from_kind,
         ta.number AS to_number, ta.label AS to_name, ta.phone AS to_phone, ta.kind AS to_kind
  FROM transactions t
  LEFT JOIN accounts fa ON fa.id = t.from_account_id
  LEFT JOIN accounts ta ON ta.id = t.to_account_id`;

const party = (number: string | null, name: string | null, phone: string | null, kind: string | null) =>
  number ? ({ number, name: name ?? number, phone, kind: kind ?? '' } satisfies ChargebackParty) : null;

async function postingLines(db: Db, transactionId: number): Promise<PostingLine[]> {
  const rows = await queryRows<{
    number: string;
    label: string;
    kind: string;
    status: string;
    amount: number | string;
  }>(
    db,
    sql`SELECT a.number, a.label, a.kind, a.status, p.amount FROM postings p JOIN accounts a ON a.id = p.account_id
        WHERE p.transaction_id = ${transactionId} ORDER BY p.id`,
  );
  return rows.map((r) => ({
    number: r.number,
    name: r.label,
    kind: r.kind,
    status: r.status,
    amount: Number(r.amount),
  }));
}

export async function describeTransaction(db: Db, row: TxRow): Promise<ChargebackTransaction> {
  return {
    reference: row.reference,
    type: row.type,
    service: row.service,
    status: row.status,
    amount: Number(row.amount),
    fee: Number(row.fee),
    commission: Number(row.commission),
    createdAt: isoTimestamp(row.created_at),
    from: party(row.from_number, row.from_name, row.from_phone, row.from_kind),
    to: party(row.to_number, row.to_name, row.to_phone, row.to_kind),
    postings: await postingLines(db, Number(row.id)),
  };
}

export async function transactionByReference(db: Db, reference: string): Promise<TxRow> {
  const [row] = await queryRows<TxRow>(db, sql`${SELECT_TX} WHERE t.reference = ${reference}`);
  if (!row) throw transactionNotFound(reference);
  return row;
}

/** A chargeback already asked for this transaction and not rejected (at most one: a unique index). */
export async function liveChargebackOf(db: Db, transactionId: number) {
  const [row] = await queryRows<{ id: number; status: ChargebackStatus }>(
    db,
    sql`SELECT id, status FROM chargebacks WHERE original_transaction_id = ${transactionId} AND status NOT IN ('rejected', 'expired')`,
  );
  return row ? { id: Number(row.id), status: row.status } : null;
}

export function refusalOf(
  tx: Pick<ChargebackTransaction, 'reference' | 'type' | 'status'> & {
    postings: readonly { status?: string; number?: string; name?: string }[];
  },
  existing: { id: number; status: ChargebackStatus } | null,
): { code: ChargebackRefusalCode; message: string } | null {
  if (tx.type === CHARGEBACK_TYPE) {
    return {
      code: 'CHARGEBACK_OF_REVERSAL',
      message: `${tx.reference} is itself a chargeback: a reversal is not reversed. Ask for a new transfer instead.`,
    };
  }
  if (tx.status !== 'success') {
    return {
      code: 'TRANSACTION_NOT_SUCCESSFUL',
      message: `${tx.reference} is ${tx.status}: only a successful transaction moved money that can be given back.`,
    };
  }
  if (tx.type === 'opening' || tx.postings.length === 0) {
    return {
      code: 'NOT_REVERSIBLE',
      message: `${tx.reference} is an opening balance, not a customer transaction: it cannot be charged back.`,
    };
  }
  const closed = tx.postings.find((p) => p.status === 'closed');
  if (closed) {
    return {
      code: 'ACCOUNT_CLOSED',
      message: `${closed.name} (${closed.number}) is closed: no money can be given back to or taken from it. Settle it outside the wallet.`,
    };
  }
  if (existing) {
    return {
      code: 'CHARGEBACK_EXISTS',
      message:
        existing.status === 'approved'
          ? `${tx.reference} has already been charged back.`
          : `A chargeback of ${tx.reference} is already waiting for a checker.`,
    };
  }
  return null;
}

export const refusalError = (refusal: { code: ChargebackRefusalCode; message: string }) =>
  new ApiError(409, refusal.code, 'Chargeback not possible', refusal.message);

/** The transaction behind a reference, and whether (and why not) it can be charged back. */
export async function lookupTransaction(db: Db, reference: string): Promise<ChargebackLookup> {
  const row = await transactionByReference(db, reference);
  const transaction = await describeTransaction(db, row);
  const existing = await liveChargebackOf(db, Number(row.id));
  return { transaction, existing, refusal: refusalOf(transaction, existing) };
}
