import { sql } from 'drizzle-orm';
import { isCheckerProfile } from '../../contract/navigation/profile-names';
import { findTransferFlow, type TransferFlowId } from '../../contract/transfers';
import type { Db } from '../db/database';
import { queryRows } from '../db/query';
import { approvalRequests } from '../db/schema';
import type { SessionUser } from '../lib/session-user';
import type { TransferPlan } from './plan';

/** E-money issue and destroy are a bank's own business: only that bank's checkers decide them. */
export const isBankFlow = (flowId: string) => findTransferFlow(flowId)?.service === 'bank';

/** A Checker bank user authorises its bank's transfers; its menu links to them by the same test. */
export const isBankChecker = (user: SessionUser) => user.group === 'bank' && isCheckerProfile(user.profileName);

export async function createApprovalRequest(
  db: Db,
  plan: TransferPlan,
  options: { transactionId: number; now: Date; ttlMs: number; bankId: number | null },
): Promise<number> {
  const { source, counterparty, destination } = plan.parties;
  const [row] = await db
    .insert(approvalRequests)
    .values({
      flowId: plan.flow.id,
      makerUserId: plan.initiatorUserId,
      sourceAccountId: source.id,
      counterpartyAccountId: counterparty.id,
      destinationAccountId: destination.id,
      amount: plan.amount,
      fee: plan.charges.fee,
      commission: plan.charges.commission,
      note: plan.note,
      status: 'pending',
      expiresAt: new Date(options.now.getTime() + options.ttlMs),
      createdAt: options.now,
      transactionId: options.transactionId,
      bankId: isBankFlow(plan.flow.id) ? options.bankId : null,
    })
    .returning({ id: approvalRequests.id });
  if (!row) throw new Error('The approval request was not inserted.');
  return row.id;
}

/**
 * Requests no one decided in time expire, and their transactions fail; the audit trail records
 * each for its maker (docs/decisions/034-every-waiting-request-expires.md). Run before a request
 * is read or decided: one statement, so a request, its transaction and its record never disagree.
 */
export async function expireOverdueApprovals(db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  const rows = await queryRows<{ expired: number | string }>(
    db,
    sql`WITH expired AS (
          UPDATE approval_requests SET status = 'expired'
          WHERE status = 'pending' AND expires_at <= ${at}::timestamptz
          RETURNING id, transaction_id, maker_user_id, flow_id, amount, created_at
        ),
        failed AS (
          UPDATE transactions t SET status = 'failed' FROM expired WHERE t.id = expired.transaction_id
          RETURNING t.id, t.reference
        ),
        recorded AS (
          INSERT INTO audit_events (at, user_id, channel, action, target_type, target_id, details)
          SELECT ${at}::timestamptz, NULL, 'system', 'request.expire', 'transfer', e.id::text,
                 jsonb_build_object('makerUserId', e.maker_user_id, 'subject', e.flow_id,
                   'reference', f.reference, 'amount', e.amount, 'createdAt', e.created_at)
          FROM expired e JOIN failed f ON f.id = e.transaction_id
          RETURNING id
        )
        SELECT count(*) AS expired FROM recorded`,
  );
  return Number(rows[0]?.expired ?? 0);
}

/** The flow definition of a stored request (its id was written from the same list). */
export function flowOf(flowId: string) {
  const flow = findTransferFlow(flowId as TransferFlowId);
  if (!flow) throw new Error(`Unknown transfer flow ${flowId} in the ledger.`);
  return flow;
}
