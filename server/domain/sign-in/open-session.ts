import type { Context } from 'hono';
import { sessions, type users } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { issueSessionXsrfCookie } from '../../http/xsrf';
import { recordAuthEvent } from '../audit/auth-events';
import { hashToken, newSessionToken } from '../../lib/session-tokens';
import { buildUserObject } from './user-object';

/**
 * The end of every successful sign-in (the password alone, or the password then a code):
 * a new session, the XSRF cookie bound to it, and the user object the dashboard stores.
 */
export async function openSession(c: Context<AppEnv>, user: typeof users.$inferSelect) {
  const { db, clock, config } = c.get('deps');
  const now = clock.now();
  const token = newSessionToken();
  const channel = c.get('channel');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    createdAt: now,
    lastSeenAt: now,
    loginChannel: channel,
    lastChannel: channel,
    userAgent: c.req.header('user-agent')?.slice(0, 300),
  });
  await recordAuthEvent(c, 'auth.login', user.id);
  issueSessionXsrfCookie(c, { secure: config.production, secret: config.xsrfSecret }, token);
  return buildUserObject(db, user, token, config.session);
}
