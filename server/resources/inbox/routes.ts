import * as operations from '../../../contract/api/inbox';
import { announcePresence, withdrawPresence } from '../../../contract/api/presence';
import { withdraw } from '../../domain/presence/presence';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { readSession, requireSession } from '../../http/session';
import { inboxCountStream } from './count-stream';
import { expireBeforeReading } from '../../domain/waiting-requests/expiry';
import { decideInboxItem } from './decide';
import { inboxPage, waitingState } from './list';
import { announceOpen } from './presence';

export function inboxRoutes() {
  const router = createRouter();
  router.use('/inbox', requireSession());
  // The count is what every open tab asks on its own: not the user's activity.
  router.use('/inbox/count', readSession());
  router.use('/inbox/stream', readSession());
  router.use('/inbox/:kind/:id/decision', requireSession());
  // An open page says so every few seconds by itself: that is not the user at work.
  router.use('/presence/:kind/:id', readSession());

  router.openapi(routeFor(operations.listInbox), async (c) => {
    await expireBeforeReading(c.get('deps'));
    const { db, config, clock, groupIds } = c.get('deps');
    const lifetime = {
      lifetimeMs: config.transfers.approvalTtlMs,
      now: clock.now(),
      transfers: config.transfers,
      groupIds,
    };
    const payload = await inboxPage(db, c.get('user'), c.req.valid('query').kind, lifetime);
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(routeFor(operations.countInbox), async (c) => {
    await expireBeforeReading(c.get('deps'));
    const payload = await waitingState(c.get('deps').db, c.get('user'));
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(routeFor(operations.streamInboxCount), (c) => inboxCountStream(c) as never);

  router.openapi(routeFor(operations.decideInboxItem), async (c) => {
    const { kind, id } = c.req.valid('param');
    const decided = await decideInboxItem(c, kind, id, c.req.valid('json'));
    return c.json({ status: true as const, payload: { kind, id, ...decided } }, 200);
  });

  router.openapi(routeFor(announcePresence), async (c) => {
    const { kind, id } = c.req.valid('param');
    return c.json({ status: true as const, payload: await announceOpen(c, kind, id) }, 200);
  });

  router.openapi(routeFor(withdrawPresence), async (c) => {
    const { kind, id } = c.req.valid('param');
    const payload = await withdraw(c.get('deps').db, c.get('user').userId, kind, id);
    return c.json({ status: true as const, payload }, 200);
  });

  return router;
}
