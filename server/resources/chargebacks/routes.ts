import type { MiddlewareHandler } from 'hono';
import * as operations from '../../../contract/api/chargebacks';
import { CHARGEBACK_GROUPS } from '../../../contract/chargebacks';
import { recordAudit } from '../../domain/audit/record';
import { acting } from '../../http/acting';
import type { AppEnv } from '../../http/env';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';
import { decideChargeback } from './decide';
import { lookupTransaction } from '../../domain/chargebacks/lookup';
import { requestChargeback } from './request';
import { chargebackView, listChargebacks } from './views';
import { expireFirst } from '../../domain/waiting-requests/expiry';

const onlyChargebackGroups: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!CHARGEBACK_GROUPS.includes(c.get('user').group)) {
    throw forbiddenError('Only support-plus and administrators handle chargebacks.');
  }
  await next();
};

export function chargebackRoutes() {
  const router = createRouter();
  // A chargeback nobody decided in time is expired before any list, lookup or decision reads it.
  router.use('/chargebacks', requireSession(), onlyChargebackGroups, expireFirst);
  router.use('/chargebacks/*', requireSession(), onlyChargebackGroups, expireFirst);
  router.use('/chargeback-transactions/*', requireSession(), onlyChargebackGroups, expireFirst);

  router.openapi(routeFor(operations.lookupChargebackTransaction), async (c) => {
    const payload = await lookupTransaction(c.get('deps').db, c.req.valid('param').reference);
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(routeFor(operations.listChargebacks), async (c) => {
    const payload = await listChargebacks(c.get('deps').db, c.get('user'), c.req.valid('query'));
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(routeFor(operations.requestChargeback), async (c) => {
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

  router.openapi(routeFor(operations.decideChargeback), async (c) => {
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
