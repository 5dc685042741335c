import type { Context } from 'hono';
import { keepSessionAlive, readSessionStatus, type SessionStatus } from '../../../contract/api/auth';
import type { AppEnv } from '../../http/env';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { lastSeenOf, readSession, requireSession } from '../../http/session';

/** From the session as resolved, with the activity this server holds not yet written. */
function statusOf(c: Context<AppEnv>): SessionStatus {
  const deps = c.get('deps');
  const session = c.get('session');
  const now = deps.clock.now().getTime();
  const { idleMs, absoluteMs } = deps.config.session;
  const lastSeenAt = lastSeenOf(deps, session.sessionId, session.lastSeenAt);
  return {
    idleSeconds: Math.round(idleMs / 1000),
    idleRemainingMs: Math.max(0, lastSeenAt.getTime() + idleMs - now),
    absoluteRemainingMs: Math.max(0, session.createdAt.getTime() + absoluteMs - now),
  };
}

export function sessionStatusRoutes() {
  const router = createRouter();
  router.use('/auth/session', readSession());
  router.use('/auth/session/keep-alive', requireSession());

  router.openapi(routeFor(readSessionStatus), async (c) =>
    c.json({ status: true as const, payload: statusOf(c) }, 200),
  );
  router.openapi(routeFor(keepSessionAlive), async (c) => c.json({ status: true as const, payload: statusOf(c) }, 200));

  return router;
}
