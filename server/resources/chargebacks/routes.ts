import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  CHARGEBACK_GROUPS,
  CHARGEBACK_REFUSALS,
  CHARGEBACK_STATUSES,
  chargebackDecisionSchema,
  chargebackRequestSchema,
  referenceSchema,
} from '../../../contract/chargebacks';
import { recordAudit } from '../../domain/audit/record';
import { acting } from '../../http/acting';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import type { AppEnv } from '../../http/env';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { idParam, listQuerySchema } from '../../http/params';
import { requireSession } from '../../http/session';
import { decideChargeback } from './decide';
import { lookupTransaction } from '../../domain/chargebacks/lookup';
import { requestChargeback } from './request';
import { chargebackView, listChargebacks } from './views';
import { expireFirst } from '../../domain/waiting-requests/expiry';

const TAGS = ['Chargebacks'];

const partyView = z.object({ number: z.string(), name: z.string(), phone: z.string().nullable(), kind: z.string() });

const transactionView = z
  .object({
    reference: z.string(),
    type: z.string(),
    service: z.string(),
    status: z.string(),
    amount: z.number().int(),
    fee: z.number().int(),
    commission: z.number().int(),
    createdAt: z.string(),
    from: partyView.nullable(),
    to: partyView.nullable(),
    postings: z
      .array(
        z.object({
          number: z.string(),
          name: z.string(),
          kind: z.string(),
          status: z.string(),
          amount: z.number().int(),
        }),
      )
      .openapi({ description: 'What the transaction did to each account: credits positive, debits negative' }),
  })
  .openapi('ChargebackTransaction');

const chargebackViewSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(CHARGEBACK_STATUSES),
    reason: z.string(),
    maker: z.string(),
    createdAt: z.string(),
    checker: z.string().nullable(),
    decisionReason: z.string().nullable(),
    decidedAt: z.string().nullable(),
    original: transactionView,
    reversalReference: z.string().nullable(),
    canDecide: z.boolean(),
  })
  .openapi('Chargeback');

const lookupView = z
  .object({
    transaction: transactionView,
    existing: z.object({ id: z.number().int(), status: z.enum(CHARGEBACK_STATUSES) }).nullable(),
    refusal: z.object({ code: z.enum(CHARGEBACK_REFUSALS), message: z.string() }).nullable(),
  })
  .openapi('ChargebackLookup');

const listQuery = listQuerySchema({
  statuses: CHARGEBACK_STATUSES,
  statusDescription: 'One status; left out, empty or `all`: every status',
  searchDescription: 'A reference (original or reversal), the maker, or words of the reason',
});

const onlyChargebackGroups: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!CHARGEBACK_GROUPS.includes(c.get('user').group)) {
    throw forbiddenError('Only support-plus and administrators handle chargebacks.');
  }
  await next();
};

const refusals = {
  400: errorResponse('VALIDATION_FAILED'),
  401: errorResponse('No live session'),
  403: errorResponse('Only support-plus and the admin menu’s groups handle chargebacks (FORBIDDEN)'),
};

const lookupRoute = createRoute({
  method: 'get',
  path: '/chargeback-transactions/{reference}',
  tags: TAGS,
  summary: 'A transaction by its reference, with its postings and whether it can be charged back',
  security: [{ session: [] }],
  request: { params: z.object({ reference: referenceSchema.openapi({ example: 'TR26112200000042' }) }) },
  responses: {
    200: jsonSuccess(lookupView, 'The transaction'),
    ...refusals,
    404: errorResponse('TRANSACTION_NOT_FOUND'),
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/chargebacks',
  tags: TAGS,
  summary: 'Chargebacks newest first, with the original transaction and whether the caller may decide each',
  security: [{ session: [] }],
  request: { query: listQuery },
  responses: {
    200: jsonSuccess(
      z.object({
        rows: z.array(chargebackViewSchema),
        total: z.number().int(),
        page: z.number().int(),
        pageSize: z.number().int(),
      }),
      'One page',
    ),
    ...refusals,
  },
});

const requestRoute = createRoute({
  method: 'post',
  path: '/chargebacks',
  tags: TAGS,
  summary: 'Ask for a chargeback of a successful transaction, with a reason; it waits for a checker',
  security: [{ session: [] }],
  request: { body: { content: { 'application/json': { schema: chargebackRequestSchema } }, required: true } },
  responses: {
    201: jsonSuccess(chargebackViewSchema, 'The pending chargeback'),
    ...refusals,
    404: errorResponse('TRANSACTION_NOT_FOUND'),
    409: errorResponse(
      'TRANSACTION_NOT_SUCCESSFUL; CHARGEBACK_OF_REVERSAL; NOT_REVERSIBLE (an opening balance); ACCOUNT_CLOSED; CHARGEBACK_EXISTS (one is pending or approved)',
    ),
  },
});

const decideRoute = createRoute({
  method: 'post',
  path: '/chargebacks/{id}/decision',
  tags: TAGS,
  summary:
    'Approve (posts the reversal: a new chargeback transaction with the opposite postings, fees and commissions included) or reject, with a reason; not by the maker',
  security: [{ session: [] }],
  request: {
    params: z.object({ id: idParam().openapi({ example: 1 }) }),
    body: { content: { 'application/json': { schema: chargebackDecisionSchema } }, required: true },
  },
  responses: {
    200: jsonSuccess(chargebackViewSchema, 'The chargeback after the decision'),
    ...refusals,
    403: errorResponse('FORBIDDEN; MAKER_CANNOT_DECIDE'),
    404: errorResponse('CHARGEBACK_NOT_FOUND'),
    409: errorResponse(
      'CHARGEBACK_ALREADY_DECIDED; CHARGEBACK_INSUFFICIENT_FUNDS or ACCOUNT_CLOSED (the chargeback stays pending)',
    ),
  },
});

export function chargebackRoutes() {
  const router = createRouter();
  // A chargeback nobody decided in time is expired before any list, lookup or decision reads it.
  router.use('/chargebacks', requireSession(), onlyChargebackGroups, expireFirst);
  router.use('/chargebacks/*', requireSession(), onlyChargebackGroups, expireFirst);
  router.use('/chargeback-transactions/*', requireSession(), onlyChargebackGroups, expireFirst);

  router.openapi(lookupRoute, async (c) => {
    const payload = await lookupTransaction(c.get('deps').db, c.req.valid('param').reference);
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(listRoute, async (c) => {
    const payload = await listChargebacks(c.get('deps').db, c.get('user'), c.req.valid('query'));
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(requestRoute, async (c) => {
    const { db, clock } = c.get('deps');
    const { reference, reason } = c.req.valid('json');
    const id = await requestChargeback(db, {
      reference,
      reason,
      caller: c.get('user'),
      now: clock.now(),
      audit: (tx, entry) => recordAudit(c, tx, entry),
    });
    return c.json({ status: true as const, payload: await chargebackView(db, id, c.get('user')) }, 201);
  });

  router.openapi(decideRoute, async (c) => {
    const { db, reportTotals, config } = c.get('deps');
    const { id } = c.req.valid('param');
    const { decision, reason } = c.req.valid('json');
    await decideChargeback(db, {
      id,
      decision,
      reason,
      ...acting(c),
      lifetimeMs: config.transfers.approvalTtlMs,
      audit: (tx, entry) => recordAudit(c, tx, entry),
    });
    // A reversal is a new transaction and moves balances: cached report totals are stale.
    if (decision === 'approve') reportTotals.invalidate();
    return c.json({ status: true as const, payload: await chargebackView(db, id, c.get('user')) }, 200);
  });

  return router;
}
