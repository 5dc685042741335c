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
 * Requests no one decided in time expire, and their transactions fail. Run before a request is
 * read or decided: one statement, so a request and its transaction never disagree.
 */
export async function expireOverdueApprovals(db: Db, now: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`WITH expired AS (
          UPDATE approval_requests SET status = 'expired'
          WHERE status = 'pending' AND expires_at <= ${now.toISOString()}::timestamptz
          RETURNING transaction_id
        )
        UPDATE transactions t SET status = 'failed' FROM expired WHERE t.id = expired.transaction_id
        RETURNING t.id`,
  );
  return rows.length;
}

/** Expires what is overdue before a request is read; report totals then count the failed transactions. */
export async function expireBeforeReading(deps: {
  db: Db;
  clock: { now(): Date };
  reportTotals: { invalidate(): void };
}) {
  if ((await expireOverdueApprovals(deps.db, deps.clock.now())) > 0) deps.reportTotals.invalidate();
}

/** The flow definition of a stored request (its id was written from the same list). */
export function flowOf(flowId: string) {
  const flow = findTransferFlow(flowId as TransferFlowId);
  if (!flow) throw new Error(`Unknown transfer flow ${flowId} in the ledger.`);
  return flow;
}
