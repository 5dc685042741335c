import { and, desc, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { TransferResult } from '../../contract/api/transfers';
import { TRANSFER_FLOWS } from '../../contract/transfers';
import type { Db } from '../db/database';
import { approvalRequests, transactions, transferAudit, users } from '../db/schema';
import type { SessionUser } from '../lib/session-user';
import { ApiError } from '../lib/api-error';
import { flowOf, isBankChecker, isBankFlow } from './approval-requests';
import { storedPlan } from './plan';
import { resultView } from './views';

const transferNotFound = () =>
  new ApiError(404, 'TRANSFER_NOT_FOUND', 'Transfer not found', 'You have no transfer with this reference.');

const BANK_FLOW_IDS = TRANSFER_FLOWS.filter((flow) => isBankFlow(flow.id)).map((flow) => flow.id);

/**
 * The transfers whose receipts the caller may read: their own, every one for admins, and their
 * bank's for its checkers. Part of the query, so someone else's transfer and no transfer at all
 * take the same path to the same 404: references cannot be counted.
 */
function readableBy(caller: SessionUser): SQL | undefined {
  if (caller.group === 'admin') return undefined;
  const own = eq(transactions.initiatorUserId, caller.userId);
  if (!isBankChecker(caller) || caller.bankId === null) return own;
  return or(own, and(inArray(transactions.flowId, BANK_FLOW_IDS), eq(transactions.bankId, caller.bankId)));
}

/** The receipt of a transfer made through this API, for its maker, admins and the checkers of its bank. */
export async function loadReceipt(db: Db, reference: string, caller: SessionUser): Promise<TransferResult> {
  const [row] = await db
    .select({ t: transactions, initiator: users.name })
    .from(transactions)
    .leftJoin(users, eq(users.id, transactions.initiatorUserId))
    .where(
      and(eq(transactions.reference, reference.toUpperCase()), isNotNull(transactions.flowId), readableBy(caller)),
    );
  if (!row) throw transferNotFound();
  const { t } = row;
  if (!t.flowId || t.fromAccountId === null || t.toAccountId === null) throw transferNotFound();
  const flow = flowOf(t.flowId);

  const [approval] = await db.select().from(approvalRequests).where(eq(approvalRequests.transactionId, t.id));
  if (t.status !== 'success' && t.status !== 'pending') {
    const why =
      approval?.status === 'rejected'
        ? `It was rejected: ${approval.reason ?? 'no reason given'}.`
        : approval?.status === 'expired'
          ? 'No checker approved it in time.'
          : `Its status is ${t.status}.`;
    throw new ApiError(
      409,
      'TRANSFER_NOT_COMPLETED',
      'Transfer not completed',
      `The transfer ${t.reference} did not go through. ${why}`,
    );
  }
  const plan = await storedPlan(db, {
    flow,
    sourceAccountId: t.fromAccountId,
    counterpartyAccountId:
      approval?.counterpartyAccountId ?? (flow.source === 'counterparty' ? t.fromAccountId : t.toAccountId),
    destinationAccountId: t.toAccountId,
    amount: t.amount,
    fee: t.fee,
    commission: t.commission,
    note: t.details?.note ?? null,
    initiatorUserId: t.initiatorUserId ?? caller.userId,
    needsApproval: approval !== undefined,
  });
  const [audit] =
    t.status === 'success'
      ? await db
          .select({ balances: transferAudit.balances })
          .from(transferAudit)
          .where(eq(transferAudit.transactionId, t.id))
          .orderBy(desc(transferAudit.id))
          .limit(1)
      : [];
  return resultView(plan, caller, {
    status: t.status,
    reference: t.reference,
    approvalId: approval?.id ?? null,
    createdAt: t.createdAt,
    initiator: row.initiator ?? '',
    channel: t.channel,
    changes: audit?.balances ?? null,
  });
}
