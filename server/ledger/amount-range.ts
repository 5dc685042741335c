import type { AmountRange } from '../../contract/api/transfers';
import type { FeeBandBody } from '../../contract/fees';

/**
 * The one range of amounts a flow takes now: from the lowest band of its fee schedule in force
 * to the highest, capped by the largest transfer the limits allow. The form states it and the
 * ledger enforces it, so the figures a user reads are the ones a refusal names
 * (docs/decisions/048-one-amount-range-from-the-server.md). No band: no amount fits.
 */
export function amountRangeOf(
  bands: readonly Pick<FeeBandBody, 'minAmount' | 'maxAmount'>[],
  maxTransfer: number,
): AmountRange {
  if (bands.length === 0) return { min: 1, max: 0 };
  const lowest = Math.min(...bands.map((b) => b.minAmount));
  const highest = Math.max(...bands.map((b) => b.maxAmount));
  return { min: Math.max(1, lowest), max: Math.min(maxTransfer, highest) };
}
