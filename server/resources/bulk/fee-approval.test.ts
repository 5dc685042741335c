import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkRow } from '../../../contract/bulk';
import type { BulkBatchView, BulkCheckResult, BulkSubmitResult } from '../../../contract/api/bulk';
import type { InboxItem, InboxPage } from '../../../contract/api/inbox';
import { queryRows } from '../../db/query';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { codeFor, findCustomer, transferClient } from '../../test/transfers';

/**
 * What customers pay changes only with two administrators: a bulk fee override or removal waits
 * in the inbox like a fee schedule change, its maker cannot approve it, and its decider is told
 * of every fee outside the schedule's bands (docs/decisions/033-fee-overrides-need-a-second-admin.md).
 */
let api: TestApi;
let client: ReturnType<typeof transferClient>;
const tokens: Record<string, string> = {};
let customer: { number: string; phone: string };
let other: { number: string; phone: string };

beforeAll(async () => {
  api = await createTestApi();
  client = transferClient(api);
  for (const user of ['admin', 'network-supervisor']) tokens[user] = (await api.login(user)).token;
  customer = await findCustomer(api.handle.db, { minBalance: 100_000 });
  other = await findCustomer(api.handle.db, { skip: [customer.number] });
});
afterAll(() => api.close());

const call = <T>(user: string, method: string, path: string, json?: unknown) =>
  api.call<{ payload: T }>(method, `/rest/${path}`, { token: tokens[user], json });

/** The fee an agent's cash-out of 50,000 XOF from the customer's wallet is quoted now. */
async function cashOutFee(): Promise<number> {
  const withdrawalCode = await codeFor(api, customer.number);
  const quote = await client.quote('agent', 'cash-out', {
    counterparty: customer.number,
    amount: 50_000,
    withdrawalCode,
  });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  return quote.body.payload.fee;
}

const row = (rowNo: number, account: string, flow: string, fixedFee: string): BulkRow => ({
  rowNo,
  values: { account, flow, fixedFee, percentFee: '' },
});

async function submit(kind: 'fee-override' | 'fee-removal', fileName: string, rows: BulkRow[]) {
  const res = await call<BulkSubmitResult>('admin', 'POST', `bulk/${kind}/batches`, { fileName, rows });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body.payload.batch).toMatchObject({ status: 'awaiting_approval', mine: true, canDecide: false });
  return res.body.payload.batch.id;
}

async function inboxItem(user: string, id: string): Promise<InboxItem | undefined> {
  const page = await call<InboxPage>(user, 'GET', 'inbox?kind=bulk');
  expect(page.status).toBe(200);
  return page.body.payload.rows.find((r) => r.id === id);
}

describe('bulk fee overrides and removals', () => {
  it('wait for a second administrator: nothing changes before, the maker cannot approve', async () => {
    expect(await cashOutFee()).toBe(500);
    const id = await submit('fee-override', 'frais-negocies.csv', [row(2, customer.number, 'cash-out', '25000')]);
    await api.bulk.idle();
    expect(await cashOutFee(), 'no fee changes while the batch waits').toBe(500);

    expect(await inboxItem('admin', id)).toMatchObject({
      kind: 'bulk',
      mine: true,
      canDecide: false,
      decider: 'admin',
      amount: null,
      detailPath: `/bulk-fee-override?batch=${id}`,
    });
    expect(await inboxItem('network-supervisor', id)).toMatchObject({ mine: false, canDecide: true });
    expectFailure(
      await call('admin', 'POST', `inbox/bulk/${id}/decision`, { decision: 'approve' }),
      403,
      'MAKER_CANNOT_APPROVE',
    );
    expectFailure(
      await call('admin', 'POST', `bulk-batches/${id}/decision`, { decision: 'approve' }),
      403,
      'MAKER_CANNOT_APPROVE',
    );
    await api.bulk.idle();
    expect(await cashOutFee()).toBe(500);

    const approved = await call('network-supervisor', 'POST', `inbox/bulk/${id}/decision`, { decision: 'approve' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await api.bulk.idle();
    expect(await cashOutFee(), 'the negotiated fee once a second administrator approved it').toBe(25_000);
    const trail = await queryRows<{ action: string; username: string }>(
      api.handle.db,
      sql`SELECT e.action, u.username FROM audit_events e JOIN users u ON u.id = e.user_id
          WHERE e.target_type = 'bulkBatch' AND e.target_id = ${id} ORDER BY e.id`,
    );
    expect(trail).toEqual([
      { action: 'bulk.submit', username: 'admin' },
      { action: 'bulk.approve', username: 'network-supervisor' },
      { action: 'bulk.done', username: 'admin' },
    ]);
  });

  it('tell the decider of every fee outside the schedule’s bands, and the one furthest out', async () => {
    const rows = [
      row(2, other.number, 'cash-out', '25000'),
      // A free agent cash-in is what the schedule charges: inside its band.
      row(3, other.number, 'agent-cash-in', '0'),
      row(4, customer.number, 'agent-cash-in', '75'),
    ];
    const checked = await call<BulkCheckResult>('admin', 'POST', 'bulk/fee-override/check', {
      fileName: 'hors-grille.csv',
      rows: [...rows, row(5, customer.number, 'uv-remote', '0')],
    });
    const furthest = {
      rowNo: 2,
      code: 'FEE_OUT_OF_BAND',
      account: other.number,
      flow: 'cash-out',
      amount: 2_000_000,
      fee: 25_000,
      bandMinFee: 100,
      bandMaxFee: 5_000,
    };
    expect(checked.body.payload.errors).toEqual([]);
    expect(checked.body.payload.warnings).toEqual([
      furthest,
      {
        rowNo: 4,
        code: 'FEE_OUT_OF_BAND',
        account: customer.number,
        flow: 'agent-cash-in',
        amount: 2_000_000,
        fee: 75,
        bandMinFee: 0,
        bandMaxFee: 0,
      },
    ]);

    const id = await submit('fee-override', 'hors-grille.csv', rows);
    expect((await inboxItem('network-supervisor', id))?.outsideBands).toEqual({ rows: 2, furthest });
    const seen = await call<BulkBatchView>('network-supervisor', 'GET', `bulk-batches/${id}`);
    expect(seen.body.payload.warnings?.map((w) => [w.rowNo, w.code])).toEqual([
      [2, 'FEE_OUT_OF_BAND'],
      [4, 'FEE_OUT_OF_BAND'],
    ]);
    const inside = await submit('fee-override', 'dans-la-grille.csv', [row(2, other.number, 'cash-out', '100')]);
    expect((await inboxItem('network-supervisor', inside))?.outsideBands).toBeNull();

    for (const batch of [id, inside]) {
      const rejected = await call('network-supervisor', 'POST', `inbox/bulk/${batch}/decision`, {
        decision: 'reject',
        reason: 'Not what was negotiated',
      });
      expect(rejected.status).toBe(200);
    }
  });

  it('remove a negotiated fee only once a second administrator approves', async () => {
    expect(await cashOutFee()).toBe(25_000);
    const id = await submit('fee-removal', 'suppression.csv', [
      { rowNo: 2, values: { account: customer.number, flow: 'cash-out' } },
    ]);
    await api.bulk.idle();
    expect(await cashOutFee()).toBe(25_000);
    expectFailure(
      await call('admin', 'POST', `inbox/bulk/${id}/decision`, { decision: 'approve' }),
      403,
      'MAKER_CANNOT_APPROVE',
    );
    const approved = await call('network-supervisor', 'POST', `bulk-batches/${id}/decision`, { decision: 'approve' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await api.bulk.idle();
    expect(await cashOutFee()).toBe(500);
  });
});
