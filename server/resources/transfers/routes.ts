import { createRoute } from '@hono/zod-openapi';
import { findTransferFlow } from '../../../contract/transfers';
import { acting } from '../../http/acting';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import { notFoundError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { requireSession } from '../../http/session';
import { expireBeforeReading } from '../../domain/waiting-requests/expiry';
import { checkWithdrawalCode } from '../../ledger/code-check';
import { transferOptions } from '../../ledger/options';
import { quoteTransfer } from '../../ledger/quote';
import { loadReceipt } from '../../ledger/receipt';
import { submitTransfer } from '../../ledger/submit';
import {
  flowIdParam,
  idempotencyHeader,
  referenceParam,
  transferOptions as optionsSchema,
  transferQuote,
  transferRequest,
  transferResult,
  withdrawalCodeAnswer,
  withdrawalCodeCheck,
} from './schemas';
import { transferSettings } from '../../ledger/limits';

const refusals = {
  400: errorResponse('Invalid input, or a field the flow needs is missing'),
  401: errorResponse('No live session'),
  403: errorResponse('The caller’s group may not start this flow (FORBIDDEN)'),
  404: errorResponse('Unknown flow, beneficiary (COUNTERPARTY_NOT_FOUND) or source (SOURCE_NOT_FOUND)'),
  422: errorResponse(
    'A business rule refuses it: INSUFFICIENT_FUNDS, ACCOUNT_BLOCKED, ACCOUNT_CLOSED, ACCOUNT_INACTIVE, KYC_NOT_APPROVED, DAILY_LIMIT_EXCEEDED, AMOUNT_OUT_OF_RANGE, SAME_ACCOUNT, COUNTERPARTY_AMBIGUOUS, NO_OWN_ACCOUNT',
  ),
};

const optionsRoute = createRoute({
  method: 'get',
  path: '/transfers/{flowId}/options',
  tags: ['Transfers'],
  summary: 'The choices the form of a flow offers the caller (own account, banks, payroll partners, chain accounts)',
  security: [{ session: [] }],
  request: { params: flowIdParam },
  responses: {
    200: jsonSuccess(optionsSchema, 'The choices'),
    401: refusals[401],
    403: refusals[403],
    404: errorResponse('Unknown flow'),
  },
});

const quoteRoute = createRoute({
  method: 'post',
  path: '/transfers/{flowId}/quote',
  tags: ['Transfers'],
  summary:
    'What a transfer would do: the accounts, fee, commission and total, checked against the rules. Nothing moves.',
  security: [{ session: [] }],
  request: {
    params: flowIdParam,
    body: { content: { 'application/json': { schema: transferRequest } }, required: true },
  },
  responses: { 200: jsonSuccess(transferQuote, 'The quote'), ...refusals },
});

const codeCheckRoute = createRoute({
  method: 'post',
  path: '/transfers/{flowId}/withdrawal-code',
  tags: ['Transfers'],
  summary:
    'Whether the customer’s withdrawal code is right, before the review step. Spends nothing; a wrong code counts toward the same attempt limit as a cash-out, and a locked, expired or used code is answered as not right.',
  security: [{ session: [] }],
  request: {
    params: flowIdParam,
    body: { content: { 'application/json': { schema: withdrawalCodeCheck } }, required: true },
  },
  responses: {
    200: jsonSuccess(withdrawalCodeAnswer, 'Right (valid true) or not right (valid false)'),
    400: refusals[400],
    401: refusals[401],
    403: refusals[403],
    404: errorResponse('Unknown flow, a flow without withdrawal code, or no such wallet (COUNTERPARTY_NOT_FOUND)'),
    422: errorResponse('COUNTERPARTY_AMBIGUOUS, NO_OWN_ACCOUNT, SAME_ACCOUNT'),
  },
});

const submitRoute = createRoute({
  method: 'post',
  path: '/transfers/{flowId}',
  tags: ['Transfers'],
  summary:
    'Moves the money, or leaves it pending for a checker. The Idempotency-Key (a UUID) makes a repeat safe: the same key and body answer 200 with the first result and move nothing.',
  security: [{ session: [] }],
  request: {
    params: flowIdParam,
    headers: idempotencyHeader,
    body: { content: { 'application/json': { schema: transferRequest } }, required: true },
  },
  responses: {
    201: jsonSuccess(transferResult, 'Posted (status success) or waiting for a checker (status pending)'),
    200: jsonSuccess(transferResult, 'A repeat of an Idempotency-Key: the first result, unchanged'),
    ...refusals,
    422: errorResponse(
      `${refusals[422].description}; WITHDRAWAL_CODE_INVALID, WITHDRAWAL_CODE_EXPIRED, WITHDRAWAL_CODE_USED, WITHDRAWAL_CODE_LOCKED; IDEMPOTENCY_KEY_REUSED (the key was sent with another body)`,
    ),
  },
});

const receiptRoute = createRoute({
  method: 'get',
  path: '/transfer-receipts/{reference}',
  tags: ['Transfers'],
  summary: 'The receipt of a transfer, for its maker, administrators and the checkers of its bank',
  security: [{ session: [] }],
  request: { params: referenceParam },
  responses: {
    200: jsonSuccess(transferResult, 'The receipt'),
    401: refusals[401],
    403: errorResponse('The caller’s menu has no transfer page (FORBIDDEN)'),
    404: errorResponse(
      'No transfer the caller may read has this reference (TRANSFER_NOT_FOUND): someone else’s answers exactly like none',
    ),
    409: errorResponse('The transfer was rejected or expired (TRANSFER_NOT_COMPLETED)'),
  },
});

function flowOrNotFound(flowId: string) {
  const flow = findTransferFlow(flowId);
  if (!flow) throw notFoundError(`There is no transfer flow called ${flowId}.`);
  return flow;
}

export function transferRoutes() {
  const router = createRouter();
  router.use('/transfers/*', requireSession());
  router.use('/transfer-receipts/*', requireSession());

  router.openapi(optionsRoute, async (c) => {
    const flow = flowOrNotFound(c.req.valid('param').flowId);
    const { db, config, clock } = c.get('deps');
    const payload = await transferOptions(
      db,
      flow,
      c.get('user'),
      await transferSettings(db, config.transfers, clock.now()),
    );
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(quoteRoute, async (c) => {
    const flow = flowOrNotFound(c.req.valid('param').flowId);
    const { db, config, clock } = c.get('deps');
    const payload = await quoteTransfer(db, await transferSettings(db, config.transfers, clock.now()), {
      flow,
      caller: c.get('user'),
      request: c.req.valid('json'),
      now: clock.now(),
    });
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(codeCheckRoute, async (c) => {
    const flow = flowOrNotFound(c.req.valid('param').flowId);
    const { db, clock } = c.get('deps');
    const payload = await checkWithdrawalCode(db, {
      flow,
      caller: c.get('user'),
      request: c.req.valid('json'),
      now: clock.now(),
    });
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(submitRoute, async (c) => {
    const flow = flowOrNotFound(c.req.valid('param').flowId);
    const { db, config, clock, reportTotals } = c.get('deps');
    const outcome = await submitTransfer(db, await transferSettings(db, config.transfers, clock.now()), {
      flow,
      request: c.req.valid('json'),
      idempotencyKey: c.req.valid('header')['idempotency-key'].toLowerCase(),
      ...acting(c),
    });
    if (outcome.changed) reportTotals.invalidate();
    return c.json({ status: true as const, payload: outcome.result }, outcome.httpStatus);
  });

  router.openapi(receiptRoute, async (c) => {
    await expireBeforeReading(c.get('deps'));
    const payload = await loadReceipt(c.get('deps').db, c.req.valid('param').reference, c.get('user'));
    return c.json({ status: true as const, payload }, 200);
  });

  return router;
}
