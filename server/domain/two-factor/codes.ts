import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Context } from 'hono';
import { TWO_FACTOR_ERRORS } from '../../../contract/two-factor';
import { isRecoveryCode, isTotpCode, normaliseCode } from '../../../contract/two-factor-codes';
import type { TwoFactorStatus } from '../../../contract/api/two-factor';
import type { Db } from '../../db/database';
import { recoveryCodes, userTwoFactor, type users } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { ApiError } from '../../lib/api-error';
import { claimAttempt, releaseAttempt } from '../sign-in/throttle';
import { decryptSecret, hashRecoveryCode } from './secrets';
import { matchTotp } from './totp';

/**
 * What every two-factor operation shares: the stored enrolment, the server key, and the check
 * of a code (app or recovery) that consumes it and counts a wrong one toward the account lock.
 */

export type UserRow = typeof users.$inferSelect;

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;

const unavailable = () =>
  new ApiError(
    503,
    'TWO_FACTOR_UNAVAILABLE',
    'Two-factor sign-in unavailable',
    'Two-factor sign-in is not configured on this server: set TWO_FACTOR_KEY (64 hexadecimal digits).',
  );

export const invalidCode = () =>
  new ApiError(
    401,
    TWO_FACTOR_ERRORS.invalidCode,
    'Wrong code',
    'That code is not right, or it was already used. Enter the current code from your authenticator app.',
  );

export const invalidCodeHere = () =>
  new ApiError(
    400,
    TWO_FACTOR_ERRORS.invalidCode,
    'Wrong code',
    'That code is not right, or it was already used. Enter the current code from your authenticator app.',
  );

export const challengeExpired = () =>
  new ApiError(
    401,
    TWO_FACTOR_ERRORS.challengeExpired,
    'Sign-in expired',
    'This sign-in has expired or was already used. Enter your username and password again.',
  );

export const notEnabled = (whose = 'Two-factor sign-in is not on for your account.') =>
  new ApiError(409, 'TWO_FACTOR_NOT_ENABLED', 'Two-factor sign-in is off', whose);

export function keyOf(c: Context<AppEnv>): Buffer {
  const { key } = c.get('deps').config.twoFactor;
  if (!key) throw unavailable();
  return key;
}

export async function rowOf(db: Db, userId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row;
}

export async function codesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function statusOf(db: Db, userId: number): Promise<TwoFactorStatus> {
  const row = await rowOf(db, userId);
  const enabled = Boolean(row?.enabledAt);
  return {
    enabled,
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    pending: Boolean(row && !row.enabledAt),
    recoveryCodesLeft: enabled ? await codesLeft(db, userId) : 0,
  };
}

/**
 * Checks a code against a user's two-factor: an app code newer than the last one accepted, or
 * an unused recovery code. Either is consumed in the same statement that checks it, so two
 * requests racing with one code cannot both pass.
 */
async function consumeCode(
  db: Db,
  key: Buffer,
  row: TwoFactorRow,
  code: string,
  now: Date,
): Promise<'totp' | 'recoveryCode' | null> {
  const typed = normaliseCode(code);
  if (isTotpCode(typed)) {
    const step = matchTotp(decryptSecret(key, row.userId, row.secret), typed, now, row.lastStep);
    if (step === null) return null;
    const [taken] = await db
      .update(userTwoFactor)
      .set({ lastStep: step })
      .where(
        and(eq(userTwoFactor.userId, row.userId), or(isNull(userTwoFactor.lastStep), lt(userTwoFactor.lastStep, step))),
      )
      .returning({ userId: userTwoFactor.userId });
    return taken ? 'totp' : null;
  }
  if (isRecoveryCode(typed)) {
    const [used] = await db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(recoveryCodes.userId, row.userId),
          eq(recoveryCodes.codeHash, hashRecoveryCode(key, typed)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return used ? 'recoveryCode' : null;
  }
  return null;
}

/** Wrong codes count toward the sign-in throttle like wrong passwords (auth/throttle.ts). */
export async function checkCounted(
  c: Context<AppEnv>,
  user: { id: number; username: string },
  row: TwoFactorRow,
  code: string,
  refusal: ApiError,
) {
  const key = keyOf(c);
  const { db, clock } = c.get('deps');
  const attempt = await claimAttempt(c, user.username, user.id);
  const method = await consumeCode(db, key, row, code, clock.now());
  if (!method) throw refusal;
  await releaseAttempt(db, attempt);
  return method;
}

export async function removeTwoFactor(db: Db, userId: number) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
}
