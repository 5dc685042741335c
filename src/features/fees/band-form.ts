import { percentToBp } from '../../../contract/bulk';
import { bandIssues, type FeeBandBody, MAX_BAND_AMOUNT, MAX_BANDS } from '../../../contract/fees';

/**
 * The bands dialog's values, as typed: amounts in whole francs, rates in percent (the API takes
 * basis points). The contract's rules (contiguous, non-overlapping) are checked here before
 * sending, with the same function the API runs.
 */
export const BAND_FIELDS = [
  'minAmount',
  'maxAmount',
  'fixedFee',
  'percentFee',
  'minFee',
  'maxFee',
  'commissionShare',
  'commissionRate',
] as const;
export type BandField = (typeof BAND_FIELDS)[number];
export type BandValues = Record<BandField, string>;

const PERCENT_FIELDS = {
  percentFee: 'percentFeeBp',
  commissionShare: 'commissionShareBp',
  commissionRate: 'commissionRateBp',
} as const;
const OPTIONAL: readonly BandField[] = ['maxFee'];

/** Errors by `${band index}.${field}`; `list` for the bands as a whole. */
export type BandErrors = Record<string, string>;

const bpToPercent = (bp: number) => String(bp / 100);

export function valuesOf(band: FeeBandBody): BandValues {
  return {
    minAmount: String(band.minAmount),
    maxAmount: String(band.maxAmount),
    fixedFee: String(band.fixedFee),
    percentFee: bpToPercent(band.percentFeeBp),
    minFee: String(band.minFee),
    maxFee: band.maxFee === null ? '' : String(band.maxFee),
    commissionShare: bpToPercent(band.commissionShareBp),
    commissionRate: bpToPercent(band.commissionRateBp),
  };
}

/** The band a new row starts as: just above the last one, free. */
export function nextBand(values: readonly BandValues[]): BandValues {
  const last = Number(values.at(-1)?.maxAmount ?? 0);
  const from = Number.isSafeInteger(last) && last > 0 ? last + 1 : 1;
  return {
    ...valuesOf({
      minAmount: from,
      maxAmount: from,
      fixedFee: 0,
      percentFeeBp: 0,
      minFee: 0,
      maxFee: null,
      commissionShareBp: 0,
      commissionRateBp: 0,
    }),
  };
}

const WHOLE = /^\d{1,13}$/;
/** 0 to 100 %, at most two decimals (a basis point), a comma accepted. */
const PERCENT = /^\d{1,3}(?:[.,]\d{1,2})?$/;

function fieldError(field: BandField, value: string): string | null {
  const text = value.trim().replace(/[\s\u202f\u00a0]/g, '');
  if (text === '') return OPTIONAL.includes(field) ? null : 'required';
  if (field in PERCENT_FIELDS) return PERCENT.test(text) && percentToBp(text) <= 10_000 ? null : 'percent';
  return WHOLE.test(text) && Number(text) <= MAX_BAND_AMOUNT ? null : 'wholeXof';
}

const amount = (value: string) => Number(value.trim().replace(/[\s\u202f\u00a0]/g, ''));

function bodyOf(v: BandValues): FeeBandBody {
  const max = v.maxFee.trim();
  return {
    minAmount: amount(v.minAmount),
    maxAmount: amount(v.maxAmount),
    fixedFee: amount(v.fixedFee),
    percentFeeBp: percentToBp(v.percentFee.trim()),
    minFee: amount(v.minFee),
    maxFee: max === '' ? null : amount(max),
    commissionShareBp: percentToBp(v.commissionShare.trim()),
    commissionRateBp: percentToBp(v.commissionRate.trim()),
  };
}

/** A band field of the contract's problem names, as the dialog shows it. */
const FIELD_OF: Partial<Record<keyof FeeBandBody, BandField>> = {
  minAmount: 'minAmount',
  maxAmount: 'maxAmount',
  maxFee: 'maxFee',
};

/** The bands to send, or what is wrong with them (message keys under `errors.`). */
export function checkBands(values: readonly BandValues[]): { bands: FeeBandBody[] | null; errors: BandErrors } {
  const errors: BandErrors = {};
  if (values.length === 0) errors.list = 'NO_BANDS';
  if (values.length > MAX_BANDS) errors.list = 'TOO_MANY_BANDS';
  values.forEach((v, index) => {
    for (const field of BAND_FIELDS) {
      const error = fieldError(field, v[field]);
      if (error) errors[`${index}.${field}`] = error;
    }
  });
  if (Object.keys(errors).length > 0) return { bands: null, errors };
  const bands = values.map(bodyOf);
  for (const issue of bandIssues(bands)) {
    const field = issue.field ? FIELD_OF[issue.field] : undefined;
    errors[issue.index === null || !field ? 'list' : `${issue.index}.${field}`] = issue.problem;
  }
  return Object.keys(errors).length > 0 ? { bands: null, errors } : { bands, errors };
}
