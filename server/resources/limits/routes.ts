import { createRoute, z } from '@hono/zod-openapi';
import {
  CHANGE_KINDS,
  CHANGE_STATUSES,
  type TransferLimits,
  transferLimitsSchema,
} from '../../../contract/change-requests';
import { recordAudit } from '../../domain/audit/record';
import type { Db } from '../../db/database';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import { createRouter } from '../../http/openapi';
import { requireSession } from '../../http/session';
import { expireFirst } from '../../domain/waiting-requests/expiry';
import { currentLimits } from '../../ledger/limits';
import { pendingChanges, requestChange } from '../../domain/change-requests/requests';

const TAGS = ['Settings'];
/** One limits change waits at a time: they are one set. */
const SUBJECT = 'limits';

const changeRequestView = z
  .object({
    id: z.number().int(),
    kind: z.enum(CHANGE_KINDS),
    summary: z.string(),
    status: z.enum(CHANGE_STATUSES),
    maker: z.string(),
    mine: z.boolean(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    decidedAt: z.string().openapi({ format: 'date-time' }).nullable(),
    decidedBy: z.string().nullable(),
    reason: z.string().nullable(),
    payload: z.unknown(),
  })
  .openapi('ChangeRequest');

const limitsView = z
  .object({
    approvalThreshold: z.number().int(),
    customerDailyLimit: z.number().int(),
    maxTransfer: z.number().int(),
    /** Null: the environment's first values rule. */
    effectiveFrom: z.string().openapi({ format: 'date-time' }).nullable(),
    pending: changeRequestView.nullable(),
  })
  .openapi('TransferLimitsInForce');

const refusals = {
  401: errorResponse('No live session'),
  403: errorResponse('Only the groups whose menu links to /fees (FORBIDDEN)'),
};

const getRoute = createRoute({
  method: 'get',
  path: '/settings/limits',
  tags: TAGS,
  summary:
    'The transfer limits in force (approval threshold, customer daily limit, largest transfer) and the change waiting for a second administrator, if any',
  security: [{ session: [] }],
  responses: { 200: jsonSuccess(limitsView, 'The limits in force'), ...refusals },
});

const putRoute = createRoute({
  method: 'put',
  path: '/settings/limits',
  tags: TAGS,
  summary:
    'Ask for new transfer limits; they rule from the moment a second administrator approves them in the inbox. Audited.',
  security: [{ session: [] }],
  request: {
    body: {
      content: { 'application/json': { schema: transferLimitsSchema.openapi('TransferLimitsRequest') } },
      required: true,
    },
  },
  responses: {
    202: jsonSuccess(z.object({ changeRequestId: z.number().int() }), 'The change request, waiting for a decision'),
    400: errorResponse('VALIDATION_FAILED (the approval threshold above the largest transfer…)'),
    ...refusals,
    409: errorResponse('CHANGE_PENDING (a limits change already waits)'),
  },
});

const xof = (amount: number) => `${amount.toLocaleString('en-US')} XOF`;
const summaryOf = (l: TransferLimits) =>
  `Transfer limits: approval above ${xof(l.approvalThreshold)}, customer daily limit ${xof(l.customerDailyLimit)}, largest transfer ${xof(l.maxTransfer)}`;

export function limitsRoutes() {
  const router = createRouter();
  // A limits change nobody decided in time no longer shows as waiting, nor blocks a new one.
  router.use('/settings/limits', requireSession(), expireFirst);

  router.openapi(getRoute, async (c) => {
    const { db, config, clock } = c.get('deps');
    const [limits, [pending]] = await Promise.all([
      currentLimits(db, config.transfers, clock.now()),
      pendingChanges(db, ['limits.update'], c.get('user').userId, 1),
    ]);
    return c.json({ status: true as const, payload: { ...limits, pending: pending ?? null } }, 200);
  });

  router.openapi(putRoute, async (c) => {
    const { db, clock } = c.get('deps');
    const limits = c.req.valid('json');
    const payload = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const { id } = await requestChange(tx, {
        kind: 'limits.update',
        subject: SUBJECT,
        summary: summaryOf(limits),
        payload: limits,
        makerUserId: c.get('user').userId,
        now: clock.now(),
      });
      await recordAudit(c, tx, {
        action: 'change.request',
        targetType: 'change',
        targetId: id,
        details: { kind: 'limits.update', subject: SUBJECT, ...limits },
      });
      return { changeRequestId: id };
    });
    return c.json({ status: true as const, payload }, 202);
  });

  return router;
}
