import { createRoute, z } from '@hono/zod-openapi';
import { feeBandSchema, feeChangeBodySchema, feeFlowIdSchema, feePreviewBodySchema } from '../../../contract/fees';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import { createRouter } from '../../http/openapi';
import { requireSession } from '../../http/session';
import { expireFirst } from '../../domain/waiting-requests/expiry';
import { pendingFeeChanges, requestScheduleChange } from './changes';
import { currentSchedules, previewFee, scheduleHistory } from '../../domain/fees/schedules';

const TAGS = ['Fees'];

const band = feeBandSchema.openapi('FeeBand');

const schedule = z
  .object({
    id: z.number().int(),
    flowId: feeFlowIdSchema,
    effectiveFrom: z.string().openapi({ format: 'date-time' }),
    effectiveTo: z.string().openapi({ format: 'date-time' }).nullable(),
    requestedBy: z.string().nullable(),
    approvedBy: z.string().nullable(),
    bands: z.array(band),
  })
  .openapi('FeeSchedule');

const pendingChange = z
  .object({
    id: z.number().int(),
    flowId: feeFlowIdSchema,
    requestedBy: z.string(),
    requestedAt: z.string().openapi({ format: 'date-time' }),
    mine: z.boolean(),
    bands: z.array(band),
  })
  .openapi('PendingFeeChange');

const preview = z
  .object({
    flowId: feeFlowIdSchema,
    amount: z.number().int(),
    fee: z.number().int(),
    commission: z.number().int(),
    total: z.number().int(),
  })
  .openapi('FeePreview');

const refusals = {
  401: errorResponse('No live session'),
  403: errorResponse('Only the groups whose menu links to /fees (FORBIDDEN)'),
};

const currentRoute = createRoute({
  method: 'get',
  path: '/fees',
  tags: TAGS,
  summary: 'The fee schedule in force of every transfer flow, with its bands and who asked and approved it',
  security: [{ session: [] }],
  responses: {
    200: jsonSuccess(
      z.object({ schedules: z.array(schedule), pending: z.array(pendingChange) }),
      'The schedules in force and the changes waiting for a second administrator',
    ),
    ...refusals,
  },
});

const historyRoute = createRoute({
  method: 'get',
  path: '/fees/history',
  tags: TAGS,
  summary: 'Every fee schedule, past ones included, newest first (at most 200); one flow’s with flowId',
  security: [{ session: [] }],
  request: { query: z.object({ flowId: feeFlowIdSchema.optional() }) },
  responses: {
    200: jsonSuccess(z.object({ schedules: z.array(schedule) }), 'The schedules'),
    400: errorResponse('VALIDATION_FAILED'),
    ...refusals,
  },
});

const previewRoute = createRoute({
  method: 'post',
  path: '/fees/preview',
  tags: TAGS,
  summary:
    'What an amount costs on a flow under the schedule in force, computed as the ledger charges it; the commission is what a serving agent earns',
  security: [{ session: [] }],
  request: {
    body: {
      content: { 'application/json': { schema: feePreviewBodySchema.openapi('FeePreviewRequest') } },
      required: true,
    },
  },
  responses: {
    200: jsonSuccess(preview, 'The fee, commission and total'),
    400: errorResponse('VALIDATION_FAILED'),
    ...refusals,
    422: errorResponse('AMOUNT_OUT_OF_RANGE (no band of the flow covers the amount)'),
  },
});

const changeRoute = createRoute({
  method: 'put',
  path: '/fees/{flowId}',
  tags: TAGS,
  summary:
    'Ask for new bands of a flow: contiguous, non-overlapping, whole XOF, rates in basis points. Nothing changes until a second administrator approves the request in the inbox; the bands are in force from that moment. Audited.',
  security: [{ session: [] }],
  request: {
    params: z.object({ flowId: feeFlowIdSchema }),
    body: {
      content: { 'application/json': { schema: feeChangeBodySchema.openapi('FeeChangeRequest') } },
      required: true,
    },
  },
  responses: {
    202: jsonSuccess(z.object({ changeRequestId: z.number().int() }), 'The change request, waiting for a decision'),
    400: errorResponse('VALIDATION_FAILED (BANDS_OVERLAP, BANDS_GAP, BAND_RANGE_INVERTED, MIN_FEE_ABOVE_MAX_FEE…)'),
    ...refusals,
    409: errorResponse('CHANGE_PENDING (a change of this flow already waits)'),
  },
});

export function feeRoutes() {
  const router = createRouter();
  // A schedule change nobody decided in time no longer shows as waiting, nor blocks a new one.
  router.use('/fees', requireSession(), expireFirst);
  router.use('/fees/*', requireSession(), expireFirst);

  router.openapi(currentRoute, async (c) => {
    const { db } = c.get('deps');
    const [schedules, pending] = await Promise.all([currentSchedules(db), pendingFeeChanges(db, c.get('user').userId)]);
    return c.json({ status: true as const, payload: { schedules, pending } }, 200);
  });

  router.openapi(changeRoute, async (c) => {
    const payload = await requestScheduleChange(c, c.req.valid('param').flowId, c.req.valid('json').bands);
    return c.json({ status: true as const, payload }, 202);
  });

  router.openapi(historyRoute, async (c) => {
    const payload = { schedules: await scheduleHistory(c.get('deps').db, c.req.valid('query').flowId) };
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(previewRoute, async (c) => {
    const { flowId, amount } = c.req.valid('json');
    const payload = await previewFee(c.get('deps').db, flowId, amount);
    return c.json({ status: true as const, payload }, 200);
  });

  return router;
}
