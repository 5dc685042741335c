import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TwoFactorUserStatus } from '../../../contract/api/two-factor';
import type { AuditEntry } from '../audit/record';
import type { Db } from '../../db/database';
import { loginChallenges, users } from '../../db/schema';
import { ApiError, notFoundError } from '../../lib/api-error';
import { notEnabled, removeTwoFactor, rowOf, statusOf, type UserRow } from './codes';

/** An admin's view and reset of another user's two-factor. */

type Audit = (entry: AuditEntry) => Promise<void>;

export async function userNamed(db: Db, username: string): Promise<UserRow> {
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

/**
 * Removes a user's two-factor (a lost phone): they sign in with the password alone, and a sign-in
 * waiting for its code ends. Runs in the transaction that audits it: at once, or at a second
 * administrator's approval (decision 031).
 */
export async function removeTwoFactorOf(tx: Db, user: { id: number; username: string }, now: Date, audit: Audit) {
  const row = await rowOf(tx, user.id);
  if (!row) throw notEnabled(`${user.username} has no two-factor sign-in to reset.`);
  await removeTwoFactor(tx, user.id);
  await tx
    .update(loginChallenges)
    .set({ usedAt: now })
    .where(and(eq(loginChallenges.userId, user.id), isNull(loginChallenges.usedAt)));
  await audit({
    action: 'twoFactor.reset',
    targetType: 'user',
    targetId: user.id,
    details: { username: user.username, wasEnabled: Boolean(row.enabledAt) },
  });
}

/** Refused before a reset is asked for: one's own, or a user with nothing to reset. */
export async function checkResettable(db: Db, user: { id: number; username: string }, callerId: number) {
  if (user.id === callerId) {
    throw new ApiError(
      409,
      'CANNOT_RESET_OWN',
      'Not your own',
      'Turn your own two-factor sign-in off with a code, above. A reset is for other users.',
    );
  }
  if (!(await rowOf(db, user.id))) throw notEnabled(`${user.username} has no two-factor sign-in to reset.`);
}
