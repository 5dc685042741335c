import { describe, expect, it } from 'vitest';
import type { TransferOptions } from '../../../contract/api/transfers';
import { findTransferFlow, type TransferFlowDef } from '../../../contract/transfers';
import {
  EMPTY_FORM,
  initialForm,
  parseAmount,
  parseWalletId,
  rulesFor,
  type TransferForm,
  toRequest,
  validateForm,
} from './transfer-form';

const flow = (id: string): TransferFlowDef => {
  const found = findTransferFlow(id);
  if (!found) throw new Error(`no flow ${id}`);
  return found;
};

const party = (number: string, name: string, phone: string | null = null) => ({
  number,
  name,
  phone,
  kind: 'merchant',
});

const options = (over: Partial<TransferOptions> = {}): TransferOptions => ({
  ownAccount: null,
  banks: [],
  partners: [],
  counterparties: [],
  approvalThreshold: 1_000_000,
  amountRange: { min: 1, max: 50_000_000 },
  ...over,
});

const BANKS = [
  { code: 'BBG', name: 'Bridge Bank Group' },
  { code: 'BIS', name: 'Banque Islamique du Sénégal' },
];

const form = (over: Partial<TransferForm>): TransferForm => ({ ...EMPTY_FORM, ...over });

describe('parseAmount', () => {
  const AGENT_CASH_IN = { min: 100, max: 2_000_000 };

  it('reads whole XOF, with blanks as thousands separators (FR uses narrow no-break spaces)', () => {
    expect(parseAmount('25000', AGENT_CASH_IN)).toEqual({ amount: 25000 });
    expect(parseAmount(' 25 000 ', AGENT_CASH_IN)).toEqual({ amount: 25000 });
    expect(parseAmount('1\u202f000\u202f000', AGENT_CASH_IN)).toEqual({ amount: 1_000_000 });
    expect(parseAmount('100', AGENT_CASH_IN)).toEqual({ amount: 100 });
    expect(parseAmount('2000000', AGENT_CASH_IN)).toEqual({ amount: 2_000_000 });
  });

  it('refuses empty, decimals, signs and letters', () => {
    expect(parseAmount('', AGENT_CASH_IN)).toEqual({ error: 'required' });
    expect(parseAmount('   ', AGENT_CASH_IN)).toEqual({ error: 'required' });
    expect(parseAmount('2500.50', AGENT_CASH_IN)).toEqual({ error: 'wholeNumber' });
    expect(parseAmount('2,5', AGENT_CASH_IN)).toEqual({ error: 'wholeNumber' });
    expect(parseAmount('-100', AGENT_CASH_IN)).toEqual({ error: 'wholeNumber' });
    expect(parseAmount('1e3', AGENT_CASH_IN)).toEqual({ error: 'wholeNumber' });
  });

  it('keeps to the range the server states for the flow, not a range of its own', () => {
    expect(parseAmount('99', AGENT_CASH_IN)).toEqual({ error: 'amountRange' });
    expect(parseAmount('2000001', AGENT_CASH_IN)).toEqual({ error: 'amountRange' });
    expect(parseAmount('3000000', AGENT_CASH_IN)).toEqual({ error: 'amountRange' });
    expect(parseAmount('99999999999999999999', AGENT_CASH_IN)).toEqual({ error: 'amountRange' });
    expect(parseAmount('60000000', { min: 1, max: 75_000_000 })).toEqual({ amount: 60_000_000 });
    expect(parseAmount('0', null)).toEqual({ error: 'amountRange' });
  });

  it('takes the range from the options of the flow', () => {
    const cashIn = flow('agent-cash-in');
    const rules = rulesFor(cashIn, options({ amountRange: AGENT_CASH_IN }));
    expect(validateForm(cashIn, rules, form({ counterparty: '77 123 45 67', amount: '50' }))).toEqual({
      amount: 'amountRange',
    });
    expect(validateForm(cashIn, rules, form({ counterparty: '77 123 45 67', amount: '100' }))).toEqual({});
  });
});

describe('parseWalletId', () => {
  it('accepts every usual Senegalese format, sent as +2217XXXXXXXX', () => {
    expect(parseWalletId('+221 77 123 45 67')).toEqual({ id: '+221771234567' });
    expect(parseWalletId('+221771234567')).toEqual({ id: '+221771234567' });
    expect(parseWalletId('  +221  70 123 45 67 ')).toEqual({ id: '+221701234567' });
    expect(parseWalletId('70 082 00 06')).toEqual({ id: '+221700820006' });
    expect(parseWalletId('700820006')).toEqual({ id: '+221700820006' });
    expect(parseWalletId('70.082.00.06')).toEqual({ id: '+221700820006' });
    expect(parseWalletId('00221 77 368 00 13')).toEqual({ id: '+221773680013' });
  });

  it('accepts account numbers, in capitals', () => {
    expect(parseWalletId('CUS-000123')).toEqual({ id: 'CUS-000123' });
    expect(parseWalletId('agt-00042')).toEqual({ id: 'AGT-00042' });
    expect(parseWalletId('CHN-L4')).toEqual({ id: 'CHN-L4' });
  });

  it('refuses other numbers and text', () => {
    expect(parseWalletId('')).toEqual({ error: 'required' });
    expect(parseWalletId('721234567')).toEqual({ error: 'phoneOrAccount' });
    expect(parseWalletId('+221 33 123 45 67')).toEqual({ error: 'phoneOrAccount' });
    expect(parseWalletId('+221 77 123 45 6')).toEqual({ error: 'phoneOrAccount' });
    expect(parseWalletId('+33 6 12 34 56 78')).toEqual({ error: 'phoneOrAccount' });
    expect(parseWalletId('Awa Diallo')).toEqual({ error: 'phoneOrAccount' });
  });
});

describe('validateForm', () => {
  it('asks an agent cash-out for the wallet, the amount and the 6-digit withdrawal code, and no bank', () => {
    const cashOut = flow('cash-out');
    const rules = rulesFor(cashOut, options());
    expect(validateForm(cashOut, rules, EMPTY_FORM)).toEqual({
      counterparty: 'required',
      amount: 'required',
      withdrawalCode: 'required',
    });
    expect(validateForm(cashOut, rules, form({ counterparty: 'x', amount: '0', withdrawalCode: '12345' }))).toEqual({
      counterparty: 'phoneOrAccount',
      amount: 'amountRange',
      withdrawalCode: 'codeFormat',
    });
    expect(
      validateForm(
        cashOut,
        rules,
        form({ counterparty: '+221 77 123 45 67', amount: '5000', withdrawalCode: '123 456' }),
      ),
    ).toEqual({});
  });

  it('asks an admin cash-out for the bank receiving the cash too', () => {
    const cashOut = flow('cash-out');
    const rules = rulesFor(cashOut, options({ banks: BANKS }));
    const filled = form({ counterparty: '+221771234567', amount: '5000', withdrawalCode: '123456' });
    expect(validateForm(cashOut, rules, filled)).toEqual({ source: 'required' });
    expect(validateForm(cashOut, rules, { ...filled, source: 'BIS' })).toEqual({});
  });

  it('asks a payroll cash-in for a partner even when none is offered', () => {
    const payroll = flow('payroll-cash-in');
    expect(validateForm(payroll, rulesFor(payroll, options()), form({ counterparty: 'CUS-1', amount: '10' }))).toEqual({
      source: 'required',
    });
  });

  it('asks no wallet for a UV remote (the parent is fixed) and a pick for a child credit', () => {
    const uv = flow('uv-remote');
    expect(validateForm(uv, rulesFor(uv, options()), form({ amount: '10' }))).toEqual({});
    const head = flow('head-credit');
    expect(validateForm(head, rulesFor(head, options()), form({ amount: '10' }))).toEqual({ counterparty: 'required' });
  });

  it('refuses a note longer than 140 characters', () => {
    const cashIn = flow('agent-cash-in');
    const rules = rulesFor(cashIn, options());
    expect(validateForm(cashIn, rules, form({ counterparty: 'CUS-1', amount: '10', note: 'x'.repeat(141) }))).toEqual({
      note: 'noteTooLong',
    });
  });
});

describe('toRequest', () => {
  it('builds the contract body: normalised wallet, whole amount, code, trimmed note', () => {
    const cashOut = flow('cash-out');
    const rules = rulesFor(cashOut, options({ banks: BANKS }));
    expect(
      toRequest(
        cashOut,
        rules,
        form({
          source: 'BBG',
          counterparty: '+221 77 123 45 67',
          amount: '25 000',
          withdrawalCode: '123 456',
          note: ' ok ',
        }),
      ),
    ).toEqual({ source: 'BBG', counterparty: '+221771234567', amount: 25000, withdrawalCode: '123456', note: 'ok' });
  });

  it('leaves out what the flow does not use', () => {
    const uv = flow('uv-remote');
    expect(toRequest(uv, rulesFor(uv, options()), form({ counterparty: 'ignored', amount: '100' }))).toEqual({
      amount: 100,
    });
    const cashIn = flow('agent-cash-in');
    expect(toRequest(cashIn, rulesFor(cashIn, options()), form({ counterparty: 'cus-9', amount: '7' }))).toEqual({
      counterparty: 'CUS-9',
      amount: 7,
    });
  });
});

describe('initialForm', () => {
  it('chooses a single offered bank or child, and nothing when there are several', () => {
    const admin = flow('admin-cash-in');
    const firstBank = BANKS.slice(0, 1);
    expect(initialForm(rulesFor(admin, options({ banks: firstBank })), options({ banks: firstBank })).source).toBe(
      'BBG',
    );
    expect(initialForm(rulesFor(admin, options({ banks: BANKS })), options({ banks: BANKS })).source).toBe('');
    const head = flow('head-credit');
    const one = options({ counterparties: [party('MRC-1', 'Master Thiès')] });
    expect(initialForm(rulesFor(head, one), one).counterparty).toBe('MRC-1');
  });
});
