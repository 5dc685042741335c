import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkBatchView, BulkSubmitResult } from '../../../contract/api/bulk';
import type { ChargebackPage } from '../../../contract/api/chargebacks';
import type { InboxPage } from '../../../contract/api/inbox';
import type { InboxKind } from '../../../contract/inbox';
import type { MigrationHistoryPage } from '../../../contract/api/wallet-migrations';
import { queryRows } from '../../db/query';
import { createLogger } from '../../http/logger';
import { startMaintenance } from '../../jobs/maintenance';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { chargeableReference, inboxFixtures } from './test-fixtures';
import { findCustomer } from '../../test/transfers';

/**
 * Every kind of request that waits for a second person lives APPROVAL_TTL_HOURS (here 2 hours)
 * and then expires: nobody can approve it, whether or not the minute's job has run, and its
 * maker finds it under "expired" in the inbox (docs/decisions/034-every-waiting-request-expires.md).
 */
const HOUR = 3_600_000;
let api: TestApi;
const tokens: Record<string, string> = {};
const USERS = ['admin', 'network-supervisor', 'support-plus'];
let wallet: { number: string; phone: string };
let payroll: string;
let phones: string[];
const changed: string[] = [];

/** The manual clock jumps hours at a time: sessions end, so everyone signs in again. */
async function signIn() {
  for (const user of USERS) tokens[user] = (await api.login(user)).token;
}

beforeAll(async () => {
  api = await createTestApi({ APPROVAL_TTL_HOURS: '2' });
  await signIn();
  ({ wallet, payroll, phones } = await inboxFixtures(api.handle.db, 2));
});
afterAll(() => api.close());

const call = <T>(user: string, method: string, path: string, json?: unknown) =>
  api.call<{ payload: T }>(method, `/rest/${path}`, { token: tokens[user], json });

async function made(res: { status: number; body: unknown }, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as { payload: Record<string, unknown> };
}

/** One waiting request of every kind, each asked by its usual maker. */
async function askOneOfEach(tag: string) {
  const transfer = await made(
    await api.call('POST', '/rest/transfers/admin-cash-in', {
      token: tokens.admin,
      json: { counterparty: wallet.phone, amount: 12_345, source: 'BBG' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
    201,
  );
  const rows = phones.map((phone, i) => ({
    rowNo: i + 2,
    values: { phone, amount: '1000', reference: `${tag}-${i}` },
  }));
  const batchBody = { fileName: `${tag}.csv`, source: payroll, rows };
  const batch = await made(await call<BulkSubmitResult>('admin', 'POST', 'bulk/payment/batches', batchBody), 202);
  const fees = await made(
    await call<BulkSubmitResult>('admin', 'POST', 'bulk/fee-override/batches', {
      fileName: `${tag}-fees.csv`,
      rows: [{ rowNo: 2, values: { account: wallet.number, flow: 'cash-out', fixedFee: '300', percentFee: '' } }],
    }),
    202,
  );
  const limits = await made(
    await call('admin', 'PUT', 'settings/limits', {
      approvalThreshold: 900_000,
      customerDailyLimit: 2_000_000,
      maxTransfer: 50_000_000,
    }),
    202,
  );
  const chargebackBody = {
    reference: await chargeableReference(api.handle.db),
    reason: 'Customer paid the wrong merchant',
  };
  const chargeback = await made(await call('support-plus', 'POST', 'chargebacks', chargebackBody), 201);
  const customer = await findCustomer(api.handle.db, { skip: [wallet.number, ...changed] });
  changed.push(customer.number);
  const walletBody = {
    kind: 'phone',
    number: customer.number,
    newPhone: `+221 70 9${String(changed.length).padStart(2, '0')} 33 44`,
    reason: 'Lost the SIM card',
  };
  const migration = await made(await call('support-plus', 'POST', 'wallet-migrations', walletBody), 201);
  return {
    ids: {
      transfer: String(transfer.payload.approvalId),
      bulk: String((batch.payload.batch as BulkBatchView).id),
      fees: String((fees.payload.batch as BulkBatchView).id),
      change: String(limits.payload.changeRequestId),
      chargeback: String(chargeback.payload.id),
      wallet: String((migration.payload.migration as { id: number }).id),
    },
    again: { batchBody, chargebackBody, walletBody },
  };
}

type Asked = Awaited<ReturnType<typeof askOneOfEach>>;
const kindOf = (key: keyof Asked['ids']): InboxKind => (key === 'fees' ? 'bulk' : key);
const approval = (user: string, key: keyof Asked['ids'], id: string) =>
  call(user, 'POST', `inbox/${kindOf(key)}/${id}/decision`, {
    decision: 'approve',
    ...(key === 'chargeback' ? { reason: 'Checked with the customer' } : {}),
  });

describe('waiting requests expire', () => {
  let asked: Asked;

  it('every kind shows when it expires, and can be decided until then', async () => {
    asked = await askOneOfEach('first');
    const page = (await call<InboxPage>('network-supervisor', 'GET', 'inbox')).body.payload;
    for (const [key, id] of Object.entries(asked.ids) as [keyof Asked['ids'], string][]) {
      const item = page.rows.find((r) => r.kind === kindOf(key) && r.id === id);
      expect(item, key).toBeDefined();
      expect(Date.parse(item?.expiresAt ?? '') - Date.parse(item?.createdAt ?? ''), key).toBe(2 * HOUR);
    }
    api.clock.advance(2 * HOUR - 60_000);
    await signIn();
    const still = (await call<InboxPage>('network-supervisor', 'GET', 'inbox')).body.payload;
    for (const [key, id] of Object.entries(asked.ids) as [keyof Asked['ids'], string][]) {
      expect(still.rows.find((r) => r.kind === kindOf(key) && r.id === id)?.canDecide, key).toBe(true);
    }
  });

  it('cannot be approved once its time is up, whether or not the job ran', async () => {
    api.clock.advance(2 * 60_000);
    await signIn();
    const { ids } = asked;
    // Each kind's own decision route first, so none of them relies on the inbox having swept.
    expectFailure(
      await call('network-supervisor', 'POST', `bulk-batches/${ids.bulk}/decision`, { decision: 'approve' }),
      409,
      'REQUEST_EXPIRED',
    );
    for (const key of ['transfer', 'fees', 'change', 'chargeback', 'wallet'] as const) {
      const refused = await approval(
        key === 'chargeback' || key === 'wallet' ? 'admin' : 'network-supervisor',
        key,
        ids[key],
      );
      expectFailure(refused, 409, key === 'transfer' ? 'APPROVAL_EXPIRED' : 'REQUEST_EXPIRED');
    }
    expectFailure(
      await call('admin', 'POST', `chargebacks/${ids.chargeback}/decision`, {
        decision: 'approve',
        reason: 'Checked with the customer',
      }),
      409,
      'REQUEST_EXPIRED',
    );
    expectFailure(
      await call('admin', 'POST', `wallet-migrations/${ids.wallet}/decision`, { decision: 'approve' }),
      409,
      'REQUEST_EXPIRED',
    );
    const waiting = (await call<InboxPage>('network-supervisor', 'GET', 'inbox')).body.payload.rows;
    expect(waiting.filter((r) => Object.values(ids).includes(r.id))).toEqual([]);
    await api.bulk.idle();
    const [override] = await queryRows<{ count: string }>(
      api.handle.db,
      sql`SELECT count(*) AS count FROM fee_overrides o JOIN accounts a ON a.id = o.account_id
          WHERE a.number = ${wallet.number}`,
    );
    expect(Number(override?.count), 'nothing was applied').toBe(0);
  });

  it('tells each maker, in the inbox and in the kind’s own list, and records it', async () => {
    const { ids } = asked;
    const admin = (await call<InboxPage>('admin', 'GET', 'inbox')).body.payload.expired;
    expect(admin.map((e) => [e.kind, e.id]).sort()).toEqual(
      [
        ['transfer', ids.transfer],
        ['bulk', ids.bulk],
        ['bulk', ids.fees],
        ['change', ids.change],
      ].sort(),
    );
    expect(admin.find((e) => e.id === ids.fees)).toMatchObject({
      subject: 'first-fees.csv',
      detailPath: `/bulk-fee-override?batch=${ids.fees}`,
      expiredAt: api.clock.now().toISOString(),
    });
    expect(admin.find((e) => e.kind === 'transfer')).toMatchObject({ subject: 'admin-cash-in', amount: 12_345 });
    expect(admin.find((e) => e.kind === 'change')).toMatchObject({
      subject: 'limits.update',
      detailPath: '/fees?section=limits',
      change: { kind: 'limits.update', user: null, flow: null },
    });
    const support = (await call<InboxPage>('support-plus', 'GET', 'inbox')).body.payload.expired;
    expect(support.map((e) => [e.kind, e.id]).sort()).toEqual(
      [
        ['chargeback', ids.chargeback],
        ['wallet', ids.wallet],
      ].sort(),
    );
    expect((await call<InboxPage>('network-supervisor', 'GET', 'inbox')).body.payload.expired).toEqual([]);

    expect((await call<BulkBatchView>('admin', 'GET', `bulk-batches/${ids.bulk}`)).body.payload.status).toBe('expired');
    expect((await call<{ status: string }>('admin', 'GET', `approvals/${ids.transfer}`)).body.payload.status).toBe(
      'expired',
    );
    const chargebacks = (await call<ChargebackPage>('support-plus', 'GET', 'chargebacks?status=expired')).body.payload;
    expect(chargebacks.rows.map((r) => String(r.id))).toContain(ids.chargeback);
    const history = (await call<MigrationHistoryPage>('support-plus', 'GET', 'wallet-migrations?status=expired')).body
      .payload;
    expect(history.rows.map((r) => String(r.id))).toContain(ids.wallet);

    const trail = await queryRows<{ target_type: string; user_id: number | null; channel: string }>(
      api.handle.db,
      sql`SELECT target_type, user_id, channel FROM audit_events WHERE action = 'request.expire' ORDER BY target_type`,
    );
    expect(trail.map((t) => t.target_type)).toEqual(['bulk', 'bulk', 'change', 'chargeback', 'transfer', 'wallet']);
    expect(trail.every((t) => t.user_id === null && t.channel === 'system')).toBe(true);
  });

  it('lets the maker ask again', async () => {
    const { again } = asked;
    const batch = await call<BulkSubmitResult>('admin', 'POST', 'bulk/payment/batches', again.batchBody);
    expect(batch.status, 'the same file makes a new batch').toBe(202);
    expect(batch.body.payload.created).toBe(true);
    expect((await call('support-plus', 'POST', 'chargebacks', again.chargebackBody)).status).toBe(201);
    expect((await call('support-plus', 'POST', 'wallet-migrations', again.walletBody)).status).toBe(201);
    const limits = { approvalThreshold: 900_000, customerDailyLimit: 2_000_000, maxTransfer: 50_000_000 };
    expect((await call('admin', 'PUT', 'settings/limits', limits)).status).toBe(202);
  });

  it('expires what nobody reads, by the minute’s maintenance', async () => {
    const limitsId = (await call<{ pending: { id: number } | null }>('admin', 'GET', 'settings/limits')).body.payload
      .pending?.id;
    expect(limitsId).toBeDefined();
    api.clock.advance(2 * HOUR);
    const maintenance = startMaintenance({
      db: api.handle.db,
      clock: api.clock,
      logger: createLogger('silent'),
      exportRetentionMs: api.config.exportRetentionMs,
      reportTotals: { invalidate: () => undefined },
      config: api.config,
    });
    await maintenance.stop();
    const rows = await queryRows<{ status: string }>(
      api.handle.db,
      sql`SELECT status FROM change_requests WHERE id = ${limitsId}`,
    );
    expect(rows).toEqual([{ status: 'expired' }]);
  });
});
