import { sql } from 'drizzle-orm';
import type { ChargebackPage, ChargebackView } from '../../../contract/api/chargebacks';
import type { ChargebackStatus } from '../../../contract/chargebacks';
import type { Db } from '../../db/database';
import { isoTimestamp, queryPage, queryRows } from '../../db/query';
import { ApiError } from '../../lib/api-error';
import { isMaker } from '../../lib/maker-checker';
import type { SessionUser } from '../../lib/session-user';
import { containsPattern, nameContains } from '../../domain/search/patterns';
import { describeTransaction, SELECT_TX, type TxRow } from '../../domain/chargebacks/lookup';

/** Chargebacks as the page shows them: one, or a filtered page of them. */

export const chargebackNotFound = () =>
  new ApiError(404, 'CHARGEBACK_NOT_FOUND', 'Chargeback not found', 'There is no such chargeback.');

/** Whether the caller may decide a chargeback that waits: anyone of the chargeback groups but its maker. */
export const mayDecideChargeback = (caller: SessionUser, makerUserId: number) => !isMaker(caller.userId, makerUserId);

interface ChargebackRow {
  id: number | string;
  status: ChargebackStatus;
  reason: string;
  maker: string;
  maker_user_id: number;
  created_at: string | Date;
  checker: string | null;
  decision_reason: string | null;
  decided_at: string | Date | null;
  reversal_reference: string | null;
  original_transaction_id: number | string;
}

const SELECT_CHARGEBACKS = sql`
  SELECT c.id, c.status, c.reason, mu.name AS maker, c.maker_user_id, c.created_at, cu.name AS checker,
         c.decision_reason, c.decided_at, r.reference AS reversal_reference, c.original_transaction_id
  FROM chargebacks c
  JOIN transactions o ON o.id = c.original_transaction_id
  JOIN users mu ON mu.id = c.maker_user_id
  LEFT JOIN users cu ON cu.id = c.checker_user_id
  LEFT JOIN transactions r ON r.id = c.reversal_transaction_id`;

async function toView(db: Db, row: ChargebackRow, caller: SessionUser): Promise<ChargebackView> {
  const [original] = await queryRows<TxRow>(db, sql`${SELECT_TX} WHERE t.id = ${row.original_transaction_id}`);
  if (!original) throw new Error(`The original transaction of chargeback ${row.id} is missing`);
  return {
    id: Number(row.id),
    status: row.status,
    reason: row.reason,
    maker: row.maker,
    createdAt: isoTimestamp(row.created_at),
    checker: row.checker,
    decisionReason: row.decision_reason,
    decidedAt: row.decided_at ? isoTimestamp(row.decided_at) : null,
    original: await describeTransaction(db, original),
    reversalReference: row.reversal_reference,
    canDecide: row.status === 'pending' && mayDecideChargeback(caller, Number(row.maker_user_id)),
  };
}

export async function chargebackView(db: Db, id: number, caller: SessionUser): Promise<ChargebackView> {
  const [row] = await queryRows<ChargebackRow>(db, sql`${SELECT_CHARGEBACKS} WHERE c.id = ${id}`);
  if (!row) throw chargebackNotFound();
  return toView(db, row, caller);
}

export interface ChargebackFilters {
  status?: ChargebackStatus | 'all' | '';
  from?: string;
  to?: string;
  q?: string;
  page: number;
  pageSize: number;
}

/** Chargebacks newest first, filtered by status, the day asked and a reference or maker. */
export async function listChargebacks(db: Db, caller: SessionUser, f: ChargebackFilters): Promise<ChargebackPage> {
  const where = [sql`TRUE`];
  if (f.status && f.status !== 'all') where.push(sql`c.status = ${f.status}`);
  if (f.from) where.push(sql`c.created_at >= ${`${f.from}T00:00:00Z`}::timestamptz`);
  if (f.to) where.push(sql`c.created_at < ${`${f.to}T00:00:00Z`}::timestamptz + interval '1 day'`);
  const q = f.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    where.push(sql`(o.reference ILIKE ${pattern} OR r.reference ILIKE ${pattern} OR ${nameContains(sql`mu.name`, q)}
                    OR mu.username ILIKE ${pattern} OR c.reason ILIKE ${pattern} OR c.decision_reason ILIKE ${pattern})`);
  }
  const condition = sql.join(where, sql` AND `);
  return queryPage(
    db,
    f,
    {
      count: sql`SELECT count(*) AS total FROM (${SELECT_CHARGEBACKS} WHERE ${condition}) x`,
      rows: sql`${SELECT_CHARGEBACKS} WHERE ${condition} ORDER BY c.created_at DESC, c.id DESC`,
    },
    (row: ChargebackRow) => toView(db, row, caller),
  );
}
