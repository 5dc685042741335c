import { z } from 'zod';
import { feeBandsSchema, feeFlowIdSchema } from '../../../contract/fees';
import { applier } from '../change-requests/appliers';
import { replaceSchedule, type ScheduleChange } from './schedules';

const scheduleChangeSchema: z.ZodType<ScheduleChange> = z.object({
  flowId: feeFlowIdSchema,
  baseVersionId: z.number().int().positive().nullable(),
  bands: feeBandsSchema,
});

/**
 * A flow's new bands are in force from the moment a second administrator approves them
 * (docs/decisions/026-effective-dated-fee-schedules.md); a schedule changed since the request
 * was made refuses the approval, so nobody approves bands against a schedule they did not see.
 */
export const feeScheduleApplier = applier<ScheduleChange>({
  payload: scheduleChangeSchema,
  async apply(tx, change, ctx) {
    const versionId = await replaceSchedule(tx, change, {
      makerUserId: ctx.makerUserId,
      checkerUserId: ctx.checker.userId,
      changeRequestId: ctx.requestId,
      now: ctx.now,
    });
    await ctx.audit({
      action: 'fees.update',
      targetType: 'feeSchedule',
      targetId: change.flowId,
      details: { versionId, bands: change.bands },
    });
  },
});
