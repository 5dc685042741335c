import { createRoute, z } from '@hono/zod-openapi';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { HEADER } from '../../../contract/http';
import { DEMO_PASSWORD } from '../../db/demo-users';
import { sessions, users } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import { createRouter } from '../../http/openapi';
import { requireSession } from '../../http/session';
import { issueXsrfCookie } from '../../http/xsrf';
import { hashPassword, verifyPassword } from '../../lib/password';
import { loginBody, userObject } from './schemas';
import { hashToken, newSessionToken } from './tokens';
import { buildUserObject } from './user-object';

const INVALID_CREDENTIALS = () =>
  new ApiError(401, 'INVALID_CREDENTIALS', 'Sign-in refused', 'Incorrect username or password.');

const lockedError = (minutes: number) =>
  new ApiError(
    423,
    'ACCOUNT_LOCKED',
    'Account locked',
    `This account is locked after too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );

// Compared against when the username is unknown, so both failures take the same time.
const decoyHash = hashPassword('decoy-password');

const loginRoute = createRoute({
  method: 'post',
  path: '/auth/login',
  tags: ['Session'],
  summary: 'Sign in; returns the user object and its session token',
  request: { body: { content: { 'application/json': { schema: loginBody } }, required: true } },
  responses: {
    200: jsonSuccess(userObject, 'Signed in'),
    400: errorResponse('Missing username or password'),
    401: errorResponse('Unknown user or wrong password (one message for both)'),
    403: errorResponse('Anti-forgery token missing or mismatched'),
    423: errorResponse('Locked after repeated failures'),
  },
});

const logoutRoute = createRoute({
  method: 'post',
  path: '/auth/logout',
  tags: ['Session'],
  summary: 'Revoke the current session (succeeds even when it has already ended)',
  responses: { 200: jsonSuccess(z.object({ loggedOut: z.literal(true) }), 'Signed out') },
});

const meRoute = createRoute({
  method: 'get',
  path: '/auth/me',
  tags: ['Session'],
  summary: 'The signed-in user object',
  security: [{ session: [] }],
  responses: {
    200: jsonSuccess(userObject, 'The current user'),
    401: errorResponse('No live session (sessionExpired: true)'),
  },
});

export function authRoutes() {
  const router = createRouter();
  router.use('/auth/me', requireSession());

  router.openapi(loginRoute, async (c) => {
    const { username, password } = c.req.valid('json');
    const { db, clock, config } = c.get('deps');
    const now = clock.now();
    const [user] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
    if (!user) {
      await verifyPassword(password, await decoyHash);
      throw INVALID_CREDENTIALS();
    }
    // Count the attempt before checking the password, in one statement that also skips a
    // locked account: guesses sent in parallel cannot get past the limit.
    const [claim] = await db
      .update(users)
      .set({ failedLogins: sql`${users.failedLogins} + 1` })
      .where(and(eq(users.id, user.id), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
      .returning({ attempt: users.failedLogins });
    if (!claim) {
      const [row] = await db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, user.id));
      const remaining = (row?.lockedUntil?.getTime() ?? now.getTime()) - now.getTime();
      throw lockedError(Math.max(1, Math.ceil(remaining / 60_000)));
    }
    const lock = async () => {
      await db
        .update(users)
        .set({ failedLogins: 0, lockedUntil: new Date(now.getTime() + config.login.lockMs) })
        .where(eq(users.id, user.id));
      return lockedError(Math.ceil(config.login.lockMs / 60_000));
    };
    // Past the limit: a parallel attempt used the last try (or died before locking). Lock
    // here too, so the count can never stay above the limit with no lock to expire.
    if (claim.attempt > config.login.maxFailures) throw await lock();
    const demoPasswordRefused = !config.demo.passwordAllowed && password === DEMO_PASSWORD;
    const valid = !demoPasswordRefused && (await verifyPassword(password, user.passwordHash));
    if (!valid) {
      if (claim.attempt >= config.login.maxFailures) throw await lock();
      throw INVALID_CREDENTIALS();
    }
    await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
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
    issueXsrfCookie(c, config.production);
    return c.json({ status: true as const, payload: await buildUserObject(db, user, token) }, 200);
  });

  router.openapi(logoutRoute, async (c) => {
    const token = c.req.header(HEADER.sessionToken);
    if (token) {
      const { db, clock } = c.get('deps');
      await db
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(eq(sessions.tokenHash, hashToken(token)));
    }
    return c.json({ status: true as const, payload: { loggedOut: true as const } }, 200);
  });

  router.openapi(meRoute, async (c) => {
    const { db } = c.get('deps');
    const sessionUser = c.get('user');
    const [user] = await db.select().from(users).where(eq(users.id, sessionUser.userId));
    if (!user) throw INVALID_CREDENTIALS();
    return c.json(
      { status: true as const, payload: await buildUserObject(db, user, c.req.header(HEADER.sessionToken) ?? '') },
      200,
    );
  });

  return router;
}
