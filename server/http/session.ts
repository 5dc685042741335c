import { and, eq, isNull, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { type GroupKey, groupKeyForId, hasAdminMenu } from '../../contract/groups';
import { HEADER } from '../../contract/http';
import { menuProfileName } from '../../contract/staff-users';
import { sessionActivity, sessions, users } from '../db/schema';
import { hashToken } from '../lib/session-tokens';
import { sessionExpiredError } from '../lib/api-error';
import type { Config } from '../config';
import type { AppDeps, AppEnv } from './env';
import { authorizeOperation, refuseUntilPasswordChanged } from './page-access';

/**
 * Resolves X-Session-Token to a live session or answers 401 with sessionExpired.
 * Every accepted request slides the idle timer and records its channel.
 */
export const requireSession = (): MiddlewareHandler<AppEnv> => resolveSession(true);

/** requireSession without sliding the idle timer: asking how long is left is not activity. */
export const readSession = (): MiddlewareHandler<AppEnv> => resolveSession(false);

function resolveSession(slide: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = c.req.header(HEADER.sessionToken);
    if (!token) throw sessionExpiredError('Please sign in to continue.');
    const { db, clock, config } = c.get('deps');
    const now = clock.now();
    const [row] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, hashToken(token)));
    // Deactivation revokes the sessions too; this also covers a request already under way.
    if (!row || row.session.revokedAt || row.user.deactivatedAt) throw sessionExpiredError();
    if (timedOut(row.session, now, config.session)) {
      await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, row.session.id));
      throw sessionExpiredError();
    }
    const channel = c.get('channel');
    if (slide) {
      await db
        .update(sessions)
        .set({ lastSeenAt: now, lastChannel: channel, requestCount: sql`${sessions.requestCount} + 1` })
        .where(and(eq(sessions.id, row.session.id), isNull(sessions.revokedAt)));
      await db
        .insert(sessionActivity)
        .values({ sessionId: row.session.id, at: now, channel, method: c.req.method, path: loggablePath(c.req.path) });
    }
    c.set('user', {
      sessionId: row.session.id,
      userId: row.user.id,
      username: row.user.username,
      name: row.user.name,
      groupId: row.user.groupId,
      group: permissionGroup(groupKeyForId(row.user.groupId, c.get('deps').groupIds)),
      bankId: row.user.bankId,
      profileName: menuProfileName(row.user),
    });
    if (row.user.mustChangePassword) refuseUntilPasswordChanged(c);
    // The menu decides what a group may call: an operation serves pages (contract/navigation/endpoint-access.ts).
    await authorizeOperation(c, c.get('user'), row.user.groupId);
    await next();
  };
}

/** Idle too long, or open too long in all. */
function timedOut(session: { lastSeenAt: Date; createdAt: Date }, now: Date, policy: Config['session']) {
  const idleFor = now.getTime() - session.lastSeenAt.getTime();
  const age = now.getTime() - session.createdAt.getTime();
  return idleFor > policy.idleMs || age > policy.absoluteMs;
}

/**
 * Whether a session a request was let in with still holds (for answers that last, like event
 * streams): not signed out, its user not deactivated, not idle or open too long. Never counts as
 * activity.
 */
export async function sessionStillLive(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, sessionId: number) {
  const [row] = await deps.db
    .select({ session: sessions, deactivatedAt: users.deactivatedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  if (!row || row.session.revokedAt || row.deactivatedAt) return false;
  return !timedOut(row.session, deps.clock.now(), deps.config.session);
}

/**
 * The path as decoded may hold a NUL (`%00`), which PostgreSQL text refuses: the request would
 * fail with a 500 before its route could answer the 400 or 404 it deserves.
 */
const loggablePath = (path: string) => path.replace(/\p{Cc}/gu, '\uFFFD').slice(0, 2000);

/** Groups shown the admin menu are granted what admins are granted: the menu is the authority. */
export function permissionGroup(group: GroupKey): GroupKey {
  return hasAdminMenu(group) ? 'admin' : group;
}
