import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeeBandBody } from '../../../contract/fees';
import type { FeePreview, FeeScheduleView, FeesOverview } from '../../../contract/api/fees';
import type { InboxPage } from '../../../contract/api/inbox';
import { queryRows } from '../../db/query';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { findCustomer, transferClient } from '../../test/transfers';
import { currentVersionId, replaceSchedule } from '../../domain/fees/schedules';

/**
 * A change of a flow's bands waits for a second administrator; from the approval on, new
 * transfers pay the new fee while those already made keep the fee they were charged.
 */
let api: TestApi;
let client: ReturnType<typeof transferClient>;
let customer: { phone: string };
beforeAll(async () => {
  api = await createTestApi();
  client = transferClient(api);
  customer = await findCustomer(api.handle.db, { minBalance: 0 });
});
afterAll(() => api.close());

const call = async <T>(user: string, method: string, path: string, json?: unknown) =>
  api.call<{ payload: T }>(method, `/rest/${path}`, { token: await client.as(user), json });
const ask = (flowId: string, bands: unknown, user = 'admin') =>
  call<{ changeRequestId: number }>(user, 'PUT', `fees/${flowId}`, { bands });
const decide = (user: string, id: number, decision: 'approve' | 'reject', reason?: string) =>
  call(user, 'POST', `inbox/change/${id}/decision`, { decision, ...(reason ? { reason } : {}) });

const free = { fixedFee: 0, percentFeeBp: 0, minFee: 0, maxFee: null, commissionShareBp: 0, commissionRateBp: 40 };
const band = (minAmount: number, maxAmount: number, extra: Partial<FeeBandBody> = {}): FeeBandBody => ({
  minAmount,
  maxAmount,
  ...free,
  ...extra,
});

describe('asking for new bands', () => {
  it('refuses bands that overlap, leave a gap, are not whole francs or exceed 100 %', async () => {
    const overlap = await ask('agent-cash-in', [band(100, 50_000), band(40_000, 2_000_000)]);
    expect(expectFailure(overlap, 400, 'VALIDATION_FAILED').errors[0]?.longMessage).toContain('BANDS_OVERLAP');
    const gap = await ask('agent-cash-in', [band(100, 50_000), band(60_000, 2_000_000)]);
    expect(expectFailure(gap, 400, 'VALIDATION_FAILED').errors[0]?.longMessage).toContain('BANDS_GAP');
    expectFailure(await ask('agent-cash-in', [band(100, 2_000_000, { fixedFee: 10.5 })]), 400, 'VALIDATION_FAILED');
    expectFailure(
      await ask('agent-cash-in', [band(100, 2_000_000, { percentFeeBp: 10_001 })]),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(await ask('agent-cash-in', []), 400, 'VALIDATION_FAILED');
    expectFailure(await ask('no-such-flow', [band(100, 2_000_000)]), 400, 'VALIDATION_FAILED');
    expectFailure(await ask('agent-cash-in', [band(100, 2_000_000)], 'agent'), 403, 'FORBIDDEN');
    expect((await call<FeesOverview>('admin', 'GET', 'fees')).body.payload.pending).toEqual([]);
  });
});

describe('a fee change, from the request to the receipts', () => {
  it('applies only once a second administrator approves it, and never to earlier transactions', async () => {
    const before = await client.submit('agent', 'agent-cash-in', { counterparty: customer.phone, amount: 10_000 });
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    expect(before.body.payload.fee).toBe(0);

    // Up to 50,000 XOF: 1 % with at least 100 XOF; above: a flat 1,000 XOF.
    const bands = [band(100, 50_000, { percentFeeBp: 100, minFee: 100 }), band(50_001, 2_000_000, { fixedFee: 1_000 })];
    const asked = await ask('agent-cash-in', bands);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const id = asked.body.payload.changeRequestId;

    const overview = (await call<FeesOverview>('admin', 'GET', 'fees')).body.payload;
    expect(overview.pending).toEqual([
      expect.objectContaining({ id, flowId: 'agent-cash-in', requestedBy: 'Awa Ndiaye', mine: true, bands }),
    ]);
    const theirs = (await call<FeesOverview>('network-supervisor', 'GET', 'fees')).body.payload.pending[0];
    expect(theirs?.mine).toBe(false);
    expectFailure(await ask('agent-cash-in', bands), 409, 'CHANGE_PENDING');

    // Nothing changes while it waits.
    const waiting = await call<FeePreview>('admin', 'POST', 'fees/preview', {
      flowId: 'agent-cash-in',
      amount: 20_000,
    });
    expect(waiting.body.payload.fee).toBe(0);

    const row = (await call<InboxPage>('network-supervisor', 'GET', 'inbox')).body.payload.rows.find(
      (r) => r.kind === 'change' && r.id === String(id),
    );
    expect(row).toMatchObject({
      subject: 'fees.schedule',
      canDecide: true,
      // The row opens the changed flow's own fees.
      detailPath: '/fees?service=agent-cash-in',
    });
    // Amounts as the dashboard writes English, joined by a no-break space.
    expect(row?.party?.replace(/\u00a0/g, ' ')).toContain(
      'Cash In fees: XOF 100 to XOF 50,000: 1% + XOF 0 (min XOF 100',
    );

    expectFailure(await decide('admin', id, 'approve'), 403, 'SELF_APPROVAL');
    const approved = await decide('network-supervisor', id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    const quote = await client.quote('agent', 'agent-cash-in', { counterparty: customer.phone, amount: 20_000 });
    expect(quote.body.payload).toMatchObject({ fee: 200, total: 20_200 });
    const preview = await call<FeePreview>('admin', 'POST', 'fees/preview', {
      flowId: 'agent-cash-in',
      amount: 60_000,
    });
    expect(preview.body.payload).toMatchObject({ fee: 1_000, total: 61_000 });
    const after = await client.submit('agent', 'agent-cash-in', { counterparty: customer.phone, amount: 20_000 });
    expect(after.body.payload.fee).toBe(200);

    // Receipts read the fee each transaction was charged, not the schedule in force.
    expect((await client.receipt('agent', before.body.payload.reference)).body.payload.fee).toBe(0);
    expect((await client.receipt('agent', after.body.payload.reference)).body.payload.fee).toBe(200);

    const history = (await call<{ schedules: FeeScheduleView[] }>('admin', 'GET', 'fees/history?flowId=agent-cash-in'))
      .body.payload.schedules;
    expect(history).toHaveLength(2);
    const [current, past] = history;
    expect(current).toMatchObject({
      effectiveTo: null,
      requestedBy: 'Awa Ndiaye',
      approvedBy: 'Abdoulaye Kane',
      bands,
    });
    expect(past?.effectiveTo).toBe(current?.effectiveFrom);
    expect(past?.bands).toEqual([band(100, 2_000_000)]);

    const trail = await queryRows<{ action: string }>(
      api.handle.db,
      sql`SELECT action FROM audit_events WHERE target_type IN ('change', 'feeSchedule') ORDER BY id`,
    );
    expect(trail.map((t) => t.action)).toEqual(['change.request', 'fees.update', 'change.approve']);
  });

  it('leaves the schedule as it is when the change is rejected', async () => {
    const asked = await ask('cash-out', [band(100, 2_000_000, { percentFeeBp: 300 })]);
    const id = asked.body.payload.changeRequestId;
    expect((await decide('network-supervisor', id, 'reject', 'Three percent is too much')).status).toBe(200);
    const preview = await call<FeePreview>('admin', 'POST', 'fees/preview', { flowId: 'cash-out', amount: 20_000 });
    expect(preview.body.payload.fee).toBe(200);
    expect((await call<FeesOverview>('admin', 'GET', 'fees')).body.payload.pending).toEqual([]);
  });
});

describe('a schedule changed meanwhile', () => {
  it('refuses to approve bands asked against a schedule no longer in force', async () => {
    const asked = await ask('bank-cash-in', [band(1_000, 50_000_000, { fixedFee: 500 })]);
    const id = asked.body.payload.changeRequestId;
    // Another way of changing the schedule (a database fix) puts a new version in force.
    const base = await currentVersionId(api.handle.db, 'bank-cash-in');
    const maker = (
      await queryRows<{ id: number }>(api.handle.db, sql`SELECT id FROM users WHERE username = 'admin'`)
    )[0];
    await replaceSchedule(
      api.handle.db,
      { flowId: 'bank-cash-in', baseVersionId: base, bands: [band(1_000, 50_000_000)] },
      { makerUserId: maker?.id ?? 0, checkerUserId: maker?.id ?? 0, changeRequestId: id, now: api.clock.now() },
    );
    expectFailure(await decide('network-supervisor', id, 'approve'), 409, 'FEE_SCHEDULE_CHANGED');
    // The request keeps waiting, to be rejected with a reason.
    expect((await call<FeesOverview>('admin', 'GET', 'fees')).body.payload.pending.map((p) => p.id)).toContain(id);
  });
});

describe('transfer limits', () => {
  interface Limits {
    approvalThreshold: number;
    customerDailyLimit: number;
    maxTransfer: number;
    effectiveFrom: string | null;
    pending: { id: number; mine: boolean } | null;
  }
  it('shows the limits in force and changes them after a second administrator approves', async () => {
    const before = (await call<Limits>('admin', 'GET', 'settings/limits')).body.payload;
    expect(before).toMatchObject({ effectiveFrom: null, pending: null });
    expect(before.maxTransfer).toBeGreaterThan(before.approvalThreshold);

    const next = { approvalThreshold: 750_000, customerDailyLimit: 3_000_000, maxTransfer: 40_000_000 };
    expectFailure(
      await call('admin', 'PUT', 'settings/limits', { ...next, approvalThreshold: 50_000_000 }),
      400,
      'VALIDATION_FAILED',
    );
    const asked = await call<{ changeRequestId: number }>('admin', 'PUT', 'settings/limits', next);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const waiting = (await call<Limits>('admin', 'GET', 'settings/limits')).body.payload;
    expect(waiting).toMatchObject({ approvalThreshold: before.approvalThreshold, pending: { mine: true } });

    expectFailure(await decide('admin', asked.body.payload.changeRequestId, 'approve'), 403, 'SELF_APPROVAL');
    expect((await decide('network-supervisor', asked.body.payload.changeRequestId, 'approve')).status).toBe(200);
    const after = (await call<Limits>('admin', 'GET', 'settings/limits')).body.payload;
    expect(after).toMatchObject({ ...next, pending: null });
    expect(after.effectiveFrom).not.toBeNull();
    expectFailure(await call('agent', 'GET', 'settings/limits'), 403, 'FORBIDDEN');
  });
});
