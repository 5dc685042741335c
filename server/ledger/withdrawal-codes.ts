import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { withdrawalCodes } from '../db/schema';
import { ApiError } from '../lib/api-error';
import { withdrawalCodeExpired, withdrawalCodeInvalid, withdrawalCodeLocked, withdrawalCodeUsed } from './errors';

/** Wrong codes a customer's newest code tolerates; then only a new code unlocks cash-out. */
const WITHDRAWAL_CODE_MAX_ATTEMPTS = 5;
/** Codes older than the newest few are not worth checking: they have expired or been replaced. */
const CODES_CHECKED = 10;

/**
 * Salted SHA-256, not scrypt: a 6-digit code has a million values, so no hash would keep a
 * stolen table safe; expiry, single use and the attempt limit protect it. The salt keeps equal
 * codes from looking equal and the codes out of plain sight of anyone reading the table.
 */
export function hashWithdrawalCode(code: string): string {
  const salt = randomBytes(16).toString('base64url');
  return `sha256$${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('base64url')}`;
}

export function withdrawalCodeMatches(code: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'sha256' || !salt || !hash) return false;
  const actual = createHash('sha256').update(`${salt}:${code}`).digest();
  const expected = Buffer.from(hash, 'base64url');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export const newWithdrawalCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** What the wallet app does when a customer asks for a code (and the demo seed, and tests). */
export async function issueWithdrawalCode(
  db: Db,
  accountId: number,
  options: { now: Date; validForMs: number; code?: string },
): Promise<string> {
  const code = options.code ?? newWithdrawalCode();
  await db.insert(withdrawalCodes).values({
    accountId,
    codeHash: hashWithdrawalCode(code),
    expiresAt: new Date(options.now.getTime() + options.validForMs),
    createdAt: options.now,
  });
  return code;
}

/** A wrong code: the refusal, and the code whose attempt counter must grow once the posting rolls back. */
export class WrongWithdrawalCode extends Error {
  constructor(
    readonly codeId: number,
    readonly error: ApiError,
  ) {
    super(error.longMessage);
  }
}

/**
 * Finds the customer's live code the teller typed and returns its id. Runs under the lock of the
 * customer's account, so two cash-outs cannot both use one code.
 */
export async function claimWithdrawalCode(db: Db, accountId: number, code: string, now: Date): Promise<number> {
  const codes = await db
    .select()
    .from(withdrawalCodes)
    .where(eq(withdrawalCodes.accountId, accountId))
    .orderBy(desc(withdrawalCodes.id))
    .limit(CODES_CHECKED)
    .for('update');
  const [newest] = codes;
  if (!newest) throw withdrawalCodeInvalid(null);
  if (newest.attempts >= WITHDRAWAL_CODE_MAX_ATTEMPTS) throw withdrawalCodeLocked();
  const match = codes.find((c) => withdrawalCodeMatches(code, c.codeHash));
  if (!match) {
    throw new WrongWithdrawalCode(newest.id, withdrawalCodeInvalid(WITHDRAWAL_CODE_MAX_ATTEMPTS - newest.attempts - 1));
  }
  if (match.usedAt) throw withdrawalCodeUsed();
  if (match.expiresAt.getTime() <= now.getTime()) throw withdrawalCodeExpired();
  return match.id;
}

export async function markWithdrawalCodeUsed(db: Db, codeId: number, transactionId: number, now: Date) {
  await db.update(withdrawalCodes).set({ usedAt: now, transactionId }).where(eq(withdrawalCodes.id, codeId));
}

/** Outside the failed posting's transaction, so the count survives its rollback. */
export async function recordWrongWithdrawalCode(db: Db, codeId: number) {
  await db
    .update(withdrawalCodes)
    .set({ attempts: sql`${withdrawalCodes.attempts} + 1` })
    .where(eq(withdrawalCodes.id, codeId));
}

/**
 * Whether `code` would be accepted now, spending nothing: the same checks as a cash-out, under
 * the same lock, and a wrong code counts toward the same attempt limit (so asking is no way
 * round it). A locked, expired or used code is simply not right: the answer says no more.
 */
export async function verifyWithdrawalCode(db: Db, accountId: number, code: string, now: Date): Promise<boolean> {
  try {
    await db.transaction((tx) => claimWithdrawalCode(tx, accountId, code, now));
    return true;
  } catch (error) {
    if (error instanceof WrongWithdrawalCode) {
      await recordWrongWithdrawalCode(db, error.codeId);
      return false;
    }
    if (error instanceof ApiError) return false;
    throw error;
  }
}
