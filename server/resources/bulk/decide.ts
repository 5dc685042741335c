import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { recordAudit } from '../../domain/audit/record';
import { bulkBatches } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { ApiError, forbiddenError } from '../../lib/api-error';
import { isMaker } from '../../lib/maker-checker';
import { refuseIfExpired } from '../../lib/request-lifetime';
import type { BatchDecision } from '../../../contract/api/bulk';
import { type BatchRow, mayDecideBatches } from './views';

/**
 * Approves (queues it for the runner) or rejects a batch that waits, as the caller: never its
 * maker, only a group that decides batches. The bulk routes and the inbox both call it.
 */
export async function decideBatch(
  c: Context<AppEnv>,
  batch: Pick<BatchRow, 'id' | 'userId'>,
  body: BatchDecision,
): Promise<void> {
  const { db, clock, bulk, config } = c.get('deps');
  const user = c.get('user');
  if (!mayDecideBatches(user)) throw forbiddenError('Only administrators approve bulk batches.');
  if (isMaker(user.userId, batch.userId)) {
    throw new ApiError(403, 'MAKER_CANNOT_APPROVE', 'Not your own batch', 'A second person must decide this batch.');
  }
  const now = clock.now();
  const decided = await db.transaction(async (tx) => {
    const [waiting] = await tx.select().from(bulkBatches).where(eq(bulkBatches.id, batch.id)).for('update');
    if (waiting) refuseIfExpired(waiting, 'awaiting_approval', now, config.transfers.approvalTtlMs);
    const [updated] = await tx
      .update(bulkBatches)
      .set({
        status: body.decision === 'approve' ? 'queued' : 'rejected',
        checkerUserId: user.userId,
        decidedAt: now,
        reason: body.decision === 'reject' ? body.reason : null,
        finishedAt: body.decision === 'reject' ? now : null,
      })
      .where(and(eq(bulkBatches.id, batch.id), inArray(bulkBatches.status, ['awaiting_approval'])))
      .returning({ id: bulkBatches.id });
    if (!updated) {
      throw new ApiError(409, 'BATCH_ALREADY_DECIDED', 'Already decided', 'This batch is no longer waiting.');
    }
    await recordAudit(c, tx, {
      action: body.decision === 'approve' ? 'bulk.approve' : 'bulk.reject',
      targetType: 'bulkBatch',
      targetId: batch.id,
      details: body.decision === 'reject' ? { reason: body.reason } : {},
    });
    return updated;
  });
  if (body.decision === 'approve') bulk.enqueue(decided.id);
}
