import { createRoute, z } from '@hono/zod-openapi';
import { EXPIRED_NOTICE_DAYS, INBOX_COUNT_EVENT, INBOX_DECIDERS, INBOX_KINDS } from '../../../contract/inbox';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import { createRouter } from '../../http/openapi';
import { readSession, requireSession } from '../../http/session';
import { feeBandWarning } from '../bulk/index';
import { inboxCountStream, RECHECK_MS, SESSION_CHECK_MS, STREAM_LIFETIME_MS } from './count-stream';
import { expireBeforeReading } from '../../domain/waiting-requests/expiry';
import { decideInboxItem } from './decide';
import { inboxPage, waitingCount } from './list';

const TAGS = ['Approvals inbox'];

const kindParam = z.object({
  kind: z.enum(INBOX_KINDS),
  id: z.string().min(1).max(64).openapi({ description: 'The id within its kind (a bulk batch’s is a UUID)' }),
});

const inboxItem = z
  .object({
    kind: z.enum(INBOX_KINDS),
    id: z.string(),
    subject: z
      .string()
      .openapi({ description: 'Transfer flow, batch file name, chargeback reference or wallet change kind' }),
    reference: z.string().nullable(),
    party: z.string().nullable(),
    maker: z.string(),
    mine: z.boolean(),
    amount: z.number().int().nullable(),
    createdAt: z.string(),
    expiresAt: z.string().openapi({ description: 'When it expires if nobody decides it (every kind)' }),
    canDecide: z.boolean(),
    decider: z.enum(INBOX_DECIDERS),
    deciderBank: z.string().nullable(),
    detailPath: z.string().nullable(),
    outsideBands: z
      .object({ rows: z.number().int(), furthest: feeBandWarning })
      .nullable()
      .openapi({ description: 'A fee override: how many rows charge outside their fee band, and the furthest' }),
  })
  .openapi('InboxItem');

const expiredRequest = z
  .object({
    kind: z.enum(INBOX_KINDS),
    id: z.string(),
    subject: z.string(),
    reference: z.string().nullable(),
    summary: z.string().nullable(),
    amount: z.number().int().nullable(),
    createdAt: z.string(),
    expiredAt: z.string(),
    detailPath: z.string().nullable(),
  })
  .openapi('ExpiredRequest');

const perKind = z.object({
  transfer: z.number().int(),
  bulk: z.number().int(),
  chargeback: z.number().int(),
  wallet: z.number().int(),
  change: z.number().int(),
});

const inboxPageSchema = z
  .object({
    rows: z.array(inboxItem),
    waiting: perKind.openapi({ description: 'How many wait for the caller’s decision, by kind' }),
    bank: z
      .string()
      .nullable()
      .openapi({ description: 'The caller’s bank: a bank checker sees its bank’s requests only' }),
    expired: z.array(expiredRequest).openapi({
      description: `The caller’s own requests that nobody decided in time, the last ${EXPIRED_NOTICE_DAYS} days, newest first`,
    }),
  })
  .openapi('InboxPage');

const decisionBody = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: z.string().max(500).optional().openapi({
      description: 'Needed to reject; a chargeback needs one to approve too (each kind’s own rules apply)',
    }),
  })
  .openapi('InboxDecision');

const refusals = { 400: errorResponse('VALIDATION_FAILED'), 401: errorResponse('No live session') };

const listRoute = createRoute({
  method: 'get',
  path: '/inbox',
  tags: TAGS,
  summary:
    'Everything that waits for a second person and the caller may follow: transfers, bulk batches, chargebacks, wallet changes, administrative changes; what the caller may decide first, then the oldest. Also the caller’s own requests that expired undecided.',
  security: [{ session: [] }],
  request: { query: z.object({ kind: z.enum(INBOX_KINDS).optional() }) },
  responses: { 200: jsonSuccess(inboxPageSchema, 'The waiting requests'), ...refusals },
});

const countRoute = createRoute({
  method: 'get',
  path: '/inbox/count',
  tags: TAGS,
  summary: 'How many requests wait for the caller’s decision (not counted as activity)',
  security: [{ session: [] }],
  responses: { 200: jsonSuccess(z.object({ count: z.number().int() }), 'The count'), 401: refusals[401] },
});

const streamRoute = createRoute({
  method: 'get',
  path: '/inbox/stream',
  tags: TAGS,
  summary: `Server-sent events: a \`${INBOX_COUNT_EVENT}\` event with {"count": n} at once and whenever it changes (checked every ${RECHECK_MS / 1000} s); the stream ends within ${SESSION_CHECK_MS / 1000} s of its session's end (logout, expiry, deactivation), and after ${STREAM_LIFETIME_MS / 1000} s, when the client opens a new one (not counted as activity; never stored)`,
  security: [{ session: [] }],
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
    401: refusals[401],
  },
});

const decideRoute = createRoute({
  method: 'post',
  path: '/inbox/{kind}/{id}/decision',
  tags: TAGS,
  summary:
    'Approve or reject (with a reason) any waiting request, by the decision code of its kind: the same refusals as on its own page (never the maker; bank transfers by a checker of that bank)',
  security: [{ session: [] }],
  request: { params: kindParam, body: { content: { 'application/json': { schema: decisionBody } }, required: true } },
  responses: {
    200: jsonSuccess(
      z.object({
        kind: z.enum(INBOX_KINDS),
        id: z.string(),
        secondHalf: z.string().optional().openapi({
          description:
            'An approved password reset or creation of a deciding user: the second half of their one-time password, shown once to the approving administrator (the maker has the first)',
          example: 'jkmn-pqrs',
        }),
      }),
      'Decided',
    ),
    ...refusals,
    403: errorResponse(
      'FORBIDDEN, MAKER_CANNOT_APPROVE, MAKER_CANNOT_DECIDE, SELF_APPROVAL or PASSWORD_CHANGE_REQUIRED',
    ),
    404: errorResponse('No such waiting request the caller may see'),
    409: errorResponse(
      'Already decided, expired (REQUEST_EXPIRED, APPROVAL_EXPIRED), (approving) what stops it now, or CANNOT_CHANGE_OWN (a change of the caller’s own account)',
    ),
    422: errorResponse('Approving would break a rule now: it stays pending'),
  },
});

export function inboxRoutes() {
  const router = createRouter();
  router.use('/inbox', requireSession());
  // The count is what every open tab asks on its own: not the user's activity.
  router.use('/inbox/count', readSession());
  router.use('/inbox/stream', readSession());
  router.use('/inbox/:kind/:id/decision', requireSession());

  router.openapi(listRoute, async (c) => {
    await expireBeforeReading(c.get('deps'));
    const { db, config, clock } = c.get('deps');
    const lifetime = { lifetimeMs: config.transfers.approvalTtlMs, now: clock.now() };
    const payload = await inboxPage(db, c.get('user'), c.req.valid('query').kind, lifetime);
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(countRoute, async (c) => {
    await expireBeforeReading(c.get('deps'));
    const count = await waitingCount(c.get('deps').db, c.get('user'));
    return c.json({ status: true as const, payload: { count } }, 200);
  });

  router.openapi(streamRoute, (c) => inboxCountStream(c) as never);

  router.openapi(decideRoute, async (c) => {
    const { kind, id } = c.req.valid('param');
    const decided = await decideInboxItem(c, kind, id, c.req.valid('json'));
    return c.json({ status: true as const, payload: { kind, id, ...decided } }, 200);
  });

  return router;
}
