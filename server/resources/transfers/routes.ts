import * as operations from '../../../contract/api/transfers';
import { findTransferFlow } from '../../../contract/transfers';
import { acting } from '../../http/acting';
import { notFoundError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';
import { expireBeforeReading } from '../../domain/waiting-requests/expiry';
import { checkWithdrawalCode } from '../../ledger/code-check';
import { transferOptions } from '../../ledger/options';
import { quoteTransfer } from '../../ledger/quote';
import { loadReceipt } from '../../ledger/receipt';
import { submitTransfer } from '../../ledger/submit';
import { transferSettings } from '../../ledger/limits';

function flowOrNotFound(flowId: string) {
  const flow = findTransferFlow(flowId);
  if (!flow) throw notFoundError(`There is no transfer flow called ${flowId}.`);
  return flow;
}

export function transferRoutes() {
  const router = createRouter();
  router.use('/transfers/*', requireSession());
  router.use('/transfer-receipts/*', requireSession());

  router.openapi(routeFor(operations.getTransferOptions), async (c) => {
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

  router.openapi(routeFor(operations.quoteTransfer), async (c) => {
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

  router.openapi(routeFor(operations.checkWithdrawalCode), async (c) => {
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

  router.openapi(routeFor(operations.submitTransfer), async (c) => {
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

  router.openapi(routeFor(operations.getTransferReceipt), async (c) => {
    await expireBeforeReading(c.get('deps'));
    const payload = await loadReceipt(c.get('deps').db, c.req.valid('param').reference, c.get('user'));
    return c.json({ status: true as const, payload }, 200);
  });

  return router;
}
