import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TransferRequest } from '../../contract/api/transfers';
import type { Db } from '../db/database';
import { idempotencyKeys } from '../db/schema';
import { idempotencyKeyReused } from './errors';

/** The flow and the validated body, fields in a fixed order, so equal requests hash equal. */
export function requestHash(flowId: string, request: TransferRequest): string {
  const canonical = [
    flowId,
    request.counterparty ?? null,
    request.amount,
    request.source ?? null,
    request.withdrawalCode ?? null,
    request.note ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

export type KeyClaim = { claimed: true; id: number } | { claimed: false; response: unknown };

/**
 * Claims the key inside the posting's transaction. A concurrent request with the same key waits
 * on the unique index until the first one commits (then reads its answer) or rolls back (then
 * claims the key itself): one posting, however many times the key arrives.
 */
export async function claimIdempotencyKey(
  db: Db,
  claim: { userId: number; key: string; flowId: string; requestHash: string; now: Date },
): Promise<KeyClaim> {
  const [inserted] = await db
    .insert(idempotencyKeys)
    .values({
      userId: claim.userId,
      key: claim.key,
      flowId: claim.flowId,
      requestHash: claim.requestHash,
      createdAt: claim.now,
    })
    .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.key] })
    .returning({ id: idempotencyKeys.id });
  if (inserted) return { claimed: true, id: inserted.id };
  const [stored] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
  if (!stored || stored.requestHash !== claim.requestHash || stored.response === null) throw idempotencyKeyReused();
  return { claimed: false, response: stored.response };
}

export async function storeIdempotentResponse(db: Db, id: number, httpStatus: number, response: unknown) {
  await db.update(idempotencyKeys).set({ httpStatus, response }).where(eq(idempotencyKeys.id, id));
}
