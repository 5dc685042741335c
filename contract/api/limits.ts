import { z } from 'zod';
import { transferLimitsSchema } from '../change-requests';
import { changeRequestView } from './change-requests';
import { changeRequested, feesRefusals } from './fees';
import { defineOperation } from './operation';
import { dateTime, orNull } from './schema-parts';

const tags = ['Settings'];

const limitsView = z
  .object({
    approvalThreshold: z.number().int(),
    customerDailyLimit: z.number().int(),
    maxTransfer: z.number().int(),
    /** Null: the environment's first values rule. */
    effectiveFrom: dateTime.nullable(),
    pending: orNull(changeRequestView),
  })
  .meta({ id: 'TransferLimitsInForce' });

/** The limits in force and the change of them that waits, if any. */
export type LimitsView = z.output<typeof limitsView>;

export const getLimits = defineOperation({
  method: 'get',
  path: '/settings/limits',
  tags,
  summary:
    'The transfer limits in force (approval threshold, customer daily limit, largest transfer) and the change waiting for a second administrator, if any',
  answers: { 200: { schema: limitsView, description: 'The limits in force' } },
  errors: feesRefusals,
});

export const requestLimitsChange = defineOperation({
  method: 'put',
  path: '/settings/limits',
  tags,
  summary:
    'Ask for new transfer limits; they rule from the moment a second administrator approves them in the inbox. Audited.',
  body: transferLimitsSchema.meta({ id: 'TransferLimitsRequest' }),
  answers: { 202: changeRequested },
  errors: {
    400: 'VALIDATION_FAILED (the approval threshold above the largest transfer…)',
    ...feesRefusals,
    409: 'CHANGE_PENDING (a limits change already waits)',
  },
});
