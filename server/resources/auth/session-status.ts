import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { SessionStatus } from '../../../contract/two-factor';
import { sessions } from '../../db/schema';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import type { AppEnv } from '../../http/env';
import { sessionExpiredError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { readSession, requireSession } from '../../http/session';

/**
 * How long the caller's session has left, for the dashboard's "stay signed in?" warning.
 * GET only reads it (a tab asking whether another tab kept the session alive must not keep
 * it alive itself); POST keep-alive is the "Stay signed in" answer, and slides it like any
 * other request.
 */
const sessionStatus = z
  .object({
    idleSeconds: z.number().int().openapi({ description: 'The idle timeout, SESSION_IDLE_MINUTES' }),
    idleRemainingMs: z.number().int().openapi({ description: 'Before the session ends if nothing else is asked' }),
    absoluteRemainingMs: z.number().int().openapi({ description: 'Before it ends whatever happens' }),
  })
  .openapi('SessionStatus');

const statusRoute = createRoute({
  method: 'get',
  path: '/auth/session',
  tags: ['Session'],
  summary: 'Time left in the current session; reading it does not count as activity',
  security: [{ session: [] }],
  responses: {
    200: jsonSuccess(sessionStatus, 'The session is live'),
    401: errorResponse('No live session (sessionExpired: true)'),
  },
});

const keepAliveRoute = createRoute({
  method: 'post',
  path: '/auth/session/keep-alive',
  tags: ['Session'],
  summary: 'Stay signed in: counts as activity, so the idle timer starts again',
  security: [{ session: [] }],
  responses: {
    200: jsonSuccess(sessionStatus, 'The session is live, its idle timer restarted'),
    401: errorResponse('No live session (sessionExpired: true)'),
    403: errorResponse('Anti-forgery token missing or mismatched'),
  },
});

async function statusOf(c: Context<AppEnv>): Promise<SessionStatus> {
  const { db, clock, config } = c.get('deps');
  const [row] = await db
    .select({ lastSeenAt: sessions.lastSeenAt, createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, c.get('user').sessionId));
  if (!row) throw sessionExpiredError();
  const now = clock.now().getTime();
  return {
    idleSeconds: Math.round(config.session.idleMs / 1000),
    idleRemainingMs: Math.max(0, row.lastSeenAt.getTime() + config.session.idleMs - now),
    absoluteRemainingMs: Math.max(0, row.createdAt.getTime() + config.session.absoluteMs - now),
  };
}

export function sessionStatusRoutes() {
  const router = createRouter();
  router.use('/auth/session', readSession());
  router.use('/auth/session/keep-alive', requireSession());

  router.openapi(statusRoute, async (c) => c.json({ status: true as const, payload: await statusOf(c) }, 200));
  router.openapi(keepAliveRoute, async (c) => c.json({ status: true as const, payload: await statusOf(c) }, 200));

  return router;
}
