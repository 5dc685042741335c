import { sql } from 'drizzle-orm';
import type { TransactionDetail } from '../../../contract/details';
import type { Db } from '../../db/database';
import { isoTimestamp, queryRows } from '../../db/query';
import { ApiError } from '../../lib/api-error';
import {
  describeTransaction,
  liveChargebackOf,
  refusalOf,
  SELECT_TX,
  type TxRow,
} from '../../domain/chargebacks/lookup';
import type { Visibility } from '../../domain/report-scope/visibility';

const CHARGEBACK_PAGE = '/chargeback-voucher';

const transactionNotFound = (reference: string) =>
  new ApiError(
    404,
    'TRANSACTION_NOT_FOUND',
    'Transaction not found',
    `None of your reports lists a transaction with the reference ${reference}.`,
  );

const iso = (value: string | Date | null) => (value === null ? null : isoTimestamp(value));

interface Extra {
  channel: string;
  details: Record<string, string> | null;
  initiator: string | null;
  bank: string | null;
  member: string | null;
}

async function approvalOf(db: Db, transactionId: number) {
  const [row] = await queryRows<{
    id: number;
    status: string;
    maker: string;
    checker: string | null;
    reason: string | null;
    created_at: Date | string;
    decided_at: Date | string | null;
  }>(
    db,
    sql`SELECT r.id, r.status, mu.name AS maker, cu.name AS checker, r.reason, r.created_at, r.decided_at
        FROM approval_requests r JOIN users mu ON mu.id = r.maker_user_id LEFT JOIN users cu ON cu.id = r.checker_user_id
        WHERE r.transaction_id = ${transactionId}`,
  );
  return row;
}

async function bulkOf(db: Db, transactionId: number) {
  const [row] = await queryRows<{ batch_id: string; kind: string; file_name: string; status: string; row_no: number }>(
    db,
    sql`SELECT b.id AS batch_id, b.kind, b.file_name, b.status, r.row_no FROM bulk_rows r
        JOIN bulk_batches b ON b.id = r.batch_id WHERE r.transaction_id = ${transactionId} LIMIT 1`,
  );
  return row
    ? { batchId: row.batch_id, kind: row.kind, fileName: row.file_name, status: row.status, rowNo: Number(row.row_no) }
    : null;
}

async function chargebacksOf(db: Db, transactionId: number) {
  return queryRows<{
    id: number;
    status: string;
    reason: string;
    maker: string;
    checker: string | null;
    decision_reason: string | null;
    created_at: Date | string;
    decided_at: Date | string | null;
    reversal: string | null;
    original: string | null;
    is_original: boolean;
  }>(
    db,
    sql`SELECT c.id, c.status, c.reason, mu.name AS maker, cu.name AS checker, c.decision_reason, c.created_at,
               c.decided_at, rt.reference AS reversal, ot.reference AS original,
               c.original_transaction_id = ${transactionId} AS is_original
        FROM chargebacks c JOIN users mu ON mu.id = c.maker_user_id LEFT JOIN users cu ON cu.id = c.checker_user_id
        LEFT JOIN transactions rt ON rt.id = c.reversal_transaction_id
        JOIN transactions ot ON ot.id = c.original_transaction_id
        WHERE c.original_transaction_id = ${transactionId} OR c.reversal_transaction_id = ${transactionId}
        ORDER BY c.id`,
  );
}

/** One transaction, if a report the caller can open lists it; 404 otherwise, as for a reference that does not exist. */
export async function loadTransactionDetail(
  db: Db,
  reference: string,
  visible: Visibility,
  links: readonly string[],
): Promise<TransactionDetail> {
  const [row] = await queryRows<TxRow & Extra>(
    db,
    sql`SELECT x.*, t.channel, t.details, iu.name AS initiator, b.name AS bank, coalesce(am.label, t.member_id) AS member
        FROM (${SELECT_TX} WHERE t.reference = ${reference} AND ${visible.transactions}) x
        JOIN transactions t ON t.id = x.id
        LEFT JOIN users iu ON iu.id = t.initiator_user_id
        LEFT JOIN banks b ON b.id = t.bank_id
        LEFT JOIN accounts am ON am.member_id = t.member_id AND am.kind = 'partner'`,
  );
  if (!row) throw transactionNotFound(reference);
  const id = Number(row.id);
  const [described, approval, bulk, chargebacks, live] = await Promise.all([
    describeTransaction(db, row),
    approvalOf(db, id),
    bulkOf(db, id),
    chargebacksOf(db, id),
    liveChargebackOf(db, id),
  ]);
  const own = chargebacks.filter((c) => c.is_original);
  const history: TransactionDetail['history'] = [
    { at: described.createdAt, status: approval ? 'pending' : described.status, by: row.initiator, note: null },
  ];
  if (approval?.decided_at) {
    history.push({
      at: isoTimestamp(approval.decided_at),
      status: approval.status,
      by: approval.checker,
      note: approval.reason,
    });
  }
  for (const c of own) {
    history.push({ at: isoTimestamp(c.created_at), status: 'chargeback_requested', by: c.maker, note: c.reason });
    if (c.decided_at) {
      history.push({
        at: isoTimestamp(c.decided_at),
        status: `chargeback_${c.status}`,
        by: c.checker,
        note: c.decision_reason,
      });
    }
  }
  const actions: TransactionDetail['actions'] = [];
  if (described.status === 'success' || described.status === 'pending') actions.push({ id: 'print', path: '' });
  if (links.includes(CHARGEBACK_PAGE) && refusalOf(described, live) === null) {
    actions.push({ id: 'chargeback', path: CHARGEBACK_PAGE });
  }
  return {
    ...described,
    channel: row.channel,
    total: described.amount + described.fee,
    initiator: row.initiator,
    bank: row.bank,
    network: row.network,
    member: row.member,
    details: row.details ?? {},
    history,
    approval: approval
      ? {
          id: Number(approval.id),
          status: approval.status,
          maker: approval.maker,
          checker: approval.checker,
          reason: approval.reason,
          decidedAt: iso(approval.decided_at),
        }
      : null,
    bulk,
    chargebacks: own.map((c) => ({
      id: Number(c.id),
      status: c.status,
      reason: c.reason,
      maker: c.maker,
      checker: c.checker,
      decidedAt: iso(c.decided_at),
      reversalReference: c.reversal,
    })),
    reversalOf: chargebacks.find((c) => !c.is_original)?.original ?? null,
    actions,
  };
}
