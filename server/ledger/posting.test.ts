import { describe, expect, it } from 'vitest';
import { findTransferFlow } from '../../contract/transfers';
import type { AccountRow } from './accounts';
import { splitCommission } from './fees';
import type { TransferPlan } from './plan';
import { postingsOf } from './posting';

const account = (id: number, number: string, kind: string): AccountRow => ({
  id,
  number,
  kind,
  label: number,
  phone: null,
  balance: 1_000_000,
  status: 'active',
  kycStatus: 'approved',
  bankId: null,
  ownerUserId: null,
  parentAccountId: null,
  network: null,
  memberId: null,
});
const fees = account(2, 'SYS-FEES', 'fees');
const budget = account(3, 'SYS-COMMISSIONS', 'commissions');
const agent = account(10, 'AGT-00001', 'agent');
const customer = account(20, 'CUS-000001', 'customer');

function plan(
  flowId: string,
  source: AccountRow,
  destination: AccountRow,
  amount: number,
  fee: number,
  commission: number,
) {
  return {
    flow: findTransferFlow(flowId),
    parties: { source, counterparty: customer, destination, beneficiary: agent },
    amount,
    charges: splitCommission(fee, commission),
    needsApproval: false,
    note: null,
    initiatorUserId: 1,
  } as TransferPlan;
}

describe('postings', () => {
  it('sum to zero whatever part of the commission the fee covers', () => {
    for (const [amount, fee, commission] of [
      [10_000, 0, 40],
      [20_000, 200, 80],
      [20_000, 50, 80],
      [7, 0, 0],
    ] as const) {
      const lines = postingsOf(plan('cash-out', customer, agent, amount, fee, commission), [fees, budget]);
      expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(0);
    }
  });

  it('debit the payer amount and fee, credit the fee account net of the commission it pays', () => {
    const lines = postingsOf(plan('cash-out', customer, agent, 20_000, 200, 80), [fees, budget]);
    expect(lines.map((l) => [l.account.number, l.amount])).toEqual([
      ['CUS-000001', -20_200],
      ['AGT-00001', 20_000],
      ['SYS-FEES', 120],
      ['AGT-00001', 80],
    ]);
    const cashIn = postingsOf(plan('agent-cash-in', agent, customer, 10_000, 0, 40), [budget]);
    expect(cashIn.map((l) => [l.account.number, l.amount])).toEqual([
      ['AGT-00001', -10_000],
      ['CUS-000001', 10_000],
      ['AGT-00001', 40],
      ['SYS-COMMISSIONS', -40],
    ]);
  });
});
