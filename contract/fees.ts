import { z } from 'zod';
import { TRANSFER_FLOW_IDS } from './transfers';

/**
 * Fees and limits (/fees; docs/settings.md). A flow's fee schedule is a list of amount bands; a
 * change to it waits for a second administrator and is in force from the moment they approve it
 * (docs/decisions/026-effective-dated-fee-schedules.md). The API validates a change with these
 * schemas and the dashboard's dialog checks the same rules before sending.
 */

/** 10,000 basis points are 100 %. */
const MAX_BP = 10_000;
/** Larger than any amount a flow allows, well inside a safe integer. */
export const MAX_BAND_AMOUNT = 1_000_000_000_000;
export const MAX_BANDS = 20;

/** What one band charges: the fee rule the ledger applies (server/ledger/fees.ts). */
export interface FeeCharges {
  fixedFee: number;
  percentFeeBp: number;
  minFee: number;
  /** Null: no cap. */
  maxFee: number | null;
  /** Share of the fee paid on to the agent who served the customer. */
  commissionShareBp: number;
  /** Commission on the amount itself, paid from the commission budget. */
  commissionRateBp: number;
}

export interface FeeBandBody extends FeeCharges {
  minAmount: number;
  maxAmount: number;
}

/** Why a list of bands is refused; the dashboard names it in the band's row. */
type BandProblem =
  | 'BAND_RANGE_INVERTED'
  | 'BANDS_OVERLAP'
  | 'BANDS_GAP'
  | 'MIN_FEE_ABOVE_MAX_FEE'
  | 'NO_BANDS'
  | 'TOO_MANY_BANDS';

export interface BandIssue {
  /** The band, in the order sent; null for the list as a whole. */
  index: number | null;
  field: keyof FeeBandBody | null;
  problem: BandProblem;
}

/**
 * What is wrong with a flow's bands as a whole: each band's range must be in order, and the
 * bands, taken by their lowest amount, must follow each other without a gap or an overlap, so
 * every amount between the first and the last has exactly one fee.
 */
export function bandIssues(bands: readonly FeeBandBody[]): BandIssue[] {
  if (bands.length === 0) return [{ index: null, field: null, problem: 'NO_BANDS' }];
  if (bands.length > MAX_BANDS) return [{ index: null, field: null, problem: 'TOO_MANY_BANDS' }];
  const issues: BandIssue[] = [];
  bands.forEach((band, index) => {
    if (band.minAmount > band.maxAmount) issues.push({ index, field: 'maxAmount', problem: 'BAND_RANGE_INVERTED' });
    if (band.maxFee !== null && band.minFee > band.maxFee) {
      issues.push({ index, field: 'maxFee', problem: 'MIN_FEE_ABOVE_MAX_FEE' });
    }
  });
  const order = bands.map((band, index) => ({ band, index })).sort((a, b) => a.band.minAmount - b.band.minAmount);
  for (let i = 1; i < order.length; i++) {
    const previous = order[i - 1]?.band;
    const current = order[i];
    if (!previous || !current) continue;
    if (current.band.minAmount <= previous.maxAmount) {
      issues.push({ index: current.index, field: 'minAmount', problem: 'BANDS_OVERLAP' });
    } else if (current.band.minAmount > previous.maxAmount + 1) {
      issues.push({ index: current.index, field: 'minAmount', problem: 'BANDS_GAP' });
    }
  }
  return issues;
}

const xof = (max: number) => z.number().int().min(0).max(max);
const bp = z.number().int().min(0).max(MAX_BP);

export const feeBandSchema = z.object({
  minAmount: xof(MAX_BAND_AMOUNT).min(1),
  maxAmount: xof(MAX_BAND_AMOUNT).min(1),
  fixedFee: xof(MAX_BAND_AMOUNT),
  percentFeeBp: bp,
  minFee: xof(MAX_BAND_AMOUNT),
  maxFee: xof(MAX_BAND_AMOUNT).nullable(),
  commissionShareBp: bp,
  commissionRateBp: bp,
}) satisfies z.ZodType<FeeBandBody>;

/** The bands of one flow, in amount order once checked. */
export const feeBandsSchema = z
  .array(feeBandSchema)
  .max(MAX_BANDS)
  .superRefine((bands, ctx) => {
    for (const issue of bandIssues(bands)) {
      ctx.addIssue({
        code: 'custom',
        message: issue.problem,
        path: issue.index === null ? [] : [issue.index, ...(issue.field ? [issue.field] : [])],
      });
    }
  })
  .transform((bands) => [...bands].sort((a, b) => a.minAmount - b.minAmount));

export const feeFlowIdSchema = z.enum(TRANSFER_FLOW_IDS);

/** PUT /fees/{flowId}: the flow's new bands, asked for a second administrator's approval. */
export const feeChangeBodySchema = z.object({ bands: feeBandsSchema });

export const feePreviewBodySchema = z.object({
  flowId: feeFlowIdSchema,
  amount: z.number().int().min(1).max(MAX_BAND_AMOUNT),
});
