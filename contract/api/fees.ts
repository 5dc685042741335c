import { z } from 'zod';
import { feeBandSchema, feeChangeBodySchema, feeFlowIdSchema, feePreviewBodySchema } from '../fees';
import { defineOperation } from './operation';
import { dateTime } from './schema-parts';

const tags = ['Fees'];

const band = feeBandSchema.meta({ id: 'FeeBand' });

const schedule = z
  .object({
    id: z.number().int(),
    flowId: feeFlowIdSchema,
    effectiveFrom: dateTime,
    /** Null: in force. */
    effectiveTo: dateTime.nullable(),
    /** Null for the schedule installed with the system. */
    requestedBy: z.string().nullable(),
    approvedBy: z.string().nullable(),
    bands: z.array(band),
  })
  .meta({ id: 'FeeSchedule' });

const pendingChange = z
  .object({
    /** The change request's id (the approvals inbox decides it). */
    id: z.number().int(),
    flowId: feeFlowIdSchema,
    requestedBy: z.string(),
    requestedAt: dateTime,
    /** Asked by the caller, who may not approve it. */
    mine: z.boolean(),
    bands: z.array(band),
  })
  .meta({ id: 'PendingFeeChange' });

const preview = z
  .object({
    flowId: feeFlowIdSchema,
    amount: z.number().int(),
    fee: z.number().int(),
    /** What the agent serving the customer earns; nil when the flow pays none. */
    commission: z.number().int(),
    /** What the customer pays: the amount and the fee. */
    total: z.number().int(),
  })
  .meta({ id: 'FeePreview' });

const overview = z.object({ schedules: z.array(schedule), pending: z.array(pendingChange) });

/** A schedule of one flow, in force or past. */
export type FeeScheduleView = z.output<typeof schedule>;
/** A change of a flow's bands waiting for a second administrator. */
export type PendingFeeChange = z.output<typeof pendingChange>;
/** What an amount costs on a flow under the schedule in force. */
export type FeePreview = z.output<typeof preview>;
/** GET /fees: the schedules in force and the changes waiting for approval. */
export type FeesOverview = z.output<typeof overview>;

/** Shared with the limits, which the same page sets. */
export const feesRefusals = {
  401: 'No live session',
  403: 'Only the groups whose menu links to /fees (FORBIDDEN)',
} as const;

/** A change that waits for a second administrator answers the request that carries it. */
export const changeRequested = {
  schema: z.object({ changeRequestId: z.number().int() }),
  description: 'The change request, waiting for a decision',
};

export const getFees = defineOperation({
  method: 'get',
  path: '/fees',
  tags,
  summary: 'The fee schedule in force of every transfer flow, with its bands and who asked and approved it',
  answers: {
    200: {
      schema: overview,
      description: 'The schedules in force and the changes waiting for a second administrator',
    },
  },
  errors: feesRefusals,
});

export const listFeeHistory = defineOperation({
  method: 'get',
  path: '/fees/history',
  tags,
  summary: 'Every fee schedule, past ones included, newest first (at most 200); one flow’s with flowId',
  query: z.object({ flowId: feeFlowIdSchema.optional() }),
  answers: { 200: { schema: z.object({ schedules: z.array(schedule) }), description: 'The schedules' } },
  errors: { 400: 'VALIDATION_FAILED', ...feesRefusals },
});

export const previewFee = defineOperation({
  method: 'post',
  path: '/fees/preview',
  tags,
  summary:
    'What an amount costs on a flow under the schedule in force, computed as the ledger charges it; the commission is what a serving agent earns',
  body: feePreviewBodySchema.meta({ id: 'FeePreviewRequest' }),
  answers: { 200: { schema: preview, description: 'The fee, commission and total' } },
  errors: {
    400: 'VALIDATION_FAILED',
    ...feesRefusals,
    422: 'AMOUNT_OUT_OF_RANGE (no band of the flow covers the amount)',
  },
});

export const requestFeeChange = defineOperation({
  method: 'put',
  path: '/fees/{flowId}',
  tags,
  summary:
    'Ask for new bands of a flow: contiguous, non-overlapping, whole XOF, rates in basis points. Nothing changes until a second administrator approves the request in the inbox; the bands are in force from that moment. Audited.',
  params: z.object({ flowId: feeFlowIdSchema }),
  body: feeChangeBodySchema.meta({ id: 'FeeChangeRequest' }),
  answers: { 202: changeRequested },
  errors: {
    400: 'VALIDATION_FAILED (BANDS_OVERLAP, BANDS_GAP, BAND_RANGE_INVERTED, MIN_FEE_ABOVE_MAX_FEE…)',
    ...feesRefusals,
    409: 'CHANGE_PENDING (a change of this flow already waits)',
  },
});
