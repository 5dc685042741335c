import { eq } from 'drizzle-orm';
import type { TransferSettings } from '../config';
import type { Db } from '../db/database';
import { approvalRequests, transactions } from '../db/schema';
import type { SessionUser } from '../lib/session-user';
import { ApiError, forbiddenError } from '../lib/api-error';
import { isMaker } from '../lib/maker-checker';
import { expireOverdueApprovals, flowOf, isBankChecker, isBankFlow } from './approval-requests';
import { lockAndVerify } from './locked-plan';
import { storedPlan } from './plan';
import { postTransaction } from './posting';

export type Decision = 'approve' | 'reject';
type ApprovalRow = typeof approvalRequests.$inferSelect;

export const approvalNotFound = () =>
  new ApiError(404, 'APPROVAL_NOT_FOUND', 'Request not found', 'There is no such request waiting for your approval.');

/** Admins follow every request; a bank its own; anyone else the requests it made. */
function maySeeApproval(user: SessionUser, row: Pick<ApprovalRow, 'makerUserId' | 'bankId'>): boolean {
  if (user.group === 'admin') return true;
  if (user.group === 'bank') return row.bankId !== null && row.bankId === user.bankId;
  return row.makerUserId === user.userId;
}

/** Why the user may not decide this request, or null when it may. */
export function decisionRefusal(
  user: SessionUser,
  row: Pick<ApprovalRow, 'makerUserId' | 'bankId' | 'flowId'>,
): ApiError | null {
  if (isMaker(user.userId, row.makerUserId)) {
    return new ApiError(
      403,
      'MAKER_CANNOT_APPROVE',
      'Not your own request',
      'You made this request: another person must approve or reject it.',
    );
  }
  if (isBankFlow(row.flowId)) {
    if (!isBankChecker(user) || user.bankId !== row.bankId) {
      return forbiddenError('Only a checker of the bank that made this request may decide it.');
    }
    return null;
  }
  return user.group === 'admin' ? null : forbiddenError('Only administrators may decide this request.');
}

function stateRefusal(row: ApprovalRow, now: Date): ApiError | null {
  if (row.status === 'expired' || (row.status === 'pending' && row.expiresAt.getTime() <= now.getTime())) {
    return new ApiError(
      409,
      'APPROVAL_EXPIRED',
      'Request expired',
      'This request was not decided in time and has expired. The maker must submit it again.',
    );
  }
  if (row.status !== 'pending') {
    return new ApiError(409, 'APPROVAL_ALREADY_DECIDED', 'Already decided', `This request was already ${row.status}.`);
  }
  return null;
}

export interface DecisionInput {
  id: number;
  decision: Decision;
  reason: string | null;
  caller: SessionUser;
  channel: string;
  requestId: string | null;
  now: Date;
}

/**
 * Approves (posts the transfer, under the same row locks and rules as a submission) or rejects
 * (the transaction fails) one request. A refusal changes nothing: a request that cannot be
 * posted now, for want of funds say, stays pending.
 */
export async function decideApproval(db: Db, settings: TransferSettings, input: DecisionInput): Promise<void> {
  // Committed on its own, so an expired request reads as expired even when this decision fails.
  await expireOverdueApprovals(db, input.now);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, input.id)).for('update');
    if (!row || !maySeeApproval(input.caller, row)) throw approvalNotFound();
    const refusal = decisionRefusal(input.caller, row) ?? stateRefusal(row, input.now);
    if (refusal) throw refusal;
    const decided = { checkerUserId: input.caller.userId, decidedAt: input.now };

    if (input.decision === 'reject') {
      await tx.update(transactions).set({ status: 'failed' }).where(eq(transactions.id, row.transactionId));
      await tx
        .update(approvalRequests)
        .set({ ...decided, status: 'rejected', reason: input.reason })
        .where(eq(approvalRequests.id, row.id));
      return;
    }
    // The customer's withdrawal code was checked and spent at submission, bound to this transaction.
    const plan = await storedPlan(tx, {
      flow: flowOf(row.flowId),
      sourceAccountId: row.sourceAccountId,
      counterpartyAccountId: row.counterpartyAccountId,
      destinationAccountId: row.destinationAccountId,
      amount: row.amount,
      fee: row.fee,
      commission: row.commission,
      note: row.note,
      initiatorUserId: row.makerUserId,
      needsApproval: true,
    });
    const locked = await lockAndVerify(tx, plan, { now: input.now, settings });
    await postTransaction(tx, locked.plan, locked.house, row.transactionId, {
      userId: input.caller.userId,
      channel: input.channel,
      requestId: input.requestId,
      now: input.now,
    });
    await tx.update(transactions).set({ status: 'success' }).where(eq(transactions.id, row.transactionId));
    await tx
      .update(approvalRequests)
      .set({ ...decided, status: 'approved', reason: input.reason })
      .where(eq(approvalRequests.id, row.id));
  });
}
