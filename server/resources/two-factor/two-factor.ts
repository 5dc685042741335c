/**
 * Two-factor sign-in: enrolment, confirmation with recovery codes, turning it off, an admin's
 * reset, and the second step of the login (a challenge answered with a code).
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import QRCode from 'qrcode';
import {
  isRecoveryCode,
  isTotpCode,
  normaliseCode,
  TWO_FACTOR_CHALLENGE_ATTEMPTS,
  TWO_FACTOR_CHALLENGE_MINUTES,
  TWO_FACTOR_ERRORS,
  type TwoFactorChallenge,
  type TwoFactorEnabled,
  type TwoFactorEnrolment,
  type TwoFactorRecoveryCodes,
  type TwoFactorStatus,
  type TwoFactorUserStatus,
} from '../../../contract/two-factor';
import { recordAudit } from '../../audit/record';
import type { Db } from '../../db/database';
import { loginChallenges, recoveryCodes, userTwoFactor, users } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { ApiError, notFoundError } from '../../lib/api-error';
import { claimAttempt, clearFailures, failedAttempt, releaseAttempt } from '../auth/lockout';
import { openSession } from '../auth/open-session';
import { hashToken } from '../auth/tokens';
import { decryptSecret, encryptSecret, hashRecoveryCode, newRecoveryCodes } from './secrets';
import { groupSecret, matchTotp, newTotpSecret, otpauthUri } from './totp';

type UserRow = typeof users.$inferSelect;
type TwoFactorRow = typeof userTwoFactor.$inferSelect;

const unavailable = () =>
  new ApiError(
    503,
    'TWO_FACTOR_UNAVAILABLE',
    'Two-factor sign-in unavailable',
    'Two-factor sign-in is not configured on this server: set TWO_FACTOR_KEY (64 hexadecimal digits).',
  );

const invalidCode = () =>
  new ApiError(
    401,
    TWO_FACTOR_ERRORS.invalidCode,
    'Wrong code',
    'That code is not right, or it was already used. Enter the current code from your authenticator app.',
  );

const invalidCodeHere = () =>
  new ApiError(
    400,
    TWO_FACTOR_ERRORS.invalidCode,
    'Wrong code',
    'That code is not right, or it was already used. Enter the current code from your authenticator app.',
  );

const challengeExpired = () =>
  new ApiError(
    401,
    TWO_FACTOR_ERRORS.challengeExpired,
    'Sign-in expired',
    'This sign-in has expired or was already used. Enter your username and password again.',
  );

const notEnabled = (whose = 'Two-factor sign-in is not on for your account.') =>
  new ApiError(409, 'TWO_FACTOR_NOT_ENABLED', 'Two-factor sign-in is off', whose);

function keyOf(c: Context<AppEnv>): Buffer {
  const { key } = c.get('deps').config.twoFactor;
  if (!key) throw unavailable();
  return key;
}

async function rowOf(db: Db, userId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row;
}

async function codesLeft(db: Db, userId: number): Promise<number> {
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

/** A new secret to scan (replacing any unconfirmed one); refused while two-factor is on. */
export async function startEnrolment(c: Context<AppEnv>): Promise<TwoFactorEnrolment> {
  const key = keyOf(c);
  const { db, clock, config } = c.get('deps');
  const user = c.get('user');
  const secret = newTotpSecret();
  const sealed = encryptSecret(key, user.userId, secret);
  const [row] = await db
    .insert(userTwoFactor)
    .values({ userId: user.userId, secret: sealed, enabledAt: null, lastStep: null, createdAt: clock.now() })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secret: sealed, lastStep: null, createdAt: clock.now() },
      // Never over a confirmed enrolment: turning it off (with a code) comes first.
      setWhere: isNull(userTwoFactor.enabledAt),
    })
    .returning({ userId: userTwoFactor.userId });
  if (!row) {
    throw new ApiError(
      409,
      'TWO_FACTOR_ALREADY_ENABLED',
      'Already on',
      'Two-factor sign-in is already on. Turn it off with a code before setting up a new app.',
    );
  }
  const uri = otpauthUri(config.twoFactor.issuer, user.username, secret);
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret: groupSecret(secret),
    otpauthUri: uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    issuer: config.twoFactor.issuer,
    account: user.username,
  };
}

/** The first code from the app turns two-factor on and gives the recovery codes, once. */
export async function confirmEnrolment(c: Context<AppEnv>, code: string): Promise<TwoFactorEnabled> {
  const key = keyOf(c);
  const { db, clock } = c.get('deps');
  const user = c.get('user');
  const now = clock.now();
  const row = await rowOf(db, user.userId);
  if (!row) {
    throw new ApiError(409, 'NO_ENROLMENT', 'Nothing to confirm', 'Start the set-up first: scan a new QR code.');
  }
  if (row.enabledAt) {
    throw new ApiError(409, 'TWO_FACTOR_ALREADY_ENABLED', 'Already on', 'Two-factor sign-in is already on.');
  }
  const step = matchTotp(decryptSecret(key, user.userId, row.secret), normaliseCode(code), now, null);
  if (step === null) throw invalidCodeHere();
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(userTwoFactor)
      .set({ enabledAt: now, lastStep: step })
      .where(
        and(
          eq(userTwoFactor.userId, user.userId),
          isNull(userTwoFactor.enabledAt),
          eq(userTwoFactor.secret, row.secret),
        ),
      )
      .returning({ userId: userTwoFactor.userId });
    // A second set-up started meanwhile (another tab): this code was for the old secret.
    if (!enabled) throw invalidCodeHere();
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId: user.userId, codeHash: hashRecoveryCode(key, code), createdAt: now })));
    await recordAudit(c, tx, {
      action: 'twoFactor.enable',
      targetType: 'user',
      targetId: user.userId,
      details: { username: user.username, recoveryCodes: codes.length },
    });
  });
  return { enabledAt: now.toISOString(), recoveryCodes: codes };
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

/** Wrong codes count toward the account lock like wrong passwords. */
async function checkCounted(c: Context<AppEnv>, userId: number, row: TwoFactorRow, code: string, refusal: ApiError) {
  const key = keyOf(c);
  const { db, clock, config } = c.get('deps');
  const now = clock.now();
  const attempt = await claimAttempt(db, userId, now, config.login);
  const method = await consumeCode(db, key, row, code, now);
  if (method) return method;
  throw await failedAttempt(db, userId, attempt, now, config.login, refusal);
}

/** Turning it off takes a code (from the app, or a recovery code): a borrowed session is not enough. */
export async function disable(c: Context<AppEnv>, code: string): Promise<TwoFactorStatus> {
  const { db } = c.get('deps');
  const user = c.get('user');
  const row = await rowOf(db, user.userId);
  if (!row?.enabledAt) throw notEnabled();
  const method = await checkCounted(c, user.userId, row, code, invalidCodeHere());
  await clearFailures(db, user.userId);
  await db.transaction(async (tx) => {
    await removeTwoFactor(tx, user.userId);
    await recordAudit(c, tx, {
      action: 'twoFactor.disable',
      targetType: 'user',
      targetId: user.userId,
      details: { username: user.username, with: method },
    });
  });
  return statusOf(db, user.userId);
}

/**
 * A new set of recovery codes (after using some, or losing the printout): the old ones stop
 * working. Takes a code like turning it off does; a borrowed session is not enough.
 */
export async function regenerateRecoveryCodes(c: Context<AppEnv>, code: string): Promise<TwoFactorRecoveryCodes> {
  const key = keyOf(c);
  const { db, clock } = c.get('deps');
  const user = c.get('user');
  const row = await rowOf(db, user.userId);
  if (!row?.enabledAt) throw notEnabled();
  const method = await checkCounted(c, user.userId, row, code, invalidCodeHere());
  await clearFailures(db, user.userId);
  const now = clock.now();
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId: user.userId, codeHash: hashRecoveryCode(key, code), createdAt: now })));
    await recordAudit(c, tx, {
      action: 'twoFactor.recoveryCodes',
      targetType: 'user',
      targetId: user.userId,
      details: { username: user.username, with: method, recoveryCodes: codes.length },
    });
  });
  return { recoveryCodes: codes, status: await statusOf(db, user.userId) };
}

async function removeTwoFactor(db: Db, userId: number) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
}

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

// ---- The login's second step ----

/**
 * After the right password: null when the user has no two-factor (the login goes on), else a
 * challenge to answer with a code. The password's attempt stops counting as a failure, but
 * earlier failures (wrong codes included) still count until the code is right.
 */
export async function startChallenge(c: Context<AppEnv>, user: UserRow): Promise<TwoFactorChallenge | null> {
  const { db, clock } = c.get('deps');
  const row = await rowOf(db, user.id);
  if (!row?.enabledAt) return null;
  keyOf(c);
  await releaseAttempt(db, user.id);
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
  if (!user || !row?.enabledAt) throw challengeExpired();

  let method: 'totp' | 'recoveryCode';
  try {
    method = await checkCounted(c, user.id, row, code, invalidCode());
  } catch (error) {
    if (error instanceof ApiError && error.status !== 503) {
      await recordAudit(c, db, {
        action: 'auth.twoFactorFailed',
        targetType: 'user',
        targetId: user.id,
        details: { username: user.username, locked: error.code === 'ACCOUNT_LOCKED', attempt: challenge.attempts },
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
  await clearFailures(db, user.id);
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
