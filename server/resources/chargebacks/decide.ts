import { eq, sql } from 'drizzle-orm';
import { CHARGEBACK_TYPE } from '../../../contract/chargebacks';
import type { AuditEntry } from '../../domain/audit/record';
import type { Db } from '../../db/database';
import { accounts, chargebacks, postings, transactions, transferAudit } from '../../db/schema';
import { type AccountRow, lockAccounts } from '../../ledger/accounts';
import { xofInEnglish as xof } from '../../../contract/money';
import { nextReference } from '../../ledger/reference';
import { checkFunds } from '../../ledger/rules';
import { ApiError } from '../../lib/api-error';
import { refuseIfExpired } from '../../lib/request-lifetime';
import type { SessionUser } from '../../lib/session-user';
import { refusalError, refusalOf } from '../../domain/chargebacks/lookup';
import { chargebackNotFound, mayDecideChargeback } from './views';

type Audit = (tx: Db, entry: AuditEntry) => Promise<void>;

const makerCannotDecide = () =>
  new ApiError(
    403,
    'MAKER_CANNOT_DECIDE',
    'Not your own request',
    'You asked for this chargeback: another person must approve or reject it.',
  );

const alreadyDecided = (status: string) =>
  new ApiError(409, 'CHARGEBACK_ALREADY_DECIDED', 'Already decided', `This chargeback was already ${status}.`);

export interface DecideInput {
  id: number;
  decision: 'approve' | 'reject';
  reason: string;
  caller: SessionUser;
  channel: string;
  requestId: string | null;
  now: Date;
  /** How long a request waits before it expires (APPROVAL_TTL_HOURS). */
  lifetimeMs: number;
  audit: Audit;
}

const named = (a: AccountRow) => `${a.label} (${a.number})`;

function cannotPost(account: AccountRow, debit: number): ApiError {
  const holds = account.kind === 'customer' ? 'no longer holds' : `holds ${xof(account.balance)}, not`;
  return new ApiError(
    409,
    'CHARGEBACK_INSUFFICIENT_FUNDS',
    'Cannot reverse now',
    `${named(account)} ${holds} the ${xof(debit)} this reversal takes back. The chargeback stays pending: approve it once the money is there, or reject it.`,
  );
}

const accountClosed = (account: AccountRow) =>
  new ApiError(
    409,
    'ACCOUNT_CLOSED',
    'Account closed',
    `${named(account)} is closed: no money can be given back to or taken from it. Reject this chargeback and settle it outside the wallet.`,
  );

/**
 * Posts the reversal of a transaction as a new one: every posting of the original, negated, in
 * one database transaction with the accounts locked in the ledger's global order, balances
 * checked under the locks by the ledger's own rule (only e-money issuance may go below zero),
 * and the same audit row as any posting. Returns the new transaction's id.
 */
async function postReversal(t: Db, chargeback: typeof chargebacks.$inferSelect, input: DecideInput): Promise<number> {
  const [original] = await t.select().from(transactions).where(eq(transactions.id, chargeback.originalTransactionId));
  if (!original) throw new Error(`Chargeback ${chargeback.id} has no original transaction`);
  const lines = await t
    .select({ accountId: postings.accountId, amount: postings.amount })
    .from(postings)
    .where(eq(postings.transactionId, original.id))
    .orderBy(postings.id);
  // Checked again under the chargeback's lock: what was asked must still be reversible.
  // (Account statuses are checked under the row locks below.)
  const refusal = refusalOf({ ...original, postings: lines.map(() => ({})) }, null);
  if (refusal) throw refusalError(refusal);

  const locked = await lockAccounts(
    t,
    lines.map((l) => l.accountId),
  );
  const delta = new Map<number, number>();
  for (const line of lines) delta.set(line.accountId, (delta.get(line.accountId) ?? 0) - line.amount);
  for (const [id, change] of delta) {
    const account = locked.get(id);
    if (!account) throw new Error(`Account ${id} of ${original.reference} is missing`);
    if (account.status === 'closed') throw accountClosed(account);
    if (change < 0) {
      try {
        checkFunds(account, -change);
      } catch {
        throw cannotPost(account, -change);
      }
    }
  }

  const reference = await nextReference(t, input.now);
  const [reversal] = await t
    .insert(transactions)
    .values({
      reference,
      type: CHARGEBACK_TYPE,
      service: CHARGEBACK_TYPE,
      status: 'success',
      amount: original.amount,
      fee: 0,
      commission: 0,
      // The money goes back: from whoever received it to whoever paid.
      fromAccountId: original.toAccountId,
      toAccountId: original.fromAccountId,
      initiatorUserId: chargeback.makerUserId,
      channel: input.channel,
      bankId: original.bankId,
      network: original.network,
      memberId: original.memberId,
      details: {
        originalReference: original.reference,
        chargebackId: String(chargeback.id),
        reversedFee: String(original.fee),
        reversedCommission: String(original.commission),
      },
      createdAt: input.now,
    })
    .returning({ id: transactions.id });
  if (!reversal) throw new Error('The reversal transaction was not inserted');

  await t.insert(postings).values(
    lines.map((l) => ({
      transactionId: reversal.id,
      accountId: l.accountId,
      amount: -l.amount,
      createdAt: input.now,
    })),
  );
  const balances: { number: string; before: number; after: number }[] = [];
  for (const [id, change] of delta) {
    const account = locked.get(id) as AccountRow;
    if (change !== 0) {
      await t
        .update(accounts)
        .set({ balance: sql`${accounts.balance} + ${change}`, lastActivityAt: input.now })
        .where(eq(accounts.id, id));
    }
    balances.push({ number: account.number, before: account.balance, after: account.balance + change });
  }
  await t.insert(transferAudit).values({
    transactionId: reversal.id,
    userId: input.caller.userId,
    channel: input.channel,
    requestId: input.requestId,
    at: input.now,
    balances,
  });
  return reversal.id;
}

/**
 * Approves (posts the reversal) or rejects a pending chargeback. Nobody decides their own; a
 * refusal changes nothing, so a chargeback that cannot be posted now stays pending.
 */
export async function decideChargeback(db: Db, input: DecideInput): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t.select().from(chargebacks).where(eq(chargebacks.id, input.id)).for('update');
    if (!row) throw chargebackNotFound();
    if (!mayDecideChargeback(input.caller, row.makerUserId)) throw makerCannotDecide();
    refuseIfExpired(row, 'pending', input.now, input.lifetimeMs);
    if (row.status !== 'pending') throw alreadyDecided(row.status);
    const decided = { checkerUserId: input.caller.userId, decisionReason: input.reason, decidedAt: input.now };
    if (input.decision === 'reject') {
      await t
        .update(chargebacks)
        .set({ ...decided, status: 'rejected' })
        .where(eq(chargebacks.id, row.id));
    } else {
      const reversalId = await postReversal(t, row, input);
      await t
        .update(chargebacks)
        .set({ ...decided, status: 'approved', reversalTransactionId: reversalId })
        .where(eq(chargebacks.id, row.id));
    }
    await input.audit(t, {
      action: input.decision === 'approve' ? 'chargeback.approve' : 'chargeback.reject',
      targetType: 'chargeback',
      targetId: row.id,
      details: { reason: input.reason, originalTransactionId: row.originalTransactionId },
    });
  });
}
