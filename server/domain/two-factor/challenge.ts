import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { TWO_FACTOR_CHALLENGE_ATTEMPTS, TWO_FACTOR_CHALLENGE_MINUTES } from '../../../contract/two-factor';
import type { TwoFactorChallenge } from '../../../contract/api/auth';
import { recordAudit } from '../audit/record';
import { loginChallenges, users } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { ApiError } from '../../lib/api-error';
import { clearOwnFailures } from '../sign-in/throttle';
import { openSession } from '../sign-in/open-session';
import { hashToken } from '../../lib/session-tokens';
import { challengeExpired, checkCounted, codesLeft, invalidCode, keyOf, rowOf, type UserRow } from './codes';

/** The login's second step: a challenge after the right password, answered with a code. */

/**
 * After the right password: null when the user has no two-factor (the login goes on), else a
 * challenge to answer with a code. Earlier failures (wrong codes included) still count until the
 * code is right.
 */
export async function startChallenge(c: Context<AppEnv>, user: UserRow): Promise<TwoFactorChallenge | null> {
  const { db, clock } = c.get('deps');
  const row = await rowOf(db, user.id);
  if (!row?.enabledAt) return null;
  keyOf(c);
  const now = clock.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000);
  await db.insert(loginChallenges).values({
    tokenHash: hashToken(token),
    userId: user.id,
    channel: c.get('channel'),
    expiresAt,
    createdAt: now,
  });
  return { twoFactorRequired: true, challengeToken: token, expiresAt: expiresAt.toISOString() };
}

/** The code for a challenge: the user object and a new session, or why not. */
export async function completeChallenge(c: Context<AppEnv>, challengeToken: string, code: string) {
  const { db, clock } = c.get('deps');
  const now = clock.now();
  // One attempt of the challenge's five, claimed before the code is checked.
  const [challenge] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        eq(loginChallenges.tokenHash, hashToken(challengeToken)),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, now),
        lt(loginChallenges.attempts, TWO_FACTOR_CHALLENGE_ATTEMPTS),
      ),
    )
    .returning();
  if (!challenge) throw challengeExpired();
  const [user] = await db.select().from(users).where(eq(users.id, challenge.userId));
  const row = user ? await rowOf(db, user.id) : undefined;
  if (!user || user.deactivatedAt || !row?.enabledAt) throw challengeExpired();

  let method: 'totp' | 'recoveryCode';
  try {
    method = await checkCounted(c, user, row, code, invalidCode());
  } catch (error) {
    if (error instanceof ApiError && error.status !== 503) {
      await recordAudit(c, db, {
        action: 'auth.twoFactorFailed',
        targetType: 'user',
        targetId: user.id,
        details: {
          username: user.username,
          throttled: error.code === 'TOO_MANY_ATTEMPTS',
          attempt: challenge.attempts,
        },
      });
    }
    throw error;
  }
  const [used] = await db
    .update(loginChallenges)
    .set({ usedAt: now })
    .where(and(eq(loginChallenges.id, challenge.id), isNull(loginChallenges.usedAt)))
    .returning({ id: loginChallenges.id });
  if (!used) throw challengeExpired();
  await clearOwnFailures(c, user.username);
  if (method === 'recoveryCode') {
    await recordAudit(c, db, {
      action: 'auth.recoveryCodeUsed',
      targetType: 'user',
      targetId: user.id,
      details: { username: user.username, left: await codesLeft(db, user.id) },
    });
  }
  return openSession(c, user);
}
