import { describe, expect, it } from 'vitest';
import {
  BULK_OPERATIONS,
  type BulkKind,
  type BulkOperationDef,
  type BulkRow,
  bulkOperation,
  bulkOperationAt,
  cleanValue,
  duplicateErrors,
  MAX_BULK_AMOUNT,
  percentToBp,
  validateRow,
  validateRows,
} from './bulk';

const op = (kind: BulkKind): BulkOperationDef => {
  const found = bulkOperation(kind);
  if (!found) throw new Error(`No operation ${kind}`);
  return found;
};
const payment = op('payment');
const feeOverride = op('fee-override');

/** A row as the file gives it: every value cleaned the way rowsFromSheet cleans cells. */
const row = (rowNo: number, raw: Record<string, string>): BulkRow => ({
  rowNo,
  values: Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, cleanValue(key, value)])),
});
/** The error codes of one row, as [field, code] pairs. */
const codes = (definition: BulkOperationDef, raw: Record<string, string>) =>
  validateRow(definition, row(2, raw)).map((e) => [e.field, e.code]);

describe('the operations registry', () => {
  it('has one page per operation, found by kind and by path', () => {
    expect(BULK_OPERATIONS.map((o) => [o.kind, o.path])).toEqual([
      ['payment', '/bulk-payment'],
      ['change-bank', '/bulk-change-bank'],
      ['fee-override', '/bulk-fee-override'],
      ['fee-removal', '/bulk-fee-removal'],
    ]);
    for (const o of BULK_OPERATIONS) {
      expect(bulkOperationAt(o.path)).toBe(o);
      expect(bulkOperation(o.kind)).toBe(o);
    }
    expect(bulkOperation('refund')).toBeUndefined();
    expect(bulkOperationAt('/cash-out')).toBeUndefined();
  });

  it('sends payments and every change of what customers pay to a second person, and lets agents submit only payments', () => {
    expect(BULK_OPERATIONS.filter((o) => o.needsApproval).map((o) => o.kind)).toEqual([
      'payment',
      'fee-override',
      'fee-removal',
    ]);
    expect(BULK_OPERATIONS.filter((o) => o.groups.includes('agent')).map((o) => o.kind)).toEqual(['payment']);
  });
});

describe('validateRow: bulk payment', () => {
  const good = { phone: '+221 77 123 45 67', amount: '25000', reference: 'SAL-001', name: 'Awa Diop' };

  it('accepts every usual format of a Senegalese mobile number, and keeps it as +221 7X XXX XX XX', () => {
    for (const phone of [
      '+221 77 368 00 13',
      '+221773680013',
      '77 368 00 13',
      '773680013',
      '77.368.00.13',
      '00221 77 368 00 13',
      '221773680013',
    ]) {
      expect(codes(payment, { ...good, phone }), phone).toEqual([]);
      expect(cleanValue('phone', phone), phone).toBe('+221 77 368 00 13');
    }
  });

  it('refuses a number that is not a Senegalese mobile number', () => {
    for (const phone of ['79 123 45 67', '+221 33 123 45 67', '+221 77 123 45 6', '+33 6 12 34 56 78']) {
      expect(codes(payment, { ...good, phone }), phone).toEqual([['phone', 'PHONE_INVALID']]);
    }
  });

  it('cleans thousands separators from amounts, including the no-break spaces of French Excel', () => {
    expect(cleanValue('amount', '25 000')).toBe('25000');
    expect(cleanValue('amount', ' 1\u00a0250\u202f000 ')).toBe('1250000');
    expect(codes(payment, { ...good, amount: '25 000' })).toEqual([]);
  });

  it('refuses negative, decimal, zero and non-numeric amounts, and caps one row', () => {
    for (const amount of ['-500', '12.5', '12,5', '0', 'vingt', '1e4']) {
      expect(codes(payment, { ...good, amount }), amount).toEqual([['amount', 'AMOUNT_INVALID']]);
    }
    expect(codes(payment, { ...good, amount: String(MAX_BULK_AMOUNT) })).toEqual([]);
    const tooMuch = validateRow(payment, row(7, { ...good, amount: String(MAX_BULK_AMOUNT + 1) }));
    expect(tooMuch).toEqual([
      { rowNo: 7, field: 'amount', code: 'AMOUNT_TOO_LARGE', params: { max: MAX_BULK_AMOUNT } },
    ]);
  });

  it('requires phone and amount but not the reference or the name, and caps text length', () => {
    expect(codes(payment, { phone: '', amount: '   ', reference: '', name: '' })).toEqual([
      ['phone', 'REQUIRED'],
      ['amount', 'REQUIRED'],
    ]);
    expect(codes(payment, { phone: good.phone, amount: '100' })).toEqual([]);
    expect(codes(payment, { ...good, name: 'x'.repeat(81) })).toEqual([['name', 'TOO_LONG']]);
  });

  it('names the line each error belongs to', () => {
    expect(validateRow(payment, row(41, { ...good, phone: '77' }))).toEqual([
      { rowNo: 41, field: 'phone', code: 'PHONE_INVALID' },
    ]);
  });
});

describe('validateRow: settings operations', () => {
  const override = { account: 'mrc-00012', flow: ' Agent-Cash-In ', fixedFee: '100', percentFee: '' };

  it('upper-cases accounts and bank codes and lower-cases flows before checking them', () => {
    expect(cleanValue('account', ' mrc-00012 ')).toBe('MRC-00012');
    expect(cleanValue('bank', 'bis')).toBe('BIS');
    expect(cleanValue('flow', ' Agent-Cash-In ')).toBe('agent-cash-in');
    expect(codes(op('change-bank'), { account: 'mrc-00012', bank: 'bis' })).toEqual([]);
    expect(codes(op('change-bank'), { account: '12345', bank: 'B I S' })).toEqual([
      ['account', 'ACCOUNT_INVALID'],
      ['bank', 'BANK_INVALID'],
    ]);
    expect(codes(op('fee-removal'), { account: 'MRC-00012', flow: 'teleport' })).toEqual([['flow', 'FLOW_INVALID']]);
  });

  it('accepts fee overrides in range: a fixed fee, a percent (dot or comma), or both', () => {
    expect(codes(feeOverride, override)).toEqual([]);
    expect(codes(feeOverride, { ...override, fixedFee: '', percentFee: '1,5' })).toEqual([]);
    expect(codes(feeOverride, { ...override, fixedFee: '100 000', percentFee: '10' })).toEqual([]);
    expect(codes(feeOverride, { ...override, fixedFee: '0' })).toEqual([]);
    expect(percentToBp('1,5')).toBe(150);
    expect(percentToBp('0.25')).toBe(25);
  });

  it('refuses fees out of range with FEE_OUT_OF_RANGE and the limit', () => {
    expect(validateRow(feeOverride, row(3, { ...override, fixedFee: '100001' }))).toEqual([
      { rowNo: 3, field: 'fixedFee', code: 'FEE_OUT_OF_RANGE', params: { max: 100_000 } },
    ]);
    expect(validateRow(feeOverride, row(3, { ...override, fixedFee: '', percentFee: '10.01' }))).toEqual([
      { rowNo: 3, field: 'percentFee', code: 'FEE_OUT_OF_RANGE', params: { max: 10 } },
    ]);
  });

  it('refuses fees that are not numbers with FEE_INVALID', () => {
    expect(codes(feeOverride, { ...override, fixedFee: '-5' })).toEqual([['fixedFee', 'FEE_INVALID']]);
    expect(codes(feeOverride, { ...override, fixedFee: '', percentFee: '1.234' })).toEqual([
      ['percentFee', 'FEE_INVALID'],
    ]);
    expect(codes(feeOverride, { ...override, fixedFee: '', percentFee: '5%' })).toEqual([
      ['percentFee', 'FEE_INVALID'],
    ]);
  });

  it('asks for a fee when a row gives neither a fixed nor a percent fee (FEE_MISSING)', () => {
    expect(validateRow(feeOverride, row(9, { ...override, fixedFee: '', percentFee: '' }))).toEqual([
      { rowNo: 9, field: null, code: 'FEE_MISSING' },
    ]);
    // Fee removal has no fee columns: nothing to miss.
    expect(codes(op('fee-removal'), { account: 'MRC-00012', flow: 'agent-cash-in' })).toEqual([]);
  });
});

describe('duplicateErrors', () => {
  it('points each repeated row at the first one, comparing phones without their spaces', () => {
    const rows = [
      row(2, { phone: '+221 77 123 45 67', amount: '5000', reference: 'A' }),
      row(3, { phone: '+221 76 000 11 22', amount: '5000', reference: 'A' }),
      row(4, { phone: '+221771234567', amount: '5 000', reference: 'A' }),
      row(5, { phone: '+221 77 123 45 67', amount: '5000', reference: 'A' }),
      // Same person, another amount or reference: a second payment, not a duplicate.
      row(6, { phone: '+221 77 123 45 67', amount: '6000', reference: 'A' }),
      row(7, { phone: '+221 77 123 45 67', amount: '5000', reference: 'B' }),
    ];
    expect(duplicateErrors(payment, rows)).toEqual([
      { rowNo: 4, field: null, code: 'DUPLICATE_ROW', params: { row: 2 } },
      { rowNo: 5, field: null, code: 'DUPLICATE_ROW', params: { row: 2 } },
    ]);
  });

  it('uses each operation’s own key: one fee override per account and flow', () => {
    const rows = [
      row(2, { account: 'MRC-00012', flow: 'agent-cash-in', fixedFee: '100' }),
      row(3, { account: 'mrc-00012', flow: 'AGENT-CASH-IN', fixedFee: '200' }),
      row(4, { account: 'MRC-00012', flow: 'agent-cash-out', fixedFee: '100' }),
    ];
    expect(duplicateErrors(feeOverride, rows)).toEqual([
      { rowNo: 3, field: null, code: 'DUPLICATE_ROW', params: { row: 2 } },
    ]);
  });

  it('is part of validateRows, after each row’s own errors', () => {
    const rows = [
      row(2, { phone: '+221 77 123 45 67', amount: '5000' }),
      row(3, { phone: '+221 77 123 45 67', amount: '5000' }),
      row(4, { phone: 'abc', amount: '5000' }),
    ];
    expect(validateRows(payment, rows).map((e) => [e.rowNo, e.code])).toEqual([
      [4, 'PHONE_INVALID'],
      [3, 'DUPLICATE_ROW'],
    ]);
  });
});
