import { type TransferLimits, transferLimitsSchema } from '../../../contract/change-requests';
import { transferLimits } from '../../db/schema';
import { applier } from '../change-requests/appliers';

/** New transfer limits rule from the moment a second administrator approves them. */
export const limitsApplier = applier<TransferLimits>({
  payload: transferLimitsSchema,
  async apply(tx, limits, ctx) {
    await tx.insert(transferLimits).values({ ...limits, effectiveFrom: ctx.now, changeRequestId: ctx.requestId });
    await ctx.audit({ action: 'limits.update', targetType: 'limits', targetId: 'transfer', details: { ...limits } });
  },
});
