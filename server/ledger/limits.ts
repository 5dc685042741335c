import { desc, lte } from 'drizzle-orm';
import type { TransferLimits } from '../../contract/change-requests';
import type { TransferSettings } from '../config';
import type { Db } from '../db/database';
import { isoTimestamp } from '../db/query';
import { transferLimits } from '../db/schema';

export interface LimitsInForce extends TransferLimits {
  /** When an administrator's approved change set them; null: the environment's first values. */
  effectiveFrom: string | null;
}

/**
 * The limits in force at `at`: the newest approved row, or the environment's values until an
 * administrator changes them (docs/decisions/029-administrative-changes-need-a-second-admin.md).
 */
export async function currentLimits(db: Db, base: TransferSettings, at: Date = new Date()): Promise<LimitsInForce> {
  const [row] = await db
    .select()
    .from(transferLimits)
    .where(lte(transferLimits.effectiveFrom, at))
    .orderBy(desc(transferLimits.effectiveFrom), desc(transferLimits.id))
    .limit(1);
  if (!row) {
    return {
      approvalThreshold: base.approvalThreshold,
      customerDailyLimit: base.customerDailyLimit,
      maxTransfer: base.maxAmount,
      effectiveFrom: null,
    };
  }
  return {
    approvalThreshold: row.approvalThreshold,
    customerDailyLimit: row.customerDailyLimit,
    maxTransfer: row.maxTransfer,
    effectiveFrom: isoTimestamp(row.effectiveFrom),
  };
}

/** The configured transfer settings with the limits in force read from the database. */
export async function transferSettings(db: Db, base: TransferSettings, at?: Date): Promise<TransferSettings> {
  const limits = await currentLimits(db, base, at);
  return {
    ...base,
    approvalThreshold: limits.approvalThreshold,
    customerDailyLimit: limits.customerDailyLimit,
    maxAmount: limits.maxTransfer,
  };
}
