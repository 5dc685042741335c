import { and, desc, eq, gte, lte, max, min } from 'drizzle-orm';
import type { TransferFlowId } from '../../contract/transfers';
import type { Db } from '../db/database';
import { feeOverrides, feeSchedule } from '../db/schema';
import { amountOutOfRange } from './errors';

export interface FeeBand {
  fixedFee: number;
  percentFeeBp: number;
  minFee: number;
  maxFee: number | null;
  commissionShareBp: number;
  commissionRateBp: number;
}

export interface FeeOverride {
  fixedFee: number | null;
  percentFeeBp: number | null;
}

/**
 * What a transfer costs and earns. The commission is paid out of the fee as far as the fee
 * goes and the rest from the commission budget (SYS-COMMISSIONS), so the fees account only ever
 * keeps what is left of the fee.
 */
export interface Charges {
  fee: number;
  commission: number;
  commissionFromFee: number;
  commissionFromBudget: number;
}

/** Integer XOF: the franc has no minor unit, and a fraction of a franc is never charged. */
const share = (amount: number, bp: number) => Math.floor((amount * bp) / 10_000);

/**
 * The fee of one amount: a negotiated override replaces the schedule's fee outright (no floor
 * or cap); the commission rules stay the schedule's. No beneficiary (an admin or a bank at the
 * counter) means no commission: the whole fee stays with the house.
 */
export function computeCharges(
  amount: number,
  band: FeeBand,
  override: FeeOverride | null,
  hasBeneficiary: boolean,
): Charges {
  const fee = override
    ? (override.fixedFee ?? 0) + share(amount, override.percentFeeBp ?? 0)
    : Math.min(
        band.maxFee ?? Number.MAX_SAFE_INTEGER,
        Math.max(band.minFee, band.fixedFee + share(amount, band.percentFeeBp)),
      );
  const commission = hasBeneficiary ? share(fee, band.commissionShareBp) + share(amount, band.commissionRateBp) : 0;
  return splitCommission(fee, commission);
}

export function splitCommission(fee: number, commission: number): Charges {
  const commissionFromFee = Math.min(fee, commission);
  return { fee, commission, commissionFromFee, commissionFromBudget: commission - commissionFromFee };
}

/** The band of the schedule that covers the amount; none means the amount is out of range. */
export async function feeBandFor(db: Db, flowId: TransferFlowId, amount: number): Promise<FeeBand> {
  const [band] = await db
    .select({
      fixedFee: feeSchedule.fixedFee,
      percentFeeBp: feeSchedule.percentFeeBp,
      minFee: feeSchedule.minFee,
      maxFee: feeSchedule.maxFee,
      commissionShareBp: feeSchedule.commissionShareBp,
      commissionRateBp: feeSchedule.commissionRateBp,
    })
    .from(feeSchedule)
    .where(and(eq(feeSchedule.flowId, flowId), lte(feeSchedule.minAmount, amount), gte(feeSchedule.maxAmount, amount)))
    .orderBy(desc(feeSchedule.minAmount))
    .limit(1);
  if (band) return band;
  const [range] = await db
    .select({ low: min(feeSchedule.minAmount), high: max(feeSchedule.maxAmount) })
    .from(feeSchedule)
    .where(eq(feeSchedule.flowId, flowId));
  throw amountOutOfRange(Number(range?.low ?? 0), Number(range?.high ?? 0));
}

export async function feeOverrideFor(db: Db, accountId: number, flowId: TransferFlowId): Promise<FeeOverride | null> {
  const [row] = await db
    .select({ fixedFee: feeOverrides.fixedFee, percentFeeBp: feeOverrides.percentFeeBp })
    .from(feeOverrides)
    .where(and(eq(feeOverrides.accountId, accountId), eq(feeOverrides.flowId, flowId)));
  return row ?? null;
}
