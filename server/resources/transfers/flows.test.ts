import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL, HEADER } from '../../../contract/http';
import type { TransferRequest, TransferResult } from '../../../contract/api/transfers';
import { findTransferFlow, transactionCode } from '../../../contract/transfers';
import { queryRows } from '../../db/query';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import {
  balancesOf,
  codeFor,
  expectLedgerBalanced,
  findCustomer,
  reportRow,
  transferClient,
} from '../../test/transfers';

let api: TestApi;
let client: ReturnType<typeof transferClient>;
let customer: { number: string; phone: string; balance: number };
let payer: { number: string; phone: string; balance: number };

beforeAll(async () => {
  api = await createTestApi();
  client = transferClient(api);
  customer = await findCustomer(api.handle.db, { minBalance: 0 });
  payer = await findCustomer(api.handle.db, { minBalance: 100_000, skip: [customer.number] });
});
afterAll(() => api.close());

interface FlowCase {
  name: string;
  flow: string;
  user: string;
  body: () => Promise<Partial<TransferRequest>>;
  debited: () => string;
  credited: () => string;
  /** The agent account earning the commission, when there is one. */
  beneficiary?: string;
  fee: number;
  commission: number;
  approver?: string;
}

const FLOWS: FlowCase[] = [
  {
    name: 'an agent cash-in: the agent pays, the customer is credited, the agent earns 0.4 % from the budget',
    flow: 'agent-cash-in',
    user: 'agent',
    body: async () => ({ counterparty: customer.phone, amount: 10_000 }),
    debited: () => 'AGT-00001',
    credited: () => customer.number,
    beneficiary: 'AGT-00001',
    fee: 0,
    commission: 40,
  },
  {
    name: 'an agent cash-out: the customer pays amount and 1 % fee, the agent gets the cash value and 40 % of the fee',
    flow: 'cash-out',
    user: 'agent',
    body: async () => ({
      counterparty: payer.number,
      amount: 20_000,
      withdrawalCode: await codeFor(api, payer.number),
    }),
    debited: () => payer.number,
    credited: () => 'AGT-00001',
    beneficiary: 'AGT-00001',
    fee: 200,
    commission: 80,
  },
  {
    name: 'an admin cash-out at a bank counter: the bank float takes the e-money back, the minimum fee stays with the house',
    flow: 'cash-out',
    user: 'admin',
    body: async () => ({
      counterparty: payer.phone,
      amount: 5_000,
      source: 'BIS',
      withdrawalCode: await codeFor(api, payer.number),
    }),
    debited: () => payer.number,
    credited: () => 'BNK-BIS',
    fee: 100,
    commission: 0,
  },
  {
    name: 'a head credit to a master of its chain (type 170)',
    flow: 'head-credit',
    user: 'merchant-head',
    body: async () => ({ counterparty: 'CHN-M1', amount: 50_000 }),
    debited: () => 'CHN-HEAD',
    credited: () => 'CHN-M1',
    fee: 0,
    commission: 0,
  },
  {
    name: 'a master credit to one of its locations',
    flow: 'master-credit',
    user: 'merchant-master',
    body: async () => ({ counterparty: 'CHN-L2', amount: 20_000 }),
    debited: () => 'CHN-M1',
    credited: () => 'CHN-L2',
    fee: 0,
    commission: 0,
  },
  {
    name: 'a location credit to a customer wallet',
    flow: 'location-credit',
    user: 'merchant-location',
    body: async () => ({ counterparty: customer.phone, amount: 5_000 }),
    debited: () => 'CHN-L1',
    credited: () => customer.number,
    fee: 0,
    commission: 0,
  },
  {
    name: 'a master sending its sales up to the head (UV remote, type 102)',
    flow: 'uv-remote',
    user: 'merchant-master',
    body: async () => ({ amount: 30_000 }),
    debited: () => 'CHN-M1',
    credited: () => 'CHN-HEAD',
    fee: 0,
    commission: 0,
  },
  {
    name: 'a location sending its sales up to its master',
    flow: 'uv-remote',
    user: 'merchant-location',
    body: async () => ({ amount: 10_000 }),
    debited: () => 'CHN-L1',
    credited: () => 'CHN-M1',
    fee: 0,
    commission: 0,
  },
  {
    name: 'an admin cash-in from a bank float, approved by the network supervisor',
    flow: 'admin-cash-in',
    user: 'admin',
    body: async () => ({ counterparty: customer.phone, amount: 15_000, source: 'BBG' }),
    debited: () => 'BNK-BBG',
    credited: () => customer.number,
    fee: 0,
    commission: 0,
    approver: 'network-supervisor',
  },
  {
    name: 'a payroll cash-in from the employer account, approved by the network supervisor',
    flow: 'payroll-cash-in',
    user: 'admin',
    body: async () => ({ counterparty: customer.number, amount: 100_000, source: 'PRT-PAYROLL' }),
    debited: () => 'PRT-PAYROLL',
    credited: () => customer.number,
    fee: 0,
    commission: 0,
    approver: 'network-supervisor',
  },
  {
    name: 'an e-money issue to a wallet by a bank teller (code 152), approved by its bank’s checker',
    flow: 'bank-cash-in',
    user: 'bank',
    body: async () => ({ counterparty: customer.phone, amount: 50_000 }),
    debited: () => 'BNK-BIS',
    credited: () => customer.number,
    fee: 0,
    commission: 0,
    approver: 'bank-checker',
  },
  {
    name: 'an e-money destroy from a wallet by a bank teller, approved by its bank’s checker',
    flow: 'bank-cash-out',
    user: 'bank',
    body: async () => ({ counterparty: payer.phone, amount: 10_000 }),
    debited: () => payer.number,
    credited: () => 'BNK-BIS',
    fee: 0,
    commission: 0,
    approver: 'bank-checker',
  },
];

const HOUSE = ['SYS-FEES', 'SYS-COMMISSIONS'];

function expectedMoves(c: FlowCase, amount: number) {
  const fromFee = Math.min(c.fee, c.commission);
  const moves: Record<string, number> = { 'SYS-FEES': c.fee - fromFee, 'SYS-COMMISSIONS': fromFee - c.commission };
  const add = (n: string, v: number) => {
    moves[n] = (moves[n] ?? 0) + v;
  };
  add(c.debited(), -(amount + c.fee));
  add(c.credited(), amount);
  if (c.beneficiary) add(c.beneficiary, c.commission);
  return moves;
}

describe('each flow for its demo user', () => {
  for (const c of FLOWS) {
    it(c.name, async () => {
      const body = await c.body();
      const numbers = [...new Set([c.debited(), c.credited(), ...HOUSE])];
      const before = await balancesOf(api.handle.db, numbers);

      const quote = await client.quote(c.user, c.flow, body);
      expect(quote.status, JSON.stringify(quote.body)).toBe(200);
      expect(quote.body.payload).toMatchObject({
        flow: c.flow,
        amount: body.amount,
        fee: c.fee,
        commission: c.commission,
        total: (body.amount ?? 0) + c.fee,
        needsApproval: Boolean(c.approver),
      });
      expect(quote.body.payload.source.number).toBe(c.debited());
      expect(quote.body.payload.destination.number).toBe(c.credited());
      // A quote moves nothing.
      expect(await balancesOf(api.handle.db, numbers)).toEqual(before);

      const submitted = await client.submit(c.user, c.flow, body);
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
      const result = submitted.body.payload;
      const { balanceAfter: _quoted, source: _s, counterparty: _c, destination: _d, ...priced } = quote.body.payload;
      expect(result).toMatchObject(priced);
      expect(result.reference).toMatch(/^TR\d{6}\d{8}$/);
      expect(result.initiator.length).toBeGreaterThan(0);
      const admin = await client.as('admin');

      if (c.approver) {
        expect(result).toMatchObject({ status: 'pending', approvalId: expect.any(Number) });
        expect(await balancesOf(api.handle.db, numbers)).toEqual(before);
        expect((await reportRow(api, admin, result.reference))?.status).toBe('pending');
        const approved = await client.approve(c.approver, result.approvalId as number);
        expect(approved.status, JSON.stringify(approved.body)).toBe(200);
        expect(approved.body.payload.status).toBe('approved');
      } else {
        expect(result).toMatchObject({ status: 'success', approvalId: null });
      }

      const after = await balancesOf(api.handle.db, numbers);
      const moves = expectedMoves(c, body.amount ?? 0);
      for (const n of numbers) expect((after[n] ?? 0) - (before[n] ?? 0), n).toBe(moves[n] ?? 0);
      // The teller's own side shows the balance it was quoted.
      if (!c.approver && quote.body.payload.balanceAfter !== null) {
        expect(result.balanceAfter).toBe(quote.body.payload.balanceAfter);
        expect(result.balanceAfter).toBe(after[c.debited()]);
      }
      const row = await reportRow(api, admin, result.reference);
      expect(row?.status).toBe('success');
      // The operator's transaction codes travel with the transaction: bank cash-in 152, credits 170, UV remote 102.
      const [stored] = await queryRows<{ code: string | null }>(
        api.handle.db,
        sql`SELECT details->>'code' AS code FROM transactions WHERE reference = ${result.reference}`,
      );
      const flow = findTransferFlow(c.flow);
      expect(stored?.code ?? null).toBe(flow ? transactionCode(flow, 'primary') : 'no such flow');
      // Who posted it, through which channel, and what it did to each balance.
      const [audit] = await queryRows<{ username: string; channel: string; balances: unknown }>(
        api.handle.db,
        sql`SELECT u.username, a.channel, a.balances FROM transfer_audit a
            JOIN transactions t ON t.id = a.transaction_id JOIN users u ON u.id = a.user_id
            WHERE t.reference = ${result.reference}`,
      );
      expect(audit).toMatchObject({ username: c.approver ?? c.user, channel: 'dashboard' });
      const balances = (typeof audit?.balances === 'string' ? JSON.parse(audit.balances) : audit?.balances) as {
        number: string;
        before: number;
        after: number;
      }[];
      expect(balances).toContainEqual({ number: c.debited(), before: before[c.debited()], after: after[c.debited()] });
      const receipt = await client.receipt(c.user, result.reference);
      expect(receipt.status).toBe(200);
      expect(receipt.body.payload).toMatchObject({
        reference: result.reference,
        status: 'success',
        amount: body.amount,
      });
      await expectLedgerBalanced(api.handle.db);
    });
  }

  it('lets the all-digits agent cash in from its own till, over the wap1 channel', async () => {
    const before = await balancesOf(api.handle.db, ['AGT-00002', customer.number]);
    const res = await api.call<{ payload: TransferResult }>('POST', '/rest/transfers/agent-cash-in', {
      token: await client.as('221771234567'),
      json: { counterparty: customer.phone, amount: 2_500 },
      headers: { [HEADER.idempotencyKey]: randomUUID(), [HEADER.channel]: CHANNEL.wap },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.payload).toMatchObject({ status: 'success', channel: 'wap1', commission: 10 });
    const after = await balancesOf(api.handle.db, ['AGT-00002', customer.number]);
    expect(after['AGT-00002']).toBe((before['AGT-00002'] ?? 0) - 2_500 + 10);
    expect(after[customer.number]).toBe((before[customer.number] ?? 0) + 2_500);
  });
});

describe('transaction codes under the alternate group-id set', () => {
  it('stores the specification’s code 136 with a bank cash-in, and 152 under the primary set', async () => {
    const alternate = api.derive({ GROUP_IDS_PRIMARY: 'false' });
    const body = { counterparty: customer.phone, amount: 5_000 };
    const codeOf = async (reference: string) => {
      const [row] = await queryRows<{ code: string | null }>(
        api.handle.db,
        sql`SELECT details->>'code' AS code FROM transactions WHERE reference = ${reference}`,
      );
      return row?.code;
    };
    const viaAlternate = await transferClient(alternate).submit('bank', 'bank-cash-in', body);
    expect(viaAlternate.status, JSON.stringify(viaAlternate.body)).toBe(201);
    expect(await codeOf(viaAlternate.body.payload.reference)).toBe('136');
    const viaPrimary = await client.submit('bank', 'bank-cash-in', body);
    expect(viaPrimary.status, JSON.stringify(viaPrimary.body)).toBe(201);
    expect(await codeOf(viaPrimary.body.payload.reference)).toBe('152');
    expect(findTransferFlow('bank-cash-in')?.codes).toEqual({ primary: '152', alternate: '136' });
  });
});

describe('what the caller may see', () => {
  it('shows the agent its own balance after the transfer, never the customer’s', async () => {
    const quote = await client.quote('agent', 'agent-cash-in', { counterparty: customer.phone, amount: 1_000 });
    expect(quote.body.payload.balanceAfter).toBe(quote.body.payload.source.balance! - 1_000 + 4);
    expect(quote.body.payload.counterparty.balance).toBeUndefined();
    const out = await client.quote('agent', 'cash-out', { counterparty: payer.phone, amount: 1_000 });
    expect(out.body.payload.balanceAfter).toBeNull();
    expect(out.body.payload.source.balance).toBeUndefined();
  });

  it('offers each form its choices', async () => {
    const head = await client.options('merchant-head', 'head-credit');
    expect(head.body.payload.ownAccount?.number).toBe('CHN-HEAD');
    expect(head.body.payload.counterparties.map((p) => p.number)).toEqual(['CHN-M1', 'CHN-M2']);
    const uv = await client.options('merchant-location', 'uv-remote');
    expect(uv.body.payload.counterparties.map((p) => p.number)).toEqual(['CHN-M1']);
    const payroll = await client.options('admin', 'payroll-cash-in');
    expect(payroll.body.payload.partners.map((p) => p.number)).toEqual([
      'PRT-PAYROLL',
      'PRT-PAYROLL_SAHEL',
      'PRT-PAYROLL_TERANGA',
    ]);
    const cashIn = await client.options('admin', 'admin-cash-in');
    expect(cashIn.body.payload.banks.map((b) => b.code)).toEqual(expect.arrayContaining(['BBG', 'BIS']));
    expect(cashIn.body.payload.approvalThreshold).toBe(1_000_000);
    const bank = await client.options('bank', 'bank-cash-in');
    expect(bank.body.payload.ownAccount).toMatchObject({ number: 'BNK-BIS', balance: expect.any(Number) });
    expect((await client.options('agent', 'head-credit')).status).toBe(403);
    expect((await client.options('agent', 'no-such-flow')).status).toBe(404);
  });

  it('carries the note the agent typed into the receipt, for the customer’s copy', async () => {
    const note = 'Loyer de novembre';
    const res = await client.submit('agent', 'agent-cash-in', { counterparty: customer.phone, amount: 1_000, note });
    expect(res.status).toBe(201);
    expect(res.body.payload.note).toBe(note);
    const receipt = await client.receipt('agent', res.body.payload.reference);
    expect(receipt.body.payload.note).toBe(note);
    const without = await client.submit('agent', 'agent-cash-in', { counterparty: customer.phone, amount: 1_000 });
    expect(without.body.payload.note).toBeNull();
  });

  it('keeps a receipt to its maker, admins and its bank’s checkers', async () => {
    const res = await client.submit('agent', 'agent-cash-in', { counterparty: customer.phone, amount: 1_000 });
    const reference = res.body.payload.reference;
    expect((await client.receipt('agent', reference)).status).toBe(200);
    expect((await client.receipt('admin', reference)).status).toBe(200);
    expect((await client.receipt('agent', 'TR99999999999999')).status).toBe(404);
  });

  it('answers someone else’s receipt exactly like a reference that does not exist', async () => {
    const res = await client.submit('agent', 'agent-cash-in', { counterparty: customer.phone, amount: 1_000 });
    const reference = res.body.payload.reference;
    for (const reader of ['221771234567', 'bank-checker']) {
      const none = await client.receipt(reader, 'TR99999999999999');
      const someoneElses = await client.receipt(reader, reference);
      expectFailure(none, 404, 'TRANSFER_NOT_FOUND');
      expect(someoneElses.status).toBe(none.status);
      expect(someoneElses.body).toEqual(none.body);
    }
  });

  it('documents every money-movement operation in the OpenAPI document', async () => {
    const doc = await api.call<{ paths: Record<string, unknown> }>('GET', '/rest/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/transfers/{flowId}/options',
        '/transfers/{flowId}/quote',
        '/transfers/{flowId}',
        '/transfer-receipts/{reference}',
        '/approvals',
        '/approvals/{id}/approve',
        '/approvals/{id}/reject',
        '/approvals/decisions',
      ]),
    );
  });
});
