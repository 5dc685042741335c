import type { Context } from 'hono';
import * as operations from '../../../contract/api/approvals';
import type { ApprovalDecisionResult } from '../../../contract/api/approvals';
import type { AppEnv } from '../../http/env';
import { ApiError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';
import { expireBeforeReading } from '../../domain/waiting-requests/expiry';
import { approvalNotFound } from '../../ledger/decide';
import { decideTransferRequest as decide } from './decide';
import { approvalViews, listApprovals } from './list';

async function viewOf(c: Context<AppEnv>, id: number) {
  const [view] = await approvalViews(c.get('deps').db, c.get('user'), [id]);
  if (!view) throw approvalNotFound();
  return view;
}

export function approvalRoutes() {
  const router = createRouter();
  router.use('/approvals', requireSession());
  router.use('/approvals/*', requireSession());

  router.openapi(routeFor(operations.listApprovals), async (c) => {
    await expireBeforeReading(c.get('deps'));
    const payload = await listApprovals(c.get('deps').db, c.get('user'), c.req.valid('query'));
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(routeFor(operations.getApproval), async (c) => {
    const { id } = c.req.valid('param');
    await expireBeforeReading(c.get('deps'));
    return c.json({ status: true as const, payload: await viewOf(c, id) }, 200);
  });

  router.openapi(routeFor(operations.approveApproval), async (c) => {
    const { id } = c.req.valid('param');
    await decide(c, id, 'approve', c.req.valid('json')?.reason || null);
    return c.json({ status: true as const, payload: await viewOf(c, id) }, 200);
  });

  router.openapi(routeFor(operations.rejectApproval), async (c) => {
    const { id } = c.req.valid('param');
    await decide(c, id, 'reject', c.req.valid('json').reason);
    return c.json({ status: true as const, payload: await viewOf(c, id) }, 200);
  });

  router.openapi(routeFor(operations.decideApprovals), async (c) => {
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
