import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { type GroupKey, groupKeyForId, hasAdminMenu } from '../../contract/groups';
import { HEADER } from '../../contract/http';
import { menuProfileName } from '../../contract/staff-users';
import { sessions, users } from '../db/schema';
import { announceSessionChange } from '../db/session-changes';
import { hashToken } from '../lib/session-tokens';
import { sessionExpiredError } from '../lib/api-error';
import type { AppDeps, AppEnv } from './env';
import type { CachedSession } from './session-cache';
import { authorizeOperation, refuseUntilPasswordChanged } from './page-access';

/**
 * Resolves X-Session-Token to a live session or answers 401 with sessionExpired.
 * Every accepted request slides the idle timer and records its channel.
 */
export const requireSession = (): MiddlewareHandler<AppEnv> => resolveSession(true);

/** requireSession without sliding the idle timer: asking how long is left is not activity. */
export const readSession = (): MiddlewareHandler<AppEnv> => resolveSession(false);

/** A live session and its active user, from this server's cache or else the database (decision 062). */
function liveSession(deps: AppDeps, tokenHash: string): Promise<CachedSession | null> {
  return deps.sessionCache.readSession(tokenHash, async () => {
    const [row] = await deps.db
      .select({
        sessionId: sessions.id,
        userId: sessions.userId,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        revokedAt: sessions.revokedAt,
        deactivatedAt: users.deactivatedAt,
        username: users.username,
        name: users.name,
        groupId: users.groupId,
        bankId: users.bankId,
        profile: users.profile,
        mustChangePassword: users.mustChangePassword,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, tokenHash));
    // Deactivation revokes the sessions too; this also covers a request already under way.
    if (!row || row.revokedAt || row.deactivatedAt) return null;
    const { revokedAt: _revoked, deactivatedAt: _deactivated, ...live } = row;
    return live;
  });
}

/** The later of what is stored and what this server holds not yet written. */
export function lastSeenOf(deps: Pick<AppDeps, 'sessionActivity'>, sessionId: number, stored: Date): Date {
  const held = deps.sessionActivity.lastSeenAt(sessionId);
  return held && held > stored ? held : stored;
}

function resolveSession(slide: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = c.req.header(HEADER.sessionToken);
    if (!token) throw sessionExpiredError('Please sign in to continue.');
    const deps = c.get('deps');
    const { db, clock } = deps;
    const now = clock.now();
    const session = await liveSession(deps, hashToken(token));
    if (!session) throw sessionExpiredError();
    if (sessionTimedOut(deps, session.sessionId, session, now)) {
      await deps.sessionActivity.writeNow(session.sessionId);
      await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, session.sessionId));
      await announceSessionChange(db, session.userId);
      throw sessionExpiredError();
    }
    const channel = c.get('channel');
    if (slide) {
      await deps.sessionActivity.record(session.sessionId, {
        at: now,
        channel,
        method: c.req.method,
        path: loggablePath(c.req.path),
      });
    }
    c.set('session', session);
    c.set('user', {
      sessionId: session.sessionId,
      userId: session.userId,
      username: session.username,
      name: session.name,
      groupId: session.groupId,
      group: permissionGroup(groupKeyForId(session.groupId, deps.groupIds)),
      bankId: session.bankId,
      profileName: menuProfileName(session),
    });
    if (session.mustChangePassword) refuseUntilPasswordChanged(c);
    // The menu decides what a group may call: an operation serves pages (contract/navigation/endpoint-access.ts).
    await authorizeOperation(c, c.get('user'), session.groupId);
    await next();
  };
}

/** Idle too long (counting what this server holds not yet written), or open too long in all. */
export function sessionTimedOut(
  deps: Pick<AppDeps, 'config' | 'sessionActivity'>,
  sessionId: number,
  session: { lastSeenAt: Date; createdAt: Date },
  now: Date,
) {
  const idleFor = now.getTime() - lastSeenOf(deps, sessionId, session.lastSeenAt).getTime();
  const age = now.getTime() - session.createdAt.getTime();
  return idleFor > deps.config.session.idleMs || age > deps.config.session.absoluteMs;
}

/**
 * Whether a session a request was let in with still holds (for answers that last, like event
 * streams): not signed out, its user not deactivated, not idle or open too long. Never counts as
 * activity.
 */
export async function sessionStillLive(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'sessionActivity'>,
  sessionId: number,
) {
  const [row] = await deps.db
    .select({ session: sessions, deactivatedAt: users.deactivatedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  if (!row || row.session.revokedAt || row.deactivatedAt) return false;
  return !sessionTimedOut(deps, sessionId, row.session, deps.clock.now());
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
