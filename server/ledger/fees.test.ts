import { describe, expect, it } from 'vitest';
import { computeCharges, type FeeBand } from './fees';

const CASH_OUT: FeeBand = {
  fixedFee: 0,
  percentFeeBp: 100,
  minFee: 100,
  maxFee: 5_000,
  commissionShareBp: 4_000,
  commissionRateBp: 0,
};
const AGENT_CASH_IN: FeeBand = {
  ...CASH_OUT,
  percentFeeBp: 0,
  minFee: 0,
  maxFee: null,
  commissionShareBp: 0,
  commissionRateBp: 40,
};

describe('fees', () => {
  it('charges a cash-out 1 %, at least 100 and at most 5,000 XOF, 40 % of it to the agent', () => {
    expect(computeCharges(20_000, CASH_OUT, null, true)).toEqual({
      fee: 200,
      commission: 80,
      commissionFromFee: 80,
      commissionFromBudget: 0,
    });
    expect(computeCharges(5_000, CASH_OUT, null, true).fee).toBe(100);
    expect(computeCharges(2_000_000, CASH_OUT, null, true).fee).toBe(5_000);
    // Whole francs only: 1 % of 12,345 is 123.
    expect(computeCharges(12_345, CASH_OUT, null, true)).toMatchObject({ fee: 123, commission: 49 });
  });

  it('keeps the whole fee for the house when no agent served the customer', () => {
    expect(computeCharges(20_000, CASH_OUT, null, false)).toMatchObject({ fee: 200, commission: 0 });
  });

  it('pays a cash-in commission from the budget, the fee being nil', () => {
    expect(computeCharges(10_000, AGENT_CASH_IN, null, true)).toEqual({
      fee: 0,
      commission: 40,
      commissionFromFee: 0,
      commissionFromBudget: 40,
    });
  });

  it('lets an override replace the fee, floor and cap included, and keeps the commission rule', () => {
    expect(computeCharges(1_000, CASH_OUT, { fixedFee: 0, percentFeeBp: null }, true)).toMatchObject({
      fee: 0,
      commission: 0,
    });
    expect(computeCharges(1_000_000, CASH_OUT, { fixedFee: null, percentFeeBp: 200 }, true)).toMatchObject({
      fee: 20_000,
      commission: 8_000,
    });
  });
});
