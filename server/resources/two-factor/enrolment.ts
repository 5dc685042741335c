import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import QRCode from 'qrcode';
import { normaliseCode } from '../../../contract/two-factor-codes';
import type {
  TwoFactorEnabled,
  TwoFactorEnrolment,
  TwoFactorRecoveryCodes,
  TwoFactorStatus,
} from '../../../contract/api/two-factor';
import { recordAudit } from '../../domain/audit/record';
import { recoveryCodes, userTwoFactor } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { ApiError } from '../../lib/api-error';
import { clearOwnFailures } from '../../domain/sign-in/throttle';
import { decryptSecret, encryptSecret, hashRecoveryCode, newRecoveryCodes } from '../../domain/two-factor/secrets';
import { groupSecret, matchTotp, newTotpSecret, otpauthUri } from '../../domain/two-factor/totp';
import {
  checkCounted,
  invalidCodeHere,
  keyOf,
  notEnabled,
  removeTwoFactor,
  rowOf,
  statusOf,
} from '../../domain/two-factor/codes';

/** A user's own two-factor: setting it up, confirming it, new recovery codes, turning it off. */

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

/** Turning it off takes a code (from the app, or a recovery code): a borrowed session is not enough. */
export async function disable(c: Context<AppEnv>, code: string): Promise<TwoFactorStatus> {
  const { db } = c.get('deps');
  const user = c.get('user');
  const row = await rowOf(db, user.userId);
  if (!row?.enabledAt) throw notEnabled();
  const method = await checkCounted(c, { id: user.userId, username: user.username }, row, code, invalidCodeHere());
  await clearOwnFailures(c, user.username);
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
  const method = await checkCounted(c, { id: user.userId, username: user.username }, row, code, invalidCodeHere());
  await clearOwnFailures(c, user.username);
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
