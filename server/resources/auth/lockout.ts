import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { ApiError } from '../../lib/api-error';

/**
 * The account lock after repeated failures (LOGIN_MAX_FAILURES, LOGIN_LOCK_MINUTES): wrong
 * passwords and wrong two-factor codes count alike, so knowing the password buys no extra
 * guesses at the code.
 */
const lockedError = (minutes: number) =>
  new ApiError(
    423,
    'ACCOUNT_LOCKED',
    'Account locked',
    `This account is locked after too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );

export interface LoginSettings {
  maxFailures: number;
  lockMs: number;
}

async function lock(db: Db, userId: number, now: Date, settings: LoginSettings) {
  await db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: new Date(now.getTime() + settings.lockMs) })
    .where(eq(users.id, userId));
  return lockedError(Math.ceil(settings.lockMs / 60_000));
}

/**
 * Counts an attempt before it is checked, in one statement that also skips a locked account:
 * guesses sent in parallel cannot get past the limit. Throws 423 while locked. Returns the
 * attempt's number among the consecutive failures.
 */
export async function claimAttempt(db: Db, userId: number, now: Date, settings: LoginSettings): Promise<number> {
  const [claim] = await db
    .update(users)
    .set({ failedLogins: sql`${users.failedLogins} + 1` })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ attempt: users.failedLogins });
  if (!claim) {
    const [row] = await db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, userId));
    const remaining = (row?.lockedUntil?.getTime() ?? now.getTime()) - now.getTime();
    throw lockedError(Math.max(1, Math.ceil(remaining / 60_000)));
  }
  // Past the limit: a parallel attempt used the last try (or died before locking). Lock
  // here too, so the count can never stay above the limit with no lock to expire.
  if (claim.attempt > settings.maxFailures) throw await lock(db, userId, now, settings);
  return claim.attempt;
}

/** A claimed attempt that failed: the error to answer, the lock's when it was the last one allowed. */
export async function failedAttempt(
  db: Db,
  userId: number,
  attempt: number,
  now: Date,
  settings: LoginSettings,
  error: ApiError,
): Promise<ApiError> {
  return attempt >= settings.maxFailures ? lock(db, userId, now, settings) : error;
}

/** A claimed attempt that succeeded but did not finish the sign-in (a code is still needed). */
export async function releaseAttempt(db: Db, userId: number) {
  await db
    .update(users)
    .set({ failedLogins: sql`greatest(${users.failedLogins} - 1, 0)` })
    .where(eq(users.id, userId));
}

/** The sign-in succeeded: the count starts again. */
export async function clearFailures(db: Db, userId: number) {
  await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
}
