import { z } from 'zod';

/**
 * A bulk fee override that leaves the fee schedule's band on one row (contract/bulk.ts): the
 * inbox shows the furthest one to the decider, the batch check lists each.
 */
export const feeBandWarning = z
  .object({
    rowNo: z.number().int(),
    code: z.literal('FEE_OUT_OF_BAND'),
    account: z.string(),
    flow: z.string(),
    amount: z.number().int().meta({ description: 'The amount where the override strays furthest from its band' }),
    fee: z.number().int().meta({ description: 'What the override charges on that amount' }),
    bandMinFee: z.number().int(),
    bandMaxFee: z.number().int(),
  })
  .meta({ id: 'FeeBandWarning' });
