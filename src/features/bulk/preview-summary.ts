import type { BulkRow, RowError, RowErrorCode } from '../../../contract/bulk';

/** Why a row is left out, in the words the totals use (several codes read the same to a user). */
type ExclusionReason =
  | 'missing'
  | 'phone'
  | 'wallet'
  | 'walletUnusable'
  | 'amount'
  | 'duplicate'
  | 'account'
  | 'bank'
  | 'fee'
  | 'other';

const REASON_OF: Partial<Record<RowErrorCode, ExclusionReason>> = {
  REQUIRED: 'missing',
  PHONE_INVALID: 'phone',
  WALLET_NOT_FOUND: 'wallet',
  WALLET_NOT_USABLE: 'walletUnusable',
  AMOUNT_INVALID: 'amount',
  AMOUNT_TOO_LARGE: 'amount',
  AMOUNT_OUT_OF_BANDS: 'amount',
  DUPLICATE_ROW: 'duplicate',
  ACCOUNT_INVALID: 'account',
  ACCOUNT_NOT_FOUND: 'account',
  BANK_INVALID: 'bank',
  BANK_NOT_FOUND: 'bank',
  BANK_INACTIVE: 'bank',
  SAME_BANK: 'bank',
  FLOW_INVALID: 'fee',
  FEE_INVALID: 'fee',
  FEE_OUT_OF_RANGE: 'fee',
  FEE_MISSING: 'fee',
  OVERRIDE_NOT_FOUND: 'fee',
};

export interface PreviewSummary {
  /** Every row of the file as it stands. */
  rows: number;
  /** Rows without an error: the ones that would be paid or applied. */
  payable: number;
  excluded: number;
  /** Each excluded row counted once, under the reason of its first error, most frequent first. */
  reasons: { reason: ExclusionReason; count: number }[];
}

/** The file's rows split into those that go ahead and those left out, and why. */
export function previewSummary(rows: readonly BulkRow[], errors: readonly RowError[]): PreviewSummary {
  const firstError = new Map<number, RowError>();
  for (const error of errors) if (!firstError.has(error.rowNo)) firstError.set(error.rowNo, error);
  const counts = new Map<ExclusionReason, number>();
  let excluded = 0;
  for (const row of rows) {
    const error = firstError.get(row.rowNo);
    if (!error) continue;
    excluded += 1;
    const reason = REASON_OF[error.code] ?? 'other';
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  const reasons = [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
  return { rows: rows.length, payable: rows.length - excluded, excluded, reasons };
}
