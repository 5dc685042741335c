import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { clearFailures } from '../sign-in/throttle';
import { type Audit, endSessionsOf, findUser } from './write';

/**
 * A new one-time password (its hash) for a user who forgot theirs or never had one handed over:
 * the old password stops working, every session ends, and the user must choose a new one at next
 * sign-in. The slowed-down sign-in is cleared too, so the new password works at once.
 */
export async function resetPassword(tx: Db, userId: number, passwordHash: string, now: Date, audit: Audit) {
  const user = await findUser(tx, userId);
  await tx.update(users).set({ passwordHash, mustChangePassword: true }).where(eq(users.id, userId));
  await endSessionsOf(tx, userId, now);
  await clearFailures(tx, user.username);
  await audit({
    action: 'user.passwordReset',
    targetType: 'user',
    targetId: userId,
    details: { username: user.username },
  });
}

/** Forgets the user's sign-in failures (decision 015): the next attempt is checked at once. */
export async function unlock(tx: Db, userId: number, audit: Audit) {
  const user = await findUser(tx, userId);
  await clearFailures(tx, user.username);
  await audit({ action: 'user.unlock', targetType: 'user', targetId: userId, details: { username: user.username } });
}
