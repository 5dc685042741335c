import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalDecisionResult } from '../../../contract/api/approvals';
import type { TransferRequest } from '../../../contract/api/transfers';
import { expectFailure, HOUR } from '../../test/expect';
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
let wallet: { number: string; phone: string; balance: number };

beforeAll(async () => {
  api = await createTestApi();
  client = transferClient(api);
  wallet = await findCustomer(api.handle.db, { minBalance: 50_000 });
});
afterAll(() => api.close());

async function pending(user: string, flow: string, body: Partial<TransferRequest>, c = client) {
  const res = await c.submit(user, flow, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.payload.status).toBe('pending');
  return res.body.payload as typeof res.body.payload & { approvalId: number };
}

const cashIn = (amount = 10_000) => ({ counterparty: wallet.phone, amount, source: 'BBG' });

describe('maker and checker', () => {
  it('keeps an admin cash-in pending until another admin approves it', async () => {
    const before = await balancesOf(api.handle.db, ['BNK-BBG', wallet.number]);
    const request = await pending('admin', 'admin-cash-in', cashIn(12_345));
    expect(await balancesOf(api.handle.db, ['BNK-BBG', wallet.number])).toEqual(before);

    const asMaker = await client.approvals('admin', '?status=pending');
    const mine = asMaker.body.payload.rows.find((r) => r.id === request.approvalId);
    expect(mine).toMatchObject({
      status: 'pending',
      reference: request.reference,
      amount: 12_345,
      flow: 'admin-cash-in',
      maker: 'Awa Ndiaye',
      canDecide: false,
      source: { number: 'BNK-BBG' },
      counterparty: { number: wallet.number },
      destination: { number: wallet.number },
    });
    expectFailure(await client.approve('admin', request.approvalId), 403, 'MAKER_CANNOT_APPROVE');
    // An agent's menu has no /authorize-transactions: refused before the request is even looked up.
    expectFailure(await client.approve('agent', request.approvalId), 403, 'FORBIDDEN');
    expectFailure(await client.approve('bank-checker', request.approvalId), 404, 'APPROVAL_NOT_FOUND');

    const asChecker = await client.approvals('network-supervisor', '?status=pending');
    expect(asChecker.body.payload.rows.find((r) => r.id === request.approvalId)?.canDecide).toBe(true);
    const approved = await client.approve('network-supervisor', request.approvalId);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.payload).toMatchObject({ status: 'approved', checker: 'Abdoulaye Kane', canDecide: false });
    const after = await balancesOf(api.handle.db, ['BNK-BBG', wallet.number]);
    expect(after['BNK-BBG']).toBe((before['BNK-BBG'] ?? 0) - 12_345);
    expect(after[wallet.number]).toBe((before[wallet.number] ?? 0) + 12_345);

    expectFailure(await client.approve('network-supervisor', request.approvalId), 409, 'APPROVAL_ALREADY_DECIDED');
    expectFailure(
      await client.reject('network-supervisor', request.approvalId, 'too late'),
      409,
      'APPROVAL_ALREADY_DECIDED',
    );
    const receipt = await client.receipt('admin', request.reference);
    expect(receipt.body.payload).toMatchObject({ status: 'success', approvalId: request.approvalId });
    await expectLedgerBalanced(api.handle.db);
  });

  it('needs a reason to reject, and then nothing moves and the transaction fails', async () => {
    const before = await balancesOf(api.handle.db, ['BNK-BBG', wallet.number]);
    const request = await pending('admin', 'admin-cash-in', cashIn(7_000));
    expectFailure(await client.reject('network-supervisor', request.approvalId), 400, 'VALIDATION_FAILED');
    expectFailure(await client.reject('network-supervisor', request.approvalId, ' a '), 400, 'VALIDATION_FAILED');
    const rejected = await client.reject('network-supervisor', request.approvalId, 'Wrong beneficiary');
    expect(rejected.status).toBe(200);
    expect(rejected.body.payload).toMatchObject({ status: 'rejected', reason: 'Wrong beneficiary' });
    expect(await balancesOf(api.handle.db, ['BNK-BBG', wallet.number])).toEqual(before);
    expect((await reportRow(api, await client.as('admin'), request.reference))?.status).toBe('failed');
    const receipt = await client.receipt('admin', request.reference);
    expect(expectFailure(receipt, 409, 'TRANSFER_NOT_COMPLETED').errors[0]?.longMessage).toContain('Wrong beneficiary');
  });

  it('leaves a bank’s requests to that bank’s checkers', async () => {
    const request = await pending('bank', 'bank-cash-in', { counterparty: wallet.phone, amount: 25_000 });
    // A teller's menu has no /authorize-transactions (only Checkers'): the maker is refused by its menu.
    expectFailure(await client.approve('bank', request.approvalId), 403, 'FORBIDDEN');
    expectFailure(await client.approve('bank-bridge-checker', request.approvalId), 404, 'APPROVAL_NOT_FOUND');
    expectFailure(await client.approve('admin', request.approvalId), 403, 'FORBIDDEN');
    expectFailure(await client.approve('network-supervisor', request.approvalId), 403, 'FORBIDDEN');

    const bridge = await client.approvals('bank-bridge-checker', '?status=all');
    expect(bridge.body.payload.rows.map((r) => r.id)).not.toContain(request.approvalId);
    const teller = await client.approvals('bank', '?status=pending');
    expect(teller.body.payload.rows.find((r) => r.id === request.approvalId)?.canDecide).toBe(false);
    const checker = await client.approvals('bank-checker', '?status=pending');
    expect(checker.body.payload.rows.find((r) => r.id === request.approvalId)?.canDecide).toBe(true);
    // A bank sees only its own bank's requests.
    expect(checker.body.payload.rows.every((r) => r.flow === 'bank-cash-in' || r.flow === 'bank-cash-out')).toBe(true);

    const approved = await client.approve('bank-checker', request.approvalId);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await client.receipt('bank-checker', request.reference)).body.payload.status).toBe('success');
  });

  it('keeps a request pending when approving it would overdraw the wallet', async () => {
    const spender = await findCustomer(api.handle.db, { minBalance: 30_000, skip: [wallet.number] });
    const destroy = await pending('bank', 'bank-cash-out', { counterparty: spender.number, amount: 20_000 });
    // Meanwhile the customer spends at an agent.
    const spent = await client.submit('agent', 'cash-out', {
      counterparty: spender.number,
      amount: spender.balance - 15_000,
      withdrawalCode: await codeFor(api, spender.number),
    });
    expect(spent.status, JSON.stringify(spent.body)).toBe(201);
    expectFailure(await client.approve('bank-checker', destroy.approvalId), 422, 'INSUFFICIENT_FUNDS');
    const list = await client.approvals('bank-checker', '?status=pending');
    expect(list.body.payload.rows.find((r) => r.id === destroy.approvalId)?.status).toBe('pending');
    await expectLedgerBalanced(api.handle.db);
  });

  it('makes any flow above the threshold wait for a checker', async () => {
    const before = await balancesOf(api.handle.db, ['CHN-L1', 'CHN-M1']);
    const request = await pending('merchant-location', 'uv-remote', { amount: 1_000_001 });
    expect(await balancesOf(api.handle.db, ['CHN-L1', 'CHN-M1'])).toEqual(before);
    expect((await client.receipt('merchant-location', request.reference)).body.payload.status).toBe('pending');
    const approved = await client.approve('admin', request.approvalId);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const after = await balancesOf(api.handle.db, ['CHN-L1', 'CHN-M1']);
    expect(after['CHN-M1']).toBe((before['CHN-M1'] ?? 0) + 1_000_001);
  });
});

describe('expiry', () => {
  it('expires a request no one decided in time; it can no longer be approved', async () => {
    const later = api.derive();
    const request = await pending('admin', 'admin-cash-in', cashIn(3_000), transferClient(later));
    later.clock.advance(25 * HOUR);
    const checker = transferClient(later);
    expectFailure(await checker.approve('network-supervisor', request.approvalId), 409, 'APPROVAL_EXPIRED');
    const expired = await checker.approvals('network-supervisor', '?status=expired');
    expect(expired.body.payload.rows.map((r) => r.id)).toContain(request.approvalId);
    expect(
      (await checker.approvals('network-supervisor', '?status=pending')).body.payload.rows.map((r) => r.id),
    ).not.toContain(request.approvalId);
    const day = api.clock.now().toISOString().slice(0, 10);
    const report = await later.call<{ payload: { rows: { reference: string; status: string }[] } }>(
      'GET',
      `/rest/reports/transaction-report?from=${day}&to=${day}&q=${request.reference}`,
      { token: await checker.as('admin') },
    );
    expect(report.body.payload.rows[0]?.status).toBe('failed');
    await later.close();
  });
});

describe('decisions in bulk', () => {
  it('decides each request on its own and answers one result per id, in order', async () => {
    const a = await pending('admin', 'admin-cash-in', cashIn(1_000));
    const b = await pending('admin', 'admin-cash-in', cashIn(2_000));
    const own = await pending('network-supervisor', 'admin-cash-in', cashIn(3_000));
    const res = await api.call<{ payload: ApprovalDecisionResult[] }>('POST', '/rest/approvals/decisions', {
      token: await client.as('network-supervisor'),
      json: { ids: [a.approvalId, 999_999, own.approvalId, b.approvalId], decision: 'approve' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload).toEqual([
      { id: a.approvalId, ok: true, status: 'approved', reference: a.reference, message: null },
      { id: 999_999, ok: false, status: null, reference: null, message: expect.any(String) },
      { id: own.approvalId, ok: false, status: 'pending', reference: own.reference, message: expect.any(String) },
      { id: b.approvalId, ok: true, status: 'approved', reference: b.reference, message: null },
    ]);
    expect(res.body.payload[2]?.message).toContain('another person');
  });

  it('rejects in bulk only with a reason', async () => {
    const a = await pending('admin', 'admin-cash-in', cashIn(1_500));
    const token = await client.as('network-supervisor');
    const noReason = await api.call('POST', '/rest/approvals/decisions', {
      token,
      json: { ids: [a.approvalId], decision: 'reject' },
    });
    expectFailure(noReason, 400, 'VALIDATION_FAILED');
    const tooMany = await api.call('POST', '/rest/approvals/decisions', {
      token,
      json: { ids: Array.from({ length: 201 }, (_, i) => i + 1), decision: 'approve' },
    });
    expectFailure(tooMany, 400, 'VALIDATION_FAILED');
    const res = await api.call<{ payload: ApprovalDecisionResult[] }>('POST', '/rest/approvals/decisions', {
      token,
      json: { ids: [a.approvalId], decision: 'reject', reason: 'Duplicate of an earlier deposit' },
    });
    expect(res.body.payload).toEqual([
      { id: a.approvalId, ok: true, status: 'rejected', reference: a.reference, message: null },
    ]);
  });
});

describe('the list', () => {
  it('filters by status, flow, day and text, and pages', async () => {
    const request = await pending('admin', 'payroll-cash-in', {
      counterparty: wallet.number,
      amount: 4_321,
      source: 'PRT-PAYROLL',
    });
    const day = api.clock.now().toISOString().slice(0, 10);
    const byRef = await client.approvals('network-supervisor', `?status=all&q=${request.reference}`);
    expect(byRef.body.payload.rows.map((r) => r.id)).toEqual([request.approvalId]);
    const byPhone = await client.approvals(
      'network-supervisor',
      `?status=pending&q=${encodeURIComponent(wallet.phone)}`,
    );
    expect(byPhone.body.payload.rows.map((r) => r.id)).toContain(request.approvalId);
    const byFlow = await client.approvals('network-supervisor', '?status=all&flow=payroll-cash-in');
    expect(byFlow.body.payload.rows.length).toBeGreaterThan(0);
    expect(byFlow.body.payload.rows.every((r) => r.flow === 'payroll-cash-in')).toBe(true);
    const byMaker = await client.approvals('network-supervisor', '?status=all&q=Awa');
    expect(byMaker.body.payload.total).toBeGreaterThan(1);
    const paged = await client.approvals('network-supervisor', `?status=all&from=${day}&to=${day}&pageSize=2&page=2`);
    // No status filter is every status, as the page's "All statuses" asks.
    const everything = await client.approvals('network-supervisor', '?pageSize=200');
    const statuses = new Set(everything.body.payload.rows.map((r) => r.status));
    expect([...statuses]).toEqual(expect.arrayContaining(['approved', 'pending', 'rejected', 'expired']));
    expect(paged.body.payload).toMatchObject({ page: 2, pageSize: 2, total: everything.body.payload.total });
    expect(paged.body.payload.rows).toEqual(everything.body.payload.rows.slice(2, 4));
    expect(paged.body.payload.rows).toHaveLength(2);
    const elsewhere = await client.approvals('network-supervisor', '?status=all&from=2020-01-01&to=2020-01-02');
    expect(elsewhere.body.payload).toMatchObject({ rows: [], total: 0 });
    expectFailure(await client.approvals('network-supervisor', '?status=maybe'), 400, 'VALIDATION_FAILED');
    expectFailure(await client.approvals('network-supervisor', `?from=${day}&to=2020-01-01`), 400, 'VALIDATION_FAILED');
    // An agent follows only the requests it made.
    expect((await client.approvals('agent', '?status=all')).body.payload.rows).toEqual([]);
  });
});
