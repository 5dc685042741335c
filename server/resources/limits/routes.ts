import * as operations from '../../../contract/api/limits';
import { xofInEnglish as xof } from '../../../contract/money';
import type { TransferLimits } from '../../../contract/change-requests';
import { recordAudit } from '../../domain/audit/record';
import type { Db } from '../../db/database';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';
import { expireFirst } from '../../domain/waiting-requests/expiry';
import { currentLimits } from '../../ledger/limits';
import { pendingChanges, requestChange } from '../../domain/change-requests/requests';

/** One limits change waits at a time: they are one set. */
const SUBJECT = 'limits';

const summaryOf = (l: TransferLimits) =>
  `Transfer limits: approval above ${xof(l.approvalThreshold)}, customer daily limit ${xof(l.customerDailyLimit)}, largest transfer ${xof(l.maxTransfer)}`;

export function limitsRoutes() {
  const router = createRouter();
  // A limits change nobody decided in time no longer shows as waiting, nor blocks a new one.
  router.use('/settings/limits', requireSession(), expireFirst);

  router.openapi(routeFor(operations.getLimits), async (c) => {
    const { db, config, clock } = c.get('deps');
    const [limits, [pending]] = await Promise.all([
      currentLimits(db, config.transfers, clock.now()),
      pendingChanges(db, ['limits.update'], c.get('user').userId, 1),
    ]);
    return c.json({ status: true as const, payload: { ...limits, pending: pending ?? null } }, 200);
  });

  router.openapi(routeFor(operations.requestLimitsChange), async (c) => {
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
