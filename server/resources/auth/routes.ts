import { and, eq, isNull, sql } from 'drizzle-orm';
import * as operations from '../../../contract/api/auth';
import { HEADER } from '../../../contract/http';
import { DEMO_PASSWORD } from '../../db/demo-users';
import { sessions, users } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';
import { hashPassword, verifyPassword } from '../../lib/password';
import { recordAuthEvent } from '../../domain/audit/auth-events';
import { startChallenge } from '../../domain/two-factor/challenge';
import { claimAttempt, clearOwnFailures, releaseAttempt } from '../../domain/sign-in/throttle';
import { openSession } from '../../domain/sign-in/open-session';
import { hashToken } from '../../lib/session-tokens';
import { announceSessionChange } from '../../db/session-changes';
import { buildUserObject } from '../../domain/sign-in/user-object';

const INVALID_CREDENTIALS = () =>
  new ApiError(401, 'INVALID_CREDENTIALS', 'Sign-in refused', 'Incorrect username or password.');

// Compared against when the username is unknown, so both failures take the same time.
const decoyHash = hashPassword('decoy-password');

export function authRoutes() {
  const router = createRouter();
  router.use('/auth/me', requireSession());

  router.openapi(routeFor(operations.login), async (c) => {
    const { username, password } = c.req.valid('json');
    const { db, config } = c.get('deps');
    const [user] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
    // Counted before the password is checked (auth/throttle.ts), for known and unknown names alike.
    const attempt = await claimAttempt(c, username, user?.id ?? null);
    if (!user) {
      await verifyPassword(password, await decoyHash);
      await recordAuthEvent(c, 'auth.loginFailed', null, { username, reason: 'unknownUser' });
      throw INVALID_CREDENTIALS();
    }
    // A deactivated account answers as an unknown one: the answer tells a guesser nothing.
    if (user.deactivatedAt) {
      await verifyPassword(password, await decoyHash);
      await recordAuthEvent(c, 'auth.loginFailed', user.id, { reason: 'deactivated' });
      throw INVALID_CREDENTIALS();
    }
    const demoPasswordRefused = !config.demo.passwordAllowed && password === DEMO_PASSWORD;
    const valid = !demoPasswordRefused && (await verifyPassword(password, user.passwordHash));
    if (!valid) {
      await recordAuthEvent(c, 'auth.loginFailed', user.id, { reason: 'wrongPassword' });
      throw INVALID_CREDENTIALS();
    }
    await releaseAttempt(db, attempt);
    // Two-factor on: the right password earns a challenge for the code, not yet a session.
    const challenge = await startChallenge(c, user);
    if (challenge) return c.json({ status: true as const, payload: challenge }, 200);
    await clearOwnFailures(c, user.username);
    return c.json({ status: true as const, payload: await openSession(c, user) }, 200);
  });

  router.openapi(routeFor(operations.logout), async (c) => {
    const token = c.req.header(HEADER.sessionToken);
    if (token) {
      const { db, clock } = c.get('deps');
      const [ended] = await db
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id, userId: sessions.userId });
      if (ended) {
        await announceSessionChange(db, ended.userId);
        await c.get('deps').sessionActivity.writeNow(ended.id);
        await recordAuthEvent(c, 'auth.logout', ended.userId);
      }
    }
    return c.json({ status: true as const, payload: { loggedOut: true as const } }, 200);
  });

  // Answered from the session as resolved: a change of its user is announced and read again (decision 062).
  router.openapi(routeFor(operations.me), async (c) => {
    const { db, config } = c.get('deps');
    const { userId: id, ...user } = c.get('session');
    return c.json(
      {
        status: true as const,
        payload: await buildUserObject(db, { id, ...user }, c.req.header(HEADER.sessionToken) ?? '', config.session),
      },
      200,
    );
  });

  return router;
}
