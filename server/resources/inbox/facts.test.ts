/**
 * What the checker reads before deciding, in the inbox itself: who pays and who receives, the fee,
 * each value before → after, and the warnings the maker was shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeeScheduleView } from '../../../contract/api/fees';
import type { InboxItem, InboxPage } from '../../../contract/api/inbox';
import type { TransferLimits } from '../../../contract/change-requests';
import type { InboxKind } from '../../../contract/inbox';
import { createTestApi, type TestApi } from '../../test/harness';
import { findCustomer, transferClient } from '../../test/transfers';
import { chargeableReference, inboxFixtures } from './test-fixtures';

let api: TestApi;
const tokens: Record<string, string> = {};
let fixtures: Awaited<ReturnType<typeof inboxFixtures>>;

beforeAll(async () => {
  api = await createTestApi();
  for (const user of ['admin', 'network-supervisor', 'support-plus']) tokens[user] = (await api.login(user)).token;
  fixtures = await inboxFixtures(api.handle.db, 2);
});
afterAll(() => api.close());

const call = <T>(user: string, method: string, path: string, json?: unknown) =>
  api.call<{ payload: T }>(method, `/rest/${path}`, { token: tokens[user], json });

async function itemOf(kind: InboxKind, id: string): Promise<InboxItem> {
  const res = await call<InboxPage>('network-supervisor', 'GET', 'inbox');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const item = res.body.payload.rows.find((r) => r.kind === kind && r.id === id);
  expect(item, `${kind} ${id}`).toBeDefined();
  return item as InboxItem;
}

const created = (res: { status: number; body: unknown }, status: number) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as { payload: Record<string, unknown> };
};

describe('what the inbox tells the checker about a decision', () => {
  it('names who pays and who receives a transfer, with account and phone, and its fee', async () => {
    const { wallet } = fixtures;
    const res = await transferClient(api).submit('admin', 'admin-cash-in', {
      counterparty: wallet.phone,
      amount: 12_345,
      source: 'BBG',
    });
    const id = String(created(res, 201).payload.approvalId);
    const { facts } = await itemOf('transfer', id);
    expect(facts.payer).toMatchObject({ name: expect.stringMatching(/\S/), number: expect.stringMatching(/\S/) });
    expect(facts.payee).toMatchObject({ number: wallet.number, phone: wallet.phone });
    expect(facts.fee).toEqual(expect.any(Number));
  });

  it('shows a chargeback paid back by the original receiver to the original payer', async () => {
    const reference = await chargeableReference(api.handle.db);
    const res = await call<{ id: number }>('support-plus', 'POST', 'chargebacks', {
      reference,
      reason: 'Customer paid the wrong merchant',
    });
    const id = String(created(res, 201).payload.id);
    const { facts } = await itemOf('chargeback', id);
    expect(facts.payer?.number).toBeTruthy();
    expect(facts.payee?.number).toBeTruthy();
    expect(facts.payer?.number).not.toBe(facts.payee?.number);
  });

  it('shows a wallet’s phone before → after', async () => {
    const customer = await findCustomer(api.handle.db, { skip: [fixtures.wallet.number] });
    const res = await call<{ migration: { id: number } }>('support-plus', 'POST', 'wallet-migrations', {
      kind: 'phone',
      number: customer.number,
      newPhone: '+221 70 877 11 22',
      reason: 'Lost the SIM card',
    });
    const id = String((created(res, 201).payload.migration as { id: number }).id);
    const { facts } = await itemOf('wallet', id);
    expect(facts.changes).toEqual([{ field: 'phone', before: customer.phone, after: '+221 70 877 11 22' }]);
    expect(facts.payee).toMatchObject({ number: customer.number });
  });

  it('shows the transfer limits in force → asked for', async () => {
    const now = (await call<TransferLimits>('admin', 'GET', 'settings/limits')).body.payload;
    const asked = {
      approvalThreshold: now.approvalThreshold + 1_000,
      customerDailyLimit: now.customerDailyLimit,
      maxTransfer: now.maxTransfer,
    };
    const id = String(created(await call('admin', 'PUT', 'settings/limits', asked), 202).payload.changeRequestId);
    const { facts } = await itemOf('change', id);
    expect(facts.changes).toEqual([
      { field: 'approvalThreshold', before: now.approvalThreshold, after: asked.approvalThreshold },
      { field: 'customerDailyLimit', before: now.customerDailyLimit, after: now.customerDailyLimit },
      { field: 'maxTransfer', before: now.maxTransfer, after: now.maxTransfer },
    ]);
  });

  it('shows a flow’s fee bands in force → asked for', async () => {
    const { schedules } = (await call<{ schedules: FeeScheduleView[] }>('admin', 'GET', 'fees')).body.payload;
    const cashOut = schedules.find((s) => s.flowId === 'cash-out');
    expect(cashOut).toBeDefined();
    const bands = (cashOut?.bands ?? []).map((b) => ({ ...b, fixedFee: b.fixedFee + 5 }));
    const id = String(created(await call('admin', 'PUT', 'fees/cash-out', { bands }), 202).payload.changeRequestId);
    const { facts } = await itemOf('change', id);
    expect(facts.bands).toEqual({ flow: 'cash-out', before: cashOut?.bands, after: bands });
  });

  it('carries a bulk payment’s name warnings to its checker', async () => {
    const rows = fixtures.phones.map((phone, i) => ({
      rowNo: i + 2,
      values: { phone, amount: '1000', reference: `noms-${i}`, name: i === 0 ? 'Quelqu’un Dautre' : '' },
    }));
    const res = await call<{ batch: { id: string } }>('admin', 'POST', 'bulk/payment/batches', {
      fileName: 'noms.csv',
      source: fixtures.payroll,
      rows,
    });
    const id = (created(res, 202).payload.batch as { id: string }).id;
    const { facts } = await itemOf('bulk', id);
    expect(facts.payer).toMatchObject({ number: fixtures.payroll });
    expect(facts.fee).toEqual(expect.any(Number));
    expect(facts.warnings).toEqual([
      { rowNo: 2, code: 'NAME_MISMATCH', name: 'Quelqu’un Dautre', holder: expect.stringMatching(/\S/) },
    ]);
  });
});
