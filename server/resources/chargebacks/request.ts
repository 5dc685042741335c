import type { AuditEntry } from '../../domain/audit/record';
import type { Db } from '../../db/database';
import { chargebacks } from '../../db/schema';
import type { SessionUser } from '../../lib/session-user';
import {
  describeTransaction,
  liveChargebackOf,
  refusalError,
  refusalOf,
  transactionByReference,
} from '../../domain/chargebacks/lookup';

type Audit = (tx: Db, entry: AuditEntry) => Promise<void>;

/** A maker asks for a chargeback: refused when the transaction cannot be reversed or already has one. */
export async function requestChargeback(
  db: Db,
  input: { reference: string; reason: string; caller: SessionUser; now: Date; audit: Audit },
): Promise<number> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const row = await transactionByReference(t, input.reference);
    const transaction = await describeTransaction(t, row);
    const refusal = refusalOf(transaction, await liveChargebackOf(t, Number(row.id)));
    if (refusal) throw refusalError(refusal);
    // The unique index on live chargebacks settles two makers asking at the same moment.
    const [created] = await t
      .insert(chargebacks)
      .values({
        originalTransactionId: Number(row.id),
        reason: input.reason,
        status: 'pending',
        makerUserId: input.caller.userId,
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning({ id: chargebacks.id });
    if (!created) {
      throw refusalError({
        code: 'CHARGEBACK_EXISTS',
        message: `A chargeback of ${input.reference} is already waiting for a checker.`,
      });
    }
    await input.audit(t, {
      action: 'chargeback.request',
      targetType: 'transaction',
      targetId: input.reference,
      details: { chargebackId: created.id, reason: input.reason, amount: transaction.amount },
    });
    return created.id;
  });
}
