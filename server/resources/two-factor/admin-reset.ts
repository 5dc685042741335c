import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { TwoFactorUserStatus } from '../../../contract/two-factor';
import { recordAudit } from '../../audit/record';
import type { Db } from '../../db/database';
import { loginChallenges, users } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { ApiError, notFoundError } from '../../lib/api-error';
import { notEnabled, removeTwoFactor, rowOf, statusOf, type UserRow } from './codes';

/** An admin's view and reset of another user's two-factor. */

async function userNamed(db: Db, username: string): Promise<UserRow> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  if (!user) throw notFoundError(`There is no user named “${username}”.`);
  return user;
}

export async function userStatus(db: Db, username: string): Promise<TwoFactorUserStatus> {
  const user = await userNamed(db, username);
  const status = await statusOf(db, user.id);
  return {
    username: user.username,
    name: user.name,
    enabled: status.enabled,
    enabledAt: status.enabledAt,
    pending: status.pending,
  };
}

/** An admin removes another user's two-factor (a lost phone): the user signs in with the password alone. */
export async function resetFor(c: Context<AppEnv>, username: string): Promise<TwoFactorUserStatus> {
  const { db, clock } = c.get('deps');
  const admin = c.get('user');
  const user = await userNamed(db, username);
  if (user.id === admin.userId) {
    throw new ApiError(
      409,
      'CANNOT_RESET_OWN',
      'Not your own',
      'Turn your own two-factor sign-in off with a code, above. A reset is for other users.',
    );
  }
  const row = await rowOf(db, user.id);
  if (!row) throw notEnabled(`${user.username} has no two-factor sign-in to reset.`);
  await db.transaction(async (tx) => {
    await removeTwoFactor(tx, user.id);
    // A sign-in waiting for its code ends with the reset.
    await tx
      .update(loginChallenges)
      .set({ usedAt: clock.now() })
      .where(and(eq(loginChallenges.userId, user.id), isNull(loginChallenges.usedAt)));
    await recordAudit(c, tx, {
      action: 'twoFactor.reset',
      targetType: 'user',
      targetId: user.id,
      details: { username: user.username, wasEnabled: Boolean(row.enabledAt) },
    });
  });
  return userStatus(db, user.username);
}
