import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ApprovalDecisionResult } from '../../../contract/transfers';
import type { AppEnv } from '../../http/env';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import { ApiError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { requireSession } from '../../http/session';
import { expireBeforeReading } from '../../domain/waiting-requests/expiry';
import { approvalNotFound } from '../../ledger/decide';
import { decideTransferRequest as decide } from './decide';
import { approvalViews, listApprovals } from './list';
import {
  approvalIdParam,
  approvalPage,
  approvalQuery,
  approvalView,
  approveBody,
  decisionResult,
  decisionsBody,
  rejectBody,
} from './schemas';

const decisionRefusals = {
  400: errorResponse('Invalid input (a rejection needs a reason of 3 to 500 characters)'),
  401: errorResponse('No live session'),
  403: errorResponse(
    'MAKER_CANNOT_APPROVE (the maker never decides its own request) or FORBIDDEN (bank transfers are decided by a checker of the same bank, the others by administrators)',
  ),
  404: errorResponse('No such request the caller may see (APPROVAL_NOT_FOUND)'),
  409: errorResponse('APPROVAL_EXPIRED, or APPROVAL_ALREADY_DECIDED'),
  422: errorResponse('Approving would break a rule now (INSUFFICIENT_FUNDS, ACCOUNT_BLOCKED...): it stays pending'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/approvals',
  tags: ['Approvals'],
  summary:
    'Transfers waiting for a checker (/authorize-transactions), newest first. Admins see all, bank users their bank’s, others their own.',
  security: [{ session: [] }],
  request: { query: approvalQuery },
  responses: { 200: jsonSuccess(approvalPage, 'One page of requests'), 400: decisionRefusals[400] },
});

const getRoute = createRoute({
  method: 'get',
  path: '/approvals/{id}',
  tags: ['Approvals'],
  summary: 'One approval request',
  security: [{ session: [] }],
  request: { params: approvalIdParam },
  responses: { 200: jsonSuccess(approvalView, 'The request'), 404: decisionRefusals[404] },
});

const approveRoute = createRoute({
  method: 'post',
  path: '/approvals/{id}/approve',
  tags: ['Approvals'],
  summary: 'Approve: the transfer is posted now, under the same rules and locks as a submission',
  security: [{ session: [] }],
  request: {
    params: approvalIdParam,
    body: { content: { 'application/json': { schema: approveBody } }, required: false },
  },
  responses: { 200: jsonSuccess(approvalView, 'The request as decided'), ...decisionRefusals },
});

const rejectRoute = createRoute({
  method: 'post',
  path: '/approvals/{id}/reject',
  tags: ['Approvals'],
  summary: 'Reject with a reason: the transfer fails and nothing moves',
  security: [{ session: [] }],
  request: {
    params: approvalIdParam,
    body: { content: { 'application/json': { schema: rejectBody } }, required: true },
  },
  responses: { 200: jsonSuccess(approvalView, 'The request as decided'), ...decisionRefusals },
});

const bulkRoute = createRoute({
  method: 'post',
  path: '/approvals/decisions',
  tags: ['Approvals'],
  summary: 'Approve or reject up to 200 requests; each is decided on its own and gets its own result, in order',
  security: [{ session: [] }],
  request: { body: { content: { 'application/json': { schema: decisionsBody } }, required: true } },
  responses: {
    200: jsonSuccess(z.array(decisionResult), 'One result per id'),
    400: decisionRefusals[400],
    401: decisionRefusals[401],
  },
});

async function viewOf(c: Context<AppEnv>, id: number) {
  const [view] = await approvalViews(c.get('deps').db, c.get('user'), [id]);
  if (!view) throw approvalNotFound();
  return view;
}

export function approvalRoutes() {
  const router = createRouter();
  router.use('/approvals', requireSession());
  router.use('/approvals/*', requireSession());

  router.openapi(listRoute, async (c) => {
    await expireBeforeReading(c.get('deps'));
    const payload = await listApprovals(c.get('deps').db, c.get('user'), c.req.valid('query'));
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(getRoute, async (c) => {
    const { id } = c.req.valid('param');
    await expireBeforeReading(c.get('deps'));
    return c.json({ status: true as const, payload: await viewOf(c, id) }, 200);
  });

  router.openapi(approveRoute, async (c) => {
    const { id } = c.req.valid('param');
    await decide(c, id, 'approve', c.req.valid('json')?.reason || null);
    return c.json({ status: true as const, payload: await viewOf(c, id) }, 200);
  });

  router.openapi(rejectRoute, async (c) => {
    const { id } = c.req.valid('param');
    await decide(c, id, 'reject', c.req.valid('json').reason);
    return c.json({ status: true as const, payload: await viewOf(c, id) }, 200);
  });

  router.openapi(bulkRoute, async (c) => {
    const { ids, decision, reason } = c.req.valid('json');
    const results: ApprovalDecisionResult[] = [];
    // One after another, each in its own database transaction: one refusal never undoes another approval.
    for (const id of ids) {
      let failure: ApiError | null = null;
      try {
        await decide(c, id, decision, reason || null);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        failure = error;
      }
      const [view] = await approvalViews(c.get('deps').db, c.get('user'), [id]);
      results.push({
        id,
        ok: failure === null,
        status: view?.status ?? null,
        reference: view?.reference ?? null,
        message: failure?.longMessage ?? null,
      });
    }
    return c.json({ status: true as const, payload: results }, 200);
  });

  return router;
}
