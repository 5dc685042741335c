import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FeeBandBody, FeeCharges } from '../../contract/fees';
import type { TransferFlowId } from '../../contract/transfers';
import type { Db } from '../db/database';
import { feeOverrides, feeSchedule, feeScheduleVersions } from '../db/schema';
import { amountOutOfRange } from './errors';

export type FeeBand = FeeCharges;

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

/** Where a negotiated fee strays furthest from the schedule: the amount, its fee, and its band's fees. */
export interface BandExcursion {
  amount: number;
  fee: number;
  bandMinFee: number;
  bandMaxFee: number;
  /** How far outside the band's fees, in XOF: the measure of "furthest". */
  by: number;
}

/**
 * Whether an override charges, somewhere, less or more than the band of that amount would: the
 * schedule's fee only grows with the amount inside a band, and so does an override's, so each
 * band's two ends are where the override strays furthest. Null: inside every band.
 */
export function overrideOutsideBands(bands: readonly FeeBandBody[], override: FeeOverride): BandExcursion | null {
  let furthest: BandExcursion | null = null;
  for (const band of bands) {
    const bandMinFee = computeCharges(band.minAmount, band, null, false).fee;
    const bandMaxFee = computeCharges(band.maxAmount, band, null, false).fee;
    // The top of the band first: of two equal excursions, the larger amount reads more plainly.
    for (const amount of [band.maxAmount, band.minAmount]) {
      const fee = computeCharges(amount, band, override, false).fee;
      const by = Math.max(fee - bandMaxFee, bandMinFee - fee);
      if (by > 0 && (!furthest || by > furthest.by)) furthest = { amount, fee, bandMinFee, bandMaxFee, by };
    }
  }
  return furthest;
}

export function splitCommission(fee: number, commission: number): Charges {
  const commissionFromFee = Math.min(fee, commission);
  return { fee, commission, commissionFromFee, commissionFromBudget: commission - commissionFromFee };
}

/** A band as the schedule stores it, for every query that reads bands. */
export const feeBandColumns = {
  minAmount: feeSchedule.minAmount,
  maxAmount: feeSchedule.maxAmount,
  fixedFee: feeSchedule.fixedFee,
  percentFeeBp: feeSchedule.percentFeeBp,
  minFee: feeSchedule.minFee,
  maxFee: feeSchedule.maxFee,
  commissionShareBp: feeSchedule.commissionShareBp,
  commissionRateBp: feeSchedule.commissionRateBp,
};

/** The bands of a flow's schedule in force, lowest amounts first. */
export async function currentBands(db: Db, flowId: TransferFlowId): Promise<FeeBandBody[]> {
  return db
    .select(feeBandColumns)
    .from(feeSchedule)
    .innerJoin(feeScheduleVersions, eq(feeScheduleVersions.id, feeSchedule.versionId))
    .where(and(eq(feeScheduleVersions.flowId, flowId), isNull(feeScheduleVersions.effectiveTo)))
    .orderBy(asc(feeSchedule.minAmount));
}

/** The band covering the amount, the highest one if two ever did; null: out of range. */
export function bandCovering<B extends FeeBandBody>(bands: readonly B[], amount: number): B | null {
  let found: B | null = null;
  for (const band of bands) {
    if (band.minAmount <= amount && amount <= band.maxAmount && (!found || band.minAmount > found.minAmount)) {
      found = band;
    }
  }
  return found;
}

/**
 * The band of the schedule in force that covers the amount; none means the amount is out of
 * range. Every fee the ledger charges, and every preview, is read through here.
 */
export async function feeBandFor(db: Db, flowId: TransferFlowId, amount: number): Promise<FeeBand> {
  const bands = await currentBands(db, flowId);
  const band = bandCovering(bands, amount);
  if (band) return band;
  throw amountOutOfRange(bands[0]?.minAmount ?? 0, Math.max(0, ...bands.map((b) => b.maxAmount)));
}

export async function feeOverrideFor(db: Db, accountId: number, flowId: TransferFlowId): Promise<FeeOverride | null> {
  const [row] = await db
    .select({ fixedFee: feeOverrides.fixedFee, percentFeeBp: feeOverrides.percentFeeBp })
    .from(feeOverrides)
    .where(and(eq(feeOverrides.accountId, accountId), eq(feeOverrides.flowId, flowId)));
  return row ?? null;
}
