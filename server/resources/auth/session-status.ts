import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { keepSessionAlive, readSessionStatus, type SessionStatus } from '../../../contract/api/auth';
import { sessions } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { sessionExpiredError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { lastSeenOf, readSession, requireSession } from '../../http/session';

async function statusOf(c: Context<AppEnv>): Promise<SessionStatus> {
  const deps = c.get('deps');
  const { db, clock, config } = deps;
  const sessionId = c.get('user').sessionId;
  const [row] = await db
    .select({ lastSeenAt: sessions.lastSeenAt, createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  if (!row) throw sessionExpiredError();
  const now = clock.now().getTime();
  return {
    idleSeconds: Math.round(config.session.idleMs / 1000),
    idleRemainingMs: Math.max(0, lastSeenOf(deps, sessionId, row.lastSeenAt).getTime() + config.session.idleMs - now),
    absoluteRemainingMs: Math.max(0, row.createdAt.getTime() + config.session.absoluteMs - now),
  };
}

export function sessionStatusRoutes() {
  const router = createRouter();
  router.use('/auth/session', readSession());
  router.use('/auth/session/keep-alive', requireSession());

  router.openapi(routeFor(readSessionStatus), async (c) =>
    c.json({ status: true as const, payload: await statusOf(c) }, 200),
  );
  router.openapi(routeFor(keepSessionAlive), async (c) =>
    c.json({ status: true as const, payload: await statusOf(c) }, 200),
  );

  return router;
}
