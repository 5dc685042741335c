import * as operations from '../../../contract/api/fees';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';
import { expireFirst } from '../../domain/waiting-requests/expiry';
import { pendingFeeChanges, requestScheduleChange } from './changes';
import { currentSchedules, previewFee, scheduleHistory } from '../../domain/fees/schedules';

export function feeRoutes() {
  const router = createRouter();
  // A schedule change nobody decided in time no longer shows as waiting, nor blocks a new one.
  router.use('/fees', requireSession(), expireFirst);
  router.use('/fees/*', requireSession(), expireFirst);

  router.openapi(routeFor(operations.getFees), async (c) => {
    const { db } = c.get('deps');
    const [schedules, pending] = await Promise.all([currentSchedules(db), pendingFeeChanges(db, c.get('user').userId)]);
    return c.json({ status: true as const, payload: { schedules, pending } }, 200);
  });

  router.openapi(routeFor(operations.requestFeeChange), async (c) => {
    const payload = await requestScheduleChange(c, c.req.valid('param').flowId, c.req.valid('json').bands);
    return c.json({ status: true as const, payload }, 202);
  });

  router.openapi(routeFor(operations.listFeeHistory), async (c) => {
    const payload = { schedules: await scheduleHistory(c.get('deps').db, c.req.valid('query').flowId) };
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(routeFor(operations.previewFee), async (c) => {
    const { flowId, amount } = c.req.valid('json');
    const payload = await previewFee(c.get('deps').db, flowId, amount);
    return c.json({ status: true as const, payload }, 200);
  });

  return router;
}
